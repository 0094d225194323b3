package cultivos_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/google/uuid"

	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/api/cultivos"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
)

// vegetalBody is a valid new vegetable named nome, sown every month everywhere.
func vegetalBody(nome string) map[string]any {
	all := []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}
	return map[string]any{
		"nome": nome, "metodo": "ambos", "diasColheitaMin": 40, "diasColheitaMax": 60,
		"semeadura": map[string]any{"sul": all, "sudeste": all, "nordeste": all, "centroOeste": all, "norte": all},
		"cuidados":  "Regar pela manhã.", "companheiras": []string{"Cenoura"},
	}
}

func uniqueNome(prefix string) string { return prefix + " " + uuid.NewString()[:8] }

// newVegetal creates a vegetable through the API as the site admin.
func newVegetal(t *testing.T, nome string) cultivos.VegetalAdmin {
	t.Helper()
	res := testkit.DoWithHeader(t, h, "POST", "/api/admin/vegetables", cast.Admin, vegetalBody(nome),
		http.Header{"Idempotency-Key": {uuid.NewString()}})
	if res.Status != 201 {
		t.Fatalf("create vegetable: %d %s", res.Status, res.Body)
	}
	var v cultivos.VegetalAdmin
	res.Decode(t, &v)
	return v
}

// TestAdminAuthorizationMatrix: every admin route as anonymous (401), a
// member (403, nothing written, nothing audited) and a site admin.
func TestAdminAuthorizationMatrix(t *testing.T) {
	setup(t)
	adminMatrix(t, []adminRow[cultivos.VegetalAdmin]{
		{"list", "GET", "/api/admin/vegetables?q=alface", nil, testkit.Expect{401, 403, 403, 200}},
		{"create", "POST", "/api/admin/vegetables", func(cultivos.VegetalAdmin) any { return vegetalBody(uniqueNome("Matriz")) }, testkit.Expect{401, 403, 403, 201}},
		{"one", "GET", "/api/admin/vegetables/{target}", nil, testkit.Expect{401, 403, 403, 200}},
		{"edit", "PUT", "/api/admin/vegetables/{target}", func(v cultivos.VegetalAdmin) any {
			b := vegetalBody(v.Nome)
			b["version"], b["cuidados"] = v.Version, "Editado"
			return b
		}, testkit.Expect{401, 403, 403, 200}},
		{"archive", "POST", "/api/admin/vegetables/{target}/arquivo", func(v cultivos.VegetalAdmin) any {
			return map[string]any{"arquivado": true, "version": v.Version}
		}, testkit.Expect{401, 403, 403, 200}},
	},
		func(t *testing.T) cultivos.VegetalAdmin { return newVegetal(t, uniqueNome("Alvo")) },
		func(v cultivos.VegetalAdmin) string { return v.ID },
		func(t *testing.T, v cultivos.VegetalAdmin, row string) {
			got, err := env.Deps.Store.Vegetal(context.Background(), v.ID)
			if err != nil || got.Version != v.Version || got.Arquivado || got.Cuidados != v.Cuidados {
				t.Fatalf("a refused %s changed the vegetable: %+v %v", row, got, err)
			}
		},
		"/api/admin/vegetables", "vegetalId")
}

