package cloud

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-lambda-go/lambdacontext"
)

// APIFunc is an HTTP API Lambda handler as the function's main.go starts it.
type APIFunc func(context.Context, events.APIGatewayV2HTTPRequest) (events.APIGatewayV2HTTPResponse, error)

// APIGateway routes requests like an API Gateway HTTP API built from template.yaml: only the
// template's routes reach a function, each request travels as a payload-2.0 event through the
// function's Lambda handler, and anything else under /api gets 404.
type APIGateway struct {
	routes    []compiledRoute
	functions map[string]APIFunc
	logger    *slog.Logger
	timeout   time.Duration
}

type compiledRoute struct {
	Route
	segments []string
}

// maxPayload is Lambda's synchronous request limit.
const maxPayload = 6 << 20

// NewAPIGateway builds the router for routes, calling functions[route.FunctionID].
func NewAPIGateway(routes []Route, functions map[string]APIFunc, logger *slog.Logger) *APIGateway {
	g := &APIGateway{functions: functions, logger: logger, timeout: 30 * time.Second}
	for _, r := range routes {
		g.routes = append(g.routes, compiledRoute{Route: r, segments: splitPath(r.Path)})
	}
	return g
}

func splitPath(p string) []string { return strings.Split(strings.TrimPrefix(p, "/"), "/") }

// Handles reports whether the request belongs to the API: a template route matches it, or its
// path is under /api.
func (g *APIGateway) Handles(r *http.Request) bool {
	if isAPIPath(r.URL.Path) {
		return true
	}
	_, _, ok := g.match(r.Method, r.URL.EscapedPath())
	return ok
}

// isAPIPath reports whether p is under /api, which CloudFront's /api/* behaviours send to the
// API whatever the route (anything else reaches it only through a behaviour of its own: the
// link previews' pages).
func isAPIPath(p string) bool { return p == "/api" || strings.HasPrefix(p, "/api/") }

// match finds the most specific route: an exact method beats ANY, and segment by segment a
// literal beats {param}, which beats {greedy+}, as API Gateway chooses.
func (g *APIGateway) match(method, escapedPath string) (compiledRoute, map[string]string, bool) {
	segs := splitPath(escapedPath)
	var best compiledRoute
	var bestParams map[string]string
	var bestScore []int
	found := false
	for _, r := range g.routes {
		if r.Method != method && r.Method != "ANY" {
			continue
		}
		params, score, ok := matchSegments(r.segments, segs)
		if r.Path == "$default" {
			params, score, ok = map[string]string{}, []int{-1}, true
		}
		if !ok {
			continue
		}
		methodScore := 1
		if r.Method == "ANY" {
			methodScore = 0
		}
		score = append(score, methodScore)
		if !found || better(score, bestScore) {
			best, bestParams, bestScore, found = r, params, score, true
		}
	}
	return best, bestParams, found
}

func better(a, b []int) bool {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			return a[i] > b[i]
		}
	}
	return len(a) > len(b)
}

func matchSegments(pattern, segs []string) (map[string]string, []int, bool) {
	params := map[string]string{}
	score := make([]int, 0, len(pattern))
	for i, p := range pattern {
		if strings.HasPrefix(p, "{") && strings.HasSuffix(p, "+}") {
			if i >= len(segs) {
				return nil, nil, false
			}
			rest := strings.Join(segs[i:], "/")
			if rest == "" {
				return nil, nil, false
			}
			v, err := url.PathUnescape(rest)
			if err != nil {
				return nil, nil, false
			}
			params[strings.TrimSuffix(p[1:], "+}")] = v
			return params, append(score, 0), true
		}
		if i >= len(segs) {
			return nil, nil, false
		}
		seg, err := url.PathUnescape(segs[i])
		if err != nil {
			return nil, nil, false
		}
		if strings.HasPrefix(p, "{") && strings.HasSuffix(p, "}") {
			if seg == "" {
				return nil, nil, false
			}
			params[p[1:len(p)-1]] = seg
			score = append(score, 1)
			continue
		}
		if p != seg {
			return nil, nil, false
		}
		score = append(score, 2)
	}
	if len(segs) != len(pattern) {
		return nil, nil, false
	}
	return params, score, true
}

func (g *APIGateway) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	route, params, ok := g.match(r.Method, r.URL.EscapedPath())
	if !ok {
		writeEnvelope(w, http.StatusNotFound, "not_found", "Rota não encontrada")
		return
	}
	fn := g.functions[route.FunctionID]
	if fn == nil {
		g.logger.Error("route without a registered function", "route", route.RouteKey(), "function", route.FunctionID)
		writeEnvelope(w, http.StatusInternalServerError, "internal",
			fmt.Sprintf("A função %s da rota %s não está registrada em shared/areas.", route.FunctionID, route.RouteKey()))
		return
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, maxPayload+1))
	if err != nil {
		writeEnvelope(w, http.StatusBadRequest, "validation", "Não foi possível ler o corpo da requisição.")
		return
	}
	if len(body) > maxPayload {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusRequestEntityTooLarge)
		io.WriteString(w, `{"message":"Request Entity Too Large"}`)
		return
	}
	event := toEvent(r, route, params, body)
	ctx, cancel := context.WithTimeout(r.Context(), g.timeout)
	defer cancel()
	ctx = lambdacontext.NewContext(ctx, &lambdacontext.LambdaContext{
		AwsRequestID:       event.RequestContext.RequestID,
		InvokedFunctionArn: functionARN(route.FunctionID),
	})
	resp, err := invokeAPI(ctx, fn, event)
	if err != nil {
		// API Gateway's own answer when the integration fails.
		g.logger.Error("function failed", "function", route.FunctionID, "route", route.RouteKey(), "requestId", event.RequestContext.RequestID, "err", err)
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Apigw-Requestid", event.RequestContext.RequestID)
		w.WriteHeader(http.StatusInternalServerError)
		io.WriteString(w, `{"message":"Internal Server Error"}`)
		return
	}
	writeResponse(w, event.RequestContext.RequestID, resp)
}

