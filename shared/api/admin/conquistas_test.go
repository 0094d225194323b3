package admin_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/api/admin"
	"github.com/verde-app/verde/shared/api/groups"
	"github.com/verde-app/verde/shared/domain"
)

func listConquistas(t *testing.T, u testkit.User) map[string]admin.ConquistaAdmin {
	t.Helper()
	page := testkit.Get[admin.ConquistasAdmin](t, h, "/api/admin/conquistas", u)
	out := map[string]admin.ConquistaAdmin{}
	var codes []string
	for _, c := range page.Items {
		out[c.Codigo] = c
		codes = append(codes, c.Codigo)
	}
	var want []string
	for _, c := range domain.Conquistas {
		want = append(want, c.Codigo)
	}
	if !slices.Equal(codes, want) {
		t.Fatalf("codes %v, want the catalogue %v", codes, want)
	}
	return out
}

// TestConquistasAuthorization: GET /api/admin/conquistas for every role that
// could reach it: anonymous 401, a member 403, a group's coordinator (dono)
// 403, a site admin 200, an admin demoted in this container 403, a disabled
// admin 401.
func TestConquistasAuthorization(t *testing.T) {
	setup(t)
	boss := env.NewAdmin(t, "Beatriz Chefe")
	member := env.NewUser(t, "Mara Membro")
	dono := env.NewUser(t, "Dario Dono")
	if r := testkit.Do(t, groups.NewServer(env.Deps), "POST", "/api/groups", dono, map[string]any{"nome": "Horta do Dario", "cidade": "Recife", "uf": "PE"}); r.Status != 201 {
		t.Fatalf("group: %d %s", r.Status, r.Body)
	}
	demoted := env.NewAdmin(t, "Rebeca Rebaixada")
	disabled := env.NewAdmin(t, "Diogo Desativado")
	if r := testkit.Do(t, h, "GET", "/api/admin/conquistas", demoted, nil); r.Status != 200 {
		t.Fatalf("admin before the demotion: %d %s", r.Status, r.Body)
	}
	if r := testkit.Do(t, h, "PUT", "/api/admin/users/"+demoted.ID+"/admin", boss, map[string]any{"admin": false}); r.Status != 200 {
		t.Fatalf("demote: %d %s", r.Status, r.Body)
	}
	if r := testkit.Do(t, h, "PUT", "/api/admin/users/"+disabled.ID+"/status", boss, map[string]any{"desativado": true}); r.Status != 200 {
		t.Fatalf("disable: %d %s", r.Status, r.Body)
	}
	for _, c := range []struct {
		who  string
		u    testkit.User
		want int
	}{
		{"anonymous", testkit.User{}, 401},
		{"member", member, 403},
		{"group dono", dono, 403},
		{"site admin", boss, 200},
		{"demoted admin", demoted, 403},
		{"disabled admin", disabled, 401},
	} {
		env.Calls.Reset()
		res := testkit.Do(t, h, "GET", "/api/admin/conquistas", c.u, nil)
		if res.Status != c.want {
			t.Errorf("%s: %d, want %d: %s", c.who, res.Status, c.want, res.Body)
		}
		if c.want != 200 && env.Calls.ByOperation()["BatchGetItem"] != 0 {
			t.Errorf("%s read the counts: %v", c.who, env.Calls.ByOperation())
		}
	}
}

