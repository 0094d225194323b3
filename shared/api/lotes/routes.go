// Package lotes serves a group's lotes (the LotesFunction): the grid,
// bulk creation, edits, assignment and members' requests.
package lotes

import (
	"net/http"

	"github.com/verde-app/verde/shared/api"
	"github.com/verde-app/verde/shared/api/kit"
	"github.com/verde-app/verde/shared/app"
)

// Routes is this area's whole API surface; template.yaml declares the same.
func Routes(d app.Deps) []api.Route {
	signedIn := d.Verifier.Require
	return []api.Route{
		{Method: "GET", Path: "/api/groups/{groupId}/lotes", Handler: signedIn(handleList(d))},
		{Method: "POST", Path: "/api/groups/{groupId}/lotes", Handler: signedIn(kit.Idempotent(d, handleCreate(d)))},
		{Method: "PATCH", Path: "/api/groups/{groupId}/lotes/{codigo}", Handler: signedIn(handleUpdate(d))},
		{Method: "DELETE", Path: "/api/groups/{groupId}/lotes/{codigo}", Handler: signedIn(handleDelete(d))},
		{Method: "PUT", Path: "/api/groups/{groupId}/lotes/{codigo}/responsavel", Handler: signedIn(handleAssign(d))},
		{Method: "DELETE", Path: "/api/groups/{groupId}/lotes/{codigo}/responsavel", Handler: signedIn(handleFree(d))},
		{Method: "POST", Path: "/api/groups/{groupId}/lotes/{codigo}/requests", Handler: signedIn(kit.Idempotent(d, handleRequest(d)))},
		{Method: "POST", Path: "/api/groups/{groupId}/lotes/{codigo}/requests/{userId}/approve", Handler: signedIn(handleApprove(d))},
		{Method: "DELETE", Path: "/api/groups/{groupId}/lotes/{codigo}/requests/{userId}", Handler: signedIn(handleDeleteRequest(d))},
		{Method: "GET", Path: "/api/groups/{groupId}/lote-requests", Handler: signedIn(handleRequests(d))},
	}
}

// NewServer is the LotesFunction handler.
func NewServer(d app.Deps) http.Handler { return api.NewMux(Routes(d)) }
