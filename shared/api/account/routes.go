// Package account serves the member's account (issue 14, account half): what
// /configuracoes shows about it, the export of their data (LGPD art. 18) and
// the deletion of the account.
package account

import (
	"net/http"

	"github.com/verde-app/verde/shared/api"
	"github.com/verde-app/verde/shared/app"
)

// Routes is this area's whole API surface; template.yaml declares the same.
func Routes(d app.Deps) []api.Route {
	return []api.Route{
		// A deleting account reaches only these two (auth.RequireDuringDeletion):
		// /configuracoes reads whether a deletion is under way, and resumes it.
		{Method: "GET", Path: "/api/me/conta", Handler: d.Verifier.RequireDuringDeletion(handleConta(d))},
		{Method: "GET", Path: "/api/me/dados", Handler: d.Verifier.Require(handleExport(d))},
		{Method: "POST", Path: "/api/me/exclusao", Handler: d.Verifier.RequireDuringDeletion(handleDelete(d))},
		{Method: "GET", Path: "/api/me/notificacoes/preferencias", Handler: d.Verifier.Require(handleGetPrefs(d))},
		{Method: "PUT", Path: "/api/me/notificacoes/preferencias", Handler: d.Verifier.Require(handlePutPrefs(d))},
	}
}

// NewServer is the AccountFunction handler.
func NewServer(d app.Deps) http.Handler { return api.NewMux(Routes(d)) }
