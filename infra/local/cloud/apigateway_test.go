package cloud

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"

	"github.com/aws/aws-lambda-go/events"

	"github.com/verde-app/verde/shared/lambdahttp"
)

func fixtureGateway(t *testing.T, functions map[string]APIFunc) *APIGateway {
	t.Helper()
	tmpl, err := ParseTemplate("testdata/template.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return NewAPIGateway(tmpl.Routes, functions, slog.New(slog.NewTextHandler(io.Discard, nil)))
}

// recordingFunc answers with the route key it was invoked for and keeps the event.
func recordingFunc(events_ *[]events.APIGatewayV2HTTPRequest) APIFunc {
	return func(ctx context.Context, ev events.APIGatewayV2HTTPRequest) (events.APIGatewayV2HTTPResponse, error) {
		*events_ = append(*events_, ev)
		return events.APIGatewayV2HTTPResponse{StatusCode: 200, Body: ev.RouteKey}, nil
	}
}

func TestGatewayPicksTheMostSpecificRoute(t *testing.T) {
	var seen []events.APIGatewayV2HTTPRequest
	g := fixtureGateway(t, map[string]APIFunc{"ItemsFunction": recordingFunc(&seen), "FilesFunction": recordingFunc(&seen)})
	cases := []struct {
		method, path, routeKey string
		params                 map[string]string
	}{
		{"GET", "/api/items", "GET /api/items", nil},
		{"POST", "/api/items", "POST /api/items", nil},
		{"GET", "/api/items/mine", "GET /api/items/mine", nil},
		{"GET", "/api/items/42", "GET /api/items/{itemId}", map[string]string{"itemId": "42"}},
		{"GET", "/api/items/a%20b", "GET /api/items/{itemId}", map[string]string{"itemId": "a b"}},
		{"DELETE", "/api/items/42/tags/x", "DELETE /api/items/{itemId}/tags/{tag}", map[string]string{"itemId": "42", "tag": "x"}},
		{"PUT", "/api/files/upload", "PUT /api/files/upload", nil},
		{"GET", "/api/files/upload", "ANY /api/files/{proxy+}", map[string]string{"proxy": "upload"}},
		{"PATCH", "/api/files/a/b/c.png", "ANY /api/files/{proxy+}", map[string]string{"proxy": "a/b/c.png"}},
	}
	for _, tc := range cases {
		t.Run(tc.method+" "+tc.path, func(t *testing.T) {
			seen = nil
			rec := httptest.NewRecorder()
			g.ServeHTTP(rec, httptest.NewRequest(tc.method, tc.path, nil))
			if rec.Code != 200 || rec.Body.String() != tc.routeKey {
				t.Fatalf("got %d %q, want route %q", rec.Code, rec.Body.String(), tc.routeKey)
			}
			if !reflect.DeepEqual(seen[0].PathParameters, tc.params) {
				t.Errorf("pathParameters = %v, want %v", seen[0].PathParameters, tc.params)
			}
			if seen[0].RequestContext.RouteKey != tc.routeKey {
				t.Errorf("requestContext.routeKey = %q", seen[0].RequestContext.RouteKey)
			}
		})
	}
}

func TestGatewayAnswersUnknownRoutesWithTheNotFoundEnvelope(t *testing.T) {
	var seen []events.APIGatewayV2HTTPRequest
	g := fixtureGateway(t, map[string]APIFunc{"ItemsFunction": recordingFunc(&seen), "FilesFunction": recordingFunc(&seen)})
	for _, tc := range []struct{ method, path string }{
		{"GET", "/api/nothing"},
		{"PUT", "/api/items"},     // known path, other method
		{"GET", "/api/items/"},    // API Gateway does not ignore the trailing slash
		{"GET", "/api/files"},     // a greedy parameter needs at least one segment
		{"GET", "/api/items/1/2"}, // too deep
	} {
		rec := httptest.NewRecorder()
		g.ServeHTTP(rec, httptest.NewRequest(tc.method, tc.path, nil))
		if rec.Code != http.StatusNotFound {
			t.Errorf("%s %s: status %d", tc.method, tc.path, rec.Code)
		}
		if got, want := strings.TrimSpace(rec.Body.String()), `{"error":{"code":"not_found","message":"Rota não encontrada"}}`; got != want {
			t.Errorf("%s %s: body %s", tc.method, tc.path, got)
		}
	}
	if len(seen) != 0 {
		t.Errorf("a function ran for an unknown route: %v", seen)
	}
}

// The request reaches the handler through lambdahttp.Handler exactly as in Lambda.
func TestGatewayCarriesTheRequestThroughTheLambdaAdapter(t *testing.T) {
	type echo struct {
		Method, Path, Query, Cookie, Custom, Proxy string
		Body                                       []byte
		Item                                       string
	}
	var got echo
	h := http.NewServeMux()
	h.HandleFunc("POST /api/items", func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		got = echo{Method: r.Method, Path: r.URL.Path, Query: r.URL.Query().Get("q"), Cookie: cookieNames(r),
			Custom: r.Header.Get("X-Custom"), Proxy: r.Header.Get("X-GoLambdaProxy-Context"), Body: body}
		http.SetCookie(w, &http.Cookie{Name: "a", Value: "1"})
		http.SetCookie(w, &http.Cookie{Name: "b", Value: "2"})
		w.Header().Set("Content-Type", "application/octet-stream")
		w.WriteHeader(http.StatusCreated)
		w.Write([]byte{0xff, 0x00, 0xfe})
	})
	h.HandleFunc("GET /api/items/{itemId}", func(w http.ResponseWriter, r *http.Request) {
		got = echo{Item: r.PathValue("itemId")}
		w.WriteHeader(http.StatusNoContent)
	})
	var events_ []events.APIGatewayV2HTTPRequest
	adapter := lambdahttp.Handler(h)
	g := fixtureGateway(t, map[string]APIFunc{"ItemsFunction": func(ctx context.Context, ev events.APIGatewayV2HTTPRequest) (events.APIGatewayV2HTTPResponse, error) {
		events_ = append(events_, ev)
		return adapter(ctx, ev)
	}})

	binary := []byte{0x00, 0x01, 0xfe, 0xff}
	req := httptest.NewRequest("POST", "/api/items?q=alface&x=1&x=2", strings.NewReader(string(binary)))
	req.Header.Set("Content-Type", "image/png")
	req.Header.Set("X-Custom", "sim")
	req.Header.Set("X-GoLambdaProxy-Context", `{"forged":true}`)
	req.Header.Add("Cookie", "s=1; t=2")
	rec := httptest.NewRecorder()
	g.ServeHTTP(rec, req)

	if rec.Code != http.StatusCreated {
		t.Fatalf("status %d: %s", rec.Code, rec.Body)
	}
	if !reflect.DeepEqual(rec.Body.Bytes(), []byte{0xff, 0x00, 0xfe}) {
		t.Errorf("binary response body = %v", rec.Body.Bytes())
	}
	if cookies := rec.Result().Cookies(); len(cookies) != 2 {
		t.Errorf("Set-Cookie = %v", rec.Header().Values("Set-Cookie"))
	}
	if string(got.Body) != string(binary) || got.Query != "alface" || got.Custom != "sim" || got.Proxy != "" || got.Cookie != "s=1 t=2" {
		t.Errorf("handler saw %+v", got)
	}
	ev := events_[0]
	if !ev.IsBase64Encoded || ev.RawPath != "/api/items" || ev.RawQueryString != "q=alface&x=1&x=2" ||
		ev.QueryStringParameters["x"] != "1,2" || ev.RouteKey != "POST /api/items" || ev.Version != "2.0" {
		t.Errorf("event = %+v", ev)
	}
	if !reflect.DeepEqual(ev.Cookies, []string{"s=1", "t=2"}) {
		t.Errorf("cookies = %v", ev.Cookies)
	}
	for k := range ev.Headers {
		if k != strings.ToLower(k) {
			t.Errorf("header %q is not lower case", k)
		}
	}
	if ev.Headers["x-custom"] != "sim" || ev.Headers["content-type"] != "image/png" {
		t.Errorf("headers = %v", ev.Headers)
	}
	rc := ev.RequestContext
	if rc.HTTP.Method != "POST" || rc.HTTP.Path != "/api/items" || rc.HTTP.SourceIP == "" || rc.RequestID == "" || rc.Stage != "$default" {
		t.Errorf("requestContext = %+v", rc)
	}
	if rec.Header().Get("Apigw-Requestid") != rc.RequestID {
		t.Errorf("Apigw-Requestid = %q, want %q", rec.Header().Get("Apigw-Requestid"), rc.RequestID)
	}

	// A JSON body stays text.
	req = httptest.NewRequest("GET", "/api/items/abc", nil)
	rec = httptest.NewRecorder()
	g.ServeHTTP(rec, req)
	if rec.Code != http.StatusNoContent || got.Item != "abc" {
		t.Errorf("GET item: %d, handler saw %+v", rec.Code, got)
	}
}