func invokeAPI(ctx context.Context, fn APIFunc, event events.APIGatewayV2HTTPRequest) (resp events.APIGatewayV2HTTPResponse, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic: %v", p)
		}
	}()
	return fn(ctx, event)
}

func functionARN(id string) string {
	return "arn:aws:lambda:" + Region + ":000000000000:function:" + id
}

// toEvent builds the HTTP API payload 2.0 event API Gateway would send for r.
func toEvent(r *http.Request, route compiledRoute, params map[string]string, body []byte) events.APIGatewayV2HTTPRequest {
	now := time.Now()
	requestID := randomString(12)
	headers := map[string]string{}
	var cookies []string
	for k, vs := range r.Header {
		name := strings.ToLower(k)
		if name == "cookie" {
			for _, v := range vs {
				for _, c := range strings.Split(v, ";") {
					if c = strings.TrimSpace(c); c != "" {
						cookies = append(cookies, c)
					}
				}
			}
			continue
		}
		headers[name] = strings.Join(vs, ",")
	}
	if r.Host != "" {
		headers["host"] = r.Host
	}
	if len(body) > 0 && r.ContentLength >= 0 {
		headers["content-length"] = fmt.Sprint(len(body))
	}
	headers["x-forwarded-proto"] = "http"
	sourceIP, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		sourceIP = r.RemoteAddr
	}
	if fwd := headers["x-forwarded-for"]; fwd != "" {
		headers["x-forwarded-for"] = fwd + ", " + sourceIP
	} else {
		headers["x-forwarded-for"] = sourceIP
	}
	var query map[string]string
	if r.URL.RawQuery != "" {
		query = map[string]string{}
		for k, vs := range r.URL.Query() {
			query[k] = strings.Join(vs, ",")
		}
	}
	if len(params) == 0 {
		params = nil
	}
	event := events.APIGatewayV2HTTPRequest{
		Version:               "2.0",
		RouteKey:              route.RouteKey(),
		RawPath:               r.URL.EscapedPath(),
		RawQueryString:        r.URL.RawQuery,
		Cookies:               cookies,
		Headers:               headers,
		QueryStringParameters: query,
		PathParameters:        params,
		RequestContext: events.APIGatewayV2HTTPRequestContext{
			RouteKey:     route.RouteKey(),
			AccountID:    "000000000000",
			Stage:        "$default",
			RequestID:    requestID,
			APIID:        "local",
			DomainName:   r.Host,
			DomainPrefix: strings.Split(r.Host, ".")[0],
			Time:         now.UTC().Format("02/Jan/2006:15:04:05 -0700"),
			TimeEpoch:    now.UnixMilli(),
			HTTP: events.APIGatewayV2HTTPRequestContextHTTPDescription{
				Method:    r.Method,
				Path:      r.URL.Path,
				Protocol:  r.Proto,
				SourceIP:  sourceIP,
				UserAgent: r.UserAgent(),
			},
		},
	}
	if len(body) > 0 {
		if isTextual(r.Header.Get("Content-Type"), body) {
			event.Body = string(body)
		} else {
			event.Body = base64.StdEncoding.EncodeToString(body)
			event.IsBase64Encoded = true
		}
	}
	return event
}

func isTextual(contentType string, body []byte) bool {
	if !utf8.Valid(body) {
		return false
	}
	mt, _, err := mime.ParseMediaType(contentType)
	if err != nil {
		return contentType == ""
	}
	switch {
	case strings.HasPrefix(mt, "text/"),
		strings.HasSuffix(mt, "json"), strings.HasSuffix(mt, "xml"),
		mt == "application/x-www-form-urlencoded", mt == "application/javascript":
		return true
	}
	return false
}

func writeResponse(w http.ResponseWriter, requestID string, resp events.APIGatewayV2HTTPResponse) {
	h := w.Header()
	for k, v := range resp.Headers {
		h.Set(k, v)
	}
	for k, vs := range resp.MultiValueHeaders {
		for _, v := range vs {
			h.Add(k, v)
		}
	}
	for _, c := range resp.Cookies {
		h.Add("Set-Cookie", c)
	}
	h.Set("Apigw-Requestid", requestID)
	body := []byte(resp.Body)
	if resp.IsBase64Encoded {
		decoded, err := base64.StdEncoding.DecodeString(resp.Body)
		if err != nil {
			h.Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusInternalServerError)
			io.WriteString(w, `{"message":"Internal Server Error"}`)
			return
		}
		body = decoded
	}
	if h.Get("Content-Type") == "" && len(body) > 0 {
		// HTTP API's default for a response without one.
		h.Set("Content-Type", "application/json")
	}
	h.Del("Content-Length")
	status := resp.StatusCode
	if status == 0 {
		status = http.StatusOK
	}
	w.WriteHeader(status)
	w.Write(body)
}

// writeEnvelope writes the API's error envelope (shared/api's shape).
func writeEnvelope(w http.ResponseWriter, status int, code, message string) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{"error": map[string]string{"code": code, "message": message}})
}
