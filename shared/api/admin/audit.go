package admin

import (
	"context"
	"net/http"
	"time"

	"github.com/verde-app/verde/shared/api"
	"github.com/verde-app/verde/shared/api/kit"
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
		kit.ListPageOf(w, r, d, store.AuditScope(adminID, acao, mes), func(ctx context.Context, limit int, after map[string]string) ([]store.AuditRecord, map[string]string, error) {
			return d.Store.AuditList(ctx, adminID, acao, mes, limit, after)
		}, func(ctx context.Context, items []store.AuditRecord) ([]EntradaAuditoria, error) {
			var ids []string
			for _, it := range items {
				ids = append(ids, it.AdminID)
			}
			names := map[string]string{}
			if len(ids) > 0 {
				var err error
				if names, err = d.Store.ProfileNames(ctx, ids); err != nil {
					return nil, err
				}
			}
			out := make([]EntradaAuditoria, 0, len(items))
			for _, it := range items {
				out = append(out, EntradaAuditoria{ID: it.ID, AdminID: it.AdminID, AdminNome: names[it.AdminID], Acao: it.Acao,
					Entidade: it.Entidade, EntidadeID: it.EntidadeID, Em: it.Em, Antes: it.Antes, Depois: it.Depois})
			}
			return out, nil
		})
	})
}
