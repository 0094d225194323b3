package sim

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"

	"github.com/verde-app/verde/tools/meter"
)

// Request is one HTTP request the season made, with what it cost.
type Request struct {
	Route     string // "GET /api/cultivos/{cultivoId}", "GET /media/*", "PUT s3 (presigned)"
	Member    int
	Status    int
	Took      time.Duration
	Bytes     int // the reply as sent (gzip when the API compressed it)
	Calls     []meter.Call
	Month     int
	API       bool // through API Gateway and a Lambda function
	RequestID string
}

// client is the SPA's side of the API: it sends what the SPA sends (a bearer token, gzip
// accepted, an Idempotency-Key on every create) and records every request.
type client struct {
	base string
	http *http.Client
	rec  *meter.Recorder
	sink func(Request)
}

// apiError is an answer the season did not expect.
type apiError struct {
	Route  string
	Status int
	Body   string
}

func (e *apiError) Error() string {
	return fmt.Sprintf("%s answered %d: %s", e.Route, e.Status, strings.TrimSpace(e.Body))
}

// retryDelays are the SPA's delays between attempts of a GET that failed with a 5xx
// (spa/src/lib/api-client.ts retryDelaysMs): each attempt is a request of its own here too.
var retryDelays = []time.Duration{300 * time.Millisecond, time.Second}

// call sends one API request for member m and decodes a 2xx reply into out (if not nil). route
// is the template route ("GET /api/cultivos/{cultivoId}"); path the real one. A create sends an
// Idempotency-Key, as the SPA does on every create; a GET answered 5xx is tried again as the
// SPA does.
func (c *client) call(ctx context.Context, m *member, month int, route, path string, body, out any) (int, error) {
	for attempt := 0; ; attempt++ {
		status, err := c.once(ctx, m, month, route, path, body, out)
		if status < 500 || !strings.HasPrefix(route, "GET ") || attempt == len(retryDelays) {
			return status, err
		}
		time.Sleep(retryDelays[attempt])
	}
}

func (c *client) once(ctx context.Context, m *member, month int, route, path string, body, out any) (int, error) {
	method, _, _ := strings.Cut(route, " ")
	var rd io.Reader
	var raw []byte
	if body != nil {
		raw, _ = json.Marshal(body)
		rd = bytes.NewReader(raw)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, rd)
	if err != nil {
		return 0, err
	}
	req.Header.Set("Accept", "application/json")
	req.Header.Set("Accept-Encoding", "gzip")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if m != nil {
		tok, err := m.token(ctx)
		if err != nil {
			return 0, err
		}
		req.Header.Set("Authorization", "Bearer "+tok)
	}
	if method == http.MethodPost && isCreate(route) {
		req.Header.Set("Idempotency-Key", uuid.NewString())
	}
	start := time.Now()
	res, err := c.http.Do(req)
	if err != nil {
		return 0, fmt.Errorf("%s: %w", route, err)
	}
	sent, _ := io.ReadAll(res.Body)
	res.Body.Close()
	took := time.Since(start)
	id := res.Header.Get("Apigw-Requestid")
	r := Request{Route: route, Status: res.StatusCode, Took: took, Bytes: len(sent), Month: month, API: true, RequestID: id}
	if m != nil {
		r.Member = m.n
	}
	if id != "" {
		r.Calls = c.rec.Take(id)
	}
	c.sink(r)
	plain := sent
	if res.Header.Get("Content-Encoding") == "gzip" {
		zr, err := gzip.NewReader(bytes.NewReader(sent))
		if err == nil {
			plain, _ = io.ReadAll(zr)
		}
	}
	if res.StatusCode >= 300 {
		return res.StatusCode, &apiError{Route: route, Status: res.StatusCode, Body: string(plain)}
	}
	if out != nil && len(plain) > 0 {
		if err := json.Unmarshal(plain, out); err != nil {
			return res.StatusCode, fmt.Errorf("%s: %w", route, err)
		}
	}
	return res.StatusCode, nil
}

// isCreate: the creates the SPA sends with an Idempotency-Key (api.create in spa/src).
func isCreate(route string) bool {
	switch route {
	case "POST /api/cultivos", "POST /api/cultivos/{cultivoId}/diario", "POST /api/cultivos/{cultivoId}/colheitas",
		"POST /api/posts", "POST /api/posts/{postId}/comentarios", "POST /api/posts/{postId}/denuncias",
		"POST /api/groups", "POST /api/groups/{groupId}/join", "POST /api/groups/{groupId}/requests/{userId}/approve",
		"POST /api/groups/{groupId}/invites", "POST /api/invites/{token}/accept", "POST /api/groups/{groupId}/lotes",
		"POST /api/groups/{groupId}/lotes/{codigo}/requests", "POST /api/admin/banners":
		return true
	}
	return false
}

// fetch is a request outside the API (a photo through CloudFront's /media/*, a presigned PUT to
// the bucket): recorded with its bytes, no Lambda.
func (c *client) fetch(ctx context.Context, m *member, month int, route, method, url string, body []byte, headers map[string]string) (int, []byte, error) {
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	if !strings.HasPrefix(url, "http") {
		url = c.base + url
	}
	req, err := http.NewRequestWithContext(ctx, method, url, rd)
	if err != nil {
		return 0, nil, err
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	if body != nil {
		req.ContentLength = int64(len(body))
	}
	start := time.Now()
	res, err := c.http.Do(req)
	if err != nil {
		return 0, nil, fmt.Errorf("%s: %w", route, err)
	}
	got, _ := io.ReadAll(res.Body)
	res.Body.Close()
	n := len(got)
	if method == http.MethodPut {
		n = len(body)
	}
	r := Request{Route: route, Status: res.StatusCode, Took: time.Since(start), Bytes: n, Month: month}
	if m != nil {
		r.Member = m.n
	}
	c.sink(r)
	if res.StatusCode >= 300 {
		return res.StatusCode, got, &apiError{Route: route, Status: res.StatusCode, Body: string(got)}
	}
	return res.StatusCode, got, nil
}

// requests collects the season's requests.
type requests struct {
	mu  sync.Mutex
	all []Request
}

func (r *requests) add(x Request) {
	r.mu.Lock()
	r.all = append(r.all, x)
	r.mu.Unlock()
}
