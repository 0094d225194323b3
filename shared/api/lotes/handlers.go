package lotes

import (
	"net/http"

	"github.com/verde-app/verde/shared/api"
	"github.com/verde-app/verde/shared/api/kit"
	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
)

// codigo reads {codigo} of the path (a1 is A1).
func codigo(r *http.Request) (string, error) { return domain.ParseCodigo(r.PathValue("codigo")) }

// onLote is kit.Read for the lote of the path: {codigo} is read first, so a
// bad one answers 400 before the body or the store is looked at.
func onLote[Out any](d app.Deps, status int, act func(r *http.Request, code string, actor store.Actor) (Out, error)) http.Handler {
	return kit.Read(d, status, func(r *http.Request, actor store.Actor) (Out, error) {
		code, err := codigo(r)
		if err != nil {
			var zero Out
			return zero, err
		}
		return act(r, code, actor)
	})
}

// shownLote is a store call's lote as the API shows it, or its error.
var shownLote = kit.Shown(loteOf)

// handleList is the grid, one page at a time in the API's list shape
// (?limit= up to 100, ?cursor=): lotes in key order (A1, A10 … A2), which the
// grid puts in natural order as the pages come (members and site admins).
// One BatchGetItem (group and membership) and one Query per page.
func handleList(d app.Deps) http.Handler {
	return kit.GroupList(d, domain.Access.CanReadInside, store.LotesScope, d.Store.LotesPage, loteOf)
}

// handleCreate creates lotes prefixo+inicio … prefixo+fim (coordinators).
func handleCreate(d app.Deps) http.Handler {
	return kit.Act(d, http.StatusCreated, func(r *http.Request, in domain.LoteBulkInput, actor store.Actor) (api.Page[Lote], error) {
		lotes, err := d.Store.CreateLotes(r.Context(), r.PathValue("groupId"), actor, in)
		return api.Page[Lote]{Items: lotesOf(lotes)}, err
	})
}

// handleUpdate edits area, observações and status livre/manutenção (coordinators).
func handleUpdate(d app.Deps) http.Handler {
	return onLote(d, http.StatusOK, func(r *http.Request, code string, actor store.Actor) (Lote, error) {
		u, err := api.Decode[domain.LoteUpdate](r)
		if err != nil {
			return Lote{}, err
		}
		return shownLote(d.Store.UpdateLote(r.Context(), r.PathValue("groupId"), code, actor, u))
	})
}

// handleDelete removes a lote that is not ocupado and has no open requests (coordinators).
func handleDelete(d app.Deps) http.Handler {
	return kit.Done(d, func(r *http.Request, actor store.Actor) error {
		code, err := codigo(r)
		if err != nil {
			return err
		}
		return d.Store.DeleteLote(r.Context(), r.PathValue("groupId"), code, actor)
	})
}

// handleAssign makes a member responsible for a free lote (coordinators).
func handleAssign(d app.Deps) http.Handler {
	return onLote(d, http.StatusOK, func(r *http.Request, code string, actor store.Actor) (Lote, error) {
		in, err := api.Decode[domain.AssignInput](r)
		if err != nil {
			return Lote{}, err
		}
		return shownLote(d.Store.AssignLote(r.Context(), r.PathValue("groupId"), code, actor, in.UserID, false))
	})
}

// handleFree makes an occupied lote livre (coordinators, or its responsible member).
func handleFree(d app.Deps) http.Handler {
	return onLote(d, http.StatusOK, func(r *http.Request, code string, actor store.Actor) (Lote, error) {
		return shownLote(d.Store.FreeLote(r.Context(), r.PathValue("groupId"), code, actor))
	})
}

// handleRequest files the caller's request for a free lote (members).
func handleRequest(d app.Deps) http.Handler {
	return onLote(d, http.StatusCreated, func(r *http.Request, code string, actor store.Actor) (LoteRequest, error) {
		return kit.Shown(loteRequestOf)(d.Store.RequestLote(r.Context(), r.PathValue("groupId"), code, actor))
	})
}

// handleApprove grants a request: the lote is assigned to the requester (coordinators).
func handleApprove(d app.Deps) http.Handler {
	return onLote(d, http.StatusOK, func(r *http.Request, code string, actor store.Actor) (Lote, error) {
		return shownLote(d.Store.AssignLote(r.Context(), r.PathValue("groupId"), code, actor, r.PathValue("userId"), true))
	})
}

// handleDeleteRequest rejects (coordinators) or cancels (the requester) a lote request.
func handleDeleteRequest(d app.Deps) http.Handler {
	return kit.Done(d, func(r *http.Request, actor store.Actor) error {
		code, err := codigo(r)
		if err != nil {
			return err
		}
		return d.Store.DeleteLoteRequest(r.Context(), r.PathValue("groupId"), code, actor, r.PathValue("userId"))
	})
}

// handleRequests lists open lote requests (coordinators, site admins).
func handleRequests(d app.Deps) http.Handler {
	return kit.GroupList(d, domain.Access.CanReadManagement, store.LoteRequestsScope, d.Store.LoteRequests, loteRequestOf)
}
