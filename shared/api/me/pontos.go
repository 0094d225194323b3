package me

import (
	"net/http"

	"github.com/verde-app/verde/shared/api/kit"
	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/auth"
	"github.com/verde-app/verde/shared/store"
)

// handleMyPoints is a page of the caller's points history, newest first:
// every award, conquista bonus, reversal and adjustment (one Query), each
// row a kit.LancamentoPontos.
func handleMyPoints(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		uid := auth.FromContext(r.Context()).Sub
		kit.Ledger(w, r, d, store.MyLedgerScope(uid), uid)
	})
}
