package kit

import (
	"context"
	"net/http"

	"github.com/verde-app/verde/shared/api"
	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/domain"
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

// Done is Read for an act that answers 204 No Content.
func Done(d app.Deps, act func(r *http.Request, actor store.Actor) error) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := act(r, ActorFrom(d, r)); err != nil {
			api.WriteError(w, r, err)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	})
}

// ActDone is Act for an act that answers 204 No Content.
func ActDone[In any](d app.Deps, act func(r *http.Request, in In, actor store.Actor) error) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		in, err := api.Decode[In](r)
		if err == nil {
			err = act(r, in, ActorFrom(d, r))
		}
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	})
}

// Shown is a store call's result as view shows it, or the call's error; a
// handler writes kit.Shown(view)(d.Store.Call(...)).
func Shown[T, V any](view func(T) V) func(T, error) (V, error) {
	return func(v T, err error) (V, error) {
		if err != nil {
			var zero V
			return zero, err
		}
		return view(v), nil
	}
}

// GroupList answers one page of a list inside the group of the path: the
// group is read and checked with can (kit.Group), then list pages through
// the items under scope(groupID), each shown through view.
func GroupList[T, V any](d app.Deps, can func(domain.Access, domain.Group) error, scope func(groupID string) string,
	list func(ctx context.Context, groupID string, limit int, after map[string]string) ([]T, map[string]string, error), view func(T) V) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		v, _, err := Group(d, r, can)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		gid := v.Group.ID
		ListPage(w, r, d, scope(gid), func(ctx context.Context, limit int, after map[string]string) ([]T, map[string]string, error) {
			return list(ctx, gid, limit, after)
		}, view)
	})
}
