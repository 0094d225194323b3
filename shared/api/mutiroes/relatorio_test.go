package mutiroes_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
)

// TestRelatorioEqualsARecountOfTheRawItems seeds a group with harvests of every
// destino on lotes and without, by three members, in two months, and a
// mutirão with presences; the report of each period equals a recount made
// from the harvest and sign-up items themselves.
func TestRelatorioEqualsARecountOfTheRawItems(t *testing.T) {
	setup(t)
	ctx := context.Background()
	s := env.Deps.Store
	f := env.NewFixture(t, *cast, testkit.FixtureOpts{})
	gid := f.Group.ID
	clk.Set(brt(2030, 2, 1, 9, 0))
	if _, err := s.AssignLote(ctx, gid, "A1", testkit.Actor(cast.Owner), cast.Alvo.ID, false); err != nil {
		t.Fatal(err)
	}
	type plan struct {
		who       testkit.User
		veg       string
		lote      string
		colheitas []string // "yyyy-mm-dd qty unit destino"
	}
	plans := []plan{
		{cast.Member, "alface-verao", "A3", []string{"2030-02-10 1.25 kg consumo", "2030-02-20 800 g doado", "2030-03-05 2 kg compartilhado"}},
		{cast.Coord, "tomate", "", []string{"2030-02-11 3.5 kg doado", "2030-03-01 12 unidades consumo"}},
		{cast.Alvo, "couve-manteiga", "A1", []string{"2030-03-02 0.75 kg doado", "2030-03-03 2 macos compartilhado"}},
	}
	var cultivos []string
	for _, p := range plans {
		in := domain.CultivoInput{VegetalID: p.veg, GrupoID: gid, LoteCodigo: p.lote, Metodo: "muda", Quantidade: ptr(4.0), Unidade: "mudas",
			DataPlantio: "2030-01-15", Fase: domain.FaseSemeado}
		c := env.CreateCultivo(t, in, p.who)
		cultivos = append(cultivos, c.ID)
		for _, hv := range p.colheitas {
			var data, unit, dest string
			var q float64
			fmt.Sscanf(hv, "%s %g %s %s", &data, &q, &unit, &dest)
			d, _ := domain.ParseDate(data)
			clk.Set(d.Add(15 * 60 * 60 * 1e9)) // noon in Brasília that day
			hin := domain.ColheitaInput{Quantidade: &q, Unidade: unit, Data: data, Destino: dest}
			if err := hin.Valid(); err != nil {
				t.Fatal(err)
			}
			if _, err := s.AddColheita(ctx, c.ID, testkit.Actor(p.who), hin); err != nil {
				t.Fatalf("harvest %s: %v", hv, err)
			}
		}
	}
	// Alvo corrects a harvest (2 maços compartilhados were 1.5 kg doados) and deletes another,
	// within the correction window: the report follows (the recount reads what is left).
	alvos, _, err := s.Colheitas(ctx, cultivos[2], testkit.Actor(cast.Alvo), 100, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range alvos {
		switch h.Data {
		case "2030-03-03":
			q := 1.5
			if _, err := s.EditColheita(ctx, cultivos[2], h.ID, testkit.Actor(cast.Alvo), domain.ColheitaEdit{Quantidade: &q, Unidade: "kg", Data: h.Data, Destino: "doado"}); err != nil {
				t.Fatalf("correct: %v", err)
			}
		case "2030-03-02":
			if err := s.DeleteColheita(ctx, cultivos[2], h.ID, testkit.Actor(cast.Alvo)); err != nil {
				t.Fatalf("delete: %v", err)
			}
		}
	}

	// A mutirão in March with two presences and one no-show.
	m := newMutirao(t, gid, 6)
	for _, u := range []testkit.User{cast.Member, cast.Alvo, cast.Coord} {
		if _, err := s.Inscrever(ctx, gid, m.ID, testkit.Actor(u), domain.InscricaoInput{TarefaID: "t1"}); err != nil {
			t.Fatal(err)
		}
	}
	clk.Set(noDia)
	for u, min := range map[testkit.User]int{cast.Member: 180, cast.Alvo: 95} {
		if _, err := s.RegistrarPresenca(ctx, gid, m.ID, u.ID, testkit.Actor(cast.Owner), domain.PresencaInput{Presente: ptr(true), Minutos: ptr(min)}); err != nil {
			t.Fatal(err)
		}
	}

	// The recount, from the raw items.
	type tally struct {
		kg                          float64
		colheitas                   int
		destino, veg, lote, membKg  map[string]float64
		membMin                     map[string]int
		ativos                      map[string]bool
		presentes, minutos, inscrit int
	}
	recount := func(de, ate string) tally {
		r := tally{destino: map[string]float64{}, veg: map[string]float64{}, lote: map[string]float64{}, membKg: map[string]float64{},
			membMin: map[string]int{}, ativos: map[string]bool{}}
		for _, cid := range cultivos {
			c, err := s.Cultivo(ctx, cid, testkit.Actor(cast.Admin))
			if err != nil {
				t.Fatal(err)
			}
			hs, _, err := s.Colheitas(ctx, cid, testkit.Actor(cast.Admin), 100, nil)
			if err != nil {
				t.Fatal(err)
			}
			for _, hv := range hs {
				if mes := hv.Data[:7]; mes < de || mes > ate {
					continue
				}
				kg := domain.KgOf(hv)
				r.colheitas++
				r.kg += kg
				r.destino[hv.Destino] += kg
				if kg > 0 {
					r.veg[c.VegetalNome] += kg
					if c.LoteCodigo != "" {
						r.lote[c.LoteCodigo] += kg
					}
				}
				r.membKg[hv.AutorID] += kg
				r.ativos[hv.AutorID] = true
			}
		}
		mv, err := s.Mutirao(ctx, gid, m.ID, "")
		if err != nil {
			t.Fatal(err)
		}
		if mes := domain.FormatDate(domain.LocalDate(mv.Mutirao.Inicio))[:7]; mes >= de && mes <= ate {
			for _, in := range mv.Inscricoes {
				if in.Status == domain.InscricaoConfirmada {
					r.inscrit++
				}
				if in.Presente {
					r.presentes++
					r.minutos += in.Minutos
					r.membMin[in.UserID] += in.Minutos
					r.ativos[in.UserID] = true
				}
			}
		}
		return r
	}
	near := func(a, b float64) bool { return math.Abs(a-b) < 0.0005 }
	for _, p := range [][2]string{{"2030-02", "2030-02"}, {"2030-03", "2030-03"}, {"2030-01", "2030-12"}} {
		want := recount(p[0], p[1])
		got := report(t, gid, p[0], p[1])
		if got.Colheitas != want.colheitas || !near(got.Kg, want.kg) || got.Minutos != want.minutos || got.MembrosAtivos != len(want.ativos) {
			t.Fatalf("%v totals: report %d harvests %g kg %d min %d active; recount %d %g %d %d", p, got.Colheitas, got.Kg, got.Minutos, got.MembrosAtivos,
				want.colheitas, want.kg, want.minutos, len(want.ativos))
		}
		for _, v := range got.PorDestino {
			if !near(v.Kg, want.destino[v.Chave]) {
				t.Fatalf("%v destino %s: %g, recount %g", p, v.Chave, v.Kg, want.destino[v.Chave])
			}
		}
		check := func(what string, rows []domain.ValorKg, by map[string]float64, key func(domain.ValorKg) string) {
			n := 0
			for _, kg := range by {
				if kg > 0 {
					n++
				}
			}
			if len(rows) != n {
				t.Fatalf("%v %s: %d rows, recount %d (%v)", p, what, len(rows), n, by)
			}
			for _, v := range rows {
				if !near(v.Kg, by[key(v)]) {
					t.Fatalf("%v %s %s: %g, recount %g", p, what, key(v), v.Kg, by[key(v)])
				}
			}
		}
		check("hortaliça", got.PorHortalica, want.veg, func(v domain.ValorKg) string { return v.Nome })
		check("lote", got.PorLote, want.lote, func(v domain.ValorKg) string { return v.Chave })
		for _, mb := range got.PorMembro {
			if !near(mb.Kg, want.membKg[mb.UserID]) || mb.Minutos != want.membMin[mb.UserID] {
				t.Fatalf("%v member %s: %g kg %d min, recount %g %d", p, mb.Nome, mb.Kg, mb.Minutos, want.membKg[mb.UserID], want.membMin[mb.UserID])
			}
		}
		if want.presentes > 0 {
			if len(got.Mutiroes) != 1 || got.Mutiroes[0].Presentes != want.presentes || got.Mutiroes[0].Inscritos != want.inscrit || got.Mutiroes[0].Minutos != want.minutos {
				t.Fatalf("%v mutirões: %+v, recount %d present of %d, %d min", p, got.Mutiroes, want.presentes, want.inscrit, want.minutos)
			}
		} else if len(got.Mutiroes) != 0 {
			t.Fatalf("%v mutirões: %+v", p, got.Mutiroes)
		}
	}

	// The CSV: BOM, the same figures, and names neutralised.
	res := testkit.Do(t, h, "GET", "/api/groups/"+gid+"/relatorio?formato=csv&de=2030-01&ate=2030-12", cast.Coord, nil)
	if res.Status != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/csv") {
		t.Fatalf("csv: %d %s", res.Status, res.Header.Get("Content-Type"))
	}
	if !bytes.HasPrefix(res.Body, []byte("\ufeff")) {
		t.Fatal("the CSV has no byte-order mark")
	}
	r := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(res.Body, []byte("\ufeff"))))
	r.Comma, r.FieldsPerRecord = ';', -1
	rows, err := r.ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	found := map[string]string{}
	for _, row := range rows {
		if len(row) >= 2 {
			found[row[0]] = row[1]
		}
	}
	all := recount("2030-01", "2030-12")
	if found["Doado"] != fmt.Sprint(math.Round(all.destino["doado"]*1000)/1000) || found["Horas de trabalho voluntário"] != fmt.Sprint(domain.Horas(all.minutos)) {
		t.Fatalf("csv figures: doado %q, horas %q (want %g, %g)", found["Doado"], found["Horas de trabalho voluntário"], all.destino["doado"], domain.Horas(all.minutos))
	}
	_ = store.RelMesSK
}

