package domain

import (
	"math"
	"time"
)

// Per-user counters: attributes of the profile item (USER#uid / PROFILE),
// moved by the acts in their own transactions (store.profileChange.counts)
// under a condition on the value read, so they stay exact and a conquista's
// rule (conquistas.go) is decided on the count the act completes.
const (
	ContaCultivos           = "contaCultivos"           // cultivos created
	ContaColheitas          = "contaColheitas"          // harvests recorded
	ContaColheitaGramas     = "contaColheitaGramas"     // harvested weight in grams (kg and g units)
	ContaHortalicasColhidas = "contaHortalicasColhidas" // distinct vegetables harvested
	ContaDiario             = "contaDiario"             // diary entries written
	ContaFotos              = "contaFotos"              // photos added to diary entries and harvests
	ContaPosts              = "contaPosts"              // posts published (feed)
	ContaComentarios        = "contaComentarios"        // comments on other people's posts (feed)
	ContaCurtidasRecebidas  = "contaCurtidasRecebidas"  // likes received on one's posts (feed)
	ContaGruposCriados      = "contaGruposCriados"      // groups created
	ContaGruposParticipa    = "contaGruposParticipa"    // groups the user is in now (derived from gruposParticipantes, not stored)
	ContaMaiorGrupoLiderado = "contaMaiorGrupoLiderado" // members of the largest group the user owns, as last seen by a join
	ContaMinutosVoluntarios = "contaMinutosVoluntarios" // volunteer minutes: confirmed mutirão presences and escala turns done

	// The care streak: consecutive Brasília days with a diary entry.
	ContaSequenciaCuidado = "contaSequenciaCuidado" // the current streak, in days
	ContaMelhorSequencia  = "contaMelhorSequencia"  // the longest streak so far
	ContaUltimoDiaCuidado = "contaUltimoDiaCuidado" // the streak's last day, as yyyymmdd
)

// StoredCounters are the counters kept on the profile item (every name above
// except the derived ContaGruposParticipa).
var StoredCounters = []string{
	ContaCultivos, ContaColheitas, ContaColheitaGramas, ContaHortalicasColhidas, ContaDiario, ContaFotos,
	ContaPosts, ContaComentarios, ContaCurtidasRecebidas, ContaGruposCriados, ContaMaiorGrupoLiderado, ContaMinutosVoluntarios,
	ContaSequenciaCuidado, ContaMelhorSequencia, ContaUltimoDiaCuidado,
}

// Set-valued counters: a change names the new value (a maximum, a day)
// rather than a delta. Every other counter in a change is a delta.
var setCounters = map[string]bool{ContaMaiorGrupoLiderado: true, ContaUltimoDiaCuidado: true, ContaSequenciaCuidado: true, ContaMelhorSequencia: true}

// ApplyCounts is counts after a change: deltas added (never below 0),
// ContaMaiorGrupoLiderado kept at its maximum, and a care day (ContaUltimoDiaCuidado
// in change, as yyyymmdd) moving the streak.
func ApplyCounts(counts, change map[string]int) map[string]int {
	out := make(map[string]int, len(counts)+len(change))
	for k, v := range counts {
		out[k] = v
	}
	for k, d := range change {
		switch {
		case k == ContaMaiorGrupoLiderado:
			out[k] = max(out[k], d)
		case k == ContaUltimoDiaCuidado:
			streak := NextStreak(out[ContaUltimoDiaCuidado], out[ContaSequenciaCuidado], d)
			out[ContaSequenciaCuidado] = streak
			out[ContaMelhorSequencia] = max(out[ContaMelhorSequencia], streak)
			out[ContaUltimoDiaCuidado] = max(out[ContaUltimoDiaCuidado], d)
		case setCounters[k]:
			// only moved through ContaUltimoDiaCuidado
		default:
			out[k] = max(0, out[k]+d)
		}
	}
	return out
}

// DayNumber is t's Brasília date as yyyymmdd.
func DayNumber(t time.Time) int {
	d := LocalDate(t)
	return d.Year()*10000 + int(d.Month())*100 + d.Day()
}

func dayOf(n int) time.Time {
	return time.Date(n/10000, time.Month(n/100%100), n%100, 0, 0, 0, 0, time.UTC)
}

// NextStreak is the streak after a care entry on day (yyyymmdd), when the
// streak was streak days long ending on last: the same day keeps it, the next
// day grows it, a gap starts again at 1 (an entry dated before last, which
// the acts never write, keeps it).
func NextStreak(last, streak, day int) int {
	if last == 0 || streak == 0 {
		return 1
	}
	gap := int(math.Round(dayOf(day).Sub(dayOf(last)).Hours() / 24))
	switch {
	case gap <= 0:
		return streak
	case gap == 1:
		return streak + 1
	default:
		return 1
	}
}

// StreakNow is the streak as it stands today: 0 once a whole day passed
// without an entry.
func StreakNow(counts map[string]int, now time.Time) int {
	last := counts[ContaUltimoDiaCuidado]
	if last == 0 {
		return 0
	}
	gap := int(math.Round(dayOf(DayNumber(now)).Sub(dayOf(last)).Hours() / 24))
	if gap > 1 {
		return 0
	}
	return counts[ContaSequenciaCuidado]
}

// ColheitaGrams is a harvest's weight in grams (0 for units and bunches).
func ColheitaGrams(h Colheita) int { return Grams(KgOf(h)) }
