// Package notifications serves the user's notifications.
package notifications

import (
	"net/http"

	"github.com/verde-app/verde/shared/api"
	"github.com/verde-app/verde/shared/api/kit"
	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/auth"
	"github.com/verde-app/verde/shared/store"
)

// Routes is this area's whole API surface; template.yaml declares the same.
func Routes(d app.Deps) []api.Route {
	return []api.Route{
		{Method: "GET", Path: "/api/notifications/unread-count", Handler: d.Verifier.Require(handleUnreadCount(d))},
		{Method: "GET", Path: "/api/notifications", Handler: d.Verifier.Require(handleList(d))},
		{Method: "POST", Path: "/api/notifications/{id}/read", Handler: d.Verifier.Require(handleMarkRead(d))},
		{Method: "POST", Path: "/api/notifications/read-all", Handler: d.Verifier.Require(handleMarkAllRead(d))},
	}
}

// NewServer is the NotificationsFunction handler.
func NewServer(d app.Deps) http.Handler { return api.NewMux(Routes(d)) }

type unreadCount struct {
	Count int `json:"count"`
}

// handleUnreadCount feeds the bell badge: one GetItem on the counter item.
func handleUnreadCount(d app.Deps) http.Handler {
	return kit.Read(d, http.StatusOK, func(r *http.Request, _ store.Actor) (unreadCount, error) {
		n, err := d.Store.UnreadCount(r.Context(), auth.FromContext(r.Context()).Sub)
		if err != nil {
			return unreadCount{}, err
		}
		return unreadCount{Count: n}, nil
	})
}

// UnreadCount is GET /api/notifications/unread-count's handler (without its
// sign-in check), for the dashboard's one reply (shared/api/me/dashboard.go).
func UnreadCount(d app.Deps) http.Handler { return handleUnreadCount(d) }
