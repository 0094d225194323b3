// Package groups serves groups, memberships, join requests and invites
// (the GroupsFunction), and the two pages of the SPA a shared link opens (a
// group's public page, an invite) with their link previews. Lotes are the
// lotes package's (LotesFunction): API Gateway routes each method and path
// to one function.
package groups

import (
	"net/http"

	"github.com/verde-app/verde/shared/api"
	"github.com/verde-app/verde/shared/api/kit"
	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/sitepage"
)

// Routes is this area's whole API surface; template.yaml declares the same.
func Routes(d app.Deps) []api.Route {
	signedIn := d.Verifier.Require
	// The invite page shows more to a signed-in visitor (jaMembro); a token,
	// when sent, must be valid. The public page reads no identity at all, so
	// it takes none: a stale token in the browser cannot turn it into a 401.
	maybeSignedIn := d.Verifier.Optional
	// The pages a shared link opens, with the group's link preview in their head (preview.go):
	// the SPA's index.html, read from its bucket. No token is read: the same page for everyone.
	spa := sitepage.New(d.AWS, d.Config.SpaBucket)
	return []api.Route{
		{Method: "GET", Path: "/api/groups", Handler: signedIn(handleDirectory(d))},
		{Method: "POST", Path: "/api/groups", Handler: signedIn(kit.Idempotent(d, handleCreate(d)))},
		{Method: "GET", Path: "/api/me/groups", Handler: signedIn(handleMine(d))},
		{Method: "GET", Path: "/api/groups/{groupId}", Handler: signedIn(handleGet(d))},
		{Method: "PATCH", Path: "/api/groups/{groupId}", Handler: signedIn(handleUpdate(d))},
		{Method: "DELETE", Path: "/api/groups/{groupId}", Handler: signedIn(handleDelete(d))},
		{Method: "GET", Path: "/api/groups/{groupId}/public", Handler: handlePublic(d)},
		{Method: "POST", Path: "/api/groups/{groupId}/join", Handler: signedIn(kit.Idempotent(d, handleJoin(d)))},
		{Method: "GET", Path: "/api/groups/{groupId}/members", Handler: signedIn(handleMembers(d))},
		{Method: "PATCH", Path: "/api/groups/{groupId}/members/{userId}", Handler: signedIn(handleSetPapel(d))},
		{Method: "DELETE", Path: "/api/groups/{groupId}/members/{userId}", Handler: signedIn(handleRemoveMember(d))},
		{Method: "POST", Path: "/api/groups/{groupId}/transfer", Handler: signedIn(handleTransfer(d))},
		{Method: "GET", Path: "/api/groups/{groupId}/requests", Handler: signedIn(handleRequests(d))},
		{Method: "POST", Path: "/api/groups/{groupId}/requests/{userId}/approve", Handler: signedIn(kit.Idempotent(d, handleApprove(d)))},
		{Method: "DELETE", Path: "/api/groups/{groupId}/requests/{userId}", Handler: signedIn(handleDeleteRequest(d))},
		{Method: "GET", Path: "/api/groups/{groupId}/invites", Handler: signedIn(handleInvites(d))},
		{Method: "POST", Path: "/api/groups/{groupId}/invites", Handler: signedIn(kit.Idempotent(d, handleCreateInvite(d)))},
		{Method: "DELETE", Path: "/api/groups/{groupId}/invites/{token}", Handler: signedIn(handleRevokeInvite(d))},
		{Method: "GET", Path: "/api/invites/{token}", Handler: maybeSignedIn(handleInvite(d))},
		{Method: "POST", Path: "/api/invites/{token}/accept", Handler: signedIn(kit.Idempotent(d, handleAcceptInvite(d)))},
		{Method: "GET", Path: "/grupos/{groupId}/publico", Handler: handlePreview(d, spa, domain.PreviewPublico)},
		{Method: "GET", Path: "/grupos/{groupId}/convite", Handler: handlePreview(d, spa, domain.PreviewConvite)},
	}
}

// NewServer is the GroupsFunction handler.
func NewServer(d app.Deps) http.Handler { return api.NewMux(Routes(d)) }
