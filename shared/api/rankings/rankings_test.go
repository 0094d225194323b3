package rankings_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/google/uuid"

	"github.com/verde-app/verde/infra/local/cloud"
	"github.com/verde-app/verde/infra/local/testcloud"
	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/api/me"
	"github.com/verde-app/verde/shared/api/rankings"
	"github.com/verde-app/verde/shared/domain"
)

// The catalogue is seeded (cloud.Options{}): the harvests are of its cultivos.
func TestMain(m *testing.M) { testcloud.Run(m, cloud.Options{}) }

// The world every test here shares (made once, on the first setup): the cast and the rankings handler.
var env, cast, h, setup = testkit.Vars(&testkit.Area{Cast: new(testkit.Cast), Server: rankings.NewServer})

func qty(f float64) *float64 { return &f }

// rebuild runs the views job's rankings snapshot now (every 15 minutes in AWS).
func rebuild(t testing.TB) {
	t.Helper()
	if _, err := env.Deps.Store.RebuildRankings(context.Background(), true); err != nil {
		t.Fatal(err)
	}
}

// colheita makes a cultivo of by in group gid and harvests kg of it.
func colheita(t *testing.T, gid string, by testkit.User, kg float64) {
	t.Helper()
	ctx := context.Background()
	today := domain.FormatDate(domain.LocalDate(env.Deps.Now()))
	// Planted a month ago: the harvest is plausible and counts (store/colheitas.go).
	planted := domain.FormatDate(domain.LocalDate(env.Deps.Now()).AddDate(0, 0, -30))
	in := domain.CultivoInput{VegetalID: "alface-verao", GrupoID: gid, Metodo: "muda", Quantidade: qty(12),
		Unidade: "mudas", DataPlantio: planted, Fase: domain.FaseSemeado}
	id := env.NewCultivo(t, in, by)
	hin := domain.ColheitaInput{Quantidade: qty(kg), Unidade: domain.UnidadeKg, Data: today, Destino: "consumo"}
	if err := hin.Valid(); err != nil {
		t.Fatal(err)
	}
	if _, err := env.Deps.Store.AddColheita(ctx, id, testkit.Actor(by), hin); err != nil {
		t.Fatalf("harvest: %v", err)
	}
}

// TestRankingRoutesAuthorization: every route for every role, with the
// DynamoDB calls of each answer bounded (≤ 12).
func TestRankingRoutesAuthorization(t *testing.T) {
	setup(t)
	pub := env.NewFixture(t, *cast, testkit.FixtureOpts{})
	priv := env.NewFixture(t, *cast, testkit.FixtureOpts{Private: true})
	type row struct {
		path string
		want testkit.Expect // anonymous, stranger, member, coordinator, owner, admin
	}
	testkit.Matrix(t, cast.Columns(), []row{
		{"/api/rankings/membros", testkit.Expect{401, 200, 200, 200, 200, 200}},
		{"/api/rankings/membros?periodo=mes", testkit.Expect{401, 200, 200, 200, 200, 200}},
		{"/api/rankings/grupos", testkit.Expect{401, 200, 200, 200, 200, 200}},
		{"/api/rankings/grupos?periodo=mes&grupo=" + pub.Group.ID, testkit.Expect{401, 403, 200, 200, 200, 200}},
		{"/api/rankings/grupos?grupo=" + priv.Group.ID, testkit.Expect{401, 403, 200, 200, 200, 200}},
		{"/api/rankings/grupos/" + pub.Group.ID + "/membros", testkit.Expect{401, 403, 200, 200, 200, 200}},
		{"/api/rankings/grupos/" + pub.Group.ID + "/membros?periodo=mes", testkit.Expect{401, 403, 200, 200, 200, 200}},
		{"/api/rankings/grupos/" + priv.Group.ID + "/membros", testkit.Expect{401, 404, 200, 200, 200, 200}},
		{"/api/rankings/grupos/" + uuid.NewString() + "/membros", testkit.Expect{401, 404, 404, 404, 404, 404}},
		{"/api/rankings/liga", testkit.Expect{401, 200, 200, 200, 200, 200}},
	}, func(c row) (string, testkit.Expect) { return "GET " + c.path, c.want }, func(t *testing.T, c row, u testkit.User) testkit.Response {
		env.Calls.Reset()
		r := testkit.Do(t, h, "GET", c.path, u, nil)
		if n := env.Calls.Total(); n > 12 {
			t.Errorf("GET %s: %d DynamoDB calls %v", c.path, n, env.Calls.ByOperation())
		}
		return r
	})
	for _, path := range []string{"/api/rankings/membros?periodo=semana", "/api/rankings/membros?periodo=", "/api/rankings/grupos?periodo=x", "/api/rankings/grupos/" + pub.Group.ID + "/membros?periodo=ano"} {
		r := testkit.Do(t, h, "GET", path, cast.Member, nil)
		if r.Status != 400 || r.ErrorField() != "periodo" {
			t.Errorf("GET %s: %d %s", path, r.Status, r.Body)
		}
	}
}

