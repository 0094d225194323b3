package groups_test

import (
	"fmt"
	"net/http"
	"sync"
	"testing"

	"github.com/google/uuid"

	"github.com/verde-app/verde/infra/testkit"
)

func idemHeader(key string) http.Header { return http.Header{"Idempotency-Key": {key}} }

func newKey() string { return uuid.NewString() }

// pontos is the user's total points (GET /api/me is another area: read the store).
func (w *world) pontos(t *testing.T, u testkit.User) int {
	t.Helper()
	p, _, err := w.env.Deps.Store.Profile(t.Context(), u.ID)
	if err != nil {
		t.Fatal(err)
	}
	return p.PontosTotais
}

func (w *world) myGroupCount(t *testing.T, u testkit.User) int {
	t.Helper()
	items, _ := testkit.Do(t, w.h, "GET", "/api/me/groups?limit=100", u, nil).Map(t)["items"].([]any)
	return len(items)
}

// TestCreateGroupRepeatedWithOneKeyCreatesOneGroup: a double submit (the same
// request and key, one after the other or at the same moment) makes one group,
// pays +20 once, and every repeat gets the first answer.
func TestCreateGroupRepeatedWithOneKeyCreatesOneGroup(t *testing.T) {
	w := getWorld(t)
	u := w.env.NewUser(t, "Dupla Clicadora")
	body := map[string]any{"nome": "Horta do Clique", "cidade": "Natal", "uf": "RN"}

	key := newKey()
	first := testkit.DoWithHeader(t, w.h, "POST", "/api/groups", u, body, idemHeader(key))
	if first.Status != 201 {
		t.Fatalf("first: %d %s", first.Status, first.Body)
	}
	again := testkit.DoWithHeader(t, w.h, "POST", "/api/groups", u, body, idemHeader(key))
	if again.Header.Get("Location") == "" || again.Header.Get("Location") != first.Header.Get("Location") {
		t.Errorf("repeat's Location %q, first's %q", again.Header.Get("Location"), first.Header.Get("Location"))
	}
	if again.Status != 201 || string(again.Body) != string(first.Body) || again.Header.Get("Idempotent-Replayed") != "true" {
		t.Fatalf("repeat: %d %q %s, want the first answer %s", again.Status, again.Header.Get("Idempotent-Replayed"), again.Body, first.Body)
	}

	// Five at once with another key: still one group.
	key2 := newKey()
	var wg sync.WaitGroup
	results := make([]testkit.Response, 5)
	for i := range results {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i] = testkit.DoWithHeader(t, w.h, "POST", "/api/groups", u, body, idemHeader(key2))
		}()
	}
	wg.Wait()
	ids := map[string]bool{}
	for i, r := range results {
		if r.Status != 201 {
			t.Errorf("concurrent %d: %d %s", i, r.Status, r.Body)
			continue
		}
		ids[fmt.Sprint(r.Map(t)["id"])] = true
	}
	if len(ids) != 1 {
		t.Errorf("concurrent repeats answered with %d different groups: %v", len(ids), ids)
	}
	if n := w.myGroupCount(t, u); n != 2 {
		t.Errorf("groups after two keys (1 + 5 requests): %d, want 2", n)
	}
	if p := w.pontos(t, u); p != 20+20 {
		t.Errorf("points: %d, want 20 + the Fundador bonus 20 (\"criar grupo\" pays once per member)", p)
	}

	// Without a key, two requests are two groups (a client that does not retry).
	testkit.Do(t, w.h, "POST", "/api/groups", u, body)
	testkit.Do(t, w.h, "POST", "/api/groups", u, body)
	if n := w.myGroupCount(t, u); n != 4 {
		t.Errorf("groups after two key-less creates: %d, want 4", n)
	}
}

