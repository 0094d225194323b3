package notifications

import (
	"context"
	"net/http"
	"time"

	"github.com/verde-app/verde/shared/api"
	"github.com/verde-app/verde/shared/api/kit"
	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/auth"
	"github.com/verde-app/verde/shared/domain"
)

// Notification is one entry of /notificacoes (schema Notification).
type Notification struct {
	ID       string    `json:"id"`
	Tipo     string    `json:"tipo"`
	Texto    string    `json:"texto"`
	Link     string    `json:"link"`
	Read     bool      `json:"read"`
	CriadoEm time.Time `json:"criadoEm"`
}

func viewOf(n domain.Notification) Notification {
	return Notification{ID: n.ID, Tipo: n.Tipo, Texto: n.Texto, Link: n.Link, Read: n.Read, CriadoEm: n.CriadoEm}
}

// handleList is a page of the caller's notifications, unread first: at most
// two Queries.
func handleList(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		uid := auth.FromContext(r.Context()).Sub
		kit.ListPage(w, r, d, "notifications:"+uid, func(ctx context.Context, limit int, after map[string]string) ([]domain.Notification, map[string]string, error) {
			return d.Store.Notifications(ctx, uid, limit, after)
		}, viewOf)
	})
}

// handleMarkRead marks one of the caller's notifications read (204, also when
// it already was); someone else's or an unknown id is 404.
func handleMarkRead(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := d.Store.MarkRead(r.Context(), auth.FromContext(r.Context()).Sub, r.PathValue("id")); err != nil {
			api.WriteError(w, r, err)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	})
}

type markedAll struct {
	Marcadas int `json:"marcadas"`
}

// handleMarkAllRead marks every unread notification of the caller read and
// says how many it marked.
func handleMarkAllRead(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n, err := d.Store.MarkAllRead(r.Context(), auth.FromContext(r.Context()).Sub)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		api.Encode(w, http.StatusOK, markedAll{Marcadas: n})
	})
}
