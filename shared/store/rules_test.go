package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/verde-app/verde/shared/domain"
)

// The rules come from the CONFIG item (defaults when there is none), are read
// at most once per container and minute, and a save must follow the stored
// version. The test changes the rules, so it runs on a table of its own:
// the other tests' containers keep the defaults.
func TestRulesAreReadOncePerMinuteAndSavedByVersion(t *testing.T) {
	ctx := context.Background()
	table := "rules-" + uuid.NewString()[:8]
	f := newFixtureOn(t, table)
	f.calls.Reset()
	r, err := f.s.Rules(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.s.Rules(ctx); err != nil {
		t.Fatal(err)
	}
	if ops := f.calls.ByOperation(); ops["GetItem"] != 1 || f.calls.Total() != 1 {
		t.Fatalf("two reads of the rules made %v, want one GetItem", ops)
	}
	if r.Pontos.CriarGrupo != domain.Defaults().Pontos.CriarGrupo || r.Limites.ConvitesPorGrupo != domain.MaxInvitesPerGroup {
		t.Fatalf("rules %+v, want the defaults", r)
	}

	bad := r
	bad.Version = r.Version + 1
	bad.Pontos.CriarGrupo = -1
	if err := f.s.SaveRules(ctx, bad, "admin"); domain.ErrorCode(err) != domain.EValidation {
		t.Fatalf("negative points saved: %v", err)
	}
	stale := r // same version as stored (or 1 with none stored but the test's own save below)
	next := r
	next.Version = r.Version + 1
	next.Pontos.CriarGrupo = 7
	if err := f.s.SaveRules(ctx, next, "admin"); err != nil {
		t.Fatal(err)
	}
	stale.Version = next.Version // a second editor who read the same version
	if err := f.s.SaveRules(ctx, stale, "other"); domain.ErrorCode(err) != domain.EConflict {
		t.Fatalf("a save over another's was %v, want conflict", err)
	}
	other := newFixtureOn(t, table) // another container reads the stored item
	got, err := other.s.Rules(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if got.Version != next.Version || got.Pontos.CriarGrupo != 7 {
		t.Fatalf("another container read %+v", got)
	}
	owner := other.user("Bia")
	in := domain.GroupInput{Nome: "Horta das regras", Cidade: "Campinas", UF: "SP"}
	if err := in.Valid(); err != nil {
		t.Fatal(err)
	}
	_, pts, err := other.s.CreateGroup(ctx, domain.NewGroup(uuid.Must(uuid.NewV7()).String(), owner.ID, in, got, time.Now()), owner)
	if err != nil || pts != 7 {
		t.Fatalf("creating a group paid %d (%v), want the stored rule's 7", pts, err)
	}
}
