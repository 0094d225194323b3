package me_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/api/me"
	"github.com/verde-app/verde/shared/domain"
)

func TestMyProgressAndAMembersPublicProfile(t *testing.T) {
	env, h := testkit.NewEnvWith(t, me.NewServer)
	ana, bia := env.NewUser(t, "Ana Progresso"), env.NewUser(t, "Bia")
	ctx := context.Background()
	q, g := 3.0, 1250.0
	in := domain.CultivoInput{VegetalID: "alface-verao", Metodo: domain.MetodoMuda, Quantidade: &q, Unidade: domain.UnidadeMudas,
		DataPlantio: domain.FormatDate(domain.LocalDate(time.Now()).AddDate(0, 0, -30)), Fase: domain.FaseSemeado}
	cid := env.NewCultivo(t, in, ana)
	h1 := domain.ColheitaInput{Quantidade: &g, Unidade: domain.UnidadeG, Data: domain.FormatDate(domain.LocalDate(time.Now())), Destino: "consumo"}
	if err := h1.Valid(); err != nil {
		t.Fatal(err)
	}
	if _, err := env.Deps.Store.AddColheita(ctx, cid, testkit.Actor(ana), h1); err != nil {
		t.Fatal(err)
	}
	type view struct {
		ID    string
		Email *string
		Nivel struct {
			Numero, PontosTotais, Proximo, FaltamPontos int
			Nome                                        string
		}
		Conquistas []struct {
			Codigo, Progresso string
			Conquistada       bool
			Em                *time.Time
		}
		Estatisticas struct {
			Cultivos, Colheitas int
			ColheitasKg         float64
		}
	}
	// A warm container: the rules (each conquista's bonus) are read once a minute.
	if _, err := env.Deps.Store.Rules(t.Context()); err != nil {
		t.Fatal(err)
	}
	env.Calls.Reset()
	r := testkit.Do(t, h, "GET", "/api/me/progress", ana, nil)
	var v view
	r.Decode(t, &v)
	if r.Status != 200 || v.ID != ana.ID || v.Estatisticas.Cultivos != 1 || v.Estatisticas.Colheitas != 1 || v.Estatisticas.ColheitasKg != 1.25 {
		t.Fatalf("%d %s", r.Status, r.Body)
	}
	if ops := env.Calls.ByOperation(); ops["GetItem"] != 1 || ops["Query"] != 1 || env.Calls.Total()-ops["GetSecretValue"] != 2 {
		t.Fatalf("calls %v", ops)
	}
	// 10 cultivo + 10 Primeira Semente + 50 harvest + 20 Primeira Colheita = 90: level 1 (Semente), 10 to Broto.
	if v.Nivel.Numero != 1 || v.Nivel.Nome != "Semente" || v.Nivel.PontosTotais != 90 || v.Nivel.Proximo != 100 || v.Nivel.FaltamPontos != 10 {
		t.Fatalf("nivel %+v", v.Nivel)
	}
	byCode := map[string]int{}
	for i, c := range v.Conquistas {
		byCode[c.Codigo] = i
	}
	if len(v.Conquistas) != len(domain.Conquistas) {
		t.Fatalf("%d conquistas", len(v.Conquistas))
	}
	if c := v.Conquistas[byCode["primeira-colheita"]]; !c.Conquistada || c.Em == nil {
		t.Fatalf("primeira-colheita %+v", c)
	}
	if c := v.Conquistas[byCode["colheita-farta"]]; c.Conquistada || c.Em != nil || c.Progresso != "1 de 10 colheitas" {
		t.Fatalf("colheita-farta %+v", c)
	}
	// Bia sees the same view of Ana, without an e-mail.
	r = testkit.Do(t, h, "GET", "/api/members/"+ana.ID, bia, nil)
	if r.Status != 200 || strings.Contains(string(r.Body), "@") || strings.Contains(string(r.Body), "email") {
		t.Fatalf("bia sees %d %s", r.Status, r.Body)
	}
	var pub view
	r.Decode(t, &pub)
	if pub.Nivel != v.Nivel || len(pub.Conquistas) != len(v.Conquistas) {
		t.Fatalf("public %+v", pub)
	}
	for path, want := range map[string]int{"/api/members/" + uuid.NewString(): 404, "/api/members/a%20b": 404} {
		if r := testkit.Do(t, h, "GET", path, bia, nil); r.Status != want {
			t.Errorf("%s: %d", path, r.Status)
		}
	}
	for _, path := range []string{"/api/me/progress", "/api/members/" + ana.ID} {
		if r := testkit.Do(t, h, "GET", path, testkit.User{}, nil); r.Status != 401 {
			t.Errorf("anonymous %s: %d", path, r.Status)
		}
	}
	admin := env.NewAdmin(t, "Admin")
	if r := testkit.Do(t, h, "GET", "/api/members/"+ana.ID, admin, nil); r.Status != 200 || strings.Contains(string(r.Body), "@") {
		t.Errorf("admin: %d", r.Status)
	}
}
