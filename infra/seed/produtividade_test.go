package seed_test

import (
	"strings"
	"testing"

	"github.com/verde-app/verde/infra/seed"
	"github.com/verde-app/verde/shared/domain"
)

// Every yield row names its source and is a vegetable of the catalogue with
// numbers a harvest can be judged by.
func TestEveryYieldRowNamesItsSource(t *testing.T) {
	rows, err := seed.YieldRows()
	if err != nil {
		t.Fatal(err)
	}
	known := vegetaisByID(t)
	if len(rows) == 0 {
		t.Fatal("no yield rows")
	}
	seen := map[string]bool{}
	for _, r := range rows {
		if _, ok := known[r.VegetalID]; !ok {
			t.Errorf("%q is not a vegetable of the catalogue", r.VegetalID)
		}
		if seen[r.VegetalID] {
			t.Errorf("%q twice", r.VegetalID)
		}
		seen[r.VegetalID] = true
		if strings.TrimSpace(r.Fonte) == "" || !strings.Contains(r.Fonte, "Tabela") {
			t.Errorf("%s: the source (document and table) is missing: %q", r.VegetalID, r.Fonte)
		}
		if r.KgPorM2 <= 0 || r.PlantasPorM2 <= 0 || r.UnidadesPorPlanta <= 0 {
			t.Errorf("%s: yield %+v", r.VegetalID, r.Produtividade)
		}
		// The source's top yield, never above the default that covers every other vegetable.
		if r.KgPorM2 > domain.ProdutividadePadrao.KgPorM2 {
			t.Errorf("%s: %g kg/m² above the default %g", r.VegetalID, r.KgPorM2, domain.ProdutividadePadrao.KgPorM2)
		}
	}
	if domain.ProdutividadePadrao.Fonte == "" {
		t.Error("the default yield says nothing of where it comes from")
	}
}