// TestConquistasShowRuleBonusAndMembers: every conquista of the catalogue
// with its rule in Portuguese, the rules' bonus and its members; a member
// unlocking one counts at once, a bonus saved through the rules is what
// the list shows and what the next unlock pays; two calls, however many
// members hold conquistas.
func TestConquistasShowRuleBonusAndMembers(t *testing.T) {
	setup(t)
	adm := env.NewAdmin(t, "Conceição Conquistas")
	before := listConquistas(t, adm)
	farta := before["colheita-farta"]
	if farta.Nome != "Colheita Farta" || farta.Regra != "Ao chegar a 10 colheitas" || farta.Meta != 10 || farta.Bonus != 50 ||
		farta.Descricao != "Registrou 10 colheitas." {
		t.Fatalf("colheita-farta %+v", farta)
	}
	if s := before["primeira-semente"]; s.Regra != "Ao chegar a 1 cultivo" {
		t.Fatalf("primeira-semente %+v", s)
	}

	g := groups.NewServer(env.Deps)
	found := func(name string) {
		t.Helper()
		u := env.NewUser(t, name)
		if r := testkit.Do(t, g, "POST", "/api/groups", u, map[string]any{"nome": "Horta " + name, "cidade": "Natal", "uf": "RN"}); r.Status != 201 {
			t.Fatalf("group: %d %s", r.Status, r.Body)
		}
	}
	found("Fátima Fundadora")
	if after := listConquistas(t, adm); after["fundador"].Membros != before["fundador"].Membros+1 || after["primeira-colheita"].Membros != before["primeira-colheita"].Membros {
		t.Fatalf("fundador %d -> %d", before["fundador"].Membros, after["fundador"].Membros)
	}

	// The calls: the rules as stored and the counts, the same with more holders.
	measure := func() map[string]int {
		env.Calls.Reset()
		listConquistas(t, adm)
		return env.Calls.ByOperation()
	}
	first := measure()
	if first["GetItem"] != 1 || first["BatchGetItem"] != 1 || env.Calls.Total() != 2 {
		t.Fatalf("calls %v", first)
	}
	for _, n := range []string{"Flávio", "Fernanda", "Felipe", "Fabiana", "Frederico"} {
		found(n + " Fundador")
	}
	if again := measure(); !sameCalls(first, again) {
		t.Fatalf("calls %v, then %v with five more holders", first, again)
	}

	// The bonus is the rules': saved through PUT /api/admin/rules.
	r := loadRules(t, adm)
	res := testkit.Do(t, h, "PUT", "/api/admin/rules", adm, setPath(t, editBody(r), "conquistas.fundador", 44))
	if res.Status != 200 {
		t.Fatalf("save: %d %s", res.Status, res.Body)
	}
	defer func() {
		cur := loadRules(t, adm)
		testkit.Do(t, h, "PUT", "/api/admin/rules", adm, setPath(t, editBody(cur), "conquistas.fundador", domain.Defaults().Bonus("fundador")))
	}()
	if got := listConquistas(t, adm)["fundador"]; got.Bonus != 44 {
		t.Fatalf("bonus after the save: %+v", got)
	}
	u := env.NewUser(t, "Fausto Fundador")
	if r := testkit.Do(t, g, "POST", "/api/groups", u, map[string]any{"nome": "Horta do Fausto", "cidade": "Natal", "uf": "RN"}); r.Status != 201 {
		t.Fatalf("group: %d %s", r.Status, r.Body)
	}
	p, _, err := env.Deps.Store.Profile(context.Background(), u.ID)
	if err != nil {
		t.Fatal(err)
	}
	if want := testkit.FixtureRules().Pontos.CriarGrupo + 44; p.PontosTotais != want {
		t.Fatalf("points %d, want %d (the group and the rules' bonus)", p.PontosTotais, want)
	}
}

func sameCalls(a, b map[string]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// TestRulesConquistasMustListEveryConquista: a save without the bonuses, or
// with a code the catalogue lacks, is refused naming the field.
func TestRulesConquistasMustListEveryConquista(t *testing.T) {
	setup(t)
	adm := env.NewAdmin(t, "Rui Regras")
	r := loadRules(t, adm)
	if len(r.Conquistas) != len(domain.Conquistas) {
		t.Fatalf("GET conquistas %v", r.Conquistas)
	}
	without := editBody(r)
	delete(without, "conquistas")
	res := testkit.Do(t, h, "PUT", "/api/admin/rules", adm, without)
	if res.Status != 400 || res.ErrorField() != "conquistas.primeira-semente" || !strings.Contains(res.ErrorMessage(), "Primeira Semente") {
		t.Fatalf("without conquistas: %d %s", res.Status, res.Body)
	}
	extra := map[string]int{"inventada": 3}
	for k, v := range r.Conquistas {
		extra[k] = v
	}
	body := editBody(r)
	body["conquistas"] = extra
	res = testkit.Do(t, h, "PUT", "/api/admin/rules", adm, body)
	if res.Status != 400 || res.ErrorField() != "conquistas.inventada" {
		t.Fatalf("unknown code: %d %s", res.Status, res.Body)
	}
}

// TestOpenAPIConquistasRegrasIsTheCatalogue: the document's bonuses object
// lists exactly the catalogue's codes, each required.
func TestOpenAPIConquistasRegrasIsTheCatalogue(t *testing.T) {
	var doc struct {
		Components struct {
			Schemas map[string]struct {
				Required   []string       `yaml:"required"`
				Properties map[string]any `yaml:"properties"`
			} `yaml:"schemas"`
		} `yaml:"components"`
	}
	testkit.ReadOpenAPI(t, &doc)
	s := doc.Components.Schemas["ConquistasRegras"]
	var codes []string
	for _, c := range domain.Conquistas {
		codes = append(codes, c.Codigo)
		if _, ok := s.Properties[c.Codigo]; !ok {
			t.Errorf("ConquistasRegras lacks %s", c.Codigo)
		}
	}
	if !slices.Equal(s.Required, codes) || len(s.Properties) != len(codes) {
		t.Errorf("ConquistasRegras required %v, properties %d; the catalogue %v", s.Required, len(s.Properties), codes)
	}
}
