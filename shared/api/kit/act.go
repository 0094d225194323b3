package kit

import (
	"net/http"

	"github.com/verde-app/verde/shared/api"
	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/store"
)

// Act is a handler that decodes the request body as In (api.Decode: strict,
// validated), runs act with it and the caller, and answers status with what
// act returns; a failure at either step answers its error envelope. It is
// the decode/act/encode preamble of the write handlers.
func Act[In, Out any](d app.Deps, status int, act func(r *http.Request, in In, actor store.Actor) (Out, error)) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		in, err := api.Decode[In](r)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		out, err := act(r, in, ActorFrom(d, r))
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		api.Encode(w, status, out)
	})
}

// Read is Act for a request without a body (a read, or an act named by its path alone).
func Read[Out any](d app.Deps, status int, act func(r *http.Request, actor store.Actor) (Out, error)) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		out, err := act(r, ActorFrom(d, r))
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		api.Encode(w, status, out)
	})
}
