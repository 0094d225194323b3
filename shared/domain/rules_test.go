package domain

import (
	"strings"
	"testing"
)

func TestDefaultRulesAreDesignsAndValid(t *testing.T) {
	r := Defaults()
	if err := r.Valid(); err != nil {
		t.Fatal(err)
	}
	p, l := r.Pontos, r.Limites
	if p.CriarGrupo != 20 || p.EntrarGrupo != 10 || p.Cultivo != 10 || p.Diario != 2 || p.DiarioFoto != 3 ||
		p.DiariosPorDia != 10 || p.Colheita != 50 || p.Post != 5 || p.PostsPorDia != 5 || p.Comentario != 1 ||
		p.ComentariosPorDia != 10 || p.CurtidaRecebida != 1 {
		t.Errorf("points: %+v", p)
	}
	if l.MaxMembrosPadrao != 50 || l.LotesPorGrupo != 500 || l.LotesPorMembro != 10 || l.PedidosLotePorMembro != 5 ||
		l.PedidosPorLote != 20 || l.PedidosEntradaPorGrupo != 100 || l.ConvitesPorGrupo != 200 ||
		l.GruposPorDono != 10 || l.DenunciasParaOcultar != 3 || r.Version != 1 {
		t.Errorf("caps: %+v", r)
	}
	if l.CultivosPorDia != 30 || l.RegistrosDiarioPorDia != 100 || l.ColheitasPorDia != 50 {
		t.Errorf("daily caps of cultivo writes: %+v", l)
	}
}

// Every number is checked on its own, named by its JSON path, with its range in the message.
func TestRulesValidNamesEachFieldWithItsRange(t *testing.T) {
	cases := []struct {
		field, msg string
		edit       func(*Rules)
	}{
		{"version", "a partir de 1", func(r *Rules) { r.Version = 0 }},
		{"pontos.criarGrupo", "entre 0 e 1000", func(r *Rules) { r.Pontos.CriarGrupo = -1 }},
		{"pontos.curtidaRecebida", "entre 0 e 1000", func(r *Rules) { r.Pontos.CurtidaRecebida = 1001 }},
		{"pontos.diariosPorDia", "entre 0 e 100", func(r *Rules) { r.Pontos.DiariosPorDia = 101 }},
		{"limites.maxMembrosPadrao", "entre 2 e 500", func(r *Rules) { r.Limites.MaxMembrosPadrao = 1 }},
		{"limites.lotesPorMembro", "entre 1 e 10", func(r *Rules) { r.Limites.LotesPorMembro = 11 }},
		{"limites.pedidosPorLote", "entre 1 e 20", func(r *Rules) { r.Limites.PedidosPorLote = 21 }},
		{"limites.pedidosLotePorMembro", "entre 1 e 5", func(r *Rules) { r.Limites.PedidosLotePorMembro = 0 }},
		{"limites.pedidosEntradaPorGrupo", "entre 1 e 100", func(r *Rules) { r.Limites.PedidosEntradaPorGrupo = 101 }},
		{"limites.convitesPorGrupo", "entre 1 e 200", func(r *Rules) { r.Limites.ConvitesPorGrupo = 201 }},
		{"limites.lotesPorGrupo", "entre 1 e 500", func(r *Rules) { r.Limites.LotesPorGrupo = 501 }},
		{"limites.gruposPorDono", "entre 1 e 1000", func(r *Rules) { r.Limites.GruposPorDono = 0 }},
		{"limites.denunciasParaOcultar", "entre 1 e 100", func(r *Rules) { r.Limites.DenunciasParaOcultar = 0 }},
		{"limites.cultivosPorDia", "entre 1 e 1000", func(r *Rules) { r.Limites.CultivosPorDia = 0 }},
		{"limites.registrosDiarioPorDia", "entre 1 e 1000", func(r *Rules) { r.Limites.RegistrosDiarioPorDia = 1001 }},
		{"limites.colheitasPorDia", "entre 1 e 1000", func(r *Rules) { r.Limites.ColheitasPorDia = 0 }},
	}
	for _, c := range cases {
		r := Defaults()
		c.edit(&r)
		err := r.Valid()
		e, ok := AsError(err)
		if !ok || e.Code != EValidation || e.Field != c.field || !strings.Contains(e.Message, c.msg) {
			t.Errorf("%s: %v", c.field, err)
		}
	}
}

