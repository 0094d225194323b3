package lotes_test

import (
	"net/http"
	"testing"

	"github.com/google/uuid"

	"github.com/verde-app/verde/infra/testkit"
)

// TestLoteCreatesRepeatedWithOneKeyHappenOnce: a bulk create and a lote
// request, each sent twice with one key (and five times at once), happen once
// and every repeat gets the first answer, not "A1 já existe".
func TestLoteCreatesRepeatedWithOneKeyHappenOnce(t *testing.T) {
	setup(t)
	f := env.NewFixture(t, *cast, testkit.FixtureOpts{})
	base := "/api/groups/" + f.Group.ID + "/lotes"
	bulk := map[string]any{"prefixo": "Z", "inicio": 1, "fim": 5, "area": 4}
	cases := []struct {
		name, path string
		user       testkit.User
		body       any
	}{
		{"bulk", base, cast.Coord, bulk},
		{"lote request", base + "/Z3/requests", cast.Alvo, nil},
	}
	for _, c := range cases {
		key := http.Header{"Idempotency-Key": {uuid.NewString()}}
		res := testkit.AtOnce(5, func(int) testkit.Response {
			return testkit.DoWithHeader(t, h, "POST", c.path, c.user, c.body, key)
		})
		for i, r := range res {
			if r.Status != 201 || string(r.Body) != string(res[0].Body) {
				t.Errorf("%s %d: %d %s (first: %s)", c.name, i, r.Status, r.Body, res[0].Body)
			}
		}
		again := testkit.DoWithHeader(t, h, "POST", c.path, c.user, c.body, key)
		if again.Status != 201 || string(again.Body) != string(res[0].Body) || again.Header.Get("Idempotent-Replayed") != "true" {
			t.Errorf("%s later repeat: %d %s", c.name, again.Status, again.Body)
		}
	}
	// A new key is a new create: the same range now exists.
	if r := testkit.DoWithHeader(t, h, "POST", base, cast.Coord, bulk, http.Header{"Idempotency-Key": {uuid.NewString()}}); r.Status != 409 {
		t.Errorf("same range with a new key: %d %s", r.Status, r.Body)
	}
	var page struct {
		Items []map[string]any `json:"items"`
	}
	testkit.Do(t, h, "GET", "/api/groups/"+f.Group.ID+"/lote-requests", cast.Owner, nil).Decode(t, &page)
	n := 0
	for _, it := range page.Items {
		if it["codigo"] == "Z3" {
			n++
		}
	}
	if n != 1 {
		t.Errorf("open requests for Z3: %d, want 1: %v", n, page.Items)
	}
}
