package api

import (
	"net/http"
	"sort"

	"github.com/verde-app/verde/shared/domain"
)

// Route is one endpoint of an area: the same Method and Path are declared in
// template.yaml, and a test keeps the two lists equal.
type Route struct {
	Method  string
	Path    string
	Handler http.Handler
}

// NewMux serves routes with Go's pattern mux; an unknown path answers 404 and
// a known path with another method 405, both in the envelope.
func NewMux(routes []Route) http.Handler {
	mux := http.NewServeMux()
	allowed := map[string][]string{}
	for _, rt := range routes {
		mux.Handle(rt.Method+" "+rt.Path, rt.Handler)
		allowed[rt.Path] = append(allowed[rt.Path], rt.Method)
	}
	for path, methods := range allowed {
		sort.Strings(methods)
		mux.Handle(path, methodNotAllowed(methods))
	}
	mux.Handle("/", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		WriteError(w, r, domain.NotFound("Rota não encontrada"))
	}))
	return Chain(mux, WithRequestID, Recover, NoStore)
}

func methodNotAllowed(methods []string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		for _, m := range methods {
			w.Header().Add("Allow", m)
		}
		Encode(w, http.StatusMethodNotAllowed, ErrorBody{Error: ErrorDetail{
			Code: "method_not_allowed", Message: "Método não permitido nesta rota", RequestID: RequestIDFrom(r.Context()),
		}})
	})
}
