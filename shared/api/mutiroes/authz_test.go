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

type expect [6]int

// TestAuthorizationMatrix sends every route of the MutiroesFunction as each
// role (anonymous, stranger, member, coordinator, dono, site admin) on a
// fresh group with a mutirão (where Member, Coord and Owner hold vagas, for
// the rows that act on a sign-up).
func TestAuthorizationMatrix(t *testing.T) {
	setup(t)
	const (
		ok, created, noContent      = 200, 201, 204
		unauth, forbidden, notFound = 401, 403, 404
	)
	cases := []struct {
		name, method, path string
		at                 time.Time // the clock during the request
		private            bool
		signed             bool // Member, Coord and Owner hold vagas first
		body               func(m domain.Mutirao) any
		want               expect
	}{
		{name: "list", method: "GET", path: "/mutiroes", at: vespera, want: expect{unauth, forbidden, ok, ok, ok, ok}},
		{name: "list private", method: "GET", path: "/mutiroes?passados=true", at: noDia, private: true, want: expect{unauth, notFound, ok, ok, ok, ok}},
		{name: "create", method: "POST", path: "/mutiroes", at: vespera, body: func(domain.Mutirao) any {
			return map[string]any{"titulo": "Compostagem", "data": domain.FormatDate(dia.AddDate(0, 0, 7)), "hora": "09:30", "duracaoMin": 120,
				"local": "Canteiro 3", "tarefas": []any{map[string]any{"titulo": "Virar a composteira", "vagas": 4}}}
		}, want: expect{unauth, forbidden, forbidden, created, created, forbidden}},
		{name: "get", method: "GET", path: "/mutiroes/{m}", at: vespera, want: expect{unauth, forbidden, ok, ok, ok, ok}},
		{name: "get private", method: "GET", path: "/mutiroes/{m}", at: vespera, private: true, want: expect{unauth, notFound, ok, ok, ok, ok}},
		{name: "cancel", method: "POST", path: "/mutiroes/{m}/cancelar", at: vespera, want: expect{unauth, forbidden, forbidden, ok, ok, forbidden}},
		{name: "sign up", method: "PUT", path: "/mutiroes/{m}/inscricao", at: vespera, body: func(domain.Mutirao) any { return map[string]any{"tarefaId": "t2"} },
			want: expect{unauth, forbidden, ok, ok, ok, forbidden}},
		{name: "leave", signed: true, method: "DELETE", path: "/mutiroes/{m}/inscricao", at: vespera, want: expect{unauth, forbidden, noContent, noContent, noContent, forbidden}},
		{name: "check in", signed: true, method: "POST", path: "/mutiroes/{m}/checkin", at: antesDeIr, body: func(m domain.Mutirao) any { return map[string]any{"codigo": m.Codigo} },
			want: expect{unauth, forbidden, ok, ok, ok, forbidden}},
		{name: "presence", signed: true, method: "PUT", path: "/mutiroes/{m}/presencas/{member}", at: noDia, body: func(domain.Mutirao) any { return map[string]any{"presente": true, "minutos": 150} },
			want: expect{unauth, forbidden, forbidden, ok, ok, forbidden}},
		{name: "ics", method: "GET", path: "/mutiroes/{m}/ics", at: vespera, want: expect{unauth, forbidden, ok, ok, ok, ok}},
		{name: "report", method: "GET", path: "/relatorio", at: noDia, want: expect{unauth, forbidden, forbidden, ok, ok, ok}},
		{name: "report csv", method: "GET", path: "/relatorio?formato=csv&de=2030-01&ate=2030-12", at: noDia, want: expect{unauth, forbidden, forbidden, ok, ok, ok}},
		// The impact is not public yet: visitors get 404, members see it.
		{name: "impact", method: "GET", path: "/impacto", at: noDia, want: expect{notFound, notFound, ok, ok, ok, ok}},
		{name: "impact private group", method: "GET", path: "/impacto", at: noDia, private: true, want: expect{notFound, notFound, ok, ok, ok, ok}},
		{name: "publish impact", method: "PUT", path: "/impacto", at: noDia, body: func(domain.Mutirao) any { return map[string]any{"publico": true} },
			want: expect{unauth, forbidden, forbidden, forbidden, ok, forbidden}},
	}
	codes := map[int]string{unauth: "unauthenticated", forbidden: "forbidden", notFound: "not_found"}
	for _, c := range cases {
		for i, u := range cast.ByRole() {
			t.Run(c.name+"/"+testkit.Roles[i], func(t *testing.T) {
				f := env.NewFixture(t, cast, testkit.FixtureOpts{Private: c.private})
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
				res := testkit.Do(t, h, c.method, path, u, b)
				if res.Status != c.want[i] {
					t.Fatalf("%s %s as %s: %d, want %d: %s", c.method, path, testkit.Roles[i], res.Status, c.want[i], res.Body)
				}
				if want, isErr := codes[res.Status]; isErr && res.ErrorCode() != want {
					t.Fatalf("envelope %s", res.Body)
				}
			})
		}
	}
	// Every route has a row.
	rows := map[string]bool{}
	for _, c := range cases {
		p, _, _ := strings.Cut(c.path, "?")
		rows[c.method+" /api/groups/{groupId}"+strings.NewReplacer("{m}", "{mutiraoId}", "{member}", "{userId}").Replace(p)] = true
	}
	for _, r := range mutiroes.Routes(env.Deps) {
		// Escalas, partilhas and the calendar routes have matrices of their own.
		own := strings.Contains(r.Path, "/escalas") || strings.Contains(r.Path, "/partilhas") || strings.HasPrefix(r.Path, "/api/calendario") || strings.HasPrefix(r.Path, "/api/me/")
		if !rows[r.Method+" "+r.Path] && !own {
			t.Errorf("route %s %s has no row in the matrix", r.Method, r.Path)
		}
	}
}

// TestPublishedImpactIsPublic: once the dono publishes it, anyone sees the
// year's impact of a public group; a private group's stays hidden.
func TestPublishedImpactIsPublic(t *testing.T) {
	setup(t)
	clk.Set(noDia)
	for _, private := range []bool{false, true} {
		f := env.NewFixture(t, cast, testkit.FixtureOpts{Private: private})
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
