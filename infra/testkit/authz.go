package testkit

import (
	"context"
	"strings"
	"testing"

	"github.com/verde-app/verde/shared/api"
	"github.com/verde-app/verde/shared/store"
)

// The authorization matrices of the API areas' tests: every route sent as
// each role, each answer checked for its status and, for an error, the code
// of its envelope (shared/api/envelope.go), and every route given a row.

// Role is a column of a matrix: its name (in subtest names and messages) and
// who sends the requests (the zero User is anonymous).
type Role struct {
	Name string
	User User
}

// Columns is the cast as the six columns of Roles, in order.
func (c Cast) Columns() []Role {
	out := make([]Role, len(Roles))
	for i, u := range c.ByRole() {
		out[i] = Role{Name: Roles[i], User: u}
	}
	return out
}

// Expect is a row's status for each column of its matrix, in order.
type Expect []int

// errorCodes are the envelope's code for each error status the matrices
// expect (one code a status: shared/api/envelope.go).
var errorCodes = map[int]string{400: "validation", 401: "unauthenticated", 403: "forbidden", 404: "not_found", 409: "conflict"}

// CheckStatus fails the test unless res has status want and, for an error,
// the envelope's code of that status; who names the caller in the message.
func CheckStatus(t testing.TB, res Response, want int, who string) {
	t.Helper()
	if res.Status != want {
		t.Fatalf("%s as %s: %d, want %d: %s", res.Request, who, res.Status, want, res.Body)
	}
	if code, isErr := errorCodes[res.Status]; isErr && res.ErrorCode() != code {
		t.Fatalf("%s as %s: envelope code %q, want %q: %s", res.Request, who, res.ErrorCode(), code, res.Body)
	}
}

// Matrix sends each case as each role, in a subtest "<case>/<role>" of its
// own, in order: row gives a case's name and statuses (one per role), send
// makes its request as u (on a fixture of its own, with any check of its
// own) and the answer must have the role's status (CheckStatus).
func Matrix[C any](t *testing.T, roles []Role, cases []C, row func(C) (name string, want Expect), send func(t *testing.T, c C, u User) Response) {
	t.Helper()
	for _, c := range cases {
		name, want := row(c)
		if len(want) != len(roles) {
			t.Fatalf("%s: %d statuses for %d roles", name, len(want), len(roles))
		}
		for i, r := range roles {
			t.Run(name+"/"+r.Name, func(t *testing.T) {
				t.Helper()
				CheckStatus(t, send(t, c, r.User), want[i], r.Name)
			})
		}
	}
}

// EveryRouteHasARow fails for each of routes that no case names, among those
// whose path covers accepts (nil: all of them), and for each case that names
// no route. route gives a case's "METHOD /path" as the route declares it
// (its parameters in braces); a query after "?" does not count.
func EveryRouteHasARow[C any](t testing.TB, routes []api.Route, covers func(path string) bool, cases []C, route func(C) string) {
	t.Helper()
	rows := map[string]bool{}
	for _, c := range cases {
		r, _, _ := strings.Cut(route(c), "?")
		rows[r] = true
	}
	declared := map[string]bool{}
	for _, r := range routes {
		key := r.Method + " " + r.Path
		declared[key] = true
		if !rows[key] && (covers == nil || covers(r.Path)) {
			t.Errorf("route %s has no row in the matrix", key)
		}
	}
	for r := range rows {
		if !declared[r] {
			t.Errorf("the matrix names %s, which is not a route", r)
		}
	}
}

// AuditOf is every audit entry of the admin uid this month, newest first
// (one page of 100).
func (e *Env) AuditOf(t testing.TB, uid string) []store.AuditRecord {
	t.Helper()
	items, _, err := e.Deps.Store.AuditPage(context.Background(), store.AuditFilter{AdminID: uid}, 100, nil)
	if err != nil {
		t.Fatal(err)
	}
	return items
}
