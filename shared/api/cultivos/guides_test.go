package cultivos_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/google/uuid"

	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/api/cultivos"
	"github.com/verde-app/verde/shared/domain"
)

var guideOnce string

// fixtureGuide is a live guide of alface-verao, made once.
func fixtureGuide(t *testing.T) string {
	t.Helper()
	if guideOnce == "" {
		guideOnce = newGuide(t, cast.Admin, "alface-verao").ID
	}
	return guideOnce
}

func newGuide(t *testing.T, by testkit.User, vegetais ...string) cultivos.Guia {
	t.Helper()
	res := testkit.DoWithHeader(t, h, "POST", "/api/admin/guias", by, map[string]any{
		"titulo": "Como cultivar " + uuid.NewString()[:6], "corpo": "# Passo a passo\n\n- Regar **todo dia**\n- <script>alert(1)</script>", "vegetais": vegetais,
	}, http.Header{"Idempotency-Key": {uuid.NewString()}})
	if res.Status != 201 {
		t.Fatalf("create guide: %d %s", res.Status, res.Body)
	}
	var g cultivos.Guia
	res.Decode(t, &g)
	return g
}

func guideIDs(t *testing.T, vid string, u testkit.User) []string {
	t.Helper()
	page := testkit.Get[struct{ Items []cultivos.Guia }](t, h, "/api/vegetables/"+vid+"/guias?limit=100", u)
	ids := []string{}
	for _, g := range page.Items {
		ids = append(ids, g.ID)
	}
	return ids
}

func has(ids []string, id string) bool {
	for _, x := range ids {
		if x == id {
			return true
		}
	}
	return false
}

// TestAdminGuideRoutesAuthorization: anonymous 401, members and
// coordinators 403 (nothing written or audited), site admins through.
func TestAdminGuideRoutesAuthorization(t *testing.T) {
	setup(t)
	adminMatrix(t, []adminRow[cultivos.Guia]{
		{"list", "GET", "/api/admin/guias?q=cultivar", nil, testkit.Expect{401, 403, 403, 200}},
		{"create", "POST", "/api/admin/guias", func(cultivos.Guia) any {
			return map[string]any{"titulo": "Matriz", "corpo": "Texto", "vegetais": []string{"rucula"}}
		}, testkit.Expect{401, 403, 403, 201}},
		{"edit", "PUT", "/api/admin/guias/{target}", func(g cultivos.Guia) any {
			return map[string]any{"version": g.Version, "titulo": "Editado", "corpo": "Novo texto", "vegetais": []string{"rucula"}}
		}, testkit.Expect{401, 403, 403, 200}},
		{"archive", "POST", "/api/admin/guias/{target}/arquivo", func(g cultivos.Guia) any {
			return map[string]any{"arquivado": true, "version": g.Version}
		}, testkit.Expect{401, 403, 403, 200}},
	},
		func(t *testing.T) cultivos.Guia { return newGuide(t, cast.Admin, "rucula") },
		func(g cultivos.Guia) string { return g.ID },
		func(t *testing.T, g cultivos.Guia, row string) {
			got, err := env.Deps.Store.Guide(context.Background(), g.ID, true)
			if err != nil || got.Version != g.Version || got.Arquivado || got.Titulo != g.Titulo {
				t.Fatalf("a refused %s changed the guide: %+v %v", row, got, err)
			}
		},
		"/api/admin/guias", "guiaId")
}

