// Package me serves the signed-in user's own profile (GET and PUT /api/me,
// progress, a member's public profile) and /dashboard's one reply
// (GET /api/dashboard, dashboard.go).
package me

import (
	"net/http"

	"github.com/verde-app/verde/shared/api"
	"github.com/verde-app/verde/shared/app"
)

// Routes is this area's whole API surface; template.yaml declares the same.
func Routes(d app.Deps) []api.Route {
	return []api.Route{
		{Method: "GET", Path: "/api/me", Handler: d.Verifier.Require(handleGetMe(d))},
		{Method: "PUT", Path: "/api/me", Handler: d.Verifier.Require(handlePutMe(d))},
		{Method: "GET", Path: "/api/me/progress", Handler: d.Verifier.Require(handleMyProgress(d))},
		{Method: "GET", Path: "/api/dashboard", Handler: d.Verifier.Require(handleDashboard(d))},
		{Method: "GET", Path: "/api/me/pontos", Handler: d.Verifier.Require(handleMyPoints(d))},
		{Method: "GET", Path: "/api/members/{userId}", Handler: d.Verifier.Require(handleMember(d))},
	}
}

// NewServer is the MeFunction handler.
func NewServer(d app.Deps) http.Handler { return api.NewMux(Routes(d)) }