// The conquistas' bonuses are rules: every code of the catalogue, 0 to
// MaxPontosPorAto, each named by its path and by the conquista; a code the
// catalogue lacks is refused.
func TestRulesConquistasBonuses(t *testing.T) {
	r := Defaults()
	if len(r.Conquistas) != len(Conquistas) {
		t.Fatalf("defaults: %v", r.Conquistas)
	}
	for _, c := range Conquistas {
		if r.Bonus(c.Codigo) != c.BonusPadrao || c.BonusPadrao < 1 {
			t.Errorf("%s: %d, want %d", c.Codigo, r.Bonus(c.Codigo), c.BonusPadrao)
		}
	}
	cases := []struct {
		field, msg string
		edit       func(*Rules)
	}{
		{"conquistas.primeira-colheita", "Pontos da conquista Primeira Colheita: informe um número entre 0 e 1000", func(r *Rules) { r.Conquistas["primeira-colheita"] = -1 }},
		{"conquistas.mao-na-massa", "Pontos da conquista Mão na Massa: informe um número entre 0 e 1000", func(r *Rules) { r.Conquistas["mao-na-massa"] = 1001 }},
		{"conquistas.fundador", "Pontos da conquista Fundador", func(r *Rules) { delete(r.Conquistas, "fundador") }},
		{"conquistas.primeira-semente", "Pontos da conquista Primeira Semente", func(r *Rules) { r.Conquistas = nil }},
		{"conquistas.inventada", "não existe no catálogo", func(r *Rules) { r.Conquistas["inventada"] = 5 }},
	}
	for _, c := range cases {
		r := Defaults()
		c.edit(&r)
		e, ok := AsError(r.Valid())
		if !ok || e.Code != EValidation || e.Field != c.field || !strings.Contains(e.Message, c.msg) {
			t.Errorf("%s: %+v", c.field, e)
		}
	}
	zero := Defaults()
	zero.Conquistas["fundador"] = 0
	if err := zero.Valid(); err != nil || zero.Bonus("fundador") != 0 {
		t.Errorf("a bonus of 0: %v", err)
	}
}

// Stored rules older than the conquistas' bonuses (or than a code added
// since) keep the defaults; a code gone from the catalogue is dropped.
func TestRulesFromJSONKeepsDefaultsForWhatItLacks(t *testing.T) {
	old, err := RulesFromJSON([]byte(`{"version":4,"pontos":{"post":7}}`))
	if err != nil || old.Version != 4 || old.Pontos.Post != 7 || old.Pontos.Cultivo != 10 || old.Bonus("fundador") != 20 || old.Valid() != nil {
		t.Fatalf("older item: %+v %v", old, err)
	}
	some, err := RulesFromJSON([]byte(`{"version":5,"conquistas":{"fundador":45,"retirada-do-catalogo":9}}`))
	if err != nil || some.Bonus("fundador") != 45 || some.Bonus("primeira-colheita") != 20 || len(some.Conquistas) != len(Conquistas) || some.Valid() != nil {
		t.Fatalf("partial: %+v %v", some.Conquistas, err)
	}
	if null, err := RulesFromJSON([]byte(`{"version":6,"conquistas":null}`)); err != nil || null.Valid() != nil || null.Bonus("fundador") != 20 {
		t.Fatalf("null conquistas: %+v %v", null.Conquistas, err)
	}
	c := some.Clone()
	c.Conquistas["fundador"] = 1
	if some.Bonus("fundador") != 45 {
		t.Fatal("Clone shares the map")
	}
}