type standing struct {
	Valor      int  `json:"valor"`
	Posicao    *int `json:"posicao"`
	Aproximada bool `json:"aproximada"`
	Oculto     bool `json:"oculto"`
}

type membersRanking struct {
	Itens []struct {
		Posicao int    `json:"posicao"`
		ID      string `json:"id"`
		Nome    string `json:"nome"`
		Pontos  int    `json:"pontos"`
	} `json:"itens"`
	Eu standing `json:"eu"`
}

type groupsRanking struct {
	Itens []struct {
		Posicao int     `json:"posicao"`
		ID      *string `json:"id"`
		Nome    *string `json:"nome"`
		Meu     bool    `json:"meu"`
		Kg      float64 `json:"kg"`
	} `json:"itens"`
	Grupo *standing `json:"grupo"`
}

// TestGroupRankingsFollowColheitasAndOptOut: a group's harvest in kg puts it
// in the groups' rankings (a private group unnamed to outsiders); the group
// ranking lists its members by points; opting out through PUT /api/me takes
// a member out of the lists while they still see their own standing.
func TestGroupRankingsFollowColheitasAndOptOut(t *testing.T) {
	setup(t)
	priv := env.NewFixture(t, *cast, testkit.FixtureOpts{Private: true})
	colheita(t, priv.Group.ID, cast.Member, 2.5)
	colheita(t, priv.Group.ID, cast.Member, 1.25)
	rebuild(t)

	find := func(r groupsRanking, kg float64) (int, bool, bool) {
		for _, it := range r.Itens {
			if it.Kg == kg {
				return it.Posicao, it.Nome != nil && *it.Nome == priv.Group.Nome, it.Meu
			}
		}
		return 0, false, false
	}
	for _, p := range []string{"geral", "mes"} {
		var mine groupsRanking
		testkit.Do(t, h, "GET", "/api/rankings/grupos?periodo="+p+"&grupo="+priv.Group.ID, cast.Member, nil).Decode(t, &mine)
		pos, named, meu := find(mine, 3.75)
		if pos == 0 || !named || !meu || mine.Grupo == nil || mine.Grupo.Valor != 3750 || mine.Grupo.Posicao == nil || *mine.Grupo.Posicao != pos {
			t.Errorf("%s, member: %+v", p, mine)
		}
		var other groupsRanking
		testkit.Do(t, h, "GET", "/api/rankings/grupos?periodo="+p, cast.Stranger, nil).Decode(t, &other)
		if pos2, named, _ := find(other, 3.75); pos2 != pos || named {
			t.Errorf("%s, stranger sees the private group named or elsewhere: %+v", p, other)
		}
	}

	// The group's members by points: Member harvested twice (50 each).
	path := "/api/rankings/grupos/" + priv.Group.ID + "/membros"
	var gr membersRanking
	testkit.Do(t, h, "GET", path, cast.Coord, nil).Decode(t, &gr)
	if len(gr.Itens) == 0 {
		t.Fatal("empty group ranking")
	}
	prev := 1 << 30
	seen := map[string]bool{}
	for _, it := range gr.Itens {
		if it.Pontos > prev {
			t.Errorf("not in order: %+v", gr.Itens)
		}
		prev = it.Pontos
		seen[it.ID] = true
	}
	if !seen[cast.Member.ID] || gr.Eu.Posicao == nil {
		t.Errorf("group ranking %+v", gr)
	}

	// Opting out (PUT /api/me) and back in.
	meh := me.NewServer(env.Deps)
	r := testkit.Do(t, meh, "PUT", "/api/me", cast.Member, map[string]any{"ocultarDoRanking": true})
	if r.Status != 200 || !r.Map(t)["ocultarDoRanking"].(bool) {
		t.Fatalf("opt out: %d %s", r.Status, r.Body)
	}
	for _, p := range []string{path, "/api/rankings/membros", "/api/rankings/membros?periodo=mes"} {
		var mine, other membersRanking
		testkit.Do(t, h, "GET", p, cast.Member, nil).Decode(t, &mine)
		testkit.Do(t, h, "GET", p, cast.Owner, nil).Decode(t, &other)
		for _, it := range append(mine.Itens, other.Itens...) {
			if it.ID == cast.Member.ID {
				t.Errorf("%s: opted-out member listed", p)
			}
		}
		if !mine.Eu.Oculto || mine.Eu.Posicao == nil || mine.Eu.Valor == 0 {
			t.Errorf("%s: opted-out member's own standing %+v", p, mine.Eu)
		}
	}
	r = testkit.Do(t, meh, "PUT", "/api/me", cast.Member, map[string]any{"ocultarDoRanking": false})
	if r.Status != 200 || r.Map(t)["ocultarDoRanking"].(bool) {
		t.Fatalf("opt in: %d %s", r.Status, r.Body)
	}
	var back membersRanking
	testkit.Do(t, h, "GET", path, cast.Member, nil).Decode(t, &back)
	found := false
	for _, it := range back.Itens {
		found = found || it.ID == cast.Member.ID
	}
	if !found {
		t.Errorf("back in: %+v", back)
	}
	r = testkit.Do(t, meh, "PUT", "/api/me", cast.Member, map[string]any{"ocultarDoRanking": "sim"})
	if r.Status != 400 {
		t.Errorf("ocultarDoRanking as a string: %d %s", r.Status, r.Body)
	}
	_ = fmt.Sprint
}

