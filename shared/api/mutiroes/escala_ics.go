package mutiroes

import (
	"fmt"
	"slices"
	"time"

	"github.com/verde-app/verde/shared/domain"
)

// escalaWeeks is how far ahead a feed lists a weekly turn's days.
const escalaWeeks = 8

// escalaEvents are an agenda entry's events: a weekly turn's days for the
// coming weeks (less the days given away in a swap), or a day taken in one.
func escalaEvents(a domain.AgendaItem, all []domain.AgendaItem, site string, now time.Time) []icsEvent {
	link := ""
	if site != "" {
		link = site + domain.LinkEscala(a.GroupID, a.RefID)
	}
	dur := time.Duration(a.DuracaoMin) * time.Minute
	switch a.Tipo {
	case domain.AgendaTroca:
		return []icsEvent{{UID: "escala-" + a.RefID + "-" + a.Data + "-troca@verde", Inicio: a.Inicio, Fim: a.Inicio.Add(dur),
			Titulo: domain.TituloEventoTroca(a.Titulo, a.De), URL: link}}
	case domain.AgendaEscala:
	default:
		return nil
	}
	cedido := func(day string) bool {
		return slices.ContainsFunc(all, func(x domain.AgendaItem) bool {
			return x.Tipo == domain.AgendaCedida && x.RefID == a.RefID && x.Data == day
		})
	}
	var h, m int
	fmt.Sscanf(a.Hora, "%d:%d", &h, &m)
	today := domain.LocalDate(now)
	var out []icsEvent
	for i := 0; i < 7*escalaWeeks; i++ {
		d := today.AddDate(0, 0, i)
		day := domain.FormatDate(d)
		if !slices.Contains(a.Dias, int(d.Weekday())) || cedido(day) {
			continue
		}
		start := time.Date(d.Year(), d.Month(), d.Day(), h, m, 0, 0, domain.Brasilia).UTC()
		out = append(out, icsEvent{UID: "escala-" + a.RefID + "-" + day + "@verde", Inicio: start, Fim: start.Add(dur),
			Titulo: domain.TituloEventoEscala(a.Titulo), Descricao: a.Descricao, URL: link})
	}
	return out
}
