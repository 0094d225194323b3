package cultivos_test

import (
	"strings"
	"testing"

	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/api/cultivos"
)

// columns are the matrix's roles: plain is a group member with no part in
// the cultivo, Alvo its collaborator and Member its responsible.
func columns() []testkit.Role {
	return []testkit.Role{
		{Name: "anonymous", User: cast.Anon}, {Name: "stranger", User: cast.Stranger}, {Name: "group member", User: plain},
		{Name: "collaborator", User: cast.Alvo}, {Name: "responsible", User: cast.Member}, {Name: "coordinator", User: cast.Coord},
		{Name: "dono", User: cast.Owner}, {Name: "site admin", User: cast.Admin},
	}
}

// TestAuthorizationMatrix sends every route of the CultivosFunction as each
// role, each on a fresh cultivo of a fresh group (public unless the row says
// private).
func TestAuthorizationMatrix(t *testing.T) {
	setup(t)
	today := func() string { return todayDate() }
	type row struct {
		name, method, path string
		private            bool
		body               func(w world) any
		// prep makes, on the row's cultivo, what {item} names (a harvest, a diary entry).
		prep func(t *testing.T, cid string) string
		want testkit.Expect
	}
	cases := []row{
		{name: "catalogue", method: "GET", path: "/api/vegetables?q=alface", want: testkit.Expect{401, 200, 200, 200, 200, 200, 200, 200}},
		{name: "guides of a vegetable", method: "GET", path: "/api/vegetables/alface-verao/guias", want: testkit.Expect{401, 200, 200, 200, 200, 200, 200, 200}},
		{name: "guide", method: "GET", path: "/api/guias/{guia}", want: testkit.Expect{200, 200, 200, 200, 200, 200, 200, 200}},
		{name: "public guides", method: "GET", path: "/api/guias", want: testkit.Expect{200, 200, 200, 200, 200, 200, 200, 200}},
		{name: "public catalogue", method: "GET", path: "/api/hortalicas", want: testkit.Expect{200, 200, 200, 200, 200, 200, 200, 200}},
		{name: "public vegetable", method: "GET", path: "/api/hortalicas/alface-verao", want: testkit.Expect{200, 200, 200, 200, 200, 200, 200, 200}},
		// The shared replies CloudFront keeps (public.go): the same for everyone, token or not.
		{name: "shared catalogue", method: "GET", path: "/api/public/vegetables", want: testkit.Expect{200, 200, 200, 200, 200, 200, 200, 200}},
		{name: "shared vegetable", method: "GET", path: "/api/public/vegetables/alface-verao", want: testkit.Expect{200, 200, 200, 200, 200, 200, 200, 200}},
		{name: "shared vegetable guides", method: "GET", path: "/api/public/vegetables/alface-verao/guias", want: testkit.Expect{200, 200, 200, 200, 200, 200, 200, 200}},
		{name: "shared guide", method: "GET", path: "/api/public/guias/{guia}", want: testkit.Expect{200, 200, 200, 200, 200, 200, 200, 200}},
		{name: "shared plante agora", method: "GET", path: "/api/public/plante-agora?uf=SP", want: testkit.Expect{200, 200, 200, 200, 200, 200, 200, 200}},
		{name: "plante agora", method: "GET", path: "/api/vegetables/plante-agora?uf=SP", want: testkit.Expect{401, 200, 200, 200, 200, 200, 200, 200}},
		{name: "vegetable", method: "GET", path: "/api/vegetables/alface-verao", want: testkit.Expect{401, 200, 200, 200, 200, 200, 200, 200}},
		{name: "my cultivos", method: "GET", path: "/api/cultivos", want: testkit.Expect{401, 200, 200, 200, 200, 200, 200, 200}},
		{name: "create in the group", method: "POST", path: "/api/cultivos", body: func(w world) any {
			return map[string]any{"vegetalId": "rucula", "grupoId": w.f.Group.ID, "metodo": "semente", "quantidade": 30, "unidade": "sementes", "dataPlantio": today()}
		}, want: testkit.Expect{401, 403, 201, 201, 201, 201, 201, 403}},
		{name: "create in a private group", method: "POST", path: "/api/cultivos", private: true, body: func(w world) any {
			return map[string]any{"vegetalId": "rucula", "grupoId": w.f.Group.ID, "metodo": "semente", "quantidade": 30, "unidade": "sementes", "dataPlantio": today()}
		}, want: testkit.Expect{401, 404, 201, 201, 201, 201, 201, 403}},
		{name: "create personal", method: "POST", path: "/api/cultivos", body: func(w world) any {
			return map[string]any{"vegetalId": "rucula", "metodo": "semente", "quantidade": 2, "unidade": "m2", "dataPlantio": today()}
		}, want: testkit.Expect{401, 201, 201, 201, 201, 201, 201, 201}},
		{name: "cultivo", method: "GET", path: "/api/cultivos/{cid}", want: testkit.Expect{401, 404, 200, 200, 200, 200, 200, 200}},
		{name: "cultivo of a private group", method: "GET", path: "/api/cultivos/{cid}", private: true, want: testkit.Expect{401, 404, 200, 200, 200, 200, 200, 200}},
		{name: "next phase", method: "POST", path: "/api/cultivos/{cid}/fase", body: func(world) any { return map[string]any{"fase": "germinando"} },
			want: testkit.Expect{401, 404, 403, 200, 200, 403, 403, 403}},
		{name: "perdido", method: "POST", path: "/api/cultivos/{cid}/fase", body: func(world) any { return map[string]any{"fase": "perdido", "motivo": "Formigas"} },
			want: testkit.Expect{401, 404, 403, 200, 200, 200, 200, 403}},
		{name: "edit", method: "PUT", path: "/api/cultivos/{cid}", body: func(world) any { return editBody(1, "", cast.Alvo.ID) },
			want: testkit.Expect{401, 404, 403, 200, 200, 403, 403, 403}},
		{name: "edit the collaborators", method: "PUT", path: "/api/cultivos/{cid}", body: func(world) any { return editBody(1, "") },
			want: testkit.Expect{401, 404, 403, 403, 200, 403, 403, 403}},
		{name: "archive", method: "POST", path: "/api/cultivos/{cid}/arquivo", body: func(world) any { return map[string]any{"arquivado": true} },
			want: testkit.Expect{401, 404, 403, 403, 200, 200, 200, 403}},
		{name: "diary", method: "GET", path: "/api/cultivos/{cid}/diario", want: testkit.Expect{401, 404, 200, 200, 200, 200, 200, 200}},
		{name: "diary entry", method: "POST", path: "/api/cultivos/{cid}/diario", body: func(world) any { return map[string]any{"tipo": "rega", "texto": "Regado de manhã"} },
			want: testkit.Expect{401, 404, 403, 201, 201, 403, 403, 403}},
		{name: "harvests", method: "GET", path: "/api/cultivos/{cid}/colheitas", want: testkit.Expect{401, 404, 200, 200, 200, 200, 200, 200}},
		{name: "harvest", method: "POST", path: "/api/cultivos/{cid}/colheitas", body: func(world) any {
			return map[string]any{"quantidade": 1.2, "unidade": "kg", "data": today(), "destino": "consumo"}
		}, want: testkit.Expect{401, 404, 403, 201, 201, 403, 403, 403}},
		{name: "correct a harvest", method: "PUT", path: "/api/cultivos/{cid}/colheitas/{item}", prep: memberColheita(1), body: func(world) any {
			return map[string]any{"quantidade": 1.5, "unidade": "kg", "data": today(), "destino": "doado"}
		}, want: testkit.Expect{401, 404, 403, 403, 200, 403, 403, 403}},
		{name: "delete a harvest", method: "DELETE", path: "/api/cultivos/{cid}/colheitas/{item}", prep: memberColheita(1),
			want: testkit.Expect{401, 404, 403, 403, 204, 403, 403, 403}},
		{name: "confirm a harvest", method: "POST", path: "/api/cultivos/{cid}/colheitas/{item}/confirmacao", prep: memberColheita(500),
			want: testkit.Expect{401, 404, 200, 200, 403, 200, 200, 200}},
		{name: "delete a diary entry", method: "DELETE", path: "/api/cultivos/{cid}/diario/{item}", prep: memberEntry,
			want: testkit.Expect{401, 404, 403, 403, 204, 403, 403, 403}},
		{name: "group cultivos", method: "GET", path: "/api/groups/{gid}/cultivos", want: testkit.Expect{401, 403, 200, 200, 200, 200, 200, 200}},
		{name: "group cultivos private", method: "GET", path: "/api/groups/{gid}/cultivos", private: true, want: testkit.Expect{401, 404, 200, 200, 200, 200, 200, 200}},
		{name: "harvests to confirm", method: "GET", path: "/api/groups/{gid}/colheitas-a-confirmar", want: testkit.Expect{401, 403, 200, 200, 200, 200, 200, 200}},
		{name: "harvests to confirm private", method: "GET", path: "/api/groups/{gid}/colheitas-a-confirmar", private: true, want: testkit.Expect{401, 404, 200, 200, 200, 200, 200, 200}},
	}
	worlds := map[bool]world{}
	testkit.Matrix(t, columns(), cases, func(c row) (string, testkit.Expect) { return c.name, c.want }, func(t *testing.T, c row, u testkit.User) testkit.Response {
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
		return testkit.Do(t, h, c.method, path, u, b)
	})
	// The site admins' routes have their own matrix (admin_test.go).
	testkit.EveryRouteHasARow(t, cultivos.Routes(env.Deps), func(p string) bool { return !strings.HasPrefix(p, "/api/admin/") }, cases, func(c row) string {
		return c.method + " " + strings.NewReplacer("{cid}", "{cultivoId}", "{gid}", "{groupId}", "alface-verao", "{vegetalId}", "{guia}", "{guiaId}",
			"colheitas/{item}", "colheitas/{colheitaId}", "diario/{item}", "diario/{entradaId}").Replace(c.path)
	})
}

// memberColheita records a harvest of kg by the cultivo's responsible member
// (500 kg of twelve mudas of alface waits for confirmation); its id.
func memberColheita(kg float64) func(t *testing.T, cid string) string {
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
