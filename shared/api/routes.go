package api

import (
	"context"
	"net/http"

	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/httpenc"
)

// Route is one endpoint of an area: the same Method and Path are declared in
// template.yaml, and a test keeps the two lists equal.
type Route struct {
	Method  string
	Path    string
	Handler http.Handler
}

// NewMux serves routes with Go's pattern mux. An unknown path and a known
// path called with a method it does not declare both answer 404 not_found
// in the envelope: API Gateway answers 404 for any route template.yaml does
// not declare (it has no 405), so the handler gives the same answer and a
// client sees one behaviour whichever path the request took.
func NewMux(routes []Route) http.Handler {
	mux := http.NewServeMux()
	for _, rt := range routes {
		mux.Handle(rt.Method+" "+rt.Path, rt.Handler)
	}
	mux.Handle("/", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		WriteError(w, r, domain.ErrRouteNotFound())
	}))
	// Gzip first, so every reply (errors too) is compressed for a client that accepts it: in
	// Lambda behind API Gateway and CloudFront (whose CachingDisabled policy for /api/* does
	// not compress) and in the local cloud alike, which run this same handler.
	return Chain(mux, httpenc.Gzip, WithRequestID, Recover, NoStore, WithDeadline, withMux(mux), LogRequests)
}

type muxKey struct{}

// withMux puts the area's mux in the request's context, for a handler that
// must answer with another route's answer (kit.Idempotent's rebuild of a
// create's answer from the GET of what it made).
func withMux(mux http.Handler) Middleware {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), muxKey{}, mux)))
		})
	}
}

// MuxFrom is the area's mux serving the request (nil outside NewMux).
func MuxFrom(ctx context.Context) http.Handler {
	h, _ := ctx.Value(muxKey{}).(http.Handler)
	return h
}
