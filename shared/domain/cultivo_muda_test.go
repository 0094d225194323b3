package domain

import (
	"slices"
	"testing"
	"time"
)

// A seedling already planted starts at crescendo (never Semeado or Germinando) and walks
// planejado → crescendo → florescendo → pronto → colhido; seeds keep the whole path.
func TestSeedlingsStartGrowingAndSkipGermination(t *testing.T) {
	q := 6.0
	in := CultivoInput{VegetalID: "manjericao", Metodo: MetodoMuda, Quantidade: &q, Unidade: UnidadeMudas, DataPlantio: "2026-11-18", Fase: FaseSemeado}
	if err := in.Valid(); err != nil || in.Fase != FaseCrescendo {
		t.Fatalf("muda semeado: fase %s, %v", in.Fase, err)
	}
	in.Fase = FaseCrescendo
	if err := in.Valid(); err != nil {
		t.Fatalf("muda crescendo: %v", err)
	}
	seeds := CultivoInput{VegetalID: "coentro", Metodo: MetodoSemente, Quantidade: &q, Unidade: UnidadeSementes, DataPlantio: "2026-11-18", Fase: FaseCrescendo}
	if err := seeds.Valid(); err == nil {
		t.Fatal("seeds accepted at crescendo")
	}

	c := Cultivo{Metodo: MetodoMuda, Fase: FasePlanejado}
	if c2, err := c.NextFase(FaseCrescendo, ""); err != nil || c2.Fase != FaseCrescendo {
		t.Fatalf("planejado → crescendo: %v", err)
	}
	if _, err := c.NextFase(FaseSemeado, ""); err == nil {
		t.Fatal("a seedling went to semeado")
	}
	c.Fase = FaseCrescendo
	if _, err := c.NextFase(FaseGerminando, ""); err == nil {
		t.Fatal("a seedling went back to germinando")
	}
	if c2, err := c.NextFase(FasePlanejado, ""); err != nil || c2.Fase != FasePlanejado {
		t.Fatalf("crescendo ← planejado: %v", err)
	}
	// A seedling stored at germinando before this rule still moves on.
	old := Cultivo{Metodo: MetodoMuda, Fase: FaseGerminando}
	if c2, err := old.NextFase(FaseCrescendo, ""); err != nil || c2.Fase != FaseCrescendo {
		t.Fatalf("legacy germinando → crescendo: %v", err)
	}
	if !slices.Equal(Cultivo{Metodo: MetodoSemente}.Caminho(), FaseOrder) {
		t.Error("seeds lost their path")
	}
}

// The source counts the days to harvest from planting in the final place: a seedling's
// window opens at its planting (transplant) date plus the source's days.
func TestSeedlingColheitaWindowCountsFromTransplant(t *testing.T) {
	c := Cultivo{Metodo: MetodoMuda, Fase: FaseCrescendo, DataPlantio: "2026-11-18", DiasColheitaMin: 60, DiasColheitaMax: 80}
	j := c.JanelaColheita(time.Date(2026, 11, 25, 15, 0, 0, 0, time.UTC))
	if j.Inicio != "2027-01-17" || j.Fim != "2027-02-06" || j.DiasParaColheita != 53 {
		t.Errorf("janela = %+v", j)
	}
}

// A diary entry is of today unless dated; never ahead, never before the planting.
func TestDiaryEntriesCanBeDatedInThePast(t *testing.T) {
	now := time.Date(2026, 11, 25, 2, 0, 0, 0, time.UTC) // 24/11 23:00 in Brasília
	if d, err := CheckDiarioData("", "2026-11-01", now); err != nil || d != "2026-11-24" {
		t.Errorf("default: %s %v", d, err)
	}
	if d, err := CheckDiarioData("2026-11-20", "2026-11-18", now); err != nil || d != "2026-11-20" {
		t.Errorf("past: %s %v", d, err)
	}
	if _, err := CheckDiarioData("2026-11-25", "2026-11-18", now); err == nil || err.(*Error).Field != "data" {
		t.Errorf("future (tomorrow in Brasília) accepted: %v", err)
	}
	if _, err := CheckDiarioData("2026-11-17", "2026-11-18", now); err == nil {
		t.Error("before the planting accepted")
	}
	in := DiarioInput{Tipo: "rega", Texto: "Regado", Data: "ontem"}
	if err := in.Valid(); err == nil {
		t.Error("bad date accepted")
	}
	// Today's entry sits at its time; an earlier day's at noon in Brasília, below today's.
	if got := DiarioTime("2026-11-24", now); !got.Equal(now) {
		t.Errorf("today's at %v", got)
	}
	if got := DiarioTime("2026-11-20", now); !got.Equal(time.Date(2026, 11, 20, 15, 0, 0, 0, time.UTC)) {
		t.Errorf("past entry at %v", got)
	}
}

// Plante agora puts what the region grows now first: seasonal before all-year, the season
// closing sooner first, not the alphabet.
func TestPlanteAgoraFavoursWhatIsInSeasonNow(t *testing.T) {
	all := []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}
	cal := func(ne []int) map[string][]int {
		return map[string][]int{"sul": {}, "sudeste": {}, "nordeste": ne, "centroOeste": {}, "norte": {}}
	}
	vs := []Vegetal{
		{ID: "alface", Nome: "Alface", Semeadura: cal(all)},
		{ID: "abobora", Nome: "Abóbora", Semeadura: cal([]int{11, 12, 1, 2, 3})},
		{ID: "quiabo", Nome: "Quiabo", Semeadura: cal([]int{12})},
		{ID: "coentro", Nome: "Coentro", Semeadura: cal(all)},
		{ID: "tomate", Nome: "Tomate", Semeadura: cal([]int{6, 7})},
	}
	var ids []string
	for _, v := range PlanteAgora(vs, "nordeste", 12) {
		ids = append(ids, v.ID)
	}
	if want := []string{"quiabo", "abobora", "alface", "coentro"}; !slices.Equal(ids, want) {
		t.Errorf("order %v, want %v", ids, want)
	}
}
