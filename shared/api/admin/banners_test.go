package admin_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/google/uuid"

	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/api/admin"
	"github.com/verde-app/verde/shared/domain"
)

func today() string { return inDays(0) }

func inDays(n int) string {
	return domain.FormatDate(domain.LocalDate(env.Deps.Now()).AddDate(0, 0, n))
}

func bannerBody(titulo, audiencia, inicio, fim string) map[string]any {
	return map[string]any{"titulo": titulo, "texto": "Venha plantar", "imagem": nil, "link": "/grupos", "inicio": inicio, "fim": fim, "audiencia": audiencia, "ordem": 1}
}

func activeTitles(t *testing.T, u testkit.User) string {
	t.Helper()
	p := testkit.Get[struct{ Items []admin.Banner }](t, h, "/api/banners", u)
	var out []string
	for _, b := range p.Items {
		out = append(out, b.Titulo)
	}
	return strings.Join(out, "|")
}

// TestBanners: an admin's banner reaches the members it is for (everyone or
// one UF) between its dates, in order; edits are versioned, every write
// audited, bad input refused by field; members and anonymous callers cannot
// reach the admin routes.
func TestBanners(t *testing.T) {
	setup(t)
	adm := env.NewAdmin(t, "Bia Banner")
	sp, rj := env.NewUser(t, "Sofia Paulista"), env.NewUser(t, "Rui Carioca")
	for u, uf := range map[string]string{sp.ID: "SP", rj.ID: "RJ"} {
		if _, err := env.Deps.Store.UpdateProfile(context.Background(), u, domain.ProfileUpdate{UF: &uf}); err != nil {
			t.Fatal(err)
		}
	}
	d := today()
	create := func(body map[string]any) admin.Banner {
		t.Helper()
		res := testkit.DoWithHeader(t, h, "POST", "/api/admin/banners", adm, body, http.Header{"Idempotency-Key": {uuid.NewString()}})
		if res.Status != 201 {
			t.Fatalf("create: %d %s", res.Status, res.Body)
		}
		var b admin.Banner
		res.Decode(t, &b)
		return b
	}
	todos := create(bannerBody("Mutirão nacional", "todos", d, inDays(30)))
	paulista := create(bannerBody("Feira em SP", "SP", d, d))
	create(bannerBody("Ainda não", "todos", inDays(100), inDays(120)))
	if got := activeTitles(t, sp); got != "Mutirão nacional|Feira em SP" && got != "Feira em SP|Mutirão nacional" {
		t.Fatalf("SP member sees %q", got)
	}
	env.Calls.Reset()
	if got := activeTitles(t, rj); got != "Mutirão nacional" {
		t.Fatalf("RJ member sees %q", got)
	}
	if c := env.Calls.ByOperation(); c["GetItem"] != 1 || c["Query"] != 1 || env.Calls.Total() != 2 {
		t.Fatalf("active banners calls %v", c)
	}

	// Order: a lower ordem first.
	edit := bannerBody("Feira em SP", "SP", d, d)
	edit["ordem"], edit["version"] = 0, paulista.Version
	res := testkit.Do(t, h, "PUT", "/api/admin/banners/"+paulista.ID, adm, edit)
	if res.Status != 200 {
		t.Fatalf("edit: %d %s", res.Status, res.Body)
	}
	if got := activeTitles(t, sp); got != "Feira em SP|Mutirão nacional" {
		t.Fatalf("order after edit: %q", got)
	}
	if stale := testkit.Do(t, h, "PUT", "/api/admin/banners/"+paulista.ID, adm, edit); stale.Status != 409 {
		t.Fatalf("stale edit: %d", stale.Status)
	}
	for _, bad := range []struct {
		change func(map[string]any)
		field  string
	}{
		{func(b map[string]any) { b["titulo"] = " " }, "titulo"},
		{func(b map[string]any) { b["fim"] = "2000-01-01" }, "fim"},
		{func(b map[string]any) { b["link"] = "javascript:alert(1)" }, "link"},
		{func(b map[string]any) { b["audiencia"] = "XX" }, "audiencia"},
		{func(b map[string]any) { b["imagem"] = "fotos/outra-pessoa/banner/x.jpg" }, "imagem"},
	} {
		b := bannerBody("Ruim", "todos", d, d)
		bad.change(b)
		r := testkit.DoWithHeader(t, h, "POST", "/api/admin/banners", adm, b, http.Header{"Idempotency-Key": {uuid.NewString()}})
		if (r.Status != 400 && r.Status != 403) || r.ErrorField() != bad.field {
			t.Fatalf("bad %s: %d %s", bad.field, r.Status, r.Body)
		}
	}
	if r := testkit.Do(t, h, "DELETE", "/api/admin/banners/"+todos.ID, adm, nil); r.Status != 204 {
		t.Fatalf("delete: %d", r.Status)
	}
	if got := activeTitles(t, rj); got != "" {
		t.Fatalf("after delete RJ sees %q", got)
	}
	acts := []string{}
	for _, e := range env.AuditOf(t, adm.ID) {
		acts = append(acts, e.Acao)
	}
	if strings.Join(acts, ",") != "banner.excluido,banner.editado,banner.criado,banner.criado,banner.criado" {
		t.Fatalf("audit %v", acts)
	}
	// Authorization: the admin routes refuse members (403) and anonymous callers (401); the
	// members' route refuses only anonymous callers.
	for _, c := range []struct{ method, path string }{
		{"GET", "/api/admin/banners"}, {"POST", "/api/admin/banners"},
		{"PUT", "/api/admin/banners/" + paulista.ID}, {"DELETE", "/api/admin/banners/" + paulista.ID},
	} {
		for i, u := range []testkit.User{{}, sp} {
			body := any(nil)
			if c.method != "GET" && c.method != "DELETE" {
				body = edit
			}
			if r := testkit.Do(t, h, c.method, c.path, u, body); r.Status != []int{401, 403}[i] {
				t.Fatalf("%s %s as %d: %d", c.method, c.path, i, r.Status)
			}
		}
	}
	if r := testkit.Do(t, h, "GET", "/api/banners", testkit.User{}, nil); r.Status != 401 {
		t.Fatalf("anonymous banners: %d", r.Status)
	}
}
