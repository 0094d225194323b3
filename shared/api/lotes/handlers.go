package lotes

import (
	"context"
	"net/http"

	"github.com/verde-app/verde/shared/api"
	"github.com/verde-app/verde/shared/api/kit"
	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
)

// codigo reads {codigo} of the path (a1 is A1).
func codigo(r *http.Request) (string, error) { return domain.ParseCodigo(r.PathValue("codigo")) }

// handleList is the grid, one page at a time in the API's list shape
// (?limit= up to 100, ?cursor=): lotes in key order (A1, A10 … A2), which the
// grid puts in natural order as the pages come (members and site admins).
// One BatchGetItem (group and membership) and one Query per page.
func handleList(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		v, _, err := kit.Group(d, r, domain.Access.CanReadInside)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		kit.ListPage(w, r, d, store.LotesScope(v.Group.ID), func(ctx context.Context, limit int, after map[string]string) ([]domain.Lote, map[string]string, error) {
			return d.Store.LotesPage(ctx, v.Group.ID, limit, after)
		}, loteOf)
	})
}

// handleCreate creates lotes prefixo+inicio … prefixo+fim (coordinators).
func handleCreate(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		in, err := api.Decode[domain.LoteBulkInput](r)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		lotes, err := d.Store.CreateLotes(r.Context(), r.PathValue("groupId"), kit.ActorFrom(d, r), in)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		api.Encode(w, http.StatusCreated, api.Page[Lote]{Items: lotesOf(lotes)})
	})
}

// handleUpdate edits area, observações and status livre/manutenção (coordinators).
func handleUpdate(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		code, err := codigo(r)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		u, err := api.Decode[domain.LoteUpdate](r)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		l, err := d.Store.UpdateLote(r.Context(), r.PathValue("groupId"), code, kit.ActorFrom(d, r), u)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		api.Encode(w, http.StatusOK, loteOf(l))
	})
}

// handleDelete removes a lote that is not ocupado and has no open requests (coordinators).
func handleDelete(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		code, err := codigo(r)
		if err == nil {
			err = d.Store.DeleteLote(r.Context(), r.PathValue("groupId"), code, kit.ActorFrom(d, r))
		}
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	})
}

// handleAssign makes a member responsible for a free lote (coordinators).
func handleAssign(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		code, err := codigo(r)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		in, err := api.Decode[domain.AssignInput](r)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		l, err := d.Store.AssignLote(r.Context(), r.PathValue("groupId"), code, kit.ActorFrom(d, r), in.UserID, false)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		api.Encode(w, http.StatusOK, loteOf(l))
	})
}

// handleFree makes an occupied lote livre (coordinators, or its responsible member).
func handleFree(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		code, err := codigo(r)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		l, err := d.Store.FreeLote(r.Context(), r.PathValue("groupId"), code, kit.ActorFrom(d, r))
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		api.Encode(w, http.StatusOK, loteOf(l))
	})
}

// handleRequest files the caller's request for a free lote (members).
func handleRequest(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		code, err := codigo(r)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		req, err := d.Store.RequestLote(r.Context(), r.PathValue("groupId"), code, kit.ActorFrom(d, r))
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		api.Encode(w, http.StatusCreated, loteRequestOf(req))
	})
}

// handleApprove grants a request: the lote is assigned to the requester (coordinators).
func handleApprove(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		code, err := codigo(r)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		l, err := d.Store.AssignLote(r.Context(), r.PathValue("groupId"), code, kit.ActorFrom(d, r), r.PathValue("userId"), true)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		api.Encode(w, http.StatusOK, loteOf(l))
	})
}

// handleDeleteRequest rejects (coordinators) or cancels (the requester) a lote request.
func handleDeleteRequest(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		code, err := codigo(r)
		if err == nil {
			err = d.Store.DeleteLoteRequest(r.Context(), r.PathValue("groupId"), code, kit.ActorFrom(d, r), r.PathValue("userId"))
		}
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	})
}

// handleRequests lists open lote requests (coordinators, site admins).
func handleRequests(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		v, _, err := kit.Group(d, r, domain.Access.CanReadManagement)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		kit.ListPage(w, r, d, store.LoteRequestsScope(v.Group.ID), func(ctx context.Context, limit int, after map[string]string) ([]domain.LoteRequest, map[string]string, error) {
			return d.Store.LoteRequests(ctx, v.Group.ID, limit, after)
		}, loteRequestOf)
	})
}
