package admin_test

import (
	"strings"
	"testing"
	"time"

	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/api/admin"
	"github.com/verde-app/verde/shared/api/groups"
)

// demotionBound is how soon every container refuses a demoted admin: the
// access list's copy is at most store.AccessTTL (2 s) old; a second more
// for a loaded machine.
const demotionBound = 3 * time.Second

// TestDemotedAdminIsRefusedEverywhereWithinSeconds: an admin's role comes
// from the server's record, not from the token. A member promoted and signed
// in again holds a token that says "admin"; once demoted, that same token is
// refused on the admin routes by another container (its own copy of the
// record, as another Lambda has) within demotionBound, loses its admin power
// on member routes (deleting someone else's group), cannot promote itself
// back, and both changes are in the audit log.
func TestDemotedAdminIsRefusedEverywhereWithinSeconds(t *testing.T) {
	setup(t)
	boss := env.NewAdmin(t, "Bia Chefe")
	m := env.NewUser(t, "Rui Rebaixado")
	owner := env.NewUser(t, "Olga Dona")
	if r := testkit.Do(t, h, "PUT", "/api/admin/users/"+m.ID+"/admin", boss, map[string]any{"admin": true}); r.Status != 200 {
		t.Fatalf("grant: %d %s", r.Status, r.Body)
	}
	m.Token = env.SignIn(t, m, env.SetUpTOTP(t, m)) // the token now carries cognito:groups ["admin"]

	other := testkit.NewContainer(t)
	otherAdmin := admin.NewServer(other.Deps)
	if r := testkit.Do(t, otherAdmin, "GET", "/api/admin/rules", m, nil); r.Status != 200 {
		t.Fatalf("promoted admin before the demotion: %d %s", r.Status, r.Body)
	}

	if r := testkit.Do(t, h, "PUT", "/api/admin/users/"+m.ID+"/admin", boss, map[string]any{"admin": false}); r.Status != 200 {
		t.Fatalf("revoke: %d %s", r.Status, r.Body)
	}
	demoted := time.Now()
	for {
		r := testkit.Do(t, otherAdmin, "GET", "/api/admin/rules", m, nil)
		if r.Status == 403 {
			break
		}
		if r.Status != 200 {
			t.Fatalf("old token after the demotion: %d %s", r.Status, r.Body)
		}
		if time.Since(demoted) > demotionBound {
			t.Fatalf("the demoted admin's token still works on admin routes %s later", time.Since(demoted).Round(time.Millisecond))
		}
		time.Sleep(50 * time.Millisecond) // polling a condition with a deadline
	}
	// The container that demoted refuses at once, on every admin route.
	if r := testkit.Do(t, h, "GET", "/api/admin/users/"+owner.ID, m, nil); r.Status != 403 {
		t.Fatalf("demoting container: %d", r.Status)
	}
	// No promotion of itself with the old token, and no admin power on member routes.
	if r := testkit.Do(t, h, "PUT", "/api/admin/users/"+m.ID+"/admin", m, map[string]any{"admin": true}); r.Status != 403 {
		t.Fatalf("self-promotion with the old token: %d %s", r.Status, r.Body)
	}
	g := groups.NewServer(env.Deps)
	created := testkit.Do(t, g, "POST", "/api/groups", owner, map[string]any{"nome": "Horta da Olga", "cidade": "Recife", "uf": "PE"})
	if created.Status != 201 {
		t.Fatalf("group: %d %s", created.Status, created.Body)
	}
	var grp struct{ ID string }
	created.Decode(t, &grp)
	if r := testkit.Do(t, g, "DELETE", "/api/groups/"+grp.ID, m, nil); r.Status != 404 && r.Status != 403 {
		t.Fatalf("demoted admin deleting another's group: %d %s", r.Status, r.Body)
	}
	log := env.AuditOf(t, boss.ID)
	if len(log) != 2 || log[0].EntidadeID != m.ID || !strings.Contains(log[0].Depois, `"admin":false`) || !strings.Contains(log[1].Depois, `"admin":true`) {
		t.Fatalf("audit %+v", log)
	}
}

// TestNobodyChangesTheirOwnAdminRole: neither way, and nothing is audited.
func TestNobodyChangesTheirOwnAdminRole(t *testing.T) {
	setup(t)
	adm := env.NewAdmin(t, "Ivo Intocável")
	for _, v := range []bool{false, true} {
		r := testkit.Do(t, h, "PUT", "/api/admin/users/"+adm.ID+"/admin", adm, map[string]any{"admin": v})
		if r.Status != 409 || !strings.Contains(r.ErrorMessage(), "próprio papel") {
			t.Fatalf("own role to %v: %d %s", v, r.Status, r.Body)
		}
	}
	if log := env.AuditOf(t, adm.ID); len(log) != 0 {
		t.Fatalf("audited: %+v", log)
	}
}
