package domain

import (
	"fmt"
	"time"
)

// Monthly leagues: so that a new gardener competes with peers rather than
// with the founders, the members who earn points in a month are split into
// leagues of about Rules.Limites.TamanhoLiga members. Leagues come in
// séries: a member's first league is in the entry série; at the month's end
// the top ZonaLiga of each league go up a série (acesso), the bottom ZonaLiga
// go down (rebaixamento), and the rest stay. Within a série a league is
// filled in the order its members first earn points in the month.

// Séries, best first.
const (
	SerieA       = 1
	SerieEntrada = 4 // the lowest série, where everyone starts
)

// NomeSerie is the série's name.
func NomeSerie(s int) string {
	if s < SerieA || s > SerieEntrada {
		return ""
	}
	return "Série " + string(rune('A'+s-1))
}

// Results of a month in a league.
const (
	LigaSobe  = "sobe"
	LigaFica  = "fica"
	LigaDesce = "desce"
)

// Zones of a league table.
const (
	ZonaAcesso       = "acesso"
	ZonaRebaixamento = "rebaixamento"
)

// LigaMembro is one line of a league table, as read for its close.
type LigaMembro struct {
	ID     string
	Pontos int
	Chave  string // the monthly score key: higher first, ties by who got there first
}

// ZonaTamanho is how many members go up (and how many go down) in a league
// of n members: the rules' zone, at most a third of the league.
func ZonaTamanho(n int, r Rules) int { return min(r.Limites.ZonaLiga, n/3) }

// Zona is the zone of position pos (1-based) in a league of n members of série s.
func Zona(pos, n, s int, r Rules) string {
	z := ZonaTamanho(n, r)
	switch {
	case z == 0:
		return ""
	case pos <= z && s > SerieA:
		return ZonaAcesso
	case pos > n-z && s < SerieEntrada:
		return ZonaRebaixamento
	}
	return ""
}

// ResultadosLiga are the month's results of a league of série s whose
// members are ranked best first.
func ResultadosLiga(ranked []LigaMembro, s int, r Rules) map[string]string {
	out := make(map[string]string, len(ranked))
	for i, m := range ranked {
		res := LigaFica
		switch Zona(i+1, len(ranked), s, r) {
		case ZonaAcesso:
			res = LigaSobe
		case ZonaRebaixamento:
			res = LigaDesce
		}
		out[m.ID] = res
	}
	return out
}

// SerieSeguinte is the série after a month whose result was res in série s.
func SerieSeguinte(s int, res string) int {
	switch res {
	case LigaSobe:
		return max(s-1, SerieA)
	case LigaDesce:
		return min(s+1, SerieEntrada)
	}
	if s < SerieA || s > SerieEntrada {
		return SerieEntrada
	}
	return s
}

// LigaGrace is how long after a month's end its leagues wait before they
// close: long enough for any act of the last second to have been written.
const LigaGrace = 10 * time.Second

// LigaFechavel reports whether the leagues of month mes may close at now.
func LigaFechavel(mes string, now time.Time) bool {
	start, err := time.ParseInLocation("2006-01", mes, Brasilia)
	if err != nil {
		return false
	}
	return !now.Before(start.AddDate(0, 1, 0).Add(LigaGrace))
}

// TextoResultadoLiga tells a member how last month ended.
func TextoResultadoLiga(res string, antes, agora int) string {
	switch res {
	case LigaSobe:
		return fmt.Sprintf("Você subiu da %s para a %s!", NomeSerie(antes), NomeSerie(agora))
	case LigaDesce:
		return fmt.Sprintf("Você desceu da %s para a %s. Bora recuperar!", NomeSerie(antes), NomeSerie(agora))
	case LigaFica:
		return fmt.Sprintf("Você continua na %s.", NomeSerie(agora))
	}
	return ""
}
