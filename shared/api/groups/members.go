package groups

import (
	"net/http"

	"github.com/verde-app/verde/shared/api"
	"github.com/verde-app/verde/shared/api/kit"
	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
	"github.com/verde-app/verde/shared/views"
)

// handleMembers lists members (members and site admins): two calls.
func handleMembers(d app.Deps) http.Handler {
	return kit.GroupList(d, domain.Access.CanReadInside, store.MembersScope, d.Store.Members, memberOf)
}

// handleSetPapel promotes a membro to coordenador or demotes one (the dono).
func handleSetPapel(d app.Deps) http.Handler {
	return kit.Act(d, http.StatusOK, func(r *http.Request, in domain.PapelInput, actor store.Actor) (Member, error) {
		return kit.Shown(memberOf)(d.Store.SetPapel(r.Context(), r.PathValue("groupId"), actor, r.PathValue("userId"), in.Papel))
	})
}

// handleRemoveMember takes a member out; {userId} = the caller is leaving.
func handleRemoveMember(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		gid, uid := r.PathValue("groupId"), r.PathValue("userId")
		if err := d.Store.RemoveMember(r.Context(), gid, kit.ActorFrom(d, r), uid); err != nil {
			api.WriteError(w, r, err)
			return
		}
		views.After(r.Context(), views.Event{Kind: views.KindLeave, GroupID: gid, UserID: uid})
		w.WriteHeader(http.StatusNoContent)
	})
}

// handleTransfer hands the group to another member (the dono), who becomes
// dono while the old dono stays as coordenador. 204: the page reloads the group.
func handleTransfer(d app.Deps) http.Handler {
	return kit.ActDone(d, func(r *http.Request, in domain.TransferInput, actor store.Actor) error {
		return d.Store.Transfer(r.Context(), r.PathValue("groupId"), actor, in.UserID)
	})
}

// handleRequests lists open join requests (coordinators, site admins).
func handleRequests(d app.Deps) http.Handler {
	return kit.GroupList(d, domain.Access.CanReadManagement, store.RequestsScope, d.Store.Requests, func(q domain.JoinRequest) Request {
		return Request{UserID: q.UserID, Nome: q.Nome, CreatedAt: q.CreatedAt}
	})
}

// handleApprove lets a requester in (coordinators).
func handleApprove(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		m, err := d.Store.ApproveRequest(r.Context(), r.PathValue("groupId"), kit.ActorFrom(d, r), r.PathValue("userId"))
		if err == nil {
			views.After(r.Context(), views.Event{Kind: views.KindJoin, GroupID: r.PathValue("groupId"), UserID: r.PathValue("userId")})
		}
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		api.Encode(w, http.StatusCreated, memberOf(m))
	})
}

// handleDeleteRequest rejects (coordinators) or cancels (the requester) a join request.
func handleDeleteRequest(d app.Deps) http.Handler {
	return kit.Done(d, func(r *http.Request, actor store.Actor) error {
		return d.Store.DeleteRequest(r.Context(), r.PathValue("groupId"), actor, r.PathValue("userId"))
	})
}
