package api_test

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/verde-app/verde/shared/api"
	"github.com/verde-app/verde/shared/obs"
)

// TestEachRequestLogsOneJSONLine: route (the pattern, not the ids), status, latency, the
// DynamoDB calls the handler made, a hash of the caller and the request id the client sees.
func TestEachRequestLogsOneJSONLine(t *testing.T) {
	var buf bytes.Buffer
	prev := slog.Default()
	slog.SetDefault(obs.New(&buf, "info"))
	defer slog.SetDefault(prev)
	h := api.NewMux([]api.Route{{Method: "PUT", Path: "/api/groups/{groupId}", Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		obs.SetUser(r.Context(), "user-1")
		obs.CountDynamoCall(r.Context())
		obs.CountDynamoCall(r.Context())
		w.WriteHeader(http.StatusConflict)
	})}})
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("PUT", "/api/groups/g-123", strings.NewReader("{}")))
	var line map[string]any
	if err := json.Unmarshal(bytes.TrimSpace(buf.Bytes()), &line); err != nil {
		t.Fatalf("not one JSON line: %q", buf.String())
	}
	want := map[string]any{"msg": "request", "level": "INFO", "method": "PUT", "route": "PUT /api/groups/{groupId}",
		"status": float64(409), "dynamodbCalls": float64(2), "user": obs.HashUser("user-1"), "requestId": rec.Header().Get("X-Request-Id")}
	for k, v := range want {
		if line[k] != v {
			t.Errorf("%s = %v, want %v (line %v)", k, line[k], v, line)
		}
	}
	if _, ok := line["latencyMs"].(float64); !ok || strings.Contains(buf.String(), "g-123") || strings.Contains(buf.String(), "user-1") {
		t.Errorf("line %s", buf.String())
	}

	// A 5xx is an ERROR line; an unknown path names no route.
	buf.Reset()
	h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "/api/nada", nil))
	if !strings.Contains(buf.String(), `"route":"unknown"`) || !strings.Contains(buf.String(), `"status":404`) {
		t.Errorf("unknown path: %s", buf.String())
	}
}
