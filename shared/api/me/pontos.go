package me

import (
	"context"
	"net/http"
	"time"

	"github.com/verde-app/verde/shared/api/kit"
	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/auth"
	"github.com/verde-app/verde/shared/store"
)

// LancamentoPontos is one row of the member's points history (schema LancamentoPontos).
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

// handleMyPoints is a page of the caller's points history, newest first:
// every award, conquista bonus, reversal and adjustment (one Query).
func handleMyPoints(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		uid := auth.FromContext(r.Context()).Sub
		kit.ListPage(w, r, d, store.MyLedgerScope(uid), func(ctx context.Context, limit int, after map[string]string) ([]store.LedgerEntry, map[string]string, error) {
			return d.Store.LedgerPage(ctx, uid, limit, after)
		}, lancamentoOf)
	})
}
