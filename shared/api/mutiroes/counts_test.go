package mutiroes_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/domain"
)

type calls = testkit.Calls

// callCase is a row of a table of calls (testkit.MeasureAll).
type callCase testkit.CallCase

// TestCallsPerRequest: every read is at most two DynamoDB calls and every
// act one transaction after its reads, at a mutirão with its waiting list
// full and a group with two years of report months.
func TestCallsPerRequest(t *testing.T) {
	setup(t)
	ctx := context.Background()
	f := env.NewFixture(t, *cast, testkit.FixtureOpts{})
	gid := f.Group.ID
	m := newMutirao(t, gid, 6)
	people := members(t, gid, 25)
	for _, u := range people {
		if _, err := env.Deps.Store.Inscrever(ctx, gid, m.ID, testkit.Actor(u), domain.InscricaoInput{TarefaID: "t1"}); err != nil {
			t.Fatal(err)
		}
	}
	// Twenty-four months of totals.
	clk.Set(noDia)
	for i := range 24 {
		mo := dia.AddDate(0, -i, 0)
		in := domain.MutiraoInput{Titulo: fmt.Sprintf("Mutirão %d", i), Data: domain.FormatDate(mo), Hora: "08:00", DuracaoMin: ptr(60), Local: "Horta",
			Tarefas: []domain.TarefaInput{{Titulo: "Capina", Vagas: ptr(2)}}}
		clk.Set(mo.AddDate(0, 0, -1))
		mm := createMutirao(t, gid, cast.Owner, in)
		if _, err := env.Deps.Store.Inscrever(ctx, gid, mm.ID, testkit.Actor(cast.Member), domain.InscricaoInput{TarefaID: "t1"}); err != nil {
			t.Fatal(err)
		}
		clk.Set(mo.Add(20 * 60 * 60 * 1e9))
		if _, err := env.Deps.Store.RegistrarPresenca(ctx, gid, mm.ID, cast.Member.ID, testkit.Actor(cast.Owner), domain.PresencaInput{Presente: ptr(true), Minutos: ptr(60)}); err != nil {
			t.Fatal(err)
		}
	}
	base := "/api/groups/" + gid + "/mutiroes"
	mb := base + "/" + m.ID
	clk.Set(vespera)
	late := env.NewJoiner(t, gid, "Lia Atrasada")
	testkit.Do(t, h, "GET", base, cast.Member, nil) // the cursor secret, read once per container
	read := calls{"BatchGetItem": 1, "Query": 1}
	act := calls{"BatchGetItem": 1, "Query": 1, "TransactWriteItems": 1}
	cases := []struct {
		name, method, path string
		user               testkit.User
		body               any
		status             int
		at                 func()
		want               calls
	}{
		{"list", "GET", base, cast.Member, nil, 200, nil, read},
		{"list past", "GET", base + "?passados=true", cast.Member, nil, 200, nil, read},
		{"page", "GET", mb, cast.Member, nil, 200, nil, read},
		{"ics", "GET", mb + "/ics", cast.Member, nil, 200, nil, read},
		{"create", "POST", base, cast.Coord, map[string]any{"titulo": "Colheita coletiva", "data": "2030-04-02", "hora": "07:30", "duracaoMin": 90,
			"local": "Horta", "tarefas": []any{map[string]any{"titulo": "Colher", "vagas": 5}}}, 201, nil, calls{"BatchGetItem": 1, "TransactWriteItems": 1}},
		{"sign up (waiting)", "PUT", mb + "/inscricao", late, map[string]any{"tarefaId": "t1"}, 200, nil, act},
		{"sign up again", "PUT", mb + "/inscricao", late, map[string]any{"tarefaId": "t1"}, 200, nil, read},
		{"leave with a waiting list", "DELETE", mb + "/inscricao", people[0], nil, 204, nil, act},
		{"check in", "POST", mb + "/checkin", people[1], map[string]any{"codigo": m.Codigo}, 200, func() { clk.Set(antesDeIr) }, act},
		{"presence", "PUT", mb + "/presencas/" + people[1].ID, cast.Coord, map[string]any{"presente": true, "minutos": 120}, 200, func() { clk.Set(noDia) }, act},
		{"report of 24 months", "GET", "/api/groups/" + gid + "/relatorio?de=2028-04&ate=2030-03", cast.Coord, nil, 200, nil, read},
		{"report csv", "GET", "/api/groups/" + gid + "/relatorio?de=2028-04&ate=2030-03&formato=csv", cast.Coord, nil, 200, nil, read},
		{"impact", "GET", "/api/groups/" + gid + "/impacto", cast.Anon, nil, 404, nil, calls{"BatchGetItem": 1}},
		{"publish impact", "PUT", "/api/groups/" + gid + "/impacto", cast.Owner, map[string]any{"publico": true}, 200, nil, calls{"BatchGetItem": 1, "TransactWriteItems": 1}},
		{"public impact", "GET", "/api/groups/" + gid + "/impacto", cast.Anon, nil, 200, nil, calls{"BatchGetItem": 1}},
		// 50 people are told in two transactions of 30 (3 items each).
		{"cancel with 50 people", "POST", base + "/" + newMutiraoFull(t, gid, append([]testkit.User{cast.Member, cast.Coord, cast.Owner, cast.Alvo, late}, people...)) + "/cancelar", cast.Coord, nil, 200, func() { clk.Set(vespera) }, calls{"BatchGetItem": 1, "Query": 1, "TransactWriteItems": 2}},
	}
	for _, c := range cases {
		if c.at != nil {
			c.at()
		}
		if got, _ := env.Measure(t, h, c.method, c.path, c.user, c.body, c.status); fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
	rel := report(t, gid, "2028-04", "2030-03")
	if len(rel.Mutiroes) != 25 || rel.Minutos != 24*60+120 {
		t.Fatalf("24 months: %d mutirões, %d min", len(rel.Mutiroes), rel.Minutos)
	}
}

// newMutiraoFull is a mutirão with its 30 vagas taken and 20 waiting:
// people and new members up to 50 (the group's cap).
func newMutiraoFull(t *testing.T, gid string, people []testkit.User) string {
	t.Helper()
	ctx := context.Background()
	clk.Set(vespera)
	in := domain.MutiraoInput{Titulo: "Mutirão cheio", Data: domain.FormatDate(dia.AddDate(0, 0, 1)), Hora: "08:00", DuracaoMin: ptr(60), Local: "Horta",
		Tarefas: []domain.TarefaInput{{Titulo: "Capina", Vagas: ptr(30)}}}
	m := createMutirao(t, gid, cast.Owner, in)
	extra := members(t, gid, 50-len(people))
	for _, u := range append(append([]testkit.User{}, people...), extra...) {
		if _, err := env.Deps.Store.Inscrever(ctx, gid, m.ID, testkit.Actor(u), domain.InscricaoInput{TarefaID: "t1"}); err != nil {
			t.Fatal(err)
		}
	}
	return m.ID
}
