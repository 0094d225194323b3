package mutiroes_test

import (
	"context"
	"strings"
	"testing"

	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/api/mutiroes"
	"github.com/verde-app/verde/shared/domain"
)

// newColheita is a harvest of 5 kg by who in gid (destino doado), on 2030-03-10.
func newColheita(t testing.TB, gid string, who testkit.User, destino string) (cultivo, colheita string) {
	t.Helper()
	ctx := context.Background()
	clk.Set(brt(2030, 3, 10, 12, 0))
	in := domain.CultivoInput{VegetalID: "alface-verao", GrupoID: gid, Metodo: "muda", Quantidade: ptr(6.0), Unidade: "mudas", DataPlantio: "2030-01-20", Fase: domain.FaseSemeado}
	c := env.CreateCultivo(t, in, who)
	hin := domain.ColheitaInput{Quantidade: ptr(5.0), Unidade: "kg", Data: "2030-03-10", Destino: destino}
	if err := hin.Valid(); err != nil {
		t.Fatal(err)
	}
	h, err := env.Deps.Store.AddColheita(ctx, c.ID, testkit.Actor(who), hin)
	if err != nil {
		t.Fatal(err)
	}
	return c.ID, h.Colheita.ID
}

func newPartilha(t testing.TB, gid string) string {
	t.Helper()
	c, h := newColheita(t, gid, cast.Member, "doado")
	p, err := env.Deps.Store.CreatePartilha(context.Background(), gid, testkit.Actor(cast.Member), domain.PartilhaInput{CultivoID: c, ColheitaID: h, Quantidade: ptr(4.0)})
	if err != nil {
		t.Fatal(err)
	}
	return p.ID
}

// TestPartilhaAuthorizationMatrix sends every partilha route as each role;
// Member offered 4 kg, Alvo reserved 1 kg.
func TestPartilhaAuthorizationMatrix(t *testing.T) {
	setup(t)
	type row struct {
		name, method, path string
		body               func(gid string) any
		private            bool
		want               testkit.Expect
	}
	cases := []row{
		{name: "list", method: "GET", path: "/partilhas", want: testkit.Expect{401, 403, 200, 200, 200, 200}},
		{name: "list private", method: "GET", path: "/partilhas", private: true, want: testkit.Expect{401, 404, 200, 200, 200, 200}},
		// Only the harvest's author may offer it: the others get 403 from the rule.
		{name: "create", method: "POST", path: "/partilhas", body: func(gid string) any {
			c, h := newColheita(t, gid, cast.Member, "compartilhado")
			return map[string]any{"cultivoId": c, "colheitaId": h, "quantidade": 2}
		}, want: testkit.Expect{401, 403, 201, 403, 403, 403}},
		{name: "get", method: "GET", path: "/partilhas/{p}", want: testkit.Expect{401, 403, 200, 200, 200, 200}},
		// The giver may not reserve their own (409).
		{name: "reserve", method: "PUT", path: "/partilhas/{p}/reserva", body: func(string) any { return map[string]any{"quantidade": 0.5} },
			want: testkit.Expect{401, 403, 409, 200, 200, 403}},
		{name: "give back", method: "DELETE", path: "/partilhas/{p}/reserva", want: testkit.Expect{401, 403, 404, 404, 404, 403}},
		{name: "deliver", method: "POST", path: "/partilhas/{p}/reservas/{alvo}/entregue", want: testkit.Expect{401, 403, 200, 403, 403, 403}},
		{name: "close", method: "POST", path: "/partilhas/{p}/encerrar", want: testkit.Expect{401, 403, 200, 200, 200, 403}},
	}
	testkit.Matrix(t, cast.Columns(), cases, func(c row) (string, testkit.Expect) { return c.name, c.want }, func(t *testing.T, c row, u testkit.User) testkit.Response {
		f := env.NewFixture(t, *cast, testkit.FixtureOpts{Private: c.private})
		pid := newPartilha(t, f.Group.ID)
		if _, err := env.Deps.Store.Reservar(context.Background(), f.Group.ID, pid, testkit.Actor(cast.Alvo), domain.ReservaInput{Quantidade: ptr(1.0)}); err != nil {
			t.Fatal(err)
		}
		var b any
		if c.body != nil {
			b = c.body(f.Group.ID)
		}
		path := "/api/groups/" + f.Group.ID + strings.NewReplacer("{p}", pid, "{alvo}", cast.Alvo.ID).Replace(c.path)
		return testkit.Do(t, h, c.method, path, u, b)
	})
	testkit.EveryRouteHasARow(t, mutiroes.Routes(env.Deps), func(p string) bool { return strings.Contains(p, "/partilhas") }, cases, func(c row) string {
		return c.method + " /api/groups/{groupId}" + strings.NewReplacer("{p}", "{partilhaId}", "{alvo}", "{userId}").Replace(c.path)
	})
}

