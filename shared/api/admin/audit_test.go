package admin_test

import (
	"strings"
	"testing"

	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/api/admin"
)

// TestAuditListFilters: the dashboard's audit list by admin, by action, by
// both and by month, newest first, with the admin's name; one Query and one
// BatchGetItem a page.
func TestAuditListFilters(t *testing.T) {
	setup(t)
	a := env.NewAdmin(t, "Olga Auditora")
	m := env.NewUser(t, "Ivo Auditado")
	if r := testkit.Do(t, h, "POST", "/api/admin/users/"+m.ID+"/pontos", a, map[string]any{"pontos": 3, "motivo": "Teste"}); r.Status != 201 {
		t.Fatal(r.Status)
	}
	if r := testkit.Do(t, h, "PUT", "/api/admin/rules", a, editBody(loadRules(t, a))); r.Status != 200 {
		t.Fatal(r.Status)
	}
	list := func(q string) []admin.EntradaAuditoria {
		t.Helper()
		env.Calls.Reset()
		res := testkit.Do(t, h, "GET", "/api/admin/audit?"+q, a, nil)
		if res.Status != 200 {
			t.Fatalf("%s: %d %s", q, res.Status, res.Body)
		}
		if c := env.Calls.ByOperation(); c["Query"] != 1 || c["BatchGetItem"] > 1 || env.Calls.Total()-c["GetSecretValue"] > 2 {
			t.Fatalf("%s calls %v", q, c)
		}
		var p struct{ Items []admin.EntradaAuditoria }
		res.Decode(t, &p)
		return p.Items
	}
	mine := list("adminId=" + a.ID)
	if len(mine) != 2 || mine[0].Acao != "regras.editadas" || mine[1].Acao != "usuario.pontos" || mine[0].AdminNome != "Olga Auditora" {
		t.Fatalf("by admin: %+v", mine)
	}
	both := list("adminId=" + a.ID + "&acao=usuario.pontos")
	if len(both) != 1 || both[0].EntidadeID != m.ID || !strings.Contains(both[0].Depois, `"motivo":"Teste"`) {
		t.Fatalf("by admin and action: %+v", both)
	}
	month := mine[0].Em.Format("2006-01")
	if got := list("acao=usuario.pontos&mes=" + month); len(got) == 0 {
		t.Fatal("by action and month: nothing")
	}
	if got := list("acao=usuario.pontos&mes=2001-01"); len(got) != 0 {
		t.Fatalf("another month: %+v", got)
	}
	if got := list("mes=" + month); len(got) < 2 {
		t.Fatalf("the month: %+v", got)
	}
	if r := testkit.Do(t, h, "GET", "/api/admin/audit?mes=2026-13", a, nil); r.Status != 400 || r.ErrorField() != "mes" {
		t.Fatalf("bad month: %d %s", r.Status, r.Body)
	}
}
