package groups_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/verde-app/verde/infra/testkit"
)

// expect is the status each role gets, in the order
// anonymous, stranger, member, coordenador, dono, site admin.
type expect [6]int

var roles = [6]string{"anonymous", "stranger", "member", "coordinator", "owner", "admin"}

type routeCase struct {
	name   string
	opts   fixtureOpts
	method string
	path   func(w *world, f fixture) string // with {id}, {token}, {alvo} … filled
	body   func(w *world, f fixture) any
	want   expect
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
	const (
		ok, created, accepted, noContent = 200, 201, 202, 204
		unauth, forbidden, notFound      = 401, 403, 404
		conflict                         = 409
	)
	newGroup := map[string]any{"nome": "Horta Nova", "cidade": "Santos", "uf": "SP"}
	cases := []routeCase{
		{name: "directory", method: "GET", path: p("/api/groups"), want: expect{unauth, ok, ok, ok, ok, ok}},
		{name: "create", method: "POST", path: p("/api/groups"), body: body(newGroup), want: expect{unauth, created, created, created, created, created}},
		{name: "my groups", method: "GET", path: p("/api/me/groups"), want: expect{unauth, ok, ok, ok, ok, ok}},
		{name: "detail public", method: "GET", path: p("/api/groups/{id}"), want: expect{unauth, ok, ok, ok, ok, ok}},
		{name: "detail private", opts: fixtureOpts{Private: true}, method: "GET", path: p("/api/groups/{id}"), want: expect{unauth, notFound, ok, ok, ok, ok}},
		{name: "edit", method: "PATCH", path: p("/api/groups/{id}"), body: func(_ *world, f fixture) any { return map[string]any{"version": f.g.Version, "descricao": "Nova"} }, want: expect{unauth, forbidden, forbidden, ok, ok, ok}},
		{name: "edit private", opts: fixtureOpts{Private: true}, method: "PATCH", path: p("/api/groups/{id}"), body: func(_ *world, f fixture) any { return map[string]any{"version": f.g.Version, "descricao": "Nova"} }, want: expect{unauth, notFound, forbidden, ok, ok, ok}},
		{name: "delete", method: "DELETE", path: p("/api/groups/{id}"), want: expect{unauth, forbidden, forbidden, forbidden, noContent, noContent}},
		{name: "public page", method: "GET", path: p("/api/groups/{id}/public"), want: expect{ok, ok, ok, ok, ok, ok}},
		{name: "public page of private", opts: fixtureOpts{Private: true}, method: "GET", path: p("/api/groups/{id}/public"), want: expect{notFound, notFound, notFound, notFound, notFound, notFound}},
		{name: "join open", method: "POST", path: p("/api/groups/{id}/join"), want: expect{unauth, created, conflict, conflict, conflict, created}},
		{name: "join approval", opts: fixtureOpts{Approval: true}, method: "POST", path: p("/api/groups/{id}/join"), want: expect{unauth, accepted, conflict, conflict, conflict, accepted}},
		{name: "join private", opts: fixtureOpts{Private: true}, method: "POST", path: p("/api/groups/{id}/join"), want: expect{unauth, notFound, conflict, conflict, conflict, forbidden}},
		{name: "members", method: "GET", path: p("/api/groups/{id}/members"), want: expect{unauth, forbidden, ok, ok, ok, ok}},
		{name: "members private", opts: fixtureOpts{Private: true}, method: "GET", path: p("/api/groups/{id}/members"), want: expect{unauth, notFound, ok, ok, ok, ok}},
		{name: "promote", method: "PATCH", path: p("/api/groups/{id}/members/{alvo}"), body: body(map[string]any{"papel": "coordenador"}), want: expect{unauth, forbidden, forbidden, forbidden, ok, forbidden}},
		{name: "remove member", method: "DELETE", path: p("/api/groups/{id}/members/{alvo}"), want: expect{unauth, forbidden, forbidden, noContent, noContent, noContent}},
		{name: "remove coordinator", method: "DELETE", path: func(w *world, f fixture) string { return "/api/groups/" + f.g.ID + "/members/" + w.coord.ID }, want: expect{unauth, forbidden, forbidden, noContent, noContent, noContent}},
		{name: "leave", method: "DELETE", path: nil, want: expect{unauth, notFound, noContent, noContent, conflict, notFound}},
		{name: "transfer", method: "POST", path: p("/api/groups/{id}/transfer"), body: func(w *world, _ fixture) any { return map[string]any{"userId": w.alvo.ID} }, want: expect{unauth, forbidden, forbidden, forbidden, noContent, forbidden}},
		{name: "requests", opts: fixtureOpts{Approval: true}, method: "GET", path: p("/api/groups/{id}/requests"), want: expect{unauth, forbidden, forbidden, ok, ok, ok}},
		{name: "approve", opts: fixtureOpts{Approval: true}, method: "POST", path: p("/api/groups/{id}/requests/{requester}/approve"), want: expect{unauth, forbidden, forbidden, created, created, forbidden}},
		{name: "reject", opts: fixtureOpts{Approval: true}, method: "DELETE", path: p("/api/groups/{id}/requests/{requester}"), want: expect{unauth, forbidden, forbidden, noContent, noContent, forbidden}},
		{name: "invites", method: "GET", path: p("/api/groups/{id}/invites"), want: expect{unauth, forbidden, forbidden, ok, ok, ok}},
		{name: "invites private", opts: fixtureOpts{Private: true}, method: "GET", path: p("/api/groups/{id}/invites"), want: expect{unauth, notFound, forbidden, ok, ok, ok}},
		{name: "create invite", method: "POST", path: p("/api/groups/{id}/invites"), body: body(map[string]any{"expiraEmDias": 3, "maxUsos": 5}), want: expect{unauth, forbidden, forbidden, created, created, forbidden}},
		{name: "revoke invite", method: "DELETE", path: p("/api/groups/{id}/invites/{token}"), want: expect{unauth, forbidden, forbidden, ok, ok, forbidden}},
		{name: "invite page", method: "GET", path: p("/api/invites/{token}"), want: expect{ok, ok, ok, ok, ok, ok}},
		{name: "invite page private", opts: fixtureOpts{Private: true}, method: "GET", path: p("/api/invites/{token}"), want: expect{ok, ok, ok, ok, ok, ok}},
		{name: "accept invite", opts: fixtureOpts{Private: true}, method: "POST", path: p("/api/invites/{token}/accept"), want: expect{unauth, created, conflict, conflict, conflict, created}},
		// The pages a shared link opens: the same HTML for everyone, a token read by no one (preview_test.go).
		{name: "public page with its preview", method: "GET", path: p("/grupos/{id}/publico"), want: expect{ok, ok, ok, ok, ok, ok}},
		{name: "public page of private with its preview", opts: fixtureOpts{Private: true}, method: "GET", path: p("/grupos/{id}/publico"), want: expect{ok, ok, ok, ok, ok, ok}},
		{name: "invite link with its preview", method: "GET", path: p("/grupos/{id}/convite?c={token}"), want: expect{ok, ok, ok, ok, ok, ok}},
		{name: "invite link of private with its preview", opts: fixtureOpts{Private: true}, method: "GET", path: p("/grupos/{id}/convite?c={token}"), want: expect{ok, ok, ok, ok, ok, ok}},
	}
	codes := map[int]string{unauth: "unauthenticated", forbidden: "forbidden", notFound: "not_found", conflict: "conflict"}
	users := func(w *world) [6]testkit.User {
		return [6]testkit.User{w.anon, w.stranger, w.member, w.coord, w.owner, w.admin}
	}
	for _, c := range cases {
		for i, u := range users(w) {
			t.Run(fmt.Sprintf("%s/%s", c.name, roles[i]), func(t *testing.T) {
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
				if res.Status != c.want[i] {
					t.Fatalf("%s %s as %s: status %d, want %d\n%s", c.method, path, roles[i], res.Status, c.want[i], res.Body)
				}
				if want, isErr := codes[res.Status]; isErr && res.ErrorCode() != want {
					t.Fatalf("envelope code %q, want %q: %s", res.ErrorCode(), want, res.Body)
				}
				if res.Status >= 400 && res.ErrorMessage() == "" {
					t.Fatalf("error without message: %s", res.Body)
				}
			})
		}
	}
}

