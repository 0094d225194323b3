// Package admin serves the AdminFunction: the site admin's
// configuration (/api/admin/rules; /api/admin/conquistas lists the
// conquistas with their bonus and members), members (/api/admin/users) and banners
// (/api/admin/banners, and /api/banners: the active ones a member's dashboard
// shows). Every /api/admin route is for the Cognito group admin only; every
// write is audited in its own transaction.
package admin

import (
	"net/http"

	"github.com/verde-app/verde/shared/api"
	"github.com/verde-app/verde/shared/api/kit"
	"github.com/verde-app/verde/shared/app"
)

// Routes is this area's whole API surface; template.yaml declares the same.
func Routes(d app.Deps) []api.Route {
	admin := kit.AdminOnly(d)
	return []api.Route{
		{Method: "GET", Path: "/api/admin/rules", Handler: admin(handleRules(d))},
		{Method: "PUT", Path: "/api/admin/rules", Handler: admin(handleEditRules(d))},
		{Method: "GET", Path: "/api/admin/users", Handler: admin(handleSearchUsers(d))},
		{Method: "GET", Path: "/api/admin/users/{userId}", Handler: admin(handleUser(d))},
		{Method: "GET", Path: "/api/admin/users/{userId}/ledger", Handler: admin(handleLedger(d))},
		{Method: "PUT", Path: "/api/admin/users/{userId}/admin", Handler: admin(handleSetAdmin(d))},
		{Method: "PUT", Path: "/api/admin/users/{userId}/status", Handler: admin(handleSetStatus(d))},
		{Method: "POST", Path: "/api/admin/users/{userId}/pontos", Handler: admin(kit.Idempotent(d, handleAdjustPoints(d)))},
		{Method: "GET", Path: "/api/admin/audit", Handler: admin(handleAudit(d))},
		{Method: "GET", Path: "/api/banners", Handler: d.Verifier.Require(handleActiveBanners(d))},
		{Method: "GET", Path: "/api/public/banners", Handler: handlePublicBanners(d)},
		{Method: "GET", Path: "/api/admin/banners", Handler: admin(handleAdminBanners(d))},
		{Method: "POST", Path: "/api/admin/banners", Handler: admin(kit.Idempotent(d, handleCreateBanner(d)))},
		{Method: "PUT", Path: "/api/admin/banners/{bannerId}", Handler: admin(handleEditBanner(d))},
		{Method: "DELETE", Path: "/api/admin/banners/{bannerId}", Handler: admin(handleDeleteBanner(d))},
		{Method: "POST", Path: "/api/admin/dados/vegetais/validar", Handler: admin(handleImportVegetais(d, true))},
		{Method: "POST", Path: "/api/admin/dados/vegetais/importar", Handler: admin(handleImportVegetais(d, false))},
		{Method: "GET", Path: "/api/admin/dados/exports", Handler: admin(handleExports(d))},
		{Method: "POST", Path: "/api/admin/dados/exports", Handler: admin(kit.Idempotent(d, handleCreateExport(d)))},
		{Method: "GET", Path: "/api/admin/dados/exports/{exportId}/download", Handler: admin(handleDownloadExport(d))},
		{Method: "POST", Path: "/api/admin/dados/exports/{exportId}/repetir", Handler: admin(handleRetryExport(d))},
		{Method: "GET", Path: "/api/admin/kpis", Handler: admin(handleKPIs(d))},
		{Method: "GET", Path: "/api/admin/analytics", Handler: admin(handleAnalytics(d))},
		{Method: "GET", Path: "/api/admin/totais", Handler: admin(handleTotals(d))},
		{Method: "GET", Path: "/api/admin/conquistas", Handler: admin(handleConquistas(d))},
	}
}

// NewServer is the AdminFunction handler.
func NewServer(d app.Deps) http.Handler { return api.NewMux(Routes(d)) }
