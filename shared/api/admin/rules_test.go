package admin_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/api/admin"
	"github.com/verde-app/verde/shared/domain"
)

func loadRules(t *testing.T, u testkit.User) admin.Regras {
	t.Helper()
	r := testkit.Get[admin.Regras](t, h, "/api/admin/rules", u)
	return r
}

func editBody(r admin.Regras) map[string]any {
	return map[string]any{"version": r.Version, "pontos": r.Pontos, "limites": r.Limites, "conquistas": r.Conquistas}
}

// setPath sets one number of an edit body by its path (pontos.criarGrupo).
func setPath(t *testing.T, body map[string]any, path string, v int) map[string]any {
	t.Helper()
	group, field, _ := strings.Cut(path, ".")
	var m map[string]any
	switch group {
	case "pontos":
		m = structMap(t, body["pontos"])
	case "limites":
		m = structMap(t, body["limites"])
	case "conquistas":
		m = structMap(t, body["conquistas"])
	}
	if _, ok := m[field]; !ok {
		t.Fatalf("no field %s", path)
	}
	m[field] = v
	out := map[string]any{"version": body["version"], "pontos": body["pontos"], "limites": body["limites"], "conquistas": body["conquistas"]}
	out[group] = m
	return out
}

// TestRulesOutOfRangeRefusedPerField: every number of the rules, one below
// its minimum and one above its maximum, is refused with a 400 naming that
// field in Portuguese, and nothing is saved (version unchanged, no audit).
func TestRulesOutOfRangeRefusedPerField(t *testing.T) {
	setup(t)
	a := env.NewAdmin(t, "Regina Regras")
	r := loadRules(t, a)
	if len(r.Campos) != len(domain.RuleFields()) || r.Version < 1 {
		t.Fatalf("rules %+v", r)
	}
	for _, f := range r.Campos {
		for _, v := range []int{f.Min - 1, f.Max + 1} {
			env.Calls.Reset()
			res := testkit.Do(t, h, "PUT", "/api/admin/rules", a, setPath(t, editBody(r), f.Campo, v))
			if res.Status != 400 || res.ErrorField() != f.Campo || !strings.Contains(res.ErrorMessage(), "informe um número entre") {
				t.Fatalf("%s = %d: %d %s", f.Campo, v, res.Status, res.Body)
			}
			if env.Calls.Total() != 0 {
				t.Fatalf("%s = %d reached DynamoDB: %v", f.Campo, v, env.Calls.ByOperation())
			}
		}
	}
	if again := loadRules(t, a); again.Version != r.Version {
		t.Fatalf("version moved to %d", again.Version)
	}
	if log := env.AuditOf(t, a.ID); len(log) != 0 {
		t.Fatalf("refused edits audited: %+v", log)
	}
}

// TestRulesEditIsVersionedAndAudited: a save bumps the version, takes
// effect, and records before and after; two admins saving over the same
// version at once: exactly one wins, the other gets 409.
func TestRulesEditIsVersionedAndAudited(t *testing.T) {
	setup(t)
	a, b := env.NewAdmin(t, "Alice Admin"), env.NewAdmin(t, "Bruno Admin")
	r := loadRules(t, a)
	body := setPath(t, editBody(r), "pontos.colheita", 77)
	env.Calls.Reset()
	res := testkit.Do(t, h, "PUT", "/api/admin/rules", a, body)
	if res.Status != 200 {
		t.Fatalf("save: %d %s", res.Status, res.Body)
	}
	if c := env.Calls.ByOperation(); c["GetItem"] != 1 || c["TransactWriteItems"] != 1 || env.Calls.Total() != 2 {
		t.Fatalf("save calls %v", c)
	}
	var saved admin.Regras
	res.Decode(t, &saved)
	if saved.Version != r.Version+1 || saved.Pontos.Colheita != 77 {
		t.Fatalf("saved %+v", saved)
	}
	if got, _ := env.Deps.Store.Rules(t.Context()); got.Pontos.Colheita != 77 {
		t.Fatalf("rules in force: %+v", got.Pontos)
	}
	log := env.AuditOf(t, a.ID)
	if len(log) != 1 || log[0].Acao != "regras.editadas" || !strings.Contains(log[0].Antes, `"colheita":`+itoa(r.Pontos.Colheita)) || !strings.Contains(log[0].Depois, `"colheita":77`) {
		t.Fatalf("audit %+v", log)
	}

	// A save from the old form is a lost update: 409, nothing written.
	if stale := testkit.Do(t, h, "PUT", "/api/admin/rules", b, body); stale.Status != http.StatusConflict {
		t.Fatalf("stale save: %d %s", stale.Status, stale.Body)
	}

	// Two admins at once over the same version: one 200, one 409.
	cur := loadRules(t, a)
	admins := []testkit.User{a, b}
	codes := testkit.AtOnce(len(admins), func(i int) int {
		return testkit.Do(t, h, "PUT", "/api/admin/rules", admins[i], setPath(t, editBody(cur), "pontos.post", 6+i)).Status
	})
	if !(codes[0] == 200 && codes[1] == 409 || codes[0] == 409 && codes[1] == 200) {
		t.Fatalf("concurrent saves: %v", codes)
	}
	if after := loadRules(t, b); after.Version != cur.Version+1 {
		t.Fatalf("version after the race: %d, want %d", after.Version, cur.Version+1)
	}
}
