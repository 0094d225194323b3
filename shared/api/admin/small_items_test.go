package admin_test

import (
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/api/admin"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
)

// TestBannerRefusesOpenRedirectsAndAbsurdDates: a link browsers would read
// as another host (/\evil.example, //evil.example, with a tab or a space),
// a non-https address, and dates like 9999-12-31 are 400s naming the field;
// a path of the site and an https address are fine.
func TestBannerRefusesOpenRedirectsAndAbsurdDates(t *testing.T) {
	setup(t)
	adm := env.NewAdmin(t, "Rita Redireciona")
	post := func(body map[string]any) testkit.Response {
		return testkit.DoWithHeader(t, h, "POST", "/api/admin/banners", adm, body, http.Header{"Idempotency-Key": {uuid.NewString()}})
	}
	for _, link := range []string{`/\evil.example`, `/\/evil.example`, "//evil.example", "/\t/evil.example", "http://evil.example", "javascript:alert(1)", "https:///x", "https://user@evil.example"} {
		b := bannerBody("Link torto", "todos", today(), today())
		b["link"] = link
		if res := post(b); res.Status != 400 || res.ErrorField() != "link" {
			t.Errorf("link %q: %d %s", link, res.Status, res.Body)
		}
	}
	for _, c := range []struct{ inicio, fim, field string }{
		{"9999-12-01", "9999-12-31", "inicio"},
		{today(), inDays(800), "fim"},
		{"1900-01-01", "1900-01-02", "inicio"},
	} {
		if res := post(bannerBody("Datas", "todos", c.inicio, c.fim)); res.Status != 400 || res.ErrorField() != c.field {
			t.Errorf("%s..%s: %d %s", c.inicio, c.fim, res.Status, res.Body)
		}
	}
	for _, link := range []string{"/grupos/diretorio?uf=SP", "https://www.embrapa.br/hortas"} {
		b := bannerBody("Link bom", "todos", today(), inDays(10))
		b["link"] = link
		if res := post(b); res.Status != 201 {
			t.Errorf("link %q: %d %s", link, res.Status, res.Body)
		}
	}
}

// TestRulesAsReadCanBeSavedBack: what GET /api/admin/rules answers (campos
// included) is a body PUT takes as is.
func TestRulesAsReadCanBeSavedBack(t *testing.T) {
	setup(t)
	adm := env.NewAdmin(t, "Renato Regras")
	body := testkit.Get[map[string]any](t, h, "/api/admin/rules", adm)
	if _, ok := body["campos"]; !ok {
		t.Fatal("GET has no campos: the test tests nothing")
	}
	if res := testkit.Do(t, h, "PUT", "/api/admin/rules", adm, body); res.Status != 200 {
		t.Fatalf("PUT of GET's answer: %d %s", res.Status, res.Body)
	}
}

// TestCSVImportAsksForCSV: the vegetables import sent as JSON is a 415 that
// asks for CSV, not for JSON.
func TestCSVImportAsksForCSV(t *testing.T) {
	setup(t)
	adm := env.NewAdmin(t, "Carla CSV")
	res := testkit.Do(t, h, "POST", "/api/admin/dados/vegetais/validar", adm, map[string]any{"csv": "id,nome"})
	if res.Status != 415 || !strings.Contains(res.ErrorMessage(), "CSV") || strings.Contains(res.ErrorMessage(), "JSON (") {
		t.Fatalf("%d %s", res.Status, res.Body)
	}
}

// TestParallelExportsStartOneJob: six admins asking for the same export at
// once never start two at a time (one job, one Scan): while one runs, the
// others are answered 200 with it. The export of a small table ends within
// the burst on a busy machine, and a request after its end rightly starts
// the next one: what must hold is that no export was made before the one
// before it had finished.
func TestParallelExportsStartOneJob(t *testing.T) {
	setup(t)
	var wg sync.WaitGroup
	res := make([]testkit.Response, 6)
	admins := make([]testkit.User, len(res))
	for i := range admins {
		admins[i] = env.NewAdmin(t, "Exportadora "+string(rune('A'+i)))
	}
	for i := range res {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			res[i] = testkit.DoWithHeader(t, h, "POST", "/api/admin/dados/exports", admins[i], map[string]any{"entidade": "membros", "formato": "jsonl"},
				http.Header{"Idempotency-Key": {uuid.NewString()}})
		}(i)
	}
	wg.Wait()
	ids := map[string]bool{}
	created := 0
	for _, r := range res {
		var ex admin.Exportacao
		r.Decode(t, &ex)
		switch r.Status {
		case 201:
			created++
		case 200:
		default:
			t.Fatalf("export: %d %s", r.Status, r.Body)
		}
		ids[ex.ID] = true
	}
	if created == 0 || created != len(ids) {
		t.Fatalf("%d exports created, %d distinct ids", created, len(ids))
	}
	var recs []store.ExportRecord
	for id := range ids {
		rec := waitExport(t, id)
		if rec.Status != domain.ExportPronto {
			t.Fatalf("export %+v", rec)
		}
		recs = append(recs, rec)
	}
	at := func(s string) time.Time {
		v, err := time.Parse(time.RFC3339Nano, s)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	slices.SortFunc(recs, func(a, b store.ExportRecord) int { return at(a.CriadoEm).Compare(at(b.CriadoEm)) })
	for i := 1; i < len(recs); i++ {
		if at(recs[i].CriadoEm).Before(at(recs[i-1].ConcluiuEm)) {
			t.Fatalf("two exports ran at once: %s made at %s, before %s ended at %s", recs[i].ID, recs[i].CriadoEm, recs[i-1].ID, recs[i-1].ConcluiuEm)
		}
	}
	// Done, the next request starts a new one.
	r := testkit.DoWithHeader(t, h, "POST", "/api/admin/dados/exports", admins[0], map[string]any{"entidade": "membros", "formato": "jsonl"},
		http.Header{"Idempotency-Key": {uuid.NewString()}})
	if r.Status != 201 {
		t.Fatalf("after the first finished: %d %s", r.Status, r.Body)
	}
	var ex admin.Exportacao
	r.Decode(t, &ex)
	waitExport(t, ex.ID)
}
