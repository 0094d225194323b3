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
	want               [4]int
}

// adminMatrix is an admin area's authorization matrix: each row as each role
// on a fresh target (fresh; {target} in the path is its id), a refusal
// answered with its envelope (401 unauthenticated, 403 forbidden), leaving
// the target as it was (unchanged) and writing no audit entry; and every
// route of the area (under prefix, the path parameter named param) has a row.
func adminMatrix[T any](t *testing.T, rows []adminRow[T], fresh func(t *testing.T) T, id func(T) string,
	unchanged func(t *testing.T, before T, row string), prefix, param string) {
	t.Helper()
	roles := []string{"anonymous", "member", "group coordinator", "site admin"}
	users := []testkit.User{cast.Anon, cast.Member, cast.Coord, cast.Admin}
	for _, c := range rows {
		for i, u := range users {
			t.Run(c.name+"/"+roles[i], func(t *testing.T) {
				target := fresh(t)
				before := len(auditOf(t, u.ID))
				var body any
				if c.body != nil {
					body = c.body(target)
				}
				res := testkit.DoWithHeader(t, h, c.method, strings.ReplaceAll(c.path, "{target}", id(target)), u, body,
					http.Header{"Idempotency-Key": {uuid.NewString()}})
				if res.Status != c.want[i] {
					t.Fatalf("%s as %s: %d, want %d: %s", c.name, roles[i], res.Status, c.want[i], res.Body)
				}
				if res.Status >= 400 {
					want := map[int]string{401: "unauthenticated", 403: "forbidden"}[res.Status]
					if res.ErrorCode() != want {
						t.Fatalf("envelope %s", res.Body)
					}
					unchanged(t, target, c.name)
					if u.ID != "" && len(auditOf(t, u.ID)) != before {
						t.Fatalf("a refused %s was audited", c.name)
					}
				}
			})
		}
	}
	covered := map[string]bool{}
	for _, c := range rows {
		p, _, _ := strings.Cut(c.path, "?")
		covered[c.method+" "+strings.ReplaceAll(p, "{target}", "{"+param+"}")] = true
	}
	for _, r := range cultivos.Routes(env.Deps) {
		if strings.HasPrefix(r.Path, prefix) && !covered[r.Method+" "+r.Path] {
			t.Errorf("admin route %s %s has no row in the matrix", r.Method, r.Path)
		}
	}
}
