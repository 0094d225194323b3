package groups_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/uuid"

	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
)

// calls is the DynamoDB calls one request made, by operation.
type calls map[string]int

func (w *world) measure(t *testing.T, method, path string, u testkit.User, body any, wantStatus int) calls {
	t.Helper()
	c, _ := w.env.Measure(t, w.h, method, path, u, body, wantStatus)
	return calls(c)
}

func (c calls) total() int {
	n := 0
	for _, v := range c {
		n += v
	}
	return n
}

// TestCallsPerRequest pins the DynamoDB calls of each request path: reads in
// at most two calls, and each write one TransactWriteItems plus the one read
// its decision needs (an invite's acceptance also reads the invite first).
func TestCallsPerRequest(t *testing.T) {
	w := getWorld(t)
	f := w.fixture(t, fixtureOpts{})
	fa := w.fixture(t, fixtureOpts{Approval: true})
	id := f.g.ID
	cases := []struct {
		name         string
		method, path string
		user         testkit.User
		body         any
		status       int
		want         calls
	}{
		{"directory page", "GET", "/api/groups?limit=20", w.member, nil, 200, calls{"Query": 1}},
		{"directory by a word, UF and city (word index, then the page's groups)", "GET", "/api/groups?uf=SP&cidade=camp&q=horta", w.member, nil, 200, calls{"BatchGetItem": 1, "Query": 1}},
		{"group detail", "GET", "/api/groups/" + id, w.member, nil, 200, calls{"BatchGetItem": 1}},
		{"public page", "GET", "/api/groups/" + id + "/public", w.anon, nil, 200, calls{"GetItem": 1}},
		{"my groups", "GET", "/api/me/groups", w.member, nil, 200, calls{"Query": 1, "BatchGetItem": 1}},
		{"members", "GET", "/api/groups/" + id + "/members", w.member, nil, 200, calls{"BatchGetItem": 1, "Query": 1}},
		{"invites", "GET", "/api/groups/" + id + "/invites", w.owner, nil, 200, calls{"BatchGetItem": 1, "Query": 1}},
		{"invite page", "GET", "/api/invites/" + f.invite, w.stranger, nil, 200, calls{"GetItem": 1, "BatchGetItem": 1}},
		{"requests", "GET", "/api/groups/" + fa.g.ID + "/requests", w.owner, nil, 200, calls{"BatchGetItem": 1, "Query": 1}},
		{"create group", "POST", "/api/groups", w.stranger, map[string]any{"nome": "Horta Contada", "cidade": "Belém", "uf": "PA"}, 201, calls{"BatchGetItem": 1, "TransactWriteItems": 1}},
		{"edit group", "PATCH", "/api/groups/" + id, w.owner, map[string]any{"version": f.g.Version, "nome": "Horta Renomeada"}, 200, calls{"BatchGetItem": 1, "TransactWriteItems": 1}},
		{"join", "POST", "/api/groups/" + id + "/join", w.stranger, nil, 201, calls{"BatchGetItem": 1, "TransactWriteItems": 1}},
		{"request to join", "POST", "/api/groups/" + fa.g.ID + "/join", w.stranger, nil, 202, calls{"BatchGetItem": 1, "TransactWriteItems": 1}},
		{"approve", "POST", "/api/groups/" + fa.g.ID + "/requests/" + w.requester.ID + "/approve", w.owner, nil, 201, calls{"BatchGetItem": 1, "TransactWriteItems": 1}},
		{"promote", "PATCH", "/api/groups/" + id + "/members/" + w.alvo.ID, w.owner, map[string]any{"papel": "coordenador"}, 200, calls{"BatchGetItem": 1, "TransactWriteItems": 1}},
		{"create invite", "POST", "/api/groups/" + id + "/invites", w.coord, map[string]any{}, 201, calls{"BatchGetItem": 1, "TransactWriteItems": 1}},
		{"revoke invite", "DELETE", "/api/groups/" + id + "/invites/" + f.invite, w.coord, nil, 200, calls{"BatchGetItem": 1, "TransactWriteItems": 1}},
		{"leave (frees lotes, drops lote requests)", "DELETE", "/api/groups/" + id + "/members/" + w.member.ID, w.member, nil, 204, calls{"BatchGetItem": 1, "TransactWriteItems": 1}},
		{"transfer", "POST", "/api/groups/" + id + "/transfer", w.owner, map[string]any{"userId": w.alvo.ID}, 204, calls{"BatchGetItem": 1, "TransactWriteItems": 1}},
	}
	for _, c := range cases {
		got := w.measure(t, c.method, c.path, c.user, c.body, c.status)
		if fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}

	fr := w.fixture(t, fixtureOpts{Approval: true})
	if got := w.measure(t, "DELETE", "/api/groups/"+fr.g.ID+"/requests/"+w.requester.ID, w.coord, nil, 204); fmt.Sprint(got) != fmt.Sprint(calls{"BatchGetItem": 1, "TransactWriteItems": 1}) {
		t.Errorf("reject request: %v", got)
	}
	// Deleting a group is the one path whose calls follow the group's size
	// (bounded by its caps): for this fixture (4 members, 4 lotes, a lote
	// request, an invite) it is the group and actor read, the deleting mark
	// (with the owner's count of groups, one transaction), a Query of its cultivos (none here: they would
	// move to Horta pessoal), a Query of the partition and one of the invites, the members' profiles
	// read and updated in one batch and one transaction, one BatchWriteItem
	// of the 10 items and the group's DeleteItem.
	if got := w.measure(t, "DELETE", "/api/groups/"+fr.g.ID, w.owner, nil, 204); fmt.Sprint(got) != fmt.Sprint(calls{
		"BatchGetItem": 2, "BatchWriteItem": 1, "DeleteItem": 1, "Query": 3, "TransactWriteItems": 2,
	}) {
		t.Errorf("delete group: %v", got)
	}

	fp := w.fixture(t, fixtureOpts{Private: true})
	got := w.measure(t, "POST", "/api/invites/"+fp.invite+"/accept", w.stranger, nil, 201)
	if fmt.Sprint(got) != fmt.Sprint(calls{"GetItem": 1, "BatchGetItem": 1, "TransactWriteItems": 1}) {
		t.Errorf("accept invite: %v", got)
	}
}

