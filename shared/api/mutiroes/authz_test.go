package mutiroes_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/api/mutiroes"
	"github.com/verde-app/verde/shared/domain"
)

// TestAuthorizationMatrix sends every route of the MutiroesFunction as each
// role (anonymous, stranger, member, coordinator, dono, site admin) on a
// fresh group with a mutirão (where Member, Coord and Owner hold vagas, for
// the rows that act on a sign-up).
func TestAuthorizationMatrix(t *testing.T) {
	setup(t)
	type row struct {
		name, method, path string
		at                 time.Time // the clock during the request
		private            bool
		signed             bool // Member, Coord and Owner hold vagas first
		body               func(m domain.Mutirao) any
		want               testkit.Expect
	}
	cases := []row{
		{name: "list", method: "GET", path: "/mutiroes", at: vespera, want: testkit.Expect{401, 403, 200, 200, 200, 200}},
		{name: "list private", method: "GET", path: "/mutiroes?passados=true", at: noDia, private: true, want: testkit.Expect{401, 404, 200, 200, 200, 200}},
		{name: "create", method: "POST", path: "/mutiroes", at: vespera, body: func(domain.Mutirao) any {
			return map[string]any{"titulo": "Compostagem", "data": domain.FormatDate(dia.AddDate(0, 0, 7)), "hora": "09:30", "duracaoMin": 120,
				"local": "Canteiro 3", "tarefas": []any{map[string]any{"titulo": "Virar a composteira", "vagas": 4}}}
		}, want: testkit.Expect{401, 403, 403, 201, 201, 403}},
		{name: "get", method: "GET", path: "/mutiroes/{m}", at: vespera, want: testkit.Expect{401, 403, 200, 200, 200, 200}},
		{name: "get private", method: "GET", path: "/mutiroes/{m}", at: vespera, private: true, want: testkit.Expect{401, 404, 200, 200, 200, 200}},
		{name: "cancel", method: "POST", path: "/mutiroes/{m}/cancelar", at: vespera, want: testkit.Expect{401, 403, 403, 200, 200, 403}},
		{name: "sign up", method: "PUT", path: "/mutiroes/{m}/inscricao", at: vespera, body: func(domain.Mutirao) any { return map[string]any{"tarefaId": "t2"} },
			want: testkit.Expect{401, 403, 200, 200, 200, 403}},
		{name: "leave", signed: true, method: "DELETE", path: "/mutiroes/{m}/inscricao", at: vespera, want: testkit.Expect{401, 403, 204, 204, 204, 403}},
		{name: "check in", signed: true, method: "POST", path: "/mutiroes/{m}/checkin", at: antesDeIr, body: func(m domain.Mutirao) any { return map[string]any{"codigo": m.Codigo} },
			want: testkit.Expect{401, 403, 200, 200, 200, 403}},
		{name: "presence", signed: true, method: "PUT", path: "/mutiroes/{m}/presencas/{member}", at: noDia, body: func(domain.Mutirao) any { return map[string]any{"presente": true, "minutos": 150} },
			want: testkit.Expect{401, 403, 403, 200, 200, 403}},
		{name: "ics", method: "GET", path: "/mutiroes/{m}/ics", at: vespera, want: testkit.Expect{401, 403, 200, 200, 200, 200}},
		{name: "report", method: "GET", path: "/relatorio", at: noDia, want: testkit.Expect{401, 403, 403, 200, 200, 200}},
		{name: "report csv", method: "GET", path: "/relatorio?formato=csv&de=2030-01&ate=2030-12", at: noDia, want: testkit.Expect{401, 403, 403, 200, 200, 200}},
		// The impact is not public yet: visitors get 404, members see it.
		{name: "impact", method: "GET", path: "/impacto", at: noDia, want: testkit.Expect{404, 404, 200, 200, 200, 200}},
		{name: "impact private group", method: "GET", path: "/impacto", at: noDia, private: true, want: testkit.Expect{404, 404, 200, 200, 200, 200}},
		{name: "publish impact", method: "PUT", path: "/impacto", at: noDia, body: func(domain.Mutirao) any { return map[string]any{"publico": true} },
			want: testkit.Expect{401, 403, 403, 403, 200, 403}},
	}
	testkit.Matrix(t, cast.Columns(), cases, func(c row) (string, testkit.Expect) { return c.name, c.want }, func(t *testing.T, c row, u testkit.User) testkit.Response {
		f := env.NewFixture(t, *cast, testkit.FixtureOpts{Private: c.private})
		m := newMutirao(t, f.Group.ID, 6)
		for _, p := range []testkit.User{cast.Member, cast.Coord, cast.Owner} {
			if !c.signed {
				break
			}
			if _, err := env.Deps.Store.Inscrever(context.Background(), f.Group.ID, m.ID, testkit.Actor(p), domain.InscricaoInput{TarefaID: "t1"}); err != nil {
				t.Fatal(err)
			}
		}
		clk.Set(c.at)
		path := "/api/groups/" + f.Group.ID + strings.NewReplacer("{m}", m.ID, "{member}", cast.Member.ID).Replace(c.path)
		var b any
		if c.body != nil {
			b = c.body(m)
		}
		return testkit.Do(t, h, c.method, path, u, b)
	})
	// Escalas, partilhas and the calendar routes have matrices of their own.
	testkit.EveryRouteHasARow(t, mutiroes.Routes(env.Deps), func(p string) bool {
		return !strings.Contains(p, "/escalas") && !strings.Contains(p, "/partilhas") && !strings.HasPrefix(p, "/api/calendario") && !strings.HasPrefix(p, "/api/me/")
	}, cases, func(c row) string {
		return c.method + " /api/groups/{groupId}" + strings.NewReplacer("{m}", "{mutiraoId}", "{member}", "{userId}").Replace(c.path)
	})
}

// TestPublishedImpactIsPublic: once the dono publishes it, anyone sees the
// year's impact of a public group; a private group's stays hidden.
func TestPublishedImpactIsPublic(t *testing.T) {
	setup(t)
	clk.Set(noDia)
	for _, private := range []bool{false, true} {
		f := env.NewFixture(t, *cast, testkit.FixtureOpts{Private: private})
		path := "/api/groups/" + f.Group.ID + "/impacto"
		if res := testkit.Do(t, h, "PUT", path, cast.Owner, map[string]any{"publico": true}); res.Status != 200 {
			t.Fatalf("publish: %d %s", res.Status, res.Body)
		}
		want := 200
		if private {
			want = 404
		}
		for _, u := range []testkit.User{cast.Anon, cast.Stranger} {
			if res := testkit.Do(t, h, "GET", path, u, nil); res.Status != want {
				t.Fatalf("private=%v: %d, want %d: %s", private, res.Status, want, res.Body)
			}
		}
	}
}
