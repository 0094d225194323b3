// Package feed serves the FeedFunction: posts in the community
// or in a group, the feeds (Comunidade, Meus grupos, a group's Mural, a
// cultivo's posts), likes, comments, reports and the moderation queue.
package feed

import (
	"net/http"

	"github.com/verde-app/verde/shared/api"
	"github.com/verde-app/verde/shared/api/kit"
	"github.com/verde-app/verde/shared/app"
)

// Routes is this area's whole API surface; template.yaml declares the same.
func Routes(d app.Deps) []api.Route {
	signedIn := d.Verifier.Require
	admin := kit.AdminOnly(d)
	return []api.Route{
		{Method: "GET", Path: "/api/feed/comunidade", Handler: signedIn(handleCommunity(d))},
		{Method: "GET", Path: "/api/feed/grupos", Handler: signedIn(handleMyGroups(d))},
		{Method: "GET", Path: "/api/groups/{groupId}/posts", Handler: signedIn(handleGroupFeed(d))},
		{Method: "GET", Path: "/api/cultivos/{cultivoId}/posts", Handler: signedIn(handleCultivoFeed(d))},
		{Method: "POST", Path: "/api/posts", Handler: signedIn(kit.Idempotent(d, handleCreate(d)))},
		{Method: "GET", Path: "/api/posts/{postId}", Handler: signedIn(handleGet(d))},
		{Method: "PUT", Path: "/api/posts/{postId}", Handler: signedIn(handleEdit(d))},
		{Method: "DELETE", Path: "/api/posts/{postId}", Handler: signedIn(handleDelete(d))},
		{Method: "PUT", Path: "/api/posts/{postId}/curtida", Handler: signedIn(handleLike(d))},
		{Method: "DELETE", Path: "/api/posts/{postId}/curtida", Handler: signedIn(handleUnlike(d))},
		{Method: "GET", Path: "/api/posts/{postId}/comentarios", Handler: signedIn(handleComments(d))},
		{Method: "POST", Path: "/api/posts/{postId}/comentarios", Handler: signedIn(kit.Idempotent(d, handleAddComment(d)))},
		{Method: "DELETE", Path: "/api/posts/{postId}/comentarios/{comentarioId}", Handler: signedIn(handleDeleteComment(d))},
		{Method: "POST", Path: "/api/posts/{postId}/denuncias", Handler: signedIn(kit.Idempotent(d, handleDenuncia(d, false)))},
		{Method: "POST", Path: "/api/posts/{postId}/comentarios/{comentarioId}/denuncias", Handler: signedIn(kit.Idempotent(d, handleDenuncia(d, true)))},
		{Method: "GET", Path: "/api/admin/moderacao", Handler: admin(handleQueue(d))},
		{Method: "POST", Path: "/api/admin/moderacao/{postId}", Handler: admin(handleModerate(d))},
	}
}

// NewServer is the FeedFunction handler.
func NewServer(d app.Deps) http.Handler { return api.NewMux(Routes(d)) }
