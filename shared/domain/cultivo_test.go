package domain

import (
	"strings"
	"testing"
	"time"
)

func TestNextFaseMovesOneStepEitherWayAndPerdidoFromAnyOpenPhase(t *testing.T) {
	c := Cultivo{Fase: FasePlanejado}
	var err error
	for _, f := range FaseOrder[1:] {
		if c, err = c.NextFase(f, ""); err != nil {
			t.Fatalf("forward to %s: %v", f, err)
		}
	}
	if c.Fase != FaseColhido {
		t.Fatalf("fase %s", c.Fase)
	}
	if c, err = c.NextFase(FasePronto, ""); err != nil || c.Fase != FasePronto {
		t.Fatalf("back one step: %v %s", err, c.Fase)
	}
	if _, err = c.NextFase(FaseCrescendo, ""); err == nil {
		t.Fatal("two steps back allowed")
	}
	if _, err = (Cultivo{Fase: FaseSemeado}).NextFase(FaseCrescendo, ""); err == nil || err.(*Error).Field != "fase" {
		t.Fatalf("skip forward: %v", err)
	}
	if _, err = (Cultivo{Fase: FaseCrescendo}).NextFase(FasePerdido, " "); err == nil || err.(*Error).Field != "motivo" {
		t.Fatalf("perdido without reason: %v", err)
	}
	lost, err := (Cultivo{Fase: FaseCrescendo}).NextFase(FasePerdido, "Granizo")
	if err != nil || lost.FaseAnterior != FaseCrescendo || lost.MotivoPerda != "Granizo" {
		t.Fatalf("perdido: %v %+v", err, lost)
	}
	if _, err = lost.NextFase(FaseSemeado, ""); err == nil {
		t.Fatal("perdido back to another phase")
	}
	if back, err := lost.NextFase(FaseCrescendo, ""); err != nil || back.MotivoPerda != "" || back.Fase != FaseCrescendo {
		t.Fatalf("undo perdido: %v %+v", err, back)
	}
	if _, err = (Cultivo{Fase: FaseColhido}).NextFase(FasePerdido, "x"); err == nil {
		t.Fatal("colhido lost")
	}
	if _, err = (Cultivo{Fase: FaseSemeado, Arquivado: true}).NextFase(FaseGerminando, ""); ErrorCode(err) != EConflict {
		t.Fatalf("archived: %v", err)
	}
}

func TestJanelaColheitaCountsDownAndTurnsAtrasado(t *testing.T) {
	c := Cultivo{DataPlantio: "2026-01-10", DiasColheitaMin: 50, DiasColheitaMax: 70, Fase: FaseCrescendo}
	at := func(s string) time.Time { d, _ := ParseDate(s); return d.Add(15 * time.Hour) } // midday in Brasília
	j := c.JanelaColheita(at("2026-01-20"))
	if j.Inicio != "2026-03-01" || j.Fim != "2026-03-21" || j.DiasParaColheita != 40 || j.Aberta || j.Atrasado {
		t.Fatalf("%+v", j)
	}
	if j = c.JanelaColheita(at("2026-03-05")); !j.Aberta || j.DiasParaColheita != 0 || j.Atrasado {
		t.Fatalf("in window %+v", j)
	}
	if j = c.JanelaColheita(at("2026-03-22")); !j.Atrasado {
		t.Fatalf("late %+v", j)
	}
	c.Totais.Colheitas = 1
	if c.JanelaColheita(at("2026-03-22")).Atrasado {
		t.Fatal("atrasado after a harvest")
	}
	c.Totais.Colheitas, c.Fase = 0, FasePerdido
	if c.JanelaColheita(at("2026-03-22")).Atrasado {
		t.Fatal("atrasado when perdido")
	}
	// 23:30 in Brasília on the 20th is the 21st in UTC: still the 20th for the grower.
	late := time.Date(2026, 1, 21, 2, 30, 0, 0, time.UTC)
	if j := c.JanelaColheita(late); j.DiasParaColheita != 40 {
		t.Fatalf("Brasília date: %+v", j)
	}
}

