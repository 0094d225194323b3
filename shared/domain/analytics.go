package domain

import (
	"fmt"
	"net/url"
	"time"
)

// MaxAnalyticsDays bounds an analytics range (366 days: a year and its first day).
const MaxAnalyticsDays = 366

// AnalyticsQuery is what /admin/estatisticas asks for: the days De..Ate
// (yyyy-mm-dd), grouped by Granularidade (dia, semana, mes), for the
// members of UF ("sem": those without one; "": everyone).
type AnalyticsQuery struct {
	De, Ate, Granularidade, UF string
}

// ParseAnalytics reads the analytics query of q on today (yyyy-mm-dd):
// by default the 30 days up to today, by day, everyone; at most
// MaxAnalyticsDays. A parameter sent empty is refused (absent takes the
// default).
func ParseAnalytics(q url.Values, today string) (AnalyticsQuery, error) {
	errDe := Invalid("de", "Informe a data inicial no formato aaaa-mm-dd")
	errAte := Invalid("ate", "Informe a data final no formato aaaa-mm-dd")
	errGran := Invalid("granularidade", "Escolha dia, semana ou mes")
	for _, f := range []struct {
		name string
		err  *Error
	}{{"de", errDe}, {"ate", errAte}, {"granularidade", errGran}, {"uf", ErrUFQuery()}} {
		if q.Has(f.name) && q.Get(f.name) == "" {
			return AnalyticsQuery{}, f.err
		}
	}
	ate := q.Get("ate")
	if ate == "" {
		ate = today
	}
	end, ok := ParseDate(ate)
	if !ok {
		return AnalyticsQuery{}, errAte
	}
	de := q.Get("de")
	if de == "" {
		de = end.AddDate(0, 0, -29).Format(time.DateOnly)
	}
	start, ok := ParseDate(de)
	if !ok {
		return AnalyticsQuery{}, errDe
	}
	if start.After(end) {
		return AnalyticsQuery{}, Invalid("de", "A data inicial deve ser anterior à final")
	}
	if end.Sub(start) >= MaxAnalyticsDays*24*time.Hour {
		return AnalyticsQuery{}, Invalid("de", fmt.Sprintf("Escolha um período de até %d dias", MaxAnalyticsDays))
	}
	gran := q.Get("granularidade")
	switch gran {
	case "":
		gran = "dia"
	case "dia", "semana", "mes":
	default:
		return AnalyticsQuery{}, errGran
	}
	uf := q.Get("uf")
	if uf != "" && uf != "sem" && !ValidUF(uf) {
		return AnalyticsQuery{}, ErrUFQuery()
	}
	return AnalyticsQuery{De: start.Format(time.DateOnly), Ate: end.Format(time.DateOnly), Granularidade: gran, UF: uf}, nil
}
