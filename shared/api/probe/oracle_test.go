package probe_test

import (
	"strings"
	"testing"

	"github.com/google/uuid"

	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/areas"
)

// bodies are valid request bodies per route, so a route's answer is about
// the group, never about a malformed body.
var bodies = map[string]any{
	"PATCH /api/groups/{groupId}":                          map[string]any{"version": 1, "descricao": "x"},
	"PATCH /api/groups/{groupId}/members/{userId}":         map[string]any{"papel": "coordenador"},
	"POST /api/groups/{groupId}/transfer":                  map[string]any{"userId": "someone"},
	"POST /api/groups/{groupId}/invites":                   map[string]any{},
	"POST /api/groups/{groupId}/lotes":                     map[string]any{"prefixo": "B", "inicio": 1, "fim": 2, "area": 10},
	"PATCH /api/groups/{groupId}/lotes/{codigo}":           map[string]any{"version": 1, "area": 3},
	"PUT /api/groups/{groupId}/lotes/{codigo}/responsavel": map[string]any{"userId": "someone"},
}

// TestNonMemberGetsTheSameAnswerForAPrivateGroupAndAnUnknownId sends every
// route under /api/groups/{groupId} as a signed-in stranger, once for a real
// private group and once for an id that does not exist, with the stranger's
// own id wherever a user id goes (their own join request, leaving): the two
// answers must be the same status, code and message, or the route tells a
// stranger which private groups exist.
func TestNonMemberGetsTheSameAnswerForAPrivateGroupAndAnUnknownId(t *testing.T) {
	env, cast, h := newWorld(t)
	private := env.NewFixture(t, cast, testkit.FixtureOpts{Private: true})
	unknown := uuid.NewString()
	n := 0
	for _, a := range areas.APIs {
		for _, r := range a.Routes(env.Deps) {
			if !strings.Contains(r.Path, "{groupId}") {
				continue
			}
			key := r.Method + " " + r.Path
			fill := func(gid string) string {
				return strings.NewReplacer("{groupId}", gid, "{userId}", cast.Stranger.ID, "{token}", private.Invite, "{codigo}", "A1").Replace(r.Path)
			}
			real := testkit.Do(t, h, r.Method, fill(private.Group.ID), cast.Stranger, bodies[key])
			none := testkit.Do(t, h, r.Method, fill(unknown), cast.Stranger, bodies[key])
			if real.Status != none.Status || real.ErrorCode() != none.ErrorCode() || real.ErrorMessage() != none.ErrorMessage() {
				t.Errorf("%s: private group %d %s %q, unknown id %d %s %q", key,
					real.Status, real.ErrorCode(), real.ErrorMessage(), none.Status, none.ErrorCode(), none.ErrorMessage())
			}
			n++
		}
	}
	if n < 25 {
		t.Fatalf("only %d routes under /api/groups/{groupId}", n)
	}
}
