package groups_test

import (
	"strings"
	"testing"

	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/api/groups"
)

type routeCase struct {
	name   string
	opts   fixtureOpts
	method string
	path   func(w *world, f fixture) string // with {id}, {token}, {alvo} … filled
	body   func(w *world, f fixture) any
	want   testkit.Expect // anonymous, stranger, member, coordenador, dono, site admin
}

func p(format string) func(w *world, f fixture) string {
	return func(w *world, f fixture) string {
		r := strings.NewReplacer("{id}", f.g.ID, "{token}", f.invite, "{alvo}", w.alvo.ID, "{requester}", w.requester.ID, "{member}", w.member.ID)
		return r.Replace(format)
	}
}

func body(v any) func(*world, fixture) any { return func(*world, fixture) any { return v } }

// TestAuthorizationMatrix sends every route of the GroupsFunction as each
// role, each on a fresh group, and checks the status (and for refusals the
// envelope's code).
func TestAuthorizationMatrix(t *testing.T) {
	w := getWorld(t)
	newGroup := map[string]any{"nome": "Horta Nova", "cidade": "Santos", "uf": "SP"}
	cases := []routeCase{
		{name: "directory", method: "GET", path: p("/api/groups"), want: testkit.Expect{401, 200, 200, 200, 200, 200}},
		{name: "create", method: "POST", path: p("/api/groups"), body: body(newGroup), want: testkit.Expect{401, 201, 201, 201, 201, 201}},
		{name: "my groups", method: "GET", path: p("/api/me/groups"), want: testkit.Expect{401, 200, 200, 200, 200, 200}},
		{name: "detail public", method: "GET", path: p("/api/groups/{id}"), want: testkit.Expect{401, 200, 200, 200, 200, 200}},
		{name: "detail private", opts: fixtureOpts{Private: true}, method: "GET", path: p("/api/groups/{id}"), want: testkit.Expect{401, 404, 200, 200, 200, 200}},
		{name: "edit", method: "PATCH", path: p("/api/groups/{id}"), body: func(_ *world, f fixture) any { return map[string]any{"version": f.g.Version, "descricao": "Nova"} }, want: testkit.Expect{401, 403, 403, 200, 200, 200}},
		{name: "edit private", opts: fixtureOpts{Private: true}, method: "PATCH", path: p("/api/groups/{id}"), body: func(_ *world, f fixture) any { return map[string]any{"version": f.g.Version, "descricao": "Nova"} }, want: testkit.Expect{401, 404, 403, 200, 200, 200}},
		{name: "delete", method: "DELETE", path: p("/api/groups/{id}"), want: testkit.Expect{401, 403, 403, 403, 204, 204}},
		{name: "public page", method: "GET", path: p("/api/groups/{id}/public"), want: testkit.Expect{200, 200, 200, 200, 200, 200}},
		{name: "public page of private", opts: fixtureOpts{Private: true}, method: "GET", path: p("/api/groups/{id}/public"), want: testkit.Expect{404, 404, 404, 404, 404, 404}},
		{name: "join open", method: "POST", path: p("/api/groups/{id}/join"), want: testkit.Expect{401, 201, 409, 409, 409, 201}},
		{name: "join approval", opts: fixtureOpts{Approval: true}, method: "POST", path: p("/api/groups/{id}/join"), want: testkit.Expect{401, 202, 409, 409, 409, 202}},
		{name: "join private", opts: fixtureOpts{Private: true}, method: "POST", path: p("/api/groups/{id}/join"), want: testkit.Expect{401, 404, 409, 409, 409, 403}},
		{name: "members", method: "GET", path: p("/api/groups/{id}/members"), want: testkit.Expect{401, 403, 200, 200, 200, 200}},
		{name: "members private", opts: fixtureOpts{Private: true}, method: "GET", path: p("/api/groups/{id}/members"), want: testkit.Expect{401, 404, 200, 200, 200, 200}},
		{name: "promote", method: "PATCH", path: p("/api/groups/{id}/members/{alvo}"), body: body(map[string]any{"papel": "coordenador"}), want: testkit.Expect{401, 403, 403, 403, 200, 403}},
		{name: "remove member", method: "DELETE", path: p("/api/groups/{id}/members/{alvo}"), want: testkit.Expect{401, 403, 403, 204, 204, 204}},
		{name: "remove coordinator", method: "DELETE", path: func(w *world, f fixture) string { return "/api/groups/" + f.g.ID + "/members/" + w.coord.ID }, want: testkit.Expect{401, 403, 403, 204, 204, 204}},
		{name: "leave", method: "DELETE", path: nil, want: testkit.Expect{401, 404, 204, 204, 409, 404}},
		{name: "transfer", method: "POST", path: p("/api/groups/{id}/transfer"), body: func(w *world, _ fixture) any { return map[string]any{"userId": w.alvo.ID} }, want: testkit.Expect{401, 403, 403, 403, 204, 403}},
		{name: "requests", opts: fixtureOpts{Approval: true}, method: "GET", path: p("/api/groups/{id}/requests"), want: testkit.Expect{401, 403, 403, 200, 200, 200}},
		{name: "approve", opts: fixtureOpts{Approval: true}, method: "POST", path: p("/api/groups/{id}/requests/{requester}/approve"), want: testkit.Expect{401, 403, 403, 201, 201, 403}},
		{name: "reject", opts: fixtureOpts{Approval: true}, method: "DELETE", path: p("/api/groups/{id}/requests/{requester}"), want: testkit.Expect{401, 403, 403, 204, 204, 403}},
		{name: "invites", method: "GET", path: p("/api/groups/{id}/invites"), want: testkit.Expect{401, 403, 403, 200, 200, 200}},
		{name: "invites private", opts: fixtureOpts{Private: true}, method: "GET", path: p("/api/groups/{id}/invites"), want: testkit.Expect{401, 404, 403, 200, 200, 200}},
		{name: "create invite", method: "POST", path: p("/api/groups/{id}/invites"), body: body(map[string]any{"expiraEmDias": 3, "maxUsos": 5}), want: testkit.Expect{401, 403, 403, 201, 201, 403}},
		{name: "revoke invite", method: "DELETE", path: p("/api/groups/{id}/invites/{token}"), want: testkit.Expect{401, 403, 403, 200, 200, 403}},
		{name: "invite page", method: "GET", path: p("/api/invites/{token}"), want: testkit.Expect{200, 200, 200, 200, 200, 200}},
		{name: "invite page private", opts: fixtureOpts{Private: true}, method: "GET", path: p("/api/invites/{token}"), want: testkit.Expect{200, 200, 200, 200, 200, 200}},
		{name: "accept invite", opts: fixtureOpts{Private: true}, method: "POST", path: p("/api/invites/{token}/accept"), want: testkit.Expect{401, 201, 409, 409, 409, 201}},
		// The pages a shared link opens: the same HTML for everyone, a token read by no one (preview_test.go).
		{name: "public page with its preview", method: "GET", path: p("/grupos/{id}/publico"), want: testkit.Expect{200, 200, 200, 200, 200, 200}},
		{name: "public page of private with its preview", opts: fixtureOpts{Private: true}, method: "GET", path: p("/grupos/{id}/publico"), want: testkit.Expect{200, 200, 200, 200, 200, 200}},
		{name: "invite link with its preview", method: "GET", path: p("/grupos/{id}/convite?c={token}"), want: testkit.Expect{200, 200, 200, 200, 200, 200}},
		{name: "invite link of private with its preview", opts: fixtureOpts{Private: true}, method: "GET", path: p("/grupos/{id}/convite?c={token}"), want: testkit.Expect{200, 200, 200, 200, 200, 200}},
	}
	testkit.Matrix(t, w.cast.Columns(), cases, func(c routeCase) (string, testkit.Expect) { return c.name, c.want }, func(t *testing.T, c routeCase, u testkit.User) testkit.Response {
		f := w.fixture(t, c.opts)
		path := ""
		if c.path == nil { // leave: the caller's own membership
			path = "/api/groups/" + f.g.ID + "/members/" + u.ID
			if u.ID == "" {
				path = "/api/groups/" + f.g.ID + "/members/ninguem"
			}
		} else {
			path = c.path(w, f)
		}
		var b any
		if c.body != nil {
			b = c.body(w, f)
		}
		res := testkit.Do(t, w.h, c.method, path, u, b)
		if res.Status >= 400 && res.ErrorMessage() == "" {
			t.Fatalf("error without message: %s", res.Body)
		}
		return res
	})
}

