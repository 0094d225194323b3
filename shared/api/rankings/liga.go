package rankings

import (
	"net/http"

	"github.com/verde-app/verde/shared/api/kit"
	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
)

// LinhaLiga is one member of a league table (schema LinhaLiga).
type LinhaLiga struct {
	Posicao int     `json:"posicao"`
	ID      *string `json:"id"`   // null: a member who opted out of the public rankings
	Nome    *string `json:"nome"` // likewise
	Pontos  int     `json:"pontos"`
	Zona    *string `json:"zona"` // acesso, rebaixamento or null
	Eu      bool    `json:"eu"`
}

// Liga is the caller's league this month (schema Liga).
type Liga struct {
	Participa     bool        `json:"participa"`
	Mes           string      `json:"mes"`
	Serie         *string     `json:"serie"` // "Série D"
	Numero        int         `json:"numero"`
	Zona          int         `json:"zona"`
	Linhas        []LinhaLiga `json:"linhas"`
	Resultado     *string     `json:"resultado"`     // how the last league ended: sobe, fica, desce
	TextoAnterior *string     `json:"textoAnterior"` // the same, said
}

func optional(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func ligaOf(l store.League) Liga {
	out := Liga{Participa: l.Participa, Mes: l.Mes, Numero: l.Num + 1, Zona: l.Zona, Linhas: []LinhaLiga{}}
	if l.Participa {
		out.Serie = optional(domain.NomeSerie(l.Serie))
		out.Resultado = optional(l.Resultado)
		out.TextoAnterior = optional(domain.TextoResultadoLiga(l.Resultado, l.SerieAnterior, l.Serie))
	}
	for _, ln := range l.Linhas {
		out.Linhas = append(out.Linhas, LinhaLiga{Posicao: ln.Posicao, ID: optional(ln.ID), Nome: optional(ln.Nome), Pontos: ln.Pontos,
			Zona: optional(ln.Zona), Eu: ln.Eu})
	}
	return out
}

// handleLeague is the caller's monthly league: two calls (a first visit of
// the month that finds them with points but in no league puts them in one).
func handleLeague(d app.Deps) http.Handler {
	return kit.Read(d, http.StatusOK, func(r *http.Request, actor store.Actor) (Liga, error) {
		return kit.Shown(ligaOf)(d.Store.MyLeague(r.Context(), actor.ID))
	})
}
