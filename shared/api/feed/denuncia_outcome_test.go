package feed_test

import (
	"context"
	"strings"
	"testing"

	"github.com/verde-app/verde/infra/testkit"
)

// Whoever reported a post learns how it was resolved: kept or removed (nothing told them
// before); the bell counts it.
func TestDenunciantesLearnTheOutcome(t *testing.T) {
	setup(t)
	ctx := context.Background()
	for _, c := range []struct {
		acao, words string
	}{
		{"manter", "não viola as regras e foi mantido"},
		{"remover", "foi removido"},
	} {
		author := env.NewUser(t, "Rui Relatado")
		pid := newPost(t, author, "", "")
		report(t, plain, pid, "")
		before := unread(t, plain)
		if res := testkit.Do(t, h, "POST", "/api/admin/moderacao/"+pid, cast.Admin, map[string]any{"acao": c.acao}); res.Status != 204 {
			t.Fatalf("%s: %d %s", c.acao, res.Status, res.Body)
		}
		if got := unread(t, plain) - before; got != 1 {
			t.Errorf("%s: the reporter got %d notifications, want 1", c.acao, got)
		}
		ns, _, err := env.Deps.Store.Notifications(ctx, plain.ID, 5, nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(ns) == 0 || ns[0].Tipo != "denuncia_resolvida" || !strings.Contains(ns[0].Texto, c.words) {
			t.Errorf("%s: latest notification %+v", c.acao, ns)
		}
	}
}
