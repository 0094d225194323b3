package domain

import (
	"slices"
	"testing"
	"time"
)

func codes(cs []ConquistaRegra) []string {
	out := []string{}
	for _, c := range cs {
		out = append(out, c.Codigo)
	}
	return out
}

func TestEachConquistaRule(t *testing.T) {
	cases := []struct {
		code     string
		before   map[string]int
		change   map[string]int
		unlocked bool
	}{
		{"primeira-semente", nil, map[string]int{ContaCultivos: 1}, true},
		{"primeira-semente", nil, map[string]int{ContaColheitas: 1}, false},
		{"primeira-colheita", nil, map[string]int{ContaColheitas: 1}, true},
		{"colheita-farta", map[string]int{ContaColheitas: 8}, map[string]int{ContaColheitas: 1}, false},
		{"colheita-farta", map[string]int{ContaColheitas: 9}, map[string]int{ContaColheitas: 1}, true},
		{"mao-verde", map[string]int{ContaHortalicasColhidas: 4, ContaColheitas: 40}, map[string]int{ContaColheitas: 1}, false},
		{"mao-verde", map[string]int{ContaHortalicasColhidas: 4}, map[string]int{ContaHortalicasColhidas: 1}, true},
		{"diario-em-dia", map[string]int{ContaDiario: 28}, map[string]int{ContaDiario: 1}, false},
		{"diario-em-dia", map[string]int{ContaDiario: 29}, map[string]int{ContaDiario: 1}, true},
		{"fotografo-da-horta", map[string]int{ContaFotos: 8}, map[string]int{ContaFotos: 1}, false},
		{"fotografo-da-horta", map[string]int{ContaFotos: 8}, map[string]int{ContaFotos: 3}, true},
		{"voz-da-comunidade", map[string]int{ContaPosts: 9}, map[string]int{ContaPosts: 1}, true},
		{"voz-da-comunidade", map[string]int{ContaPosts: 9, ContaComentarios: 30}, nil, false},
		{"bom-vizinho", map[string]int{ContaComentarios: 24}, map[string]int{ContaComentarios: 1}, true},
		{"bom-vizinho", map[string]int{ContaComentarios: 23}, map[string]int{ContaComentarios: 1}, false},
		{"fundador", nil, map[string]int{ContaGruposCriados: 1}, true},
		{"comunitario", map[string]int{ContaGruposParticipa: 2}, nil, false},
		{"comunitario", map[string]int{ContaGruposParticipa: 3}, nil, true},
		{"lider-de-horta", map[string]int{ContaMaiorGrupoLiderado: 9}, map[string]int{ContaMaiorGrupoLiderado: 8}, false},
		{"lider-de-horta", map[string]int{ContaMaiorGrupoLiderado: 9}, map[string]int{ContaMaiorGrupoLiderado: 10}, true},
		{"cuidado-constante", map[string]int{ContaSequenciaCuidado: 6, ContaMelhorSequencia: 6, ContaUltimoDiaCuidado: 20261122}, map[string]int{ContaUltimoDiaCuidado: 20261123}, true},
		{"cuidado-constante", map[string]int{ContaSequenciaCuidado: 6, ContaMelhorSequencia: 6, ContaUltimoDiaCuidado: 20261122}, map[string]int{ContaUltimoDiaCuidado: 20261122}, false},
		{"cuidado-constante", map[string]int{ContaSequenciaCuidado: 6, ContaMelhorSequencia: 6, ContaUltimoDiaCuidado: 20261120}, map[string]int{ContaUltimoDiaCuidado: 20261123}, false},
		{"cuidado-constante", map[string]int{ContaSequenciaCuidado: 6, ContaMelhorSequencia: 6, ContaUltimoDiaCuidado: 20261130}, map[string]int{ContaUltimoDiaCuidado: 20261201}, true},
	}
	for _, tc := range cases {
		after := ApplyCounts(tc.before, tc.change)
		got := slices.Contains(codes(Unlocks(after, nil)), tc.code)
		if got != tc.unlocked {
			t.Errorf("%s: %v + %v = %v: unlocked %v, want %v", tc.code, tc.before, tc.change, after, got, tc.unlocked)
		}
		if got && slices.Contains(codes(Unlocks(after, []string{tc.code})), tc.code) {
			t.Errorf("%s unlocks again once earned", tc.code)
		}
	}
}

func TestCatalogueHasEveryDesignConquistaOnce(t *testing.T) {
	if len(Conquistas) < 12 {
		t.Fatalf("%d conquistas", len(Conquistas))
	}
	seen := map[string]bool{}
	for _, c := range Conquistas {
		if seen[c.Codigo] || c.Meta < 1 || c.BonusPadrao < 1 || c.Conta == "" || c.Plural == "" {
			t.Errorf("bad or repeated: %+v", c)
		}
		seen[c.Codigo] = true
	}
}

func TestProgressText(t *testing.T) {
	c, _ := ConquistaByCode("colheita-farta")
	if got := c.Progresso(map[string]int{ContaColheitas: 7}); got != "7 de 10 colheitas" {
		t.Errorf("%q", got)
	}
	if got := c.Progresso(map[string]int{ContaColheitas: 70}); got != "10 de 10 colheitas" {
		t.Errorf("%q", got)
	}
	s, _ := ConquistaByCode("primeira-semente")
	if got := s.Progresso(nil); got != "0 de 1 cultivo" {
		t.Errorf("%q", got)
	}
}

func TestStreak(t *testing.T) {
	for _, tc := range []struct{ last, streak, day, want int }{
		{0, 0, 20261123, 1}, {20261122, 3, 20261123, 4}, {20261123, 3, 20261123, 3}, {20261121, 3, 20261123, 1},
		{20261231, 2, 20270101, 3}, {20260228, 2, 20260301, 3},
	} {
		if got := NextStreak(tc.last, tc.streak, tc.day); got != tc.want {
			t.Errorf("%+v: %d", tc, got)
		}
	}
	now := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	if StreakNow(map[string]int{ContaUltimoDiaCuidado: 20261122, ContaSequenciaCuidado: 5}, now) != 5 {
		t.Error("yesterday's streak still stands")
	}
	if StreakNow(map[string]int{ContaUltimoDiaCuidado: 20261121, ContaSequenciaCuidado: 5}, now) != 0 {
		t.Error("a missed day breaks it")
	}
	if n := ApplyCounts(map[string]int{ContaColheitas: 1}, map[string]int{ContaColheitas: -3}); n[ContaColheitas] != 0 {
		t.Error("never below 0")
	}
}

func TestRegraText(t *testing.T) {
	for code, want := range map[string]string{
		"colheita-farta":   "Ao chegar a 10 colheitas",
		"primeira-semente": "Ao chegar a 1 cultivo",
		"mao-verde":        "Ao chegar a 5 hortaliças diferentes",
	} {
		c, _ := ConquistaByCode(code)
		if got := c.Regra(); got != want {
			t.Errorf("%s: %q, want %q", code, got, want)
		}
	}
	c, _ := ConquistaByCode("primeira-colheita")
	if got := TextoConquista(c, 35); got != "Você desbloqueou a conquista Primeira Colheita! +35 pontos" {
		t.Errorf("%q", got)
	}
}