func TestCultivoInputNamesTheBadField(t *testing.T) {
	q := func(f float64) *float64 { return &f }
	good := func() CultivoInput {
		return CultivoInput{VegetalID: "alface-verao", GrupoID: "g", Metodo: "muda", Quantidade: q(12), Unidade: "mudas", DataPlantio: "2026-03-01"}
	}
	cases := []struct {
		field string
		edit  func(*CultivoInput)
	}{
		{"vegetalId", func(in *CultivoInput) { in.VegetalID = "" }},
		{"metodo", func(in *CultivoInput) { in.Metodo = "enxerto" }},
		{"quantidade", func(in *CultivoInput) { in.Quantidade = q(0) }},
		{"quantidade", func(in *CultivoInput) { in.Quantidade = q(-3) }},
		{"quantidade", func(in *CultivoInput) { in.Quantidade = q(1e9) }},
		{"quantidade", func(in *CultivoInput) { in.Quantidade = nil }},
		{"quantidade", func(in *CultivoInput) { in.Quantidade = q(1.5) }},
		{"unidade", func(in *CultivoInput) { in.Unidade = "litros" }},
		{"dataPlantio", func(in *CultivoInput) { in.DataPlantio = "01/03/2026" }},
		{"fase", func(in *CultivoInput) { in.Fase = FaseColhido }},
		{"loteCodigo", func(in *CultivoInput) { in.GrupoID, in.LoteCodigo = "", "A1" }},
		{"colaboradores", func(in *CultivoInput) { in.Colaboradores = []string{"a", "a"} }},
		{"colaboradores", func(in *CultivoInput) {
			in.Colaboradores = []string{"1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11"}
		}},
	}
	for _, c := range cases {
		in := good()
		c.edit(&in)
		err := in.Valid()
		if e, ok := err.(*Error); !ok || e.Field != c.field || e.Message == "" {
			t.Errorf("%s: %v", c.field, err)
		}
	}
	in := good()
	if err := in.Valid(); err != nil || in.Fase != FasePlanejado {
		t.Fatalf("good input: %v", err)
	}
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	if err := CheckDataPlantio("2027-03-05", now); err == nil || err.(*Error).Field != "dataPlantio" {
		t.Fatalf("a year ahead: %v", err)
	}
	if err := CheckDataPlantio("2027-02-28", now); err != nil {
		t.Fatalf("within a year: %v", err)
	}
}

func TestDiaryAwardStopsAtTheDailyCap(t *testing.T) {
	r := Defaults()
	if a := AwardDiario(r, "e", true, 0); a == nil || a.Pontos != 5 {
		t.Fatalf("with photo %+v", a)
	}
	if a := AwardDiario(r, "e", false, 9); a == nil || a.Pontos != 2 {
		t.Fatalf("tenth %+v", a)
	}
	if a := AwardDiario(r, "e", false, 10); a != nil {
		t.Fatalf("eleventh %+v", a)
	}
}

func TestPhotoKeysOfAnotherUserAreForbidden(t *testing.T) {
	const id = "0b6f1a9e-8f1c-4c1e-9a57-3c2d1e0f4a5b"
	upload, processed := "quarantine/u1/diario/"+id+".jpg", "fotos/u1/diario/"+id+"/640x480.webp"
	for _, c := range []struct {
		check     func(string, []string, string) error
		ok, other string
	}{{CheckUploadKeys, upload, processed}, {CheckPhotoKeys, processed, upload}} {
		if err := c.check("fotos", []string{c.ok}, "u1"); err != nil {
			t.Errorf("%s: %v", c.ok, err)
		}
		if err := c.check("fotos", []string{strings.Replace(c.ok, "u1", "u2", 1)}, "u1"); ErrorCode(err) != EForbidden || err.(*Error).Field != "fotos" {
			t.Errorf("another's %s: %v", c.ok, err)
		}
		for _, k := range []string{c.other, "fotos/u1/../u2/a.jpg", "fotos/u1/diario/" + id + ".jpg", "quarantine/u1/outra/" + id + ".jpg", "exports/u1/x.csv"} {
			if err := c.check("foto", []string{k}, "u1"); ErrorCode(err) != EValidation {
				t.Errorf("%s: %v, want a 400", k, err)
			}
		}
	}
}

func TestPlanteAgoraUsesTheRegionOfTheUF(t *testing.T) {
	v := []Vegetal{
		{ID: "a", Semeadura: map[string][]int{"sul": {1}, "sudeste": {3}, "nordeste": {}, "centroOeste": {}, "norte": {}}},
		{ID: "b", Semeadura: map[string][]int{"sul": {}, "sudeste": {3, 4}, "nordeste": {}, "centroOeste": {}, "norte": {}}, Arquivado: true},
		{ID: "c"},
	}
	if got := PlanteAgora(v, RegionOfUF("sp"), 3); len(got) != 1 || got[0].ID != "a" {
		t.Fatalf("%+v", got)
	}
	if RegionOfUF("DF") != "centroOeste" || RegionOfUF("XX") != "" {
		t.Fatal("regions")
	}
	if v[0].EpocaDeSemeadura("sul", 3) != EpocaNaoRecomendada || v[2].EpocaDeSemeadura("sul", 3) != EpocaSemDados {
		t.Fatal("epoca")
	}
}

