package admin

import (
	"net/http"
	"time"

	"github.com/verde-app/verde/shared/api"
	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
)

// EntradaAuditoria is one audit entry as the admin dashboard lists it.
type EntradaAuditoria struct {
	ID         string    `json:"id"`
	AdminID    string    `json:"adminId"`
	AdminNome  string    `json:"adminNome"`
	Acao       string    `json:"acao"`
	Entidade   string    `json:"entidade"`
	EntidadeID string    `json:"entidadeId"`
	Em         time.Time `json:"em"`
	Antes      string    `json:"antes"`
	Depois     string    `json:"depois"`
}

// handleAudit is the latest audit entries, filtered by admin, action and
// month: one Query and one BatchGetItem (the admins' names).
func handleAudit(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f, err := domain.ParseAuditFilter(r.URL.Query())
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		adminID, acao, mes := f.AdminID, f.Acao, f.Mes
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
		scope := store.AuditScope(adminID, acao, mes)
		after, err := cursors.Open(r, scope)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		items, next, err := d.Store.AuditList(r.Context(), adminID, acao, mes, limit, after)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		var ids []string
		for _, it := range items {
			ids = append(ids, it.AdminID)
		}
		names := map[string]string{}
		if len(ids) > 0 {
			if names, err = d.Store.ProfileNames(r.Context(), ids); err != nil {
				api.WriteError(w, r, err)
				return
			}
		}
		page := api.Page[EntradaAuditoria]{Items: make([]EntradaAuditoria, 0, len(items)), NextCursor: cursors.Seal(scope, next)}
		for _, it := range items {
			page.Items = append(page.Items, EntradaAuditoria{ID: it.ID, AdminID: it.AdminID, AdminNome: names[it.AdminID], Acao: it.Acao,
				Entidade: it.Entidade, EntidadeID: it.EntidadeID, Em: it.Em, Antes: it.Antes, Depois: it.Depois})
		}
		api.Encode(w, http.StatusOK, page)
	})
}
