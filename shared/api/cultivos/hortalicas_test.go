package cultivos_test

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/api/cultivos"
)

// Signed out, the catalogue lists every live vegetable with its popular names
// (so a regional name finds it), and a vegetable's page shows its care fields,
// the source of each, and its guides.
func TestPublicCatalogueShowsCareWithSources(t *testing.T) {
	setup(t)
	list := testkit.Get[cultivos.Hortalicas](t, h, "/api/hortalicas", cast.Anon)
	if len(list.Items) < 66 {
		t.Fatalf("%d vegetables", len(list.Items))
	}
	var caboclo *cultivos.HortalicaResumo
	for i, v := range list.Items {
		if v.ID == "coentro-de-caboclo" {
			caboclo = &list.Items[i]
		}
	}
	if caboclo == nil || !slices.Contains(caboclo.NomesPopulares, "chicória-do-pará") {
		t.Fatalf("coentro-de-caboclo = %+v", caboclo)
	}

	guide := newGuide(t, cast.Admin, "coentro")
	page := testkit.Get[cultivos.Hortalica](t, h, "/api/hortalicas/coentro", cast.Anon)
	v := page.Vegetal
	if v.NomeCientifico != "Coriandrum sativum L." || v.Metodo != "semente" || len(v.Semeadura["nordeste"]) != 12 {
		t.Errorf("coentro = %+v", v)
	}
	for _, campo := range []string{"nomeCientifico", "metodo", "espacamento", "cuidados"} {
		f, ok := v.Fontes[campo]
		if !ok || !strings.Contains(f.Titulo, "Catálogo Brasileiro de Hortaliças") || f.Ano != "2010" || f.Local == "" {
			t.Errorf("coentro %s source = %+v", campo, f)
		}
	}
	if !slices.ContainsFunc(page.Guias, func(g cultivos.Guia) bool { return g.ID == guide.ID }) {
		t.Errorf("guide %s not on the page: %+v", guide.ID, page.Guias)
	}

	res := testkit.Do(t, h, "GET", "/api/guias?limit=100", cast.Anon, nil)
	if res.Status != http.StatusOK || !strings.Contains(string(res.Body), guide.ID) {
		t.Errorf("public guides: %d %s", res.Status, res.Body)
	}
	res = testkit.Do(t, h, "GET", "/api/guias/"+guide.ID, cast.Anon, nil)
	if res.Status != http.StatusOK {
		t.Errorf("guide signed out: %d %s", res.Status, res.Body)
	}
	if res := testkit.Do(t, h, "GET", "/api/hortalicas/nao-existe", cast.Anon, nil); res.Status != http.StatusNotFound || res.ErrorCode() != "not_found" {
		t.Errorf("unknown vegetable: %d %s", res.Status, res.Body)
	}
}

// The catalogue's search finds a vegetable by a regional name (limit=100: the whole catalogue is
// one page; a filtered page of 20 may come back short with a cursor to the rest).
func TestCatalogueSearchFindsRegionalNames(t *testing.T) {
	setup(t)
	res := testkit.Do(t, h, "GET", "/api/vegetables?limit=100&q=chic%C3%B3ria-do-par%C3%A1", cast.Member, nil)
	if res.Status != http.StatusOK || !strings.Contains(string(res.Body), `"id":"coentro-de-caboclo"`) {
		t.Fatalf("search: %d %s", res.Status, res.Body)
	}
	res = testkit.Do(t, h, "GET", "/api/vegetables?limit=100&q=macaxeira", cast.Member, nil)
	if res.Status != http.StatusOK || !strings.Contains(string(res.Body), `"id":"mandioca"`) {
		t.Fatalf("search: %d %s", res.Status, res.Body)
	}
}

// Public reads are bounded: the list one Query, a vegetable's page a GetItem
// and a Query, the guides one Query, whatever the catalogue holds.
func TestPublicCatalogueCalls(t *testing.T) {
	setup(t)
	newGuide(t, cast.Admin, "tomate")
	for _, c := range []struct {
		path string
		want map[string]int
	}{
		{"/api/hortalicas", map[string]int{"Query": 1}},
		{"/api/hortalicas/tomate", map[string]int{"GetItem": 1, "Query": 1}},
		{"/api/guias", map[string]int{"Query": 1}},
	} {
		env.Calls.Reset()
		res := testkit.Do(t, h, "GET", c.path, cast.Anon, nil)
		if res.Status != http.StatusOK {
			t.Fatalf("%s: %d %s", c.path, res.Status, res.Body)
		}
		got := env.Calls.ByOperation()
		total := 0
		for op, n := range got {
			total += n
			if n != c.want[op] {
				t.Errorf("%s: %v, want %v", c.path, got, c.want)
			}
		}
		if total > 2 {
			t.Errorf("%s: %d calls", c.path, total)
		}
	}
}