// TestRelatorioCSVNeutralisesFormulas: a member named like a formula comes out
// as text.
func TestRelatorioCSVNeutralisesFormulas(t *testing.T) {
	setup(t)
	ctx := context.Background()
	f := env.NewFixture(t, *cast, testkit.FixtureOpts{})
	evil := env.NewJoiner(t, f.Group.ID, "=HYPERLINK(\"http://x\")")
	m := newMutirao(t, f.Group.ID, 6)
	if _, err := env.Deps.Store.Inscrever(ctx, f.Group.ID, m.ID, testkit.Actor(evil), domain.InscricaoInput{TarefaID: "t1"}); err != nil {
		t.Fatal(err)
	}
	clk.Set(noDia)
	if _, err := env.Deps.Store.RegistrarPresenca(ctx, f.Group.ID, m.ID, evil.ID, testkit.Actor(cast.Owner), domain.PresencaInput{Presente: ptr(true), Minutos: ptr(60)}); err != nil {
		t.Fatal(err)
	}
	res := testkit.Do(t, h, "GET", "/api/groups/"+f.Group.ID+"/relatorio?formato=csv&de=2030-03&ate=2030-03", cast.Owner, nil)
	if res.Status != 200 {
		t.Fatalf("csv: %d %s", res.Status, res.Body)
	}
	r := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(res.Body, []byte("\ufeff"))))
	r.Comma, r.FieldsPerRecord = ';', -1
	rows, err := r.ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	for _, row := range rows {
		for _, cell := range row {
			if strings.Contains(cell, "HYPERLINK") && cell != `'=HYPERLINK("http://x")` {
				t.Fatalf("formula not neutralised: %q", cell)
			}
		}
	}
	if !strings.Contains(string(res.Body), "HYPERLINK") {
		t.Fatal("the member is missing from the CSV")
	}
}

// TestRelatorioPeriodErrorsNameTheField: a period given empty, malformed, reversed
// or too long is a 400 naming de or ate; none given is this year.
func TestRelatorioPeriodErrorsNameTheField(t *testing.T) {
	setup(t)
	f := env.NewFixture(t, *cast, testkit.FixtureOpts{})
	base := "/api/groups/" + f.Group.ID + "/relatorio"
	for _, c := range []struct{ query, field string }{
		{"?de=", "de"},
		{"?ate=2030-02", "de"},
		{"?de=2030-13&ate=2030-12", "de"},
		{"?de=2030-01", "ate"},
		{"?de=2030-05&ate=2030-04", "ate"},
		{"?de=2028-01&ate=2030-02", "ate"},
	} {
		res := testkit.Do(t, h, "GET", base+c.query, cast.Owner, nil)
		if res.Status != 400 || res.ErrorField() != c.field {
			t.Errorf("%s: %d field %q, want 400 %q: %s", c.query, res.Status, res.ErrorField(), c.field, res.Body)
		}
	}
	res := testkit.Do(t, h, "GET", base, cast.Owner, nil)
	if res.Status != 200 {
		t.Fatalf("no period: %d %s", res.Status, res.Body)
	}
}
