package api

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
)

func TestUndeclaredMethodAnswers404LikeAPIGateway(t *testing.T) {
	ok := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		Encode(w, 200, map[string]string{"id": r.PathValue("id")})
	})
	// A fixed segment beside a wildcard, with different methods, must not panic.
	h := NewMux([]Route{
		{Method: "GET", Path: "/api/things/{id}", Handler: ok},
		{Method: "DELETE", Path: "/api/things/{id}", Handler: ok},
		{Method: "GET", Path: "/api/things/mine", Handler: ok},
	})
	cases := []struct {
		method, path string
		status       int
		code         string
	}{
		{"GET", "/api/things/7", 200, ""},
		{"POST", "/api/things/7", 404, "not_found"},
		{"GET", "/api/nothing", 404, "not_found"},
		{"GET", "/api/things/mine", 200, ""},
		{"PUT", "/api/things/mine", 404, "not_found"},
	}
	for _, c := range cases {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(c.method, c.path, nil))
		if rec.Code != c.status {
			t.Fatalf("%s %s: %d", c.method, c.path, rec.Code)
		}
		if rec.Header().Get("X-Request-Id") == "" || rec.Header().Get("Cache-Control") != "no-store" {
			t.Fatalf("%s %s: missing headers %v", c.method, c.path, rec.Header())
		}
		if c.code != "" {
			var body ErrorBody
			json.Unmarshal(rec.Body.Bytes(), &body)
			if string(body.Error.Code) != c.code || body.Error.Message == "" || body.Error.RequestID == "" {
				t.Fatalf("%s %s: envelope %+v", c.method, c.path, body)
			}
		}
	}
}

func TestPanicBecomesInternalErrorWithoutDetails(t *testing.T) {
	h := NewMux([]Route{{Method: "GET", Path: "/api/boom", Handler: http.HandlerFunc(func(http.ResponseWriter, *http.Request) {
		panic("secret internals")
	})}})
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/boom", nil))
	if rec.Code != 500 {
		t.Fatalf("status %d", rec.Code)
	}
	var body ErrorBody
	json.Unmarshal(rec.Body.Bytes(), &body)
	if body.Error.Code != "internal" || body.Error.Message != internalMessage || body.Error.RequestID == "" {
		t.Fatalf("envelope %+v", body)
	}
}