// TestAdminWritesAreAudited: each admin write is one TransactWriteItems
// holding the vegetable and its audit item (who, what, which, before,
// after); refused writes (validation, stale version) write nothing.
func TestAdminWritesAreAudited(t *testing.T) {
	setup(t)
	admin := env.NewAdmin(t, "Ana Auditada")
	nome := uniqueNome("Couve auditada")
	key := http.Header{"Idempotency-Key": {uuid.NewString()}}
	// The container reads the access list (the admin role's record) once per
	// store.AccessTTL, not per request: a first request reads it here.
	if res := testkit.Do(t, h, "GET", "/api/admin/vegetables", admin, nil); res.Status != 200 {
		t.Fatalf("list: %d %s", res.Status, res.Body)
	}

	env.Calls.Reset()
	res := testkit.DoWithHeader(t, h, "POST", "/api/admin/vegetables", admin, vegetalBody(nome), key)
	if res.Status != 201 {
		t.Fatalf("create: %d %s", res.Status, res.Body)
	}
	c := env.Calls.ByOperation()
	// (the UpdateItem is the idempotency key keeping the answer)
	if c["TransactWriteItems"] != 1 || c["PutItem"]+c["Scan"] != 0 || env.Calls.Total() > 3 {
		t.Fatalf("create calls %v", c)
	}
	var v cultivos.VegetalAdmin
	res.Decode(t, &v)
	if v.Version != 1 || v.ID != strings.ReplaceAll(domain.SearchKey(nome), " ", "-") {
		t.Fatalf("created %+v", v)
	}
	log := env.AuditOf(t, admin.ID)
	if len(log) != 1 || log[0].Acao != "vegetal.criado" || log[0].EntidadeID != v.ID || log[0].Antes != "" || !strings.Contains(log[0].Depois, nome) {
		t.Fatalf("audit after create: %+v", log)
	}

	// The same create again (a retry with the same key) is the first answer, not a second audit.
	if again := testkit.DoWithHeader(t, h, "POST", "/api/admin/vegetables", admin, vegetalBody(nome), key); again.Status != 201 || len(env.AuditOf(t, admin.ID)) != 1 {
		t.Fatalf("replay: %d, %d audit items", again.Status, len(env.AuditOf(t, admin.ID)))
	}
	// The same name with a new key is a conflict, not a second vegetable.
	if dup := testkit.DoWithHeader(t, h, "POST", "/api/admin/vegetables", admin, vegetalBody(nome), http.Header{"Idempotency-Key": {uuid.NewString()}}); dup.Status != 409 || len(env.AuditOf(t, admin.ID)) != 1 {
		t.Fatalf("duplicate name: %d %s", dup.Status, dup.Body)
	}

	// Bad input: a 400 naming the field, in Portuguese; nothing written.
	bad := []struct {
		change       func(b map[string]any)
		field, words string
	}{
		{func(b map[string]any) { b["nome"] = "  " }, "nome", "Informe o nome"},
		{func(b map[string]any) { b["diasColheitaMin"] = 90 }, "diasColheitaMax", "maior ou igual ao mínimo"},
		{func(b map[string]any) { b["metodo"] = "estaca" }, "metodo", "semente, muda, ambos ou não informado"},
		{func(b map[string]any) { b["semeadura"] = map[string]any{"sul": []int{13}} }, "semeadura.sul", "de 1 a 12"},
		{func(b map[string]any) { b["cuidados"] = strings.Repeat("a", 2001) }, "cuidados", "no máximo 2000"},
	}
	for _, b := range bad {
		body := vegetalBody(v.Nome)
		body["version"] = 1
		b.change(body)
		env.Calls.Reset()
		res := testkit.Do(t, h, "PUT", "/api/admin/vegetables/"+v.ID, admin, body)
		if res.Status != 400 || res.ErrorField() != b.field || !strings.Contains(res.ErrorMessage(), b.words) {
			t.Fatalf("bad %s: %d %s", b.field, res.Status, res.Body)
		}
		if env.Calls.Total() != 0 {
			t.Fatalf("bad input reached DynamoDB: %v", env.Calls.ByOperation())
		}
	}

	// An edit: one GetItem, one transaction; audited with before and after.
	body := vegetalBody(v.Nome)
	body["version"], body["cuidados"] = 1, "Colher as folhas de fora."
	env.Calls.Reset()
	res = testkit.Do(t, h, "PUT", "/api/admin/vegetables/"+v.ID, admin, body)
	if res.Status != 200 {
		t.Fatalf("edit: %d %s", res.Status, res.Body)
	}
	if c := env.Calls.ByOperation(); fmt.Sprint(c) != fmt.Sprint(map[string]int{"GetItem": 1, "TransactWriteItems": 1}) {
		t.Fatalf("edit calls %v", c)
	}
	log = env.AuditOf(t, admin.ID)
	if len(log) != 2 || log[0].Acao != "vegetal.editado" || !strings.Contains(log[0].Antes, "Regar pela manhã.") || !strings.Contains(log[0].Depois, "Colher as folhas de fora.") {
		t.Fatalf("audit after edit (newest first): %+v", log)
	}
	// A second edit from the same (now stale) form: 409, nothing written.
	body["cuidados"] = "Outra coisa"
	if res := testkit.Do(t, h, "PUT", "/api/admin/vegetables/"+v.ID, admin, body); res.Status != 409 || len(env.AuditOf(t, admin.ID)) != 2 {
		t.Fatalf("stale edit: %d %s", res.Status, res.Body)
	}
	if got, _ := env.Deps.Store.Vegetal(context.Background(), v.ID); got.Cuidados != "Colher as folhas de fora." || got.Version != 2 {
		t.Fatalf("after a stale edit: %+v", got)
	}

	// Archive and restore, each audited; a stale archive is refused.
	for i, arq := range []bool{true, false} {
		res := testkit.Do(t, h, "POST", "/api/admin/vegetables/"+v.ID+"/arquivo", admin, map[string]any{"arquivado": arq, "version": 2 + i})
		if res.Status != 200 {
			t.Fatalf("arquivo %v: %d %s", arq, res.Status, res.Body)
		}
	}
	if res := testkit.Do(t, h, "POST", "/api/admin/vegetables/"+v.ID+"/arquivo", admin, map[string]any{"arquivado": true, "version": 2}); res.Status != 409 {
		t.Fatalf("stale archive: %d", res.Status)
	}
	log = env.AuditOf(t, admin.ID)
	acts := []string{}
	for _, e := range log {
		acts = append(acts, e.Acao)
	}
	if !slices.Equal(acts, []string{"vegetal.restaurado", "vegetal.arquivado", "vegetal.editado", "vegetal.criado"}) {
		t.Fatalf("audit log newest first: %v", acts)
	}
	// The same log by action and by month.
	byAct, _, err := env.Deps.Store.AuditPage(context.Background(), store.AuditFilter{Acao: "vegetal.editado"}, 100, nil)
	if err != nil || !slices.ContainsFunc(byAct, func(e store.AuditRecord) bool { return e.EntidadeID == v.ID }) {
		t.Fatalf("by action: %v %v", byAct, err)
	}
	byMonth, _, err := env.Deps.Store.AuditPage(context.Background(), store.AuditFilter{}, 100, nil)
	if err != nil || len(byMonth) == 0 || byMonth[0].Em.Before(log[len(log)-1].Em) {
		t.Fatalf("by month: %v %v", byMonth, err)
	}
}

