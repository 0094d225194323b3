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
