package admin_test

import (
	"testing"
	"time"
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
