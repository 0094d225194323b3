// Package account serves the member's own account: what
// /configuracoes shows about it, the export of their data (LGPD art. 18), the
// deletion of the account, and the member's e-mail choices with the e-mails'
// one-click unsubscribe.
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
		{Method: "GET", Path: "/api/me/emails", Handler: d.Verifier.Require(handleGetEmails(d))},
		{Method: "PUT", Path: "/api/me/emails", Handler: d.Verifier.Require(handlePutEmails(d))},
		// The e-mails' unsubscribe link (shared/email): signed out, the signed link is the authority.
		{Method: "GET", Path: "/api/emails/descadastro", Handler: handleUnsubscribeInfo(d)},
		{Method: "POST", Path: "/api/emails/descadastro", Handler: handleUnsubscribe(d)},
	}
}

// NewServer is the AccountFunction handler.
func NewServer(d app.Deps) http.Handler { return api.NewMux(Routes(d)) }