// TestReadCallsDoNotGrowWithTheTable seeds 1,000 public groups straight into
// the table and measures the directory and detail paths again.
func TestReadCallsDoNotGrowWithTheTable(t *testing.T) {
	w := getWorld(t)
	f := w.fixture(t, fixtureOpts{})
	paths := []string{
		"/api/groups?limit=20",
		"/api/groups?uf=RO&limit=20",
		"/api/groups?uf=RO&cidade=porto&q=horta&limit=20",
		"/api/groups?q=horta&limit=100",
		"/api/groups/" + f.g.ID,
	}
	before := map[string]int{}
	for _, path := range paths {
		before[path] = w.measure(t, "GET", path, w.member, nil, 200).total()
	}
	seedGroups(t, w, 1000)
	for _, path := range paths {
		after := w.measure(t, "GET", path, w.member, nil, 200).total()
		if after != before[path] || after > 2 {
			t.Errorf("%s: %d calls with 1,000 more groups, %d before", path, after, before[path])
		}
	}
	// The UF search pages through them by cursor, a page per call.
	res := testkit.Do(t, w.h, "GET", "/api/groups?uf=RO&limit=100", w.member, nil)
	var page struct {
		Items      []map[string]any `json:"items"`
		NextCursor *string          `json:"nextCursor"`
	}
	res.Decode(t, &page)
	if len(page.Items) != 100 || page.NextCursor == nil {
		t.Fatalf("first page of RO: %d items, cursor %v", len(page.Items), page.NextCursor)
	}
}

var seeded bool

// seedGroups writes n public groups in Rondônia with BatchWriteItem (25 a call).
func seedGroups(t testing.TB, w *world, n int) {
	t.Helper()
	if seeded {
		return
	}
	seeded = true
	ctx := context.Background()
	s := w.env.Deps.Store
	var reqs []types.WriteRequest
	flush := func() {
		for len(reqs) > 0 {
			out, err := s.DB.BatchWriteItem(ctx, &dynamodb.BatchWriteItemInput{RequestItems: map[string][]types.WriteRequest{s.Table: reqs}})
			if err != nil {
				t.Fatal(err)
			}
			reqs = out.UnprocessedItems[s.Table]
		}
	}
	cities := []string{"Porto Velho", "Ji-Paraná", "Ariquemes", "Vilhena", "Cacoal"}
	for i := 0; i < n; i++ {
		in := domain.GroupInput{Nome: fmt.Sprintf("Horta Semeada %04d", i), Cidade: cities[i%len(cities)], UF: "RO"}
		if err := in.Valid(); err != nil {
			t.Fatal(err)
		}
		item, err := store.MarshalGroup(domain.NewGroup(uuid.Must(uuid.NewV7()).String(), "seed", in, domain.Defaults(), time.Now()))
		if err != nil {
			t.Fatal(err)
		}
		reqs = append(reqs, types.WriteRequest{PutRequest: &types.PutRequest{Item: item}})
		if len(reqs) == 25 {
			flush()
		}
	}
	flush()
}

func BenchmarkDirectoryPage(b *testing.B) {
	w := getWorld(b)
	seedGroups(b, w, 1000)
	b.ResetTimer()
	for b.Loop() {
		if res := testkit.Do(b, w.h, "GET", "/api/groups?uf=RO&limit=20", w.member, nil); res.Status != 200 {
			b.Fatal(res.Status)
		}
	}
}

func BenchmarkGroupDetail(b *testing.B) {
	w := getWorld(b)
	f := w.fixture(b, fixtureOpts{})
	b.ResetTimer()
	for b.Loop() {
		if res := testkit.Do(b, w.h, "GET", "/api/groups/"+f.g.ID, w.member, nil); res.Status != 200 {
			b.Fatal(res.Status)
		}
	}
}