// TestEveryRouteIsInTheMatrix keeps the matrix complete as routes are added.
func TestEveryRouteIsInTheMatrix(t *testing.T) {
	covered := map[string]bool{
		"GET /api/groups": true, "POST /api/groups": true, "GET /api/me/groups": true,
		"GET /api/groups/{groupId}": true, "PATCH /api/groups/{groupId}": true, "DELETE /api/groups/{groupId}": true,
		"GET /api/groups/{groupId}/public": true, "POST /api/groups/{groupId}/join": true,
		"GET /api/groups/{groupId}/members": true, "PATCH /api/groups/{groupId}/members/{userId}": true,
		"DELETE /api/groups/{groupId}/members/{userId}": true, "POST /api/groups/{groupId}/transfer": true,
		"GET /api/groups/{groupId}/requests": true, "POST /api/groups/{groupId}/requests/{userId}/approve": true,
		"DELETE /api/groups/{groupId}/requests/{userId}": true, "GET /api/groups/{groupId}/invites": true,
		"POST /api/groups/{groupId}/invites": true, "DELETE /api/groups/{groupId}/invites/{token}": true,
		"GET /api/invites/{token}": true, "POST /api/invites/{token}/accept": true,
		"GET /grupos/{groupId}/publico": true, "GET /grupos/{groupId}/convite": true,
	}
	w := getWorld(t)
	for _, r := range routesOf(w) {
		if !covered[r] {
			t.Errorf("route %s has no row in TestAuthorizationMatrix", r)
		}
		delete(covered, r)
	}
	for r := range covered {
		t.Errorf("matrix names %s, which is not a route", r)
	}
	_ = http.MethodGet
}