// TestArchivedVegetalStaysReadable: archived, a vegetable still serves
// the cultivos made of it but is offered neither for new cultivos, nor in
// the members' catalogue, nor in Plante agora; the admin's list keeps it.
func TestArchivedVegetalStaysReadable(t *testing.T) {
	setup(t)
	v := newVegetal(t, uniqueNome("Arquivavel"))
	cultivo := map[string]any{"vegetalId": v.ID, "metodo": "semente", "quantidade": 2, "unidade": "m2", "dataPlantio": todayDate()}
	res := testkit.Do(t, h, "POST", "/api/cultivos", cast.Member, cultivo)
	if res.Status != 201 {
		t.Fatalf("cultivo: %d %s", res.Status, res.Body)
	}
	cid := res.Map(t)["cultivo"].(map[string]any)["id"].(string)
	// offered follows the list's pages (a search filters within each page).
	offered := func(path string, u testkit.User) bool {
		for range 20 {
			res := testkit.Do(t, h, "GET", path, u, nil)
			if res.Status != 200 {
				t.Fatalf("%s: %d %s", path, res.Status, res.Body)
			}
			if strings.Contains(string(res.Body), `"id":"`+v.ID+`"`) {
				return true
			}
			var page struct {
				NextCursor *string `json:"nextCursor"`
			}
			res.Decode(t, &page)
			if page.NextCursor == nil {
				return false
			}
			base, _, _ := strings.Cut(path, "&cursor=")
			path = base + "&cursor=" + url.QueryEscape(*page.NextCursor)
		}
		t.Fatal("too many pages")
		return false
	}
	q := "/api/vegetables?q=" + strings.Fields(v.Nome)[1]
	if !offered(q, cast.Member) || !offered("/api/vegetables/plante-agora?uf=SP", cast.Member) {
		t.Fatal("the new vegetable is not offered")
	}
	if res := testkit.Do(t, h, "POST", "/api/admin/vegetables/"+v.ID+"/arquivo", cast.Admin, map[string]any{"arquivado": true, "version": v.Version}); res.Status != 200 {
		t.Fatalf("archive: %d %s", res.Status, res.Body)
	}
	if offered(q, cast.Member) || offered("/api/vegetables/plante-agora?uf=SP", cast.Member) {
		t.Fatal("an archived vegetable is still offered")
	}
	if !offered("/api/admin/vegetables?q="+strings.Fields(v.Nome)[1], cast.Admin) {
		t.Fatal("the admin's list lost the archived vegetable")
	}
	if res := testkit.Do(t, h, "GET", "/api/cultivos/"+cid, cast.Member, nil); res.Status != 200 {
		t.Fatalf("the cultivo of an archived vegetable: %d %s", res.Status, res.Body)
	}
	if res := testkit.Do(t, h, "GET", "/api/vegetables/"+v.ID, cast.Member, nil); res.Status != 200 || res.Map(t)["arquivado"] != true {
		t.Fatalf("the archived vegetable itself: %d %s", res.Status, res.Body)
	}
	if res := testkit.Do(t, h, "POST", "/api/cultivos", cast.Member, cultivo); res.Status != 400 || res.ErrorField() != "vegetalId" {
		t.Fatalf("a new cultivo of an archived vegetable: %d %s", res.Status, res.Body)
	}
}

