package groups

import (
	"net/http"

	"github.com/verde-app/verde/shared/api/kit"
	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/auth"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
	"github.com/verde-app/verde/shared/views"
)

// handleInvites lists a group's invite links (coordinators, site admins).
func handleInvites(d app.Deps) http.Handler {
	return kit.GroupList(d, domain.Access.CanReadManagement, store.InvitesScope, d.Store.Invites, inviteOf)
}

// handleCreateInvite makes an invite link (coordinators).
func handleCreateInvite(d app.Deps) http.Handler {
	return kit.Act(d, http.StatusCreated, func(r *http.Request, in domain.InviteInput, actor store.Actor) (Invite, error) {
		return kit.Shown(inviteOf)(d.Store.CreateInvite(r.Context(), r.PathValue("groupId"), actor, in))
	})
}

// handleRevokeInvite turns a link off (coordinators); it stays listed as revogado.
func handleRevokeInvite(d app.Deps) http.Handler {
	return kit.Read(d, http.StatusOK, func(r *http.Request, actor store.Actor) (Invite, error) {
		return kit.Shown(inviteOf)(d.Store.RevokeInvite(r.Context(), r.PathValue("groupId"), r.PathValue("token"), actor))
	})
}

// handleInvite is the invite landing page, open to anyone with the link: the
// group's summary (even of a private group) and the invite's status. An
// unknown token is a 404 with a message the page can show as is.
func handleInvite(d app.Deps) http.Handler {
	return kit.Read(d, http.StatusOK, func(r *http.Request, _ store.Actor) (PublicInvite, error) {
		uid := ""
		c := auth.FromContext(r.Context())
		if c != nil {
			uid = c.Sub
		}
		iv, err := d.Store.InviteWithGroup(r.Context(), r.PathValue("token"), uid)
		if err != nil {
			return PublicInvite{}, err
		}
		out := PublicInvite{Token: iv.Invite.Token, Status: iv.Invite.Status, ExpiraEm: iv.Invite.ExpiraEm, Grupo: summaryOf(iv.Group)}
		if c != nil {
			out.JaMembro = &iv.Member
		}
		return out, nil
	})
}

// handleAcceptInvite joins the caller through the link (201).
func handleAcceptInvite(d app.Deps) http.Handler {
	return kit.Read(d, http.StatusCreated, func(r *http.Request, actor store.Actor) (JoinReply, error) {
		res, err := d.Store.AcceptInvite(r.Context(), r.PathValue("token"), actor)
		if err != nil {
			return JoinReply{}, err
		}
		views.After(r.Context(), views.Event{Kind: views.KindJoin, GroupID: res.Group.ID, UserID: actor.ID})
		return JoinReply{Status: res.Status, PontosGanhos: res.Pontos, Grupo: summaryOf(res.Group)}, nil
	})
}
