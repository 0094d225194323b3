package groups

import (
	"net/http"

	"github.com/verde-app/verde/shared/api"
	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
)

// handleMembers lists members (members and site admins): two calls.
func handleMembers(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		v, access, err := view(d, r)
		if err == nil {
			err = access.CanReadInside(v.Group)
		}
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		listPage(w, r, d, store.MembersScope(v.Group.ID), func(limit int, after map[string]string) ([]Member, map[string]string, error) {
			ms, next, err := d.Store.Members(r.Context(), v.Group.ID, limit, after)
			out := make([]Member, 0, len(ms))
			for _, m := range ms {
				out = append(out, memberOf(m))
			}
			return out, next, err
		})
	})
}

// listPage answers one page of a list under scope.
func listPage[T any](w http.ResponseWriter, r *http.Request, d app.Deps, scope string, list func(limit int, after map[string]string) ([]T, map[string]string, error)) {
	limit, err := api.ParseLimit(r)
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	after, err := d.Cursors.Open(r, scope)
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	items, next, err := list(limit, after)
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	api.Encode(w, http.StatusOK, api.Page[T]{Items: items, NextCursor: d.Cursors.Seal(scope, next)})
}

// handleSetPapel promotes a membro to coordenador or demotes one (the dono).
func handleSetPapel(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		in, err := api.Decode[domain.PapelInput](r)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		m, err := d.Store.SetPapel(r.Context(), r.PathValue("groupId"), ActorFrom(d, r), r.PathValue("userId"), in.Papel)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		api.Encode(w, http.StatusOK, memberOf(m))
	})
}

// handleRemoveMember takes a member out; {userId} = the caller is leaving.
func handleRemoveMember(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := d.Store.RemoveMember(r.Context(), r.PathValue("groupId"), ActorFrom(d, r), r.PathValue("userId")); err != nil {
			api.WriteError(w, r, err)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	})
}

// handleTransfer hands the group to another member (the dono), who becomes
// dono while the old dono stays as coordenador. 204: the page reloads the group.
func handleTransfer(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		in, err := api.Decode[domain.TransferInput](r)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		if err := d.Store.Transfer(r.Context(), r.PathValue("groupId"), ActorFrom(d, r), in.UserID); err != nil {
			api.WriteError(w, r, err)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	})
}

// handleRequests lists open join requests (coordinators, site admins).
func handleRequests(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		v, access, err := view(d, r)
		if err == nil {
			err = access.CanReadManagement(v.Group)
		}
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		listPage(w, r, d, store.RequestsScope(v.Group.ID), func(limit int, after map[string]string) ([]Request, map[string]string, error) {
			rs, next, err := d.Store.Requests(r.Context(), v.Group.ID, limit, after)
			out := make([]Request, 0, len(rs))
			for _, q := range rs {
				out = append(out, Request{UserID: q.UserID, Nome: q.Nome, CreatedAt: q.CreatedAt})
			}
			return out, next, err
		})
	})
}

// handleApprove lets a requester in (coordinators).
func handleApprove(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		m, err := d.Store.ApproveRequest(r.Context(), r.PathValue("groupId"), ActorFrom(d, r), r.PathValue("userId"))
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		api.Encode(w, http.StatusCreated, memberOf(m))
	})
}

// handleDeleteRequest rejects (coordinators) or cancels (the requester) a join request.
func handleDeleteRequest(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := d.Store.DeleteRequest(r.Context(), r.PathValue("groupId"), ActorFrom(d, r), r.PathValue("userId")); err != nil {
			api.WriteError(w, r, err)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	})
}
