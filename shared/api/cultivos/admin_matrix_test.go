package cultivos_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/google/uuid"

	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/api/cultivos"
)

// adminRow is one admin route of an authorization matrix: the body is made
// from the row's fresh target (nil: no body); want is the status as
// anonymous, member, group coordinator and site admin.
type adminRow[T any] struct {
	name, method, path string
	body               func(T) any
	want               testkit.Expect
}

// adminMatrix is an admin area's authorization matrix: each row as each role
// on a fresh target (fresh; {target} in the path is its id), a refusal
// answered with its envelope (testkit.CheckStatus), leaving the target as it
// was (unchanged) and writing no audit entry; and every route of the area
// (under prefix, the path parameter named param) has a row.
func adminMatrix[T any](t *testing.T, rows []adminRow[T], fresh func(t *testing.T) T, id func(T) string,
	unchanged func(t *testing.T, before T, row string), prefix, param string) {
	t.Helper()
	roles := []testkit.Role{{Name: "anonymous", User: cast.Anon}, {Name: "member", User: cast.Member},
		{Name: "group coordinator", User: cast.Coord}, {Name: "site admin", User: cast.Admin}}
	testkit.Matrix(t, roles, rows, func(c adminRow[T]) (string, testkit.Expect) { return c.name, c.want }, func(t *testing.T, c adminRow[T], u testkit.User) testkit.Response {
		target := fresh(t)
		before := len(env.AuditOf(t, u.ID))
		var body any
		if c.body != nil {
			body = c.body(target)
		}
		res := testkit.DoWithHeader(t, h, c.method, strings.ReplaceAll(c.path, "{target}", id(target)), u, body,
			http.Header{"Idempotency-Key": {uuid.NewString()}})
		if res.Status >= 400 {
			unchanged(t, target, c.name)
			if u.ID != "" && len(env.AuditOf(t, u.ID)) != before {
				t.Fatalf("a refused %s was audited", c.name)
			}
		}
		return res
	})
	testkit.EveryRouteHasARow(t, cultivos.Routes(env.Deps), func(p string) bool { return strings.HasPrefix(p, prefix) }, rows, func(c adminRow[T]) string {
		return c.method + " " + strings.ReplaceAll(c.path, "{target}", "{"+param+"}")
	})
}
