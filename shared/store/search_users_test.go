package store_test

import (
	"context"
	"testing"

	"github.com/google/uuid"

	"github.com/verde-app/verde/shared/domain"
)

// TestUserSearchListsAMemberOncePerSearch: "Pedro Pedido" has two words
// starting with "ped" (two index items); a search pages through every member
// once, with full pages and a cursor that never repeats or skips one.
func TestUserSearchListsAMemberOncePerSearch(t *testing.T) {
	f := newFixtureOn(t, "usearch-"+uuid.NewString()[:8])
	want := map[string]bool{}
	for _, n := range []string{"Pedro Pedido", "Pedrita Pedreira Pedrosa", "Ana Pedroso", "Pedra Lima", "Pedalina Pedal", "Pedi Pede"} {
		want[f.user(n).ID] = true
	}
	f.user("Paulo Souza")
	for _, limit := range []int{1, 2, 4, 100} {
		seen := map[string]int{}
		var after map[string]string
		pages := 0
		for {
			hits, next, err := f.s.SearchUsers(context.Background(), "ped", false, limit, after)
			if err != nil {
				t.Fatal(err)
			}
			pages++
			if next != nil && len(hits) != limit {
				t.Fatalf("limit %d: page %d holds %d", limit, pages, len(hits))
			}
			for _, h := range hits {
				seen[h.Profile.ID]++
			}
			if next == nil {
				break
			}
			after = next
			if pages > 20 {
				t.Fatal("no end")
			}
		}
		if len(seen) != len(want) {
			t.Fatalf("limit %d: found %d members, want %d", limit, len(seen), len(want))
		}
		for id, n := range seen {
			if !want[id] || n != 1 {
				t.Fatalf("limit %d: member %s listed %d times (wanted %v)", limit, id, n, want[id])
			}
		}
	}
	// a longer query matches one word only
	hits, _, err := f.s.SearchUsers(context.Background(), "pedid", false, 10, nil)
	if err != nil || len(hits) != 1 || hits[0].Profile.Nome != "Pedro Pedido" {
		t.Fatalf("pedid: %v %+v", err, hits)
	}
}

// TestProfileSaveReindexesOnlyANewName: saving a profile whose name did not
// change writes no search item; a new name is found and the old one no
// longer, in one BatchWriteItem of at most the new name's words and the old
// positions it leaves.
func TestProfileSaveReindexesOnlyANewName(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	u := f.user("Joana Darc Silveira Nunes")
	bio, nome := "Cuido de ervas", "Joana Prado"
	f.calls.Reset()
	if _, err := f.s.UpdateProfile(ctx, u.ID, domain.ProfileUpdate{Bio: &bio}); err != nil {
		t.Fatal(err)
	}
	same := "Joana Darc Silveira Nunes"
	if _, err := f.s.UpdateProfile(ctx, u.ID, domain.ProfileUpdate{Nome: &same, Bio: &bio}); err != nil {
		t.Fatal(err)
	}
	if ops := f.calls.ByOperation(); ops["BatchWriteItem"] != 0 || ops["UpdateItem"] != 2 {
		t.Fatalf("saves without a new name: %v", ops)
	}
	f.calls.Reset()
	p, err := f.s.UpdateProfile(ctx, u.ID, domain.ProfileUpdate{Nome: &nome})
	if err != nil || p.Nome != nome || p.Bio != bio {
		t.Fatalf("rename: %+v %v", p, err)
	}
	if ops := f.calls.ByOperation(); ops["BatchWriteItem"] != 1 {
		t.Fatalf("rename: %v", ops)
	}
	found := func(q string) bool {
		hits, _, err := f.s.SearchUsers(ctx, q, false, 20, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, h := range hits {
			if h.Profile.ID == u.ID {
				return true
			}
		}
		return false
	}
	if !found("prado") || found("silveira") || found("nunes") {
		t.Errorf("after the rename: prado %v, silveira %v, nunes %v", found("prado"), found("silveira"), found("nunes"))
	}
}