// TestEveryRouteIsInTheMatrix keeps the matrix complete as routes are added.
func TestEveryRouteIsInTheMatrix(t *testing.T) {
	covered := []string{
		"GET /api/groups", "POST /api/groups", "GET /api/me/groups",
		"GET /api/groups/{groupId}", "PATCH /api/groups/{groupId}", "DELETE /api/groups/{groupId}",
		"GET /api/groups/{groupId}/public", "POST /api/groups/{groupId}/join",
		"GET /api/groups/{groupId}/members", "PATCH /api/groups/{groupId}/members/{userId}",
		"DELETE /api/groups/{groupId}/members/{userId}", "POST /api/groups/{groupId}/transfer",
		"GET /api/groups/{groupId}/requests", "POST /api/groups/{groupId}/requests/{userId}/approve",
		"DELETE /api/groups/{groupId}/requests/{userId}", "GET /api/groups/{groupId}/invites",
		"POST /api/groups/{groupId}/invites", "DELETE /api/groups/{groupId}/invites/{token}",
		"GET /api/invites/{token}", "POST /api/invites/{token}/accept",
		"GET /grupos/{groupId}/publico", "GET /grupos/{groupId}/convite",
	}
	w := getWorld(t)
	testkit.EveryRouteHasARow(t, groups.Routes(w.env.Deps), nil, covered, func(r string) string { return r })
}
