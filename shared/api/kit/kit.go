// Package kit is what every API area's handlers share on top of package api
// (which app itself imports, hence the separate package): the caller as the
// store sees them, one page of a list, and the "load the group of the path
// and check access" preamble. API areas import kit, never one another.
package kit

import (
	"context"
	"net/http"

	"github.com/verde-app/verde/shared/api"
	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/auth"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
)

// ActorFrom is the signed-in caller as the store's rules see them. A caller
// without a profile yet (a Google sign-in that never opened /api/me) gets
// one built from Cognito, only when a write needs it.
func ActorFrom(d app.Deps, r *http.Request) store.Actor {
	c := auth.FromContext(r.Context())
	if c == nil {
		return store.Actor{}
	}
	return store.Actor{ID: c.Sub, Admin: c.IsAdmin(), Source: func(ctx context.Context) (domain.Profile, error) {
		return d.ProfileFromCognito(ctx, c)
	}}
}

// Group reads the group of the path ({groupId}) with the caller's place in
// it (one BatchGetItem) and checks it with can, e.g. domain.Access.CanView
// or CanReadInside; a group the caller may not see is a 404 either way.
func Group(d app.Deps, r *http.Request, can func(domain.Access, domain.Group) error) (store.GroupView, domain.Access, error) {
	uid, admin := "", false
	if c := auth.FromContext(r.Context()); c != nil {
		uid, admin = c.Sub, c.IsAdmin()
	}
	v, err := d.Store.GroupFor(r.Context(), r.PathValue("groupId"), uid)
	if err != nil {
		return v, domain.Access{}, err
	}
	a := v.Access(uid, admin)
	if can != nil {
		if err := can(a, v.Group); err != nil {
			return v, a, err
		}
	}
	return v, a, nil
}

// Lister reads one page of a list: at most limit items after the position
// (nil for the first page), and the position after the last one (nil at the
// end).
type Lister[T any] func(ctx context.Context, limit int, after map[string]string) ([]T, map[string]string, error)

// ListPage answers one page of a list under scope, in the API's one list
// shape: ?limit= (1..100, default 20) and ?cursor= sealed for scope, each
// item shown through view (never a store or domain struct as is).
func ListPage[T, V any](w http.ResponseWriter, r *http.Request, d app.Deps, scope string, list Lister[T], view func(T) V) {
	ListPageOf(w, r, d, scope, list, func(_ context.Context, items []T) ([]V, error) {
		out := make([]V, 0, len(items))
		for _, it := range items {
			out = append(out, view(it))
		}
		return out, nil
	})
}

// ListPageOf is ListPage for items shown together, by views of the whole
// page (which may read once more for all of them, e.g. their authors' names).
func ListPageOf[T, V any](w http.ResponseWriter, r *http.Request, d app.Deps, scope string, list Lister[T], views func(ctx context.Context, items []T) ([]V, error)) {
	limit, err := api.ParseLimit(r)
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	cursors, err := d.Cursors.Get(r.Context())
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	after, err := cursors.Open(r, scope)
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	items, next, err := list(r.Context(), limit, after)
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	shown, err := views(r.Context(), items)
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	api.Encode(w, http.StatusOK, api.Page[V]{Items: shown, NextCursor: cursors.Seal(scope, next)})
}

// AdminOnly wraps a handler for the site admins alone: a valid token
// (d.Verifier.Require) of the Cognito group admin (auth.RequireAdmin).
func AdminOnly(d app.Deps) func(http.Handler) http.Handler {
	return func(h http.Handler) http.Handler { return d.Verifier.Require(auth.RequireAdmin(h)) }
}