func TestGatewayTurnsAFailingFunctionIntoAPIGatewaysError(t *testing.T) {
	g := fixtureGateway(t, map[string]APIFunc{
		"ItemsFunction": func(context.Context, events.APIGatewayV2HTTPRequest) (events.APIGatewayV2HTTPResponse, error) {
			panic("boom")
		},
	})
	rec := httptest.NewRecorder()
	g.ServeHTTP(rec, httptest.NewRequest("GET", "/api/items", nil))
	var body map[string]string
	json.Unmarshal(rec.Body.Bytes(), &body)
	if rec.Code != http.StatusInternalServerError || body["message"] != "Internal Server Error" {
		t.Errorf("got %d %s", rec.Code, rec.Body)
	}
}

func TestGatewayHandlesOnlyAPIPaths(t *testing.T) {
	g := fixtureGateway(t, nil)
	for path, want := range map[string]bool{
		"/api": true, "/api/": true, "/api/anything": true, "/api/items": true,
		"/": false, "/apiary": false, "/grupos/1": false, "/assets/app.js": false,
	} {
		if got := g.Handles(httptest.NewRequest("GET", path, nil)); got != want {
			t.Errorf("Handles(%s) = %v, want %v", path, got, want)
		}
	}
}

func cookieNames(r *http.Request) string {
	var parts []string
	for _, c := range r.Cookies() {
		parts = append(parts, c.Name+"="+c.Value)
	}
	return strings.Join(parts, " ")
}