// TestSeedKeepsAdminEdits: the catalogue seed runs at every deploy; it
// inserts what is missing and never overwrites an admin's edit.
func TestSeedKeepsAdminEdits(t *testing.T) {
	setup(t)
	ctx := context.Background()
	seed := domain.Vegetal{ID: "semente-" + uuid.NewString()[:8], Nome: "Semente de teste", DiasColheitaMin: 30, DiasColheitaMax: 40,
		Semeadura: map[string][]int{"sul": {1}}, VegetalCare: domain.VegetalCare{Metodo: "semente", Cuidados: "Do seed"}}
	if n, err := env.Deps.Store.SeedCatalog(ctx, []domain.Vegetal{seed}, nil); err != nil || n != 1 {
		t.Fatalf("seed: %d %v", n, err)
	}
	body := vegetalBody("Semente editada")
	body["version"], body["cuidados"] = 1, "Do admin"
	if res := testkit.Do(t, h, "PUT", "/api/admin/vegetables/"+seed.ID, cast.Admin, body); res.Status != 200 {
		t.Fatalf("edit: %d %s", res.Status, res.Body)
	}
	if n, err := env.Deps.Store.SeedCatalog(ctx, []domain.Vegetal{seed}, nil); err != nil || n != 0 {
		t.Fatalf("seed again: %d %v", n, err)
	}
	got, err := env.Deps.Store.Vegetal(ctx, seed.ID)
	if err != nil || got.Nome != "Semente editada" || got.Cuidados != "Do admin" || got.Version != 2 {
		t.Fatalf("after the seed ran again: %+v %v", got, err)
	}
}