func TestColheitaTotalsAndDiaryLine(t *testing.T) {
	var tot Totais
	tot = tot.Add(Colheita{Quantidade: 1.2, Unidade: UnidadeKg, Destino: "doado"})
	tot = tot.Add(Colheita{Quantidade: 300, Unidade: UnidadeG, Destino: "consumo"})
	tot = tot.Add(Colheita{Quantidade: 3, Unidade: UnidadeMacos, Destino: "compartilhado"})
	if tot.Colheitas != 3 || tot.Kg < 1.499 || tot.Kg > 1.501 || tot.DoadoKg != 1.2 || tot.Macos != 3 {
		t.Fatalf("%+v", tot)
	}
	if got := TextoColheita(Colheita{Quantidade: 1.2, Unidade: UnidadeMacos, Destino: "doado"}); got != "Colheita: 1,2 maços (doado)" {
		t.Fatal(got)
	}
}

// In the cultivos area, every free text of a cultivo (its
// notas, a diary entry's texto, the motivo of a loss) loses control, bidi
// and zero-width characters; a text with nothing visible counts as not
// written; and the contract's maxLength holds on the text as sent.
func TestEveryCultivoFreeTextIsCleanedAndMeasuredAsSent(t *testing.T) {
	q := 12.0
	in := CultivoInput{VegetalID: "alface-verao", Metodo: MetodoMuda, Quantidade: &q, Unidade: UnidadeMudas,
		DataPlantio: "2026-01-10", Notas: "\u202eCanteiro\x00 norte\x1b[31m\r\nà sombra\u200b"}
	if err := in.Valid(); err != nil || in.Notas != "Canteiro norte\nà sombra" {
		t.Errorf("notas: %v %q", err, in.Notas)
	}
	in.Notas = "\u3164\u200b\x00"
	if err := in.Valid(); err != nil || in.Notas != "" {
		t.Errorf("invisible notas: %v %q", err, in.Notas)
	}
	in.Notas = strings.Repeat("a", MaxNotasLength) + "\u200b"
	if err := in.Valid(); err == nil || err.(*Error).Field != "notas" {
		t.Errorf("notas of %d characters as sent: %v", MaxNotasLength+1, err)
	}

	d := DiarioInput{Tipo: TipoRega, Texto: "\x1b]0;x\x07Regado\u202e de manhã\x00"}
	if err := d.Valid(); err != nil || d.Texto != "Regado de manhã" {
		t.Errorf("texto: %v %q", err, d.Texto)
	}
	d = DiarioInput{Tipo: TipoObservacao, Texto: "\u202e\u200b\u3164\x00"}
	if err := d.Valid(); err == nil || err.(*Error).Field != "texto" {
		t.Errorf("texto with nothing visible and no photo: %v", err)
	}
	d = DiarioInput{Tipo: TipoRega, Texto: strings.Repeat("b", MaxDiarioTexto) + "\x00"}
	if err := d.Valid(); err == nil || err.(*Error).Field != "texto" {
		t.Errorf("texto of %d characters as sent: %v", MaxDiarioTexto+1, err)
	}

	f := FaseInput{Fase: FasePerdido, Motivo: "\u202eGeada\x00 forte\u200b"}
	if err := f.Valid(); err != nil || f.Motivo != "Geada forte" {
		t.Errorf("motivo: %v %q", err, f.Motivo)
	}
	c, err := (Cultivo{Fase: FaseCrescendo}).NextFase(FasePerdido, "\x1b[2JLagarta\u202e")
	if err != nil || c.MotivoPerda != "Lagarta" {
		t.Errorf("motivoPerda: %v %q", err, c.MotivoPerda)
	}
	if _, err := (Cultivo{Fase: FaseCrescendo}).NextFase(FasePerdido, "\u3164\u200b\x00"); err == nil || err.(*Error).Field != "motivo" {
		t.Errorf("motivo with nothing visible: %v", err)
	}
	f = FaseInput{Fase: FaseCrescendo, Motivo: strings.Repeat("c", MaxMotivoLength+1)}
	if err := f.Valid(); err == nil || err.(*Error).Field != "motivo" {
		t.Errorf("motivo of %d characters on another phase was accepted: %v", MaxMotivoLength+1, err)
	}
}

// A harvest far below any scale is refused by its field: its totals could
// not be added in DynamoDB (schemathesis sent 1.8e-120 g).
func TestColheitaQuantityHasAMinimum(t *testing.T) {
	for _, q := range []float64{1.8445563632641017e-120, 0.0009} {
		in := ColheitaInput{Quantidade: &q, Unidade: UnidadeKg, Data: "2026-03-15", Destino: "consumo"}
		err := in.Valid()
		if e, ok := AsError(err); !ok || e.Field != "quantidade" {
			t.Errorf("%g kg: %v", q, err)
		}
	}
	q := 0.001
	in := ColheitaInput{Quantidade: &q, Unidade: UnidadeKg, Data: "2026-03-15", Destino: "consumo"}
	if err := in.Valid(); err != nil {
		t.Errorf("0.001 kg: %v", err)
	}
}
