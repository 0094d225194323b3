package me_test

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/api/me"
	"github.com/verde-app/verde/shared/domain"
)

// TestDashboardAnswersEveryCardInOneReply: GET /api/dashboard holds each
// card's reply (the same JSON as the card's own route), each section at most
// two DynamoDB calls; a member with a cultivo, a group post and points sees
// every card filled, and a member with none sees them empty, not failed.
func TestDashboardAnswersEveryCardInOneReply(t *testing.T) {
	env, h := testkit.NewEnvWith(t, me.NewServer)
	ctx := context.Background()
	c := env.NewCast(t)
	f := env.NewFixture(t, c, testkit.FixtureOpts{})
	q := 3.0
	in := domain.CultivoInput{VegetalID: "alface-verao", Metodo: domain.MetodoMuda, Quantidade: &q, Unidade: domain.UnidadeMudas,
		DataPlantio: domain.FormatDate(domain.LocalDate(time.Now()).AddDate(0, 0, -10)), Fase: domain.FaseSemeado, GrupoID: f.Group.ID}
	env.NewCultivo(t, in, c.Member)
	if _, _, err := env.Deps.Store.CreatePost(ctx, domain.PostInput{Texto: "Mutirão no sábado", GrupoID: f.Group.ID}, testkit.Actor(c.Member)); err != nil {
		t.Fatal(err)
	}
	if _, err := env.Deps.Store.RebuildRankings(ctx, true); err != nil {
		t.Fatal(err)
	}
	// The members' catalogue is the container's copy (store/catalog_cache.go): warm, as in use.
	if _, err := env.Deps.Store.ActiveVegetais(ctx); err != nil {
		t.Fatal(err)
	}
	type page struct {
		Items []json.RawMessage `json:"items"`
	}
	var d struct {
		Banners     page `json:"banners"`
		Cultivos    page `json:"cultivos"`
		Grupos      page `json:"grupos"`
		Publicacoes page `json:"publicacoes"`
		PlanteAgora struct {
			Mes int `json:"mes"`
		} `json:"planteAgora"`
		Ranking struct {
			Eu struct {
				Posicao *int `json:"posicao"`
				Valor   int  `json:"valor"`
			} `json:"eu"`
		} `json:"ranking"`
		Progresso struct {
			ID string `json:"id"`
		} `json:"progresso"`
		NaoLidas struct {
			Count *int `json:"count"`
		} `json:"naoLidas"`
	}
	env.Calls.Reset()
	r := testkit.Do(t, h, "GET", "/api/dashboard", c.Member, nil)
	calls := env.Calls.Total()
	r.Decode(t, &d)
	if r.Status != 200 || len(d.Cultivos.Items) != 1 || len(d.Grupos.Items) != 1 || len(d.Publicacoes.Items) != 1 || d.Banners.Items == nil ||
		d.PlanteAgora.Mes == 0 || d.Ranking.Eu.Posicao == nil || d.Ranking.Eu.Valor == 0 || d.Progresso.ID != c.Member.ID || d.NaoLidas.Count == nil {
		t.Fatalf("dashboard: %d %s", r.Status, r.Body)
	}
	// Nine sections, each at most two calls (most fewer).
	if calls > 18 {
		t.Errorf("dashboard: %d calls %v", calls, env.Calls.ByOperation())
	}
	t.Logf("dashboard: %d calls %v, %.1f RCU", calls, env.Calls.ByOperation(), env.Calls.ReadUnits())

	// A new member: every card's section empty, none an error.
	r = testkit.Do(t, h, "GET", "/api/dashboard", env.NewUser(t, "Nova Pessoa"), nil)
	var raw map[string]map[string]json.RawMessage
	if err := json.Unmarshal(r.Body, &raw); err != nil || r.Status != 200 || len(raw) != 9 {
		t.Fatalf("new member: %d %s", r.Status, r.Body)
	}
	for name, sec := range raw {
		if _, failed := sec["error"]; failed {
			t.Errorf("new member: section %s failed: %s", name, fmt.Sprint(string(sec["error"])))
		}
	}
}

// TestDashboardAuthorization: every signed-in member reads their own
// dashboard; without a token, 401.
func TestDashboardAuthorization(t *testing.T) {
	env, h := testkit.NewEnvWith(t, me.NewServer)
	c := env.NewCast(t)
	testkit.Matrix(t, c.Columns(), []string{"/api/dashboard"}, func(path string) (string, testkit.Expect) {
		return "GET " + path, testkit.Expect{401, 200, 200, 200, 200, 200}
	}, func(t *testing.T, path string, u testkit.User) testkit.Response {
		return testkit.Do(t, h, "GET", path, u, nil)
	})
}
