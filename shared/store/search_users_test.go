package store_test

import (
	"context"
	"testing"

	"github.com/google/uuid"
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