// TestGuideOnEveryCultivoOfItsVegetal: an admin writes a guide for
// alface; a member reads it from their alface cultivo's vegetable (one
// Query); edits move it between vegetables, an archive hides it from
// members, each write one transaction with its audit item.
func TestGuideOnEveryCultivoOfItsVegetal(t *testing.T) {
	setup(t)
	admin := env.NewAdmin(t, "Gabi Guias")
	w := newWorld(t, testkit.FixtureOpts{})
	res := testkit.Do(t, h, "GET", "/api/cultivos/"+w.cultivo, cast.Member, nil)
	vid := res.Map(t)["vegetalId"].(string)

	env.Calls.Reset()
	g := newGuide(t, admin, vid, "rucula")
	c := env.Calls.ByOperation()
	if c["TransactWriteItems"] != 1 || c["BatchGetItem"] != 1 || c["Scan"]+c["PutItem"]+c["DeleteItem"] != 0 || env.Calls.Total() > 4 {
		t.Fatalf("create calls %v", c)
	}
	if !strings.Contains(g.Corpo, "<script>") {
		t.Fatalf("the markdown is stored as written (the SPA renders it without raw HTML): %q", g.Corpo)
	}
	env.Calls.Reset()
	if ids := guideIDs(t, vid, cast.Member); !has(ids, g.ID) {
		t.Fatalf("the member's alface has no guide %s: %v", g.ID, ids)
	}
	if c := env.Calls.ByOperation(); fmt.Sprint(c) != fmt.Sprint(map[string]int{"Query": 1}) {
		t.Fatalf("guides of a vegetable: %v", c)
	}
	env.Calls.Reset()
	if res := testkit.Do(t, h, "GET", "/api/guias/"+g.ID, plain, nil); res.Status != 200 || env.Calls.Total() != 1 {
		t.Fatalf("one guide: %d %s (%v)", res.Status, res.Body, env.Calls.ByOperation())
	}
	log := env.AuditOf(t, admin.ID)
	if len(log) != 1 || log[0].Acao != "guia.criado" || log[0].EntidadeID != g.ID {
		t.Fatalf("audit %+v", log)
	}

	// Bad input: a 400 naming the field; nothing written, nothing audited.
	for _, b := range []struct {
		body  map[string]any
		field string
	}{
		{map[string]any{"version": 1, "titulo": "T", "corpo": strings.Repeat("a", domain.MaxGuiaCorpo+1), "vegetais": []string{vid}}, "corpo"},
		{map[string]any{"version": 1, "titulo": " ", "corpo": "x", "vegetais": []string{vid}}, "titulo"},
		{map[string]any{"version": 1, "titulo": "T", "corpo": "x", "vegetais": []string{}}, "vegetais"},
		{map[string]any{"version": 1, "titulo": "T", "corpo": "x", "vegetais": []string{"nao-existe"}}, "vegetais"},
	} {
		res := testkit.Do(t, h, "PUT", "/api/admin/guias/"+g.ID, admin, b.body)
		if res.Status != 400 || res.ErrorField() != b.field {
			t.Fatalf("bad %s: %d %s", b.field, res.Status, res.Body)
		}
	}
	if len(env.AuditOf(t, admin.ID)) != 1 {
		t.Fatal("a refused edit was audited")
	}

	// Edit: off rucula, still on alface.
	res = testkit.Do(t, h, "PUT", "/api/admin/guias/"+g.ID, admin, map[string]any{"version": 1, "titulo": "Alface do plantio à colheita", "corpo": "Texto novo", "vegetais": []string{vid}})
	if res.Status != 200 {
		t.Fatalf("edit: %d %s", res.Status, res.Body)
	}
	if has(guideIDs(t, "rucula", cast.Member), g.ID) || !has(guideIDs(t, vid, cast.Member), g.ID) {
		t.Fatal("the edit did not move the guide's links")
	}
	if res := testkit.Do(t, h, "PUT", "/api/admin/guias/"+g.ID, admin, map[string]any{"version": 1, "titulo": "Velho", "corpo": "x", "vegetais": []string{vid}}); res.Status != 409 {
		t.Fatalf("stale edit: %d", res.Status)
	}

	// Archive: gone for members, still there for admins; restore brings it back.
	if res := testkit.Do(t, h, "POST", "/api/admin/guias/"+g.ID+"/arquivo", admin, map[string]any{"arquivado": true, "version": 2}); res.Status != 200 {
		t.Fatalf("archive: %d %s", res.Status, res.Body)
	}
	if has(guideIDs(t, vid, cast.Member), g.ID) || testkit.Do(t, h, "GET", "/api/guias/"+g.ID, cast.Member, nil).Status != 404 {
		t.Fatal("an archived guide is still shown to members")
	}
	if testkit.Do(t, h, "GET", "/api/guias/"+g.ID, admin, nil).Status != 200 {
		t.Fatal("the admin lost the archived guide")
	}
	if res := testkit.Do(t, h, "POST", "/api/admin/guias/"+g.ID+"/arquivo", admin, map[string]any{"arquivado": false, "version": 3}); res.Status != 200 || !has(guideIDs(t, vid, cast.Member), g.ID) {
		t.Fatalf("restore: %d %s", res.Status, res.Body)
	}
	acts := []string{}
	for _, e := range env.AuditOf(t, admin.ID) {
		acts = append(acts, e.Acao)
	}
	if strings.Join(acts, ",") != "guia.restaurado,guia.arquivado,guia.editado,guia.criado" {
		t.Fatalf("audit newest first: %v", acts)
	}
}
