package admin_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/verde-app/verde/infra/testkit"
)

// statsReads are the statistics' routes with their bound of BatchGetItem
// calls (store/stats.go): the KPIs read the totals and at most 92 days × 4
// shards (≤ 372 keys: 4 calls); a year of analytics 366 days × 4 shards + 4
// (1,468 keys: 15 calls); the totals 4 keys (1 call).
func statsReads(t *testing.T) map[string]int {
	t.Helper()
	today := env.Deps.Store.Today()
	end, _ := time.Parse(time.DateOnly, today)
	year := end.AddDate(0, 0, -365).Format(time.DateOnly)
	return map[string]int{
		"/api/admin/kpis": 4,
		"/api/admin/analytics?granularidade=mes&de=" + year + "&ate=" + today:       15,
		"/api/admin/analytics?granularidade=dia&uf=SP&de=" + year + "&ate=" + today: 15,
		"/api/admin/totais": 1,
	}
}

// TestAnalyticsRefusesBadParameters: each bad parameter is a 400 naming it.
func TestAnalyticsRefusesBadParameters(t *testing.T) {
	setup(t)
	adm := env.NewAdmin(t, "Analista")
	for q, field := range map[string]string{
		"uf=":                          "uf",
		"uf=ZZ":                        "uf",
		"ate=":                         "ate",
		"de=2026-02-30":                "de",
		"ate=23/11/2026":               "ate",
		"de=2026-11-23&ate=2026-11-01": "de",
		"de=2024-01-01&ate=2026-01-01": "de",
		"granularidade=ano":            "granularidade",
		"granularidade=":               "granularidade",
	} {
		res := testkit.Do(t, h, "GET", "/api/admin/analytics?"+q, adm, nil)
		if res.Status != http.StatusBadRequest || res.ErrorField() != field {
			t.Errorf("%s: %d %s, want 400 on %s", q, res.Status, res.Body, field)
		}
	}
	res := testkit.Do(t, h, "GET", "/api/admin/analytics?de=2025-11-24&ate=2026-11-23&granularidade=mes&uf=sem", adm, nil)
	var a struct {
		Pontos []struct{ Inicio, Fim string }
	}
	res.Decode(t, &a)
	if res.Status != 200 || len(a.Pontos) != 13 || a.Pontos[0].Inicio != "2025-11-24" || a.Pontos[12].Fim != "2026-11-23" {
		t.Fatalf("a year by month: %d %+v", res.Status, a.Pontos)
	}
}
