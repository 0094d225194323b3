package lambdahttp

import (
	"context"
	"net/http"
	"testing"

	"github.com/aws/aws-lambda-go/events"
	"github.com/awslabs/aws-lambda-go-api-proxy/core"
)

func TestHandlerDropsForgedProxyHeadersAndKeepsContext(t *testing.T) {
	var sawForged bool
	var reqID string
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		for k := range r.Header {
			if len(k) > 16 && http.CanonicalHeaderKey(k)[:16] == "X-Golambdaproxy-" {
				if r.Header.Get(k) == "forged" {
					sawForged = true
				}
			}
		}
		if gw, ok := core.GetAPIGatewayV2ContextFromContext(r.Context()); ok {
			reqID = gw.RequestID
		}
		w.WriteHeader(204)
	})
	resp, err := Handler(h)(context.Background(), events.APIGatewayV2HTTPRequest{
		RawPath: "/api/me", Headers: map[string]string{"x-golambdaproxy-apigw-context": "forged", "X-GoLambdaProxy-Stage-Vars": "forged"},
		RequestContext: events.APIGatewayV2HTTPRequestContext{RequestID: "req-1", HTTP: events.APIGatewayV2HTTPRequestContextHTTPDescription{Method: "GET", Path: "/api/me"}},
	})
	if err != nil || resp.StatusCode != 204 {
		t.Fatalf("resp %v err %v", resp.StatusCode, err)
	}
	if sawForged {
		t.Fatal("forged X-GoLambdaProxy header reached the handler")
	}
	if reqID != "req-1" {
		t.Fatalf("request context not passed, got %q", reqID)
	}
}
