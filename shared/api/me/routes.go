// Package me serves the signed-in user's own profile: GET and PUT /api/me.
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
		{Method: "GET", Path: "/api/me/pontos", Handler: d.Verifier.Require(handleMyPoints(d))},
		{Method: "GET", Path: "/api/members/{userId}", Handler: d.Verifier.Require(handleMember(d))},
	}
}

// NewServer is the MeFunction handler.
func NewServer(d app.Deps) http.Handler { return api.NewMux(Routes(d)) }