func TestIdempotencyKeyRules(t *testing.T) {
	w := getWorld(t)
	u := w.env.NewUser(t, "Chaveira")
	body := map[string]any{"nome": "Horta da Chave", "cidade": "Natal", "uf": "RN"}
	key := newKey()
	if r := testkit.DoWithHeader(t, w.h, "POST", "/api/groups", u, body, idemHeader(key)); r.Status != 201 {
		t.Fatalf("create: %d %s", r.Status, r.Body)
	}
	// The same key with another body is refused, not answered with the other group.
	other := map[string]any{"nome": "Outra Horta", "cidade": "Natal", "uf": "RN"}
	if r := testkit.DoWithHeader(t, w.h, "POST", "/api/groups", u, other, idemHeader(key)); r.Status != 409 || r.ErrorCode() != "conflict" {
		t.Errorf("key reused for another body: %d %s", r.Status, r.Body)
	}
	// Keys are per user: another user's same key is their own create.
	v := w.env.NewUser(t, "Outra Pessoa")
	if r := testkit.DoWithHeader(t, w.h, "POST", "/api/groups", v, body, idemHeader(key)); r.Status != 201 || r.Header.Get("Idempotent-Replayed") != "" {
		t.Errorf("another user's same key: %d %s", r.Status, r.Body)
	}
	for _, bad := range []string{"", "short", "tem espaço aqui", "x#########", string(make([]byte, 65))} {
		r := testkit.DoWithHeader(t, w.h, "POST", "/api/groups", u, body, idemHeader(bad))
		if r.Status != 400 || r.ErrorField() != "Idempotency-Key" {
			t.Errorf("key %q: %d %s", bad, r.Status, r.Body)
		}
	}
	// A failed create does not take the key: fixing the body and sending it again works.
	key3 := newKey()
	if r := testkit.DoWithHeader(t, w.h, "POST", "/api/groups", u, map[string]any{"nome": "Ab"}, idemHeader(key3)); r.Status != 400 {
		t.Fatalf("bad create: %d %s", r.Status, r.Body)
	}
	if r := testkit.DoWithHeader(t, w.h, "POST", "/api/groups", u, body, idemHeader(key3)); r.Status != 201 {
		t.Errorf("after a refused create the key is free: %d %s", r.Status, r.Body)
	}
}

// TestEveryGroupsCreateIsIdempotent: join, join request, invite, invite
// acceptance and a request's approval, each sent twice with one key, happen once and answer alike.
func TestEveryGroupsCreateIsIdempotent(t *testing.T) {
	w := getWorld(t)
	open := w.fixture(t, fixtureOpts{})
	approval := w.fixture(t, fixtureOpts{Approval: true})
	private := w.fixture(t, fixtureOpts{Private: true})
	joiner := w.env.NewUser(t, "Entra Duas Vezes")
	cases := []struct {
		name, path string
		user       testkit.User
		body       any
		status     int
	}{
		{"join", "/api/groups/" + open.g.ID + "/join", joiner, nil, 201},
		{"join request", "/api/groups/" + approval.g.ID + "/join", joiner, nil, 202},
		{"invite", "/api/groups/" + open.g.ID + "/invites", w.owner, map[string]any{}, 201},
		{"accept invite", "/api/invites/" + private.invite + "/accept", joiner, nil, 201},
		{"approve a join request", "/api/groups/" + approval.g.ID + "/requests/" + w.requester.ID + "/approve", w.owner, nil, 201},
	}
	for _, c := range cases {
		key := newKey()
		first := testkit.DoWithHeader(t, w.h, "POST", c.path, c.user, c.body, idemHeader(key))
		again := testkit.DoWithHeader(t, w.h, "POST", c.path, c.user, c.body, idemHeader(key))
		if first.Status != c.status || again.Status != c.status || string(first.Body) != string(again.Body) {
			t.Errorf("%s: %d then %d: %s / %s", c.name, first.Status, again.Status, first.Body, again.Body)
		}
	}
	if p := w.pontos(t, joiner); p != 20 {
		t.Errorf("joiner's points: %d, want 20 (two groups joined once each)", p)
	}
	invites, _ := testkit.Do(t, w.h, "GET", "/api/groups/"+open.g.ID+"/invites", w.owner, nil).Map(t)["items"].([]any)
	if len(invites) != 2 { // the fixture's and one of the two requests
		t.Errorf("invites: %d, want 2", len(invites))
	}
}

// TestIdempotentCreateCalls: a key costs one GetItem before the act (whose
// own reads are one BatchGetItem of profile and ledger, and whose key is taken
// inside its one transaction) and one UpdateItem after it; a repeat is one GetItem.
func TestIdempotentCreateCalls(t *testing.T) {
	w := getWorld(t)
	u := w.env.NewUser(t, "Contada")
	body := map[string]any{"nome": "Horta Contada Duas", "cidade": "Belém", "uf": "PA"}
	key := newKey()
	w.env.Calls.Reset()
	testkit.DoWithHeader(t, w.h, "POST", "/api/groups", u, body, idemHeader(key))
	// Plus the creator's monthly league join (their first points of the month:
	// the série's counter, an UpdateItem, and one transaction).
	if got := fmt.Sprint(w.env.Calls.ByOperation()); got != fmt.Sprint(calls{"BatchGetItem": 1, "GetItem": 1, "TransactWriteItems": 2, "UpdateItem": 2}) {
		t.Errorf("create with a key: %s", got)
	}
	w.env.Calls.Reset()
	testkit.DoWithHeader(t, w.h, "POST", "/api/groups", u, body, idemHeader(key))
	if got := fmt.Sprint(w.env.Calls.ByOperation()); got != fmt.Sprint(calls{"GetItem": 1}) {
		t.Errorf("repeat: %s", got)
	}
}
