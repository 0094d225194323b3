package auth

import (
	"context"
	"log/slog"
	"net/http"
	"strings"

	"github.com/verde-app/verde/shared/api"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/obs"
)

type claimsKey struct{}

// WithClaims stores claims in ctx.
func WithClaims(ctx context.Context, c *Claims) context.Context {
	return context.WithValue(ctx, claimsKey{}, c)
}

// FromContext returns the caller's claims, nil for an anonymous request.
func FromContext(ctx context.Context) *Claims {
	c, _ := ctx.Value(claimsKey{}).(*Claims)
	return c
}

func bearer(r *http.Request) (string, bool) {
	h := r.Header.Get("Authorization")
	if len(h) < 7 || !strings.EqualFold(h[:7], "bearer ") {
		return "", false
	}
	tok := strings.TrimSpace(h[7:])
	return tok, tok != ""
}

// Require lets through only requests with a valid access token of an
// account the server's record neither disabled nor is deleting.
func (v *Verifier) Require(next http.Handler) http.Handler { return v.require(next, false) }

// RequireDuringDeletion is Require that also lets a deleting account through:
// only the deletion's own route, which the account calls until it is done.
func (v *Verifier) RequireDuringDeletion(next http.Handler) http.Handler {
	return v.require(next, true)
}

func (v *Verifier) require(next http.Handler, duringDeletion bool) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		tok, ok := bearer(r)
		if !ok {
			api.WriteError(w, r, domain.ErrSessaoInvalida())
			return
		}
		c, err := v.Verify(r.Context(), tok)
		if err != nil {
			slog.InfoContext(r.Context(), "token refused", "err", err)
			api.WriteError(w, r, domain.ErrSessaoInvalida())
			return
		}
		obs.SetUser(r.Context(), c.Sub) // the request's log line carries a hash of it
		if err := v.applyAccess(r.Context(), c, duringDeletion); err != nil {
			api.WriteError(w, r, err)
			return
		}
		next.ServeHTTP(w, r.WithContext(WithClaims(r.Context(), c)))
	})
}

// Optional reads a token when one is sent (public pages that show more to
// members); a bad token is refused rather than silently ignored.
func (v *Verifier) Optional(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, ok := bearer(r); !ok {
			next.ServeHTTP(w, r)
			return
		}
		v.Require(next).ServeHTTP(w, r)
	})
}

// RequireAdmin must run after Require.
func RequireAdmin(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c := FromContext(r.Context())
		if c != nil && c.AdminNeedsTOTP {
			api.WriteError(w, r, domain.ErrAdminSemTOTP())
			return
		}
		if !c.IsAdmin() {
			api.WriteError(w, r, domain.ErrSomenteAdmin())
			return
		}
		next.ServeHTTP(w, r)
	})
}
