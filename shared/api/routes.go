package api

import (
	"net/http"
	"sort"

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

// NewMux serves routes with Go's pattern mux; an unknown path answers 404 and
// a known path with another method 405, both in the envelope. The 405 check
// uses a second, path-only mux: method-less patterns in the main mux would
// conflict with a fixed segment beside a wildcard ("GET /a/mine" next to
// "/a/{id}").
func NewMux(routes []Route) http.Handler {
	mux := http.NewServeMux()
	paths := http.NewServeMux()
	allowed := map[string][]string{}
	for _, rt := range routes {
		mux.Handle(rt.Method+" "+rt.Path, rt.Handler)
		allowed[rt.Path] = append(allowed[rt.Path], rt.Method)
	}
	for path, methods := range allowed {
		sort.Strings(methods)
		paths.Handle(path, methodNotAllowed(methods))
	}
	mux.Handle("/", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if h, pattern := paths.Handler(r); pattern != "" {
			h.ServeHTTP(w, r)
			return
		}
		WriteError(w, r, domain.NotFound("Rota não encontrada"))
	}))
	// Gzip first, so every reply (errors too) is compressed for a client that accepts it: in
	// Lambda behind API Gateway and CloudFront (whose CachingDisabled policy for /api/* does
	// not compress) and in the local cloud alike, which run this same handler.
	return Chain(mux, httpenc.Gzip, WithRequestID, Recover, NoStore)
}

func methodNotAllowed(methods []string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		for _, m := range methods {
			w.Header().Add("Allow", m)
		}
		WriteError(w, r, domain.MethodNotAllowed())
	})
}