// TestMyStandingAloneWithLimitZero: the dashboard's card asks for its own
// standing this month with limit=0: the same standing as the full ranking
// (also when opted out), no top, in fewer DynamoDB calls; limit is checked.
func TestMyStandingAloneWithLimitZero(t *testing.T) {
	setup(t)
	fx := env.NewFixture(t, *cast, testkit.FixtureOpts{})
	colheita(t, fx.Group.ID, cast.Coord, 1.5)
	meh := me.NewServer(env.Deps)
	for _, hidden := range []bool{false, true} {
		if r := testkit.Do(t, meh, "PUT", "/api/me", cast.Coord, map[string]any{"ocultarDoRanking": hidden}); r.Status != 200 {
			t.Fatalf("privacy %v: %d %s", hidden, r.Status, r.Body)
		}
		for _, p := range []string{"geral", "mes"} {
			var full, alone membersRanking
			env.Calls.Reset()
			testkit.Do(t, h, "GET", "/api/rankings/membros?periodo="+p, cast.Coord, nil).Decode(t, &full)
			fullCalls := env.Calls.Total()
			env.Calls.Reset()
			r := testkit.Do(t, h, "GET", "/api/rankings/membros?periodo="+p+"&limit=0", cast.Coord, nil)
			aloneCalls := env.Calls.Total()
			r.Decode(t, &alone)
			if r.Status != 200 || len(alone.Itens) != 0 || !sameStanding(alone.Eu, full.Eu) || alone.Eu.Posicao == nil || alone.Eu.Valor == 0 || alone.Eu.Oculto != hidden {
				t.Errorf("%s hidden=%v: alone %d %+v, full %+v", p, hidden, r.Status, alone, full.Eu)
			}
			if aloneCalls > 7 || aloneCalls > fullCalls || len(r.Body) > 200 {
				t.Errorf("%s: limit=0 took %d DynamoDB calls (full ranking %d) %v and %d bytes", p, aloneCalls, fullCalls, env.Calls.ByOperation(), len(r.Body))
			}
			var three membersRanking
			testkit.Do(t, h, "GET", "/api/rankings/membros?periodo="+p+"&limit=3", cast.Coord, nil).Decode(t, &three)
			if len(three.Itens) > 3 || !sameStanding(three.Eu, full.Eu) || (len(full.Itens) >= 3 && len(three.Itens) != 3) {
				t.Errorf("%s: limit=3 %+v", p, three)
			}
			for i, it := range three.Itens {
				if it.ID != full.Itens[i].ID {
					t.Errorf("%s: limit=3 item %d is %s, full ranking %s", p, i, it.ID, full.Itens[i].ID)
				}
			}
		}
	}
	testkit.Do(t, meh, "PUT", "/api/me", cast.Coord, map[string]any{"ocultarDoRanking": false})
	// A new member with no points: no position, still an answer.
	var none membersRanking
	testkit.Do(t, h, "GET", "/api/rankings/membros?periodo=mes&limit=0", cast.Stranger, nil).Decode(t, &none)
	if none.Eu.Posicao != nil || none.Eu.Valor != 0 {
		t.Errorf("new member's standing %+v", none.Eu)
	}
	for _, bad := range []string{"-1", "51", "x", ""} {
		r := testkit.Do(t, h, "GET", "/api/rankings/membros?limit="+bad, cast.Member, nil)
		if r.Status != 400 || r.ErrorField() != "limit" {
			t.Errorf("limit=%q: %d %s", bad, r.Status, r.Body)
		}
	}
}

func sameStanding(a, b standing) bool {
	return a.Valor == b.Valor && a.Aproximada == b.Aproximada && a.Oculto == b.Oculto &&
		(a.Posicao == nil) == (b.Posicao == nil) && (a.Posicao == nil || *a.Posicao == *b.Posicao)
}
