package kit

import (
	"context"
	"net/http"
	"time"

	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/store"
)

// LancamentoPontos is one row of a member's points history (schema
// LancamentoPontos): the member's own (/api/me/pontos) and the admin's view
// of anyone's (/api/admin/users/{userId}/ledger) alike.
type LancamentoPontos struct {
	Motivo    string    `json:"motivo"`
	Ref       string    `json:"ref"`
	Rotulo    string    `json:"rotulo"`
	Descricao string    `json:"descricao"`
	Pontos    int       `json:"pontos"`
	CriadoEm  time.Time `json:"criadoEm"`
}

func lancamentoOf(e store.LedgerEntry) LancamentoPontos {
	return LancamentoPontos{Motivo: e.Motivo, Ref: e.Ref, Rotulo: e.Rotulo(), Descricao: e.Descricao, Pontos: e.Pontos, CriadoEm: e.CriadoEm}
}

// Ledger answers one page of uid's points history under scope, newest
// first: one Query.
func Ledger(w http.ResponseWriter, r *http.Request, d app.Deps, scope, uid string) {
	ListPage(w, r, d, scope, func(ctx context.Context, limit int, after map[string]string) ([]store.LedgerEntry, map[string]string, error) {
		return d.Store.LedgerPage(ctx, uid, limit, after)
	}, lancamentoOf)
}