// TestPartilhaReservesNeverExceedTheOfferAndDeliveriesCount: ten members
// race for 4 kg in parts of 1 kg: exactly four get one; a part given back
// goes to the next; delivering counts the kg for the giver in the report.
func TestPartilhaReservesNeverExceedTheOfferAndDeliveriesCount(t *testing.T) {
	setup(t)
	ctx := context.Background()
	f := env.NewFixture(t, *cast, testkit.FixtureOpts{})
	gid := f.Group.ID
	pid := newPartilha(t, gid)
	people := members(t, gid, 10)
	base := "/api/groups/" + gid + "/partilhas/" + pid
	status := testkit.AtOnce(len(people), func(i int) int {
		return testkit.Do(t, h, "PUT", base+"/reserva", people[i], map[string]any{"quantidade": 1}).Status
	})
	got := map[int]int{}
	var winner, loser testkit.User
	for i, s := range status {
		got[s]++
		if s == 200 {
			winner = people[i]
		} else {
			loser = people[i]
		}
	}
	if got[200] != 4 || got[400] != 6 {
		t.Fatalf("statuses %v", got)
	}
	var d mutiroes.PartilhaDetail
	testkit.Do(t, h, "GET", base, cast.Member, nil).Decode(t, &d)
	if d.Restante != 0 || d.Partilha.Reservas != 4 || len(d.ReservasLista) != 4 {
		t.Fatalf("offer after the race: %+v", d)
	}
	// A part given back is reserved by another.
	if res := testkit.Do(t, h, "DELETE", base+"/reserva", winner, nil); res.Status != 204 {
		t.Fatalf("give back: %d %s", res.Status, res.Body)
	}
	if res := testkit.Do(t, h, "PUT", base+"/reserva", loser, map[string]any{"quantidade": 1}); res.Status != 200 {
		t.Fatalf("reserve the part given back: %d %s", res.Status, res.Body)
	}
	// Two deliveries: 2 kg for Member in March 2030 (the clock's month).
	clk.Set(brt(2030, 3, 15, 10, 0))
	n := 0
	for _, r := range d.ReservasLista {
		if r.UserID == winner.ID || n == 2 {
			continue
		}
		if res := testkit.Do(t, h, "POST", base+"/reservas/"+r.UserID+"/entregue", cast.Member, nil); res.Status != 200 {
			t.Fatalf("deliver: %d %s", res.Status, res.Body)
		}
		n++
	}
	rel := report(t, gid, "2030-03", "2030-03")
	if rel.PartilhaKg != 2 {
		t.Fatalf("partilha kg %g", rel.PartilhaKg)
	}
	for _, m := range rel.PorMembro {
		if m.UserID == cast.Member.ID && m.PartilhaKg != 2 {
			t.Fatalf("Member's partilha kg: %+v", m)
		}
	}
	// Calls: the list and the page are two each, an act one transaction after them.
	testkit.Do(t, h, "GET", "/api/groups/"+gid+"/partilhas", cast.Alvo, nil) // the cursor secret, read once per container
	act := calls{"BatchGetItem": 1, "Query": 1, "TransactWriteItems": 1}
	testkit.MeasureAll(t, env, h, []callCase{
		{"list", "GET", "/api/groups/" + gid + "/partilhas", cast.Alvo, nil, 200, calls{"BatchGetItem": 1, "Query": 1}},
		{"page", "GET", base, cast.Alvo, nil, 200, calls{"BatchGetItem": 1, "Query": 1}},
		{"give back", "DELETE", base + "/reserva", loser, nil, 204, act},
		{"reserve", "PUT", base + "/reserva", cast.Alvo, map[string]any{"quantidade": 1}, 200, act},
		{"deliver", "POST", base + "/reservas/" + cast.Alvo.ID + "/entregue", cast.Member, nil, 200, act},
		{"close", "POST", base + "/encerrar", cast.Member, nil, 200, act},
	})
	_ = ctx
}
