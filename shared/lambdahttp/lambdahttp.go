// Package lambdahttp runs an ordinary http.Handler behind API Gateway's HTTP
// API (payload 2.0), in Lambda and in the local cloud alike.
package lambdahttp

import (
	"context"
	"net/http"
	"strings"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-lambda-go/lambda"
	"github.com/awslabs/aws-lambda-go-api-proxy/httpadapter"
)

// Func is the Lambda handler signature for HTTP API events.
type Func func(context.Context, events.APIGatewayV2HTTPRequest) (events.APIGatewayV2HTTPResponse, error)

// Handler adapts h. It uses ProxyWithContext only: the plain Proxy passes the
// gateway context in X-GoLambdaProxy-* headers, which a client could forge, so
// any such header that arrives is dropped first.
func Handler(h http.Handler) Func {
	adapter := httpadapter.NewV2(h)
	return func(ctx context.Context, req events.APIGatewayV2HTTPRequest) (events.APIGatewayV2HTTPResponse, error) {
		req.Headers = stripProxyHeaders(req.Headers)
		return adapter.ProxyWithContext(ctx, req)
	}
}

func stripProxyHeaders(in map[string]string) map[string]string {
	out := make(map[string]string, len(in))
	for k, v := range in {
		if strings.HasPrefix(strings.ToLower(k), "x-golambdaproxy-") {
			continue
		}
		out[k] = v
	}
	return out
}

// Start serves h as this Lambda function.
func Start(h http.Handler) {
	lambda.Start(Handler(h))
}
