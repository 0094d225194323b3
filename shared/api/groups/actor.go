package groups

import (
	"context"
	"net/http"

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
