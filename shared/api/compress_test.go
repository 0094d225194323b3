package api_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"testing"

	"github.com/aws/aws-lambda-go/events"

	"github.com/verde-app/verde/shared/api"
	"github.com/verde-app/verde/shared/lambdahttp"
)

// The API's replies are compressed by the one middleware in api.NewMux, on the Lambda path
// (lambdahttp, API Gateway's payload 2.0) that the local cloud's gateway runs as well.
func TestAPIRepliesAreGzippedThroughTheLambdaAdapterWhenTheClientAcceptsIt(t *testing.T) {
	type item struct {
		ID     string `json:"id"`
		Status string `json:"status"`
	}
	var items []item
	for i := range 300 {
		items = append(items, item{ID: fmt.Sprintf("lote-%04d", i), Status: "livre"})
	}
	h := lambdahttp.Handler(api.NewMux([]api.Route{
		{Method: "GET", Path: "/api/big", Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			api.Encode(w, 200, map[string]any{"items": items})
		})},
		{Method: "GET", Path: "/api/small", Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			api.Encode(w, 200, map[string]int{"count": 3})
		})},
	}))
	plain, _ := json.Marshal(map[string]any{"items": items})

	call := func(path, accept string) events.APIGatewayV2HTTPResponse {
		t.Helper()
		req := events.APIGatewayV2HTTPRequest{
			RawPath: path,
			Headers: map[string]string{},
			RequestContext: events.APIGatewayV2HTTPRequestContext{
				HTTP: events.APIGatewayV2HTTPRequestContextHTTPDescription{Method: "GET", Path: path},
			},
		}
		if accept != "" {
			req.Headers["accept-encoding"] = accept
		}
		resp, err := h(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		return resp
	}
	header := func(resp events.APIGatewayV2HTTPResponse, name string) string {
		for k, v := range resp.Headers {
			if http.CanonicalHeaderKey(k) == name {
				return v
			}
		}
		return ""
	}

	resp := call("/api/big", "gzip, deflate, br")
	if resp.StatusCode != 200 || header(resp, "Content-Encoding") != "gzip" || !resp.IsBase64Encoded {
		t.Fatalf("accepting client: %d, Content-Encoding %q, base64 %v", resp.StatusCode, header(resp, "Content-Encoding"), resp.IsBase64Encoded)
	}
	raw, err := base64.StdEncoding.DecodeString(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	zr, err := gzip.NewReader(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	got, _ := io.ReadAll(zr)
	if !bytes.Equal(bytes.TrimSpace(got), plain) {
		t.Errorf("gunzipped body differs: %.80s", got)
	}
	if len(raw)*4 > len(plain) {
		t.Errorf("%d bytes of JSON became %d", len(plain), len(raw))
	}
	if header(resp, "Vary") != "Accept-Encoding" || header(resp, "Cache-Control") != "no-store" {
		t.Errorf("headers: %v", resp.Headers)
	}

	for _, accept := range []string{"", "identity", "br"} {
		resp := call("/api/big", accept)
		if header(resp, "Content-Encoding") != "" || resp.IsBase64Encoded || !bytes.Equal([]byte(resp.Body), append(plain, '\n')) && resp.Body != string(plain) {
			t.Errorf("Accept-Encoding %q: Content-Encoding %q, %d bytes", accept, header(resp, "Content-Encoding"), len(resp.Body))
		}
	}
	if resp := call("/api/small", "gzip"); header(resp, "Content-Encoding") != "" || resp.Body == "" {
		t.Errorf("a small body is sent as is: %q %q", header(resp, "Content-Encoding"), resp.Body)
	}
}
