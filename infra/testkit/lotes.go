package testkit

import (
	"context"
	"testing"

	"github.com/verde-app/verde/shared/domain"
)

// Lotes is every lote of group gid in natural order (A2 before A10), read
// page after page as the lote grid reads them (store.LotesPage).
func (e *Env) Lotes(t testing.TB, gid string) []domain.Lote {
	t.Helper()
	var all []domain.Lote
	var after map[string]string
	for i := 0; ; i++ {
		page, next, err := e.Deps.Store.LotesPage(context.Background(), gid, domain.MaxLotesPerGroup+1, after)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, page...)
		if next == nil || i > domain.MaxLotesPerGroup {
			break
		}
		after = next
	}
	domain.SortLotes(all)
	return all
}
