package cultivos_test

import (
	"strings"
	"testing"

	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/api/cultivos"
)

// roles are the matrix columns.
var roles = [8]string{"anonymous", "stranger", "group member", "collaborator", "responsible", "coordinator", "dono", "site admin"}

func byRole() [8]testkit.User {
	return [8]testkit.User{cast.Anon, cast.Stranger, plain, cast.Alvo, cast.Member, cast.Coord, cast.Owner, cast.Admin}
}

type expect [8]int

// TestAuthorizationMatrix sends every route of the CultivosFunction as each
// role, each on a fresh cultivo of a fresh group (public unless the row says
// private).
func TestAuthorizationMatrix(t *testing.T) {
	setup(t)
	const (
		ok, created, noContent      = 200, 201, 204
		unauth, forbidden, notFound = 401, 403, 404
	)
	today := func() string { return todayDate() }
	cases := []struct {
		name, method, path string
		private            bool
		body               func(w world) any
		// prep makes, on the row's cultivo, what {item} names (a harvest, a diary entry).
		prep func(t *testing.T, cid string) string
		want expect
	}{
		{name: "catalogue", method: "GET", path: "/api/vegetables?q=alface", want: expect{unauth, ok, ok, ok, ok, ok, ok, ok}},
		{name: "guides of a vegetable", method: "GET", path: "/api/vegetables/alface-verao/guias", want: expect{unauth, ok, ok, ok, ok, ok, ok, ok}},
		{name: "guide", method: "GET", path: "/api/guias/{guia}", want: expect{ok, ok, ok, ok, ok, ok, ok, ok}},
		{name: "public guides", method: "GET", path: "/api/guias", want: expect{ok, ok, ok, ok, ok, ok, ok, ok}},
		{name: "public catalogue", method: "GET", path: "/api/hortalicas", want: expect{ok, ok, ok, ok, ok, ok, ok, ok}},
		{name: "public vegetable", method: "GET", path: "/api/hortalicas/alface-verao", want: expect{ok, ok, ok, ok, ok, ok, ok, ok}},
		// The shared replies CloudFront keeps (public.go): the same for everyone, token or not.
		{name: "shared catalogue", method: "GET", path: "/api/public/vegetables", want: expect{ok, ok, ok, ok, ok, ok, ok, ok}},
		{name: "shared vegetable", method: "GET", path: "/api/public/vegetables/alface-verao", want: expect{ok, ok, ok, ok, ok, ok, ok, ok}},
		{name: "shared vegetable guides", method: "GET", path: "/api/public/vegetables/alface-verao/guias", want: expect{ok, ok, ok, ok, ok, ok, ok, ok}},
		{name: "shared guide", method: "GET", path: "/api/public/guias/{guia}", want: expect{ok, ok, ok, ok, ok, ok, ok, ok}},
		{name: "shared plante agora", method: "GET", path: "/api/public/plante-agora?uf=SP", want: expect{ok, ok, ok, ok, ok, ok, ok, ok}},
		{name: "plante agora", method: "GET", path: "/api/vegetables/plante-agora?uf=SP", want: expect{unauth, ok, ok, ok, ok, ok, ok, ok}},
		{name: "vegetable", method: "GET", path: "/api/vegetables/alface-verao", want: expect{unauth, ok, ok, ok, ok, ok, ok, ok}},
		{name: "my cultivos", method: "GET", path: "/api/cultivos", want: expect{unauth, ok, ok, ok, ok, ok, ok, ok}},
		{name: "create in the group", method: "POST", path: "/api/cultivos", body: func(w world) any {
			return map[string]any{"vegetalId": "rucula", "grupoId": w.f.Group.ID, "metodo": "semente", "quantidade": 30, "unidade": "sementes", "dataPlantio": today()}
		}, want: expect{unauth, forbidden, created, created, created, created, created, forbidden}},
		{name: "create in a private group", method: "POST", path: "/api/cultivos", private: true, body: func(w world) any {
			return map[string]any{"vegetalId": "rucula", "grupoId": w.f.Group.ID, "metodo": "semente", "quantidade": 30, "unidade": "sementes", "dataPlantio": today()}
		}, want: expect{unauth, notFound, created, created, created, created, created, forbidden}},
		{name: "create personal", method: "POST", path: "/api/cultivos", body: func(w world) any {
			return map[string]any{"vegetalId": "rucula", "metodo": "semente", "quantidade": 2, "unidade": "m2", "dataPlantio": today()}
		}, want: expect{unauth, created, created, created, created, created, created, created}},
		{name: "cultivo", method: "GET", path: "/api/cultivos/{cid}", want: expect{unauth, notFound, ok, ok, ok, ok, ok, ok}},
		{name: "cultivo of a private group", method: "GET", path: "/api/cultivos/{cid}", private: true, want: expect{unauth, notFound, ok, ok, ok, ok, ok, ok}},
		{name: "next phase", method: "POST", path: "/api/cultivos/{cid}/fase", body: func(world) any { return map[string]any{"fase": "germinando"} },
			want: expect{unauth, notFound, forbidden, ok, ok, forbidden, forbidden, forbidden}},
		{name: "perdido", method: "POST", path: "/api/cultivos/{cid}/fase", body: func(world) any { return map[string]any{"fase": "perdido", "motivo": "Formigas"} },
			want: expect{unauth, notFound, forbidden, ok, ok, ok, ok, forbidden}},
		{name: "edit", method: "PUT", path: "/api/cultivos/{cid}", body: func(world) any { return editBody(1, "", cast.Alvo.ID) },
			want: expect{unauth, notFound, forbidden, ok, ok, forbidden, forbidden, forbidden}},
		{name: "edit the collaborators", method: "PUT", path: "/api/cultivos/{cid}", body: func(world) any { return editBody(1, "") },
			want: expect{unauth, notFound, forbidden, forbidden, ok, forbidden, forbidden, forbidden}},
		{name: "archive", method: "POST", path: "/api/cultivos/{cid}/arquivo", body: func(world) any { return map[string]any{"arquivado": true} },
			want: expect{unauth, notFound, forbidden, forbidden, ok, ok, ok, forbidden}},
		{name: "diary", method: "GET", path: "/api/cultivos/{cid}/diario", want: expect{unauth, notFound, ok, ok, ok, ok, ok, ok}},
		{name: "diary entry", method: "POST", path: "/api/cultivos/{cid}/diario", body: func(world) any { return map[string]any{"tipo": "rega", "texto": "Regado de manhã"} },
			want: expect{unauth, notFound, forbidden, created, created, forbidden, forbidden, forbidden}},
		{name: "harvests", method: "GET", path: "/api/cultivos/{cid}/colheitas", want: expect{unauth, notFound, ok, ok, ok, ok, ok, ok}},
		{name: "harvest", method: "POST", path: "/api/cultivos/{cid}/colheitas", body: func(world) any {
			return map[string]any{"quantidade": 1.2, "unidade": "kg", "data": today(), "destino": "consumo"}
		}, want: expect{unauth, notFound, forbidden, created, created, forbidden, forbidden, forbidden}},
		{name: "correct a harvest", method: "PUT", path: "/api/cultivos/{cid}/colheitas/{item}", prep: memberHarvest(1), body: func(world) any {
			return map[string]any{"quantidade": 1.5, "unidade": "kg", "data": today(), "destino": "doado"}
		}, want: expect{unauth, notFound, forbidden, forbidden, ok, forbidden, forbidden, forbidden}},
		{name: "delete a harvest", method: "DELETE", path: "/api/cultivos/{cid}/colheitas/{item}", prep: memberHarvest(1),
			want: expect{unauth, notFound, forbidden, forbidden, noContent, forbidden, forbidden, forbidden}},
		{name: "confirm a harvest", method: "POST", path: "/api/cultivos/{cid}/colheitas/{item}/confirmacao", prep: memberHarvest(500),
			want: expect{unauth, notFound, ok, ok, forbidden, ok, ok, ok}},
		{name: "delete a diary entry", method: "DELETE", path: "/api/cultivos/{cid}/diario/{item}", prep: memberEntry,
			want: expect{unauth, notFound, forbidden, forbidden, noContent, forbidden, forbidden, forbidden}},
		{name: "group cultivos", method: "GET", path: "/api/groups/{gid}/cultivos", want: expect{unauth, forbidden, ok, ok, ok, ok, ok, ok}},
		{name: "group cultivos private", method: "GET", path: "/api/groups/{gid}/cultivos", private: true, want: expect{unauth, notFound, ok, ok, ok, ok, ok, ok}},
		{name: "harvests to confirm", method: "GET", path: "/api/groups/{gid}/colheitas-a-confirmar", want: expect{unauth, forbidden, ok, ok, ok, ok, ok, ok}},
		{name: "harvests to confirm private", method: "GET", path: "/api/groups/{gid}/colheitas-a-confirmar", private: true, want: expect{unauth, notFound, ok, ok, ok, ok, ok, ok}},
	}
	codes := map[int]string{unauth: "unauthenticated", forbidden: "forbidden", notFound: "not_found"}
	worlds := map[bool]world{}
	for _, c := range cases {
		for i, u := range byRole() {
			t.Run(c.name+"/"+roles[i], func(t *testing.T) {
				w, ok := worlds[c.private]
				if !ok {
					w = newWorld(t, testkit.FixtureOpts{Private: c.private})
					worlds[c.private] = w
				}
				// Each write acts on a cultivo of its own.
				cid := w.cultivo
				if c.method != "GET" {
					cid = newCultivo(t, w.f.Group.ID, "", cast.Member, cast.Alvo)
				}
				item := ""
				if c.prep != nil {
					item = c.prep(t, cid)
				}
				path := strings.NewReplacer("{cid}", cid, "{gid}", w.f.Group.ID, "{guia}", fixtureGuide(t), "{item}", item).Replace(c.path)
				var b any
				if c.body != nil {
					b = c.body(w)
				}
				res := testkit.Do(t, h, c.method, path, u, b)
				if res.Status != c.want[i] {
					t.Fatalf("%s %s as %s: %d, want %d: %s", c.method, path, roles[i], res.Status, c.want[i], res.Body)
				}
				if want, isErr := codes[res.Status]; isErr && res.ErrorCode() != want {
					t.Fatalf("envelope %s", res.Body)
				}
			})
		}
	}
	rows := map[string]bool{}
	for _, c := range cases {
		p, _, _ := strings.Cut(c.path, "?")
		p = strings.NewReplacer("{cid}", "{cultivoId}", "{gid}", "{groupId}", "alface-verao", "{vegetalId}", "{guia}", "{guiaId}",
			"colheitas/{item}", "colheitas/{colheitaId}", "diario/{item}", "diario/{entradaId}").Replace(p)
		rows[c.method+" "+p] = true
	}
	for _, r := range cultivos.Routes(env.Deps) {
		// The site admins' routes have their own matrix (admin_test.go).
		if !rows[r.Method+" "+r.Path] && !strings.HasPrefix(r.Path, "/api/admin/") {
			t.Errorf("route %s %s has no row in the matrix", r.Method, r.Path)
		}
	}
}

// memberHarvest records a harvest of kg by the cultivo's responsible member
// (500 kg of twelve mudas of alface waits for confirmation); its id.
func memberHarvest(kg float64) func(t *testing.T, cid string) string {
	return func(t *testing.T, cid string) string {
		t.Helper()
		res := testkit.Do(t, h, "POST", "/api/cultivos/"+cid+"/colheitas", cast.Member,
			map[string]any{"quantidade": kg, "unidade": "kg", "data": todayDate(), "destino": "consumo"})
		if res.Status != 201 {
			t.Fatalf("harvest: %d %s", res.Status, res.Body)
		}
		var out cultivos.ColheitaCriada
		res.Decode(t, &out)
		return out.Colheita.ID
	}
}

// memberEntry writes a diary entry by the cultivo's responsible member; its id.
func memberEntry(t *testing.T, cid string) string {
	t.Helper()
	res := testkit.Do(t, h, "POST", "/api/cultivos/"+cid+"/diario", cast.Member, map[string]any{"tipo": "observacao", "texto": "Folhas novas"})
	if res.Status != 201 {
		t.Fatalf("diary entry: %d %s", res.Status, res.Body)
	}
	var out cultivos.DiarioCriado
	res.Decode(t, &out)
	return out.Entry.ID
}
