package lotes_test

import (
	"context"
	"fmt"
	"net/url"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/api"
	"github.com/verde-app/verde/shared/api/lotes"
	"github.com/verde-app/verde/shared/api/notifications"
	"github.com/verde-app/verde/shared/domain"
)

// TestAuthorizationMatrix sends every route of the LotesFunction as each
// role on a fresh fixture (A3 held by member, A4 requested by member).
func TestAuthorizationMatrix(t *testing.T) {
	setup(t)
	type row struct {
		name, method, path string
		opts               testkit.FixtureOpts
		body               func(f testkit.Fixture) any
		want               testkit.Expect
	}
	cases := []row{
		{name: "list", method: "GET", path: "/lotes", want: testkit.Expect{401, 403, 200, 200, 200, 200}},
		{name: "list private", method: "GET", path: "/lotes", opts: testkit.FixtureOpts{Private: true}, want: testkit.Expect{401, 404, 200, 200, 200, 200}},
		{name: "create", method: "POST", path: "/lotes", body: func(testkit.Fixture) any { return map[string]any{"prefixo": "B", "inicio": 1, "fim": 3, "area": 8} }, want: testkit.Expect{401, 403, 403, 201, 201, 403}},
		{name: "edit", method: "PATCH", path: "/lotes/A1", body: func(testkit.Fixture) any { return map[string]any{"version": 1, "observacoes": "Sol da manhã"} }, want: testkit.Expect{401, 403, 403, 200, 200, 403}},
		{name: "edit private", method: "PATCH", path: "/lotes/A1", opts: testkit.FixtureOpts{Private: true}, body: func(testkit.Fixture) any { return map[string]any{"version": 1, "status": "manutencao"} }, want: testkit.Expect{401, 404, 403, 200, 200, 403}},
		{name: "delete", method: "DELETE", path: "/lotes/A2", want: testkit.Expect{401, 403, 403, 204, 204, 403}},
		{name: "assign", method: "PUT", path: "/lotes/A1/responsavel", body: func(testkit.Fixture) any { return map[string]any{"userId": cast.Alvo.ID} }, want: testkit.Expect{401, 403, 403, 200, 200, 403}},
		{name: "free", method: "DELETE", path: "/lotes/A3/responsavel", want: testkit.Expect{401, 403, 200, 200, 200, 403}},
		{name: "request", method: "POST", path: "/lotes/A1/requests", want: testkit.Expect{401, 403, 201, 201, 201, 403}},
		{name: "approve request", method: "POST", path: "/lotes/A4/requests/{member}/approve", want: testkit.Expect{401, 403, 403, 200, 200, 403}},
		{name: "reject or cancel request", method: "DELETE", path: "/lotes/A4/requests/{member}", want: testkit.Expect{401, 403, 204, 204, 204, 403}},
		{name: "lote requests", method: "GET", path: "/lote-requests", want: testkit.Expect{401, 403, 403, 200, 200, 200}},
	}
	testkit.Matrix(t, cast.Columns(), cases, func(c row) (string, testkit.Expect) { return c.name, c.want }, func(t *testing.T, c row, u testkit.User) testkit.Response {
		f := env.NewFixture(t, *cast, c.opts)
		path := "/api/groups/" + f.Group.ID + strings.ReplaceAll(c.path, "{member}", cast.Member.ID)
		var b any
		if c.body != nil {
			b = c.body(f)
		}
		return testkit.Do(t, h, c.method, path, u, b)
	})
	testkit.EveryRouteHasARow(t, lotes.Routes(env.Deps), nil, cases, func(c row) string {
		return c.method + " /api/groups/{groupId}" + strings.NewReplacer("A1", "{codigo}", "A2", "{codigo}", "A3", "{codigo}", "A4", "{codigo}", "{member}", "{userId}").Replace(c.path)
	})
}

type calls = testkit.Calls

// callCase is a row of a table of calls (testkit.MeasureAll).
type callCase testkit.CallCase

func TestCallsPerRequest(t *testing.T) {
	setup(t)
	f := env.NewFixture(t, *cast, testkit.FixtureOpts{})
	base := "/api/groups/" + f.Group.ID
	testkit.MeasureAll(t, env, h, []callCase{
		{"lotes list", "GET", base + "/lotes", cast.Member, nil, 200, calls{"BatchGetItem": 1, "Query": 1}},
		{"lote requests", "GET", base + "/lote-requests", cast.Coord, nil, 200, calls{"BatchGetItem": 1, "Query": 1}},
		// 98 lotes fill the transaction's 100 items: the site statistics' count of lotes
		// (store/stats.go) follows in a transaction of its own.
		{"bulk create", "POST", base + "/lotes", cast.Coord, map[string]any{"prefixo": "C", "inicio": 1, "fim": 98, "area": 4}, 201, calls{"BatchGetItem": 1, "TransactWriteItems": 2}},
		{"edit", "PATCH", base + "/lotes/A1", cast.Coord, map[string]any{"version": 1, "status": "manutencao"}, 200, calls{"BatchGetItem": 1, "TransactWriteItems": 1}},
		// A request tells the dono in its transaction.
		{"request", "POST", base + "/lotes/A2/requests", cast.Alvo, nil, 201, calls{"BatchGetItem": 1, "TransactWriteItems": 1}},
		{"second request", "POST", base + "/lotes/A2/requests", cast.Coord, nil, 201, calls{"BatchGetItem": 1, "TransactWriteItems": 1}},
		// Other open requests for the lote (its pedidosPendentes says so) are
		// read in one Query and closed in the same transaction.
		{"approve with another request", "POST", base + "/lotes/A2/requests/" + cast.Alvo.ID + "/approve", cast.Coord, nil, 200, calls{"BatchGetItem": 1, "Query": 1, "TransactWriteItems": 1}},
		{"reject", "DELETE", base + "/lotes/A4/requests/" + cast.Member.ID, cast.Coord, nil, 204, calls{"BatchGetItem": 1, "TransactWriteItems": 1}},
		{"free", "DELETE", base + "/lotes/A3/responsavel", cast.Member, nil, 200, calls{"BatchGetItem": 1, "TransactWriteItems": 1}},
		{"assign", "PUT", base + "/lotes/A3/responsavel", cast.Coord, map[string]any{"userId": cast.Member.ID}, 200, calls{"BatchGetItem": 1, "TransactWriteItems": 1}},
		{"request C1", "POST", base + "/lotes/C1/requests", cast.Alvo, nil, 201, calls{"BatchGetItem": 1, "TransactWriteItems": 1}},
		{"assign with a request", "PUT", base + "/lotes/C1/responsavel", cast.Coord, map[string]any{"userId": cast.Member.ID}, 200, calls{"BatchGetItem": 1, "Query": 1, "TransactWriteItems": 1}},
		{"request C2", "POST", base + "/lotes/C2/requests", cast.Alvo, nil, 201, calls{"BatchGetItem": 1, "TransactWriteItems": 1}},
		{"approve the only request", "POST", base + "/lotes/C2/requests/" + cast.Alvo.ID + "/approve", cast.Coord, nil, 200, calls{"BatchGetItem": 1, "TransactWriteItems": 1}},
		{"delete", "DELETE", base + "/lotes/C98", cast.Coord, nil, 204, calls{"BatchGetItem": 1, "TransactWriteItems": 1}},
	})
	// The grid of 101 lotes is two pages of the API's largest size, each one BatchGetItem
	// and one Query, in key order (A1, A2 … C1, C10 …); together, every lote once.
	type lotePage struct {
		Items      []domain.Lote `json:"items"`
		NextCursor *string       `json:"nextCursor"`
	}
	var codes []string
	next := ""
	for pageNo := 0; ; pageNo++ {
		path := base + "/lotes?limit=100"
		if next != "" {
			path += "&cursor=" + url.QueryEscape(next)
		}
		env.Calls.Reset()
		res := testkit.Do(t, h, "GET", path, cast.Member, nil)
		if got := env.Calls.ByOperation(); fmt.Sprint(got) != fmt.Sprint(calls{"BatchGetItem": 1, "Query": 1}) {
			t.Errorf("grid page %d: %v", pageNo, got)
		}
		var p lotePage
		res.Decode(t, &p)
		if len(p.Items) > 100 {
			t.Fatalf("page of %d lotes", len(p.Items))
		}
		for _, l := range p.Items {
			codes = append(codes, l.Codigo)
		}
		if p.NextCursor == nil {
			break
		}
		next = *p.NextCursor
		if pageNo > 2 {
			t.Fatal("more pages than 101 lotes need")
		}
	}
	if !sort.SliceIsSorted(codes, func(i, j int) bool { return codes[i] < codes[j] }) {
		t.Errorf("pages not in key order: %v", codes)
	}
	domain.SortCodigos(codes)
	if len(codes) != 101 || codes[0] != "A1" || codes[4] != "C1" || codes[5] != "C2" || codes[13] != "C10" || codes[100] != "C97" {
		t.Fatalf("grid %v", codes)
	}
}

func TestTwentySimultaneousAssignmentsOfOneLote(t *testing.T) {
	setup(t)
	ctx := context.Background()
	f := env.NewFixture(t, *cast, testkit.FixtureOpts{})
	const n = 20
	members := make([]testkit.User, n)
	for i := range members {
		members[i] = env.NewUser(t, fmt.Sprintf("Hortelã %d", i))
		if _, err := env.Deps.Store.Join(ctx, f.Group.ID, testkit.Actor(members[i])); err != nil {
			t.Fatal(err)
		}
		if i%2 == 1 {
			if res := testkit.Do(t, h, "POST", "/api/groups/"+f.Group.ID+"/lotes/A1/requests", members[i], nil); res.Status != 201 {
				t.Fatalf("request %d %s", res.Status, res.Body)
			}
		}
	}
	statuses := testkit.AtOnce(n, func(i int) int {
		base := "/api/groups/" + f.Group.ID + "/lotes/A1"
		if i%2 == 1 { // approvals of requests and direct assignments race
			return testkit.Do(t, h, "POST", base+"/requests/"+members[i].ID+"/approve", cast.Coord, nil).Status
		}
		return testkit.Do(t, h, "PUT", base+"/responsavel", cast.Owner, map[string]any{"userId": members[i].ID}).Status
	})
	count := map[int]int{}
	winner := -1
	for i, s := range statuses {
		count[s]++
		if s == 200 {
			winner = i
		}
	}
	if count[200] != 1 || count[409] != n-1 {
		t.Fatalf("statuses %v", count)
	}
	lotes := env.Lotes(t, f.Group.ID)
	v, _ := env.Deps.Store.GroupFor(ctx, f.Group.ID, members[winner].ID)
	if lotes[0].ResponsavelID == nil || *lotes[0].ResponsavelID != members[winner].ID || v.Group.Lotes.Ocupado != 2 || len(v.Membership.Lotes) != 1 {
		t.Fatalf("lote %+v, counts %+v, membership %+v", lotes[0], v.Group.Lotes, v.Membership)
	}
	if n, _ := env.Deps.Store.UnreadCount(ctx, members[winner].ID); n != 1 {
		t.Fatalf("winner was told %d times", n)
	}
	// The winner's transaction also closed every other request for A1.
	var closed []testkit.User
	for i := 1; i < n; i += 2 {
		if i != winner {
			closed = append(closed, members[i])
		}
	}
	checkClosed(t, f, "A1", closed, nil)
	if lotes[0].PedidosPendentes != 0 || len(env.Told(t, members[winner].ID, domain.NotifPedidoLoteEncerrado)) != 0 {
		t.Fatalf("lote %+v", lotes[0])
	}
}

func unread(t *testing.T, uid string) int {
	t.Helper()
	res := testkit.Do(t, notifications.NewServer(env.Deps), "GET", "/api/notifications/unread-count", testkit.User{ID: uid, Token: tokens[uid]}, nil)
	if res.Status != 200 {
		t.Fatalf("unread count: %d %s", res.Status, res.Body)
	}
	var c struct {
		Count int `json:"count"`
	}
	res.Decode(t, &c)
	return c.Count
}

// tokens lets unread ask as the user (filled by newMember).
var tokens = map[string]string{}

func newMember(t *testing.T, f testkit.Fixture, name string) testkit.User {
	t.Helper()
	u := env.NewJoiner(t, f.Group.ID, name)
	tokens[u.ID] = u.Token
	return u
}

// checkClosed asserts each requester's request for code was closed by an
// assignment: told once (unread counter and a pedido_lote_encerrado item),
// the code out of their open requests (kept are the ones left), and no
// request for code left open in the group.
func checkClosed(t *testing.T, f testkit.Fixture, code string, requesters []testkit.User, kept []string) {
	t.Helper()
	ctx := context.Background()
	want := fmt.Sprintf("O lote %s do grupo %s foi atribuído a outra pessoa. Seu pedido foi encerrado.", code, f.Group.Nome)
	for _, r := range requesters {
		n, err := env.Deps.Store.UnreadCount(ctx, r.ID)
		if err != nil || n != 1 {
			t.Errorf("%s unread %d %v", r.Name, n, err)
		}
		if ns := env.Told(t, r.ID, domain.NotifPedidoLoteEncerrado); len(ns) != 1 || ns[0].Texto != want || ns[0].Link != "/grupos/"+f.Group.ID+"/lotes" || ns[0].Read {
			t.Errorf("%s told %+v", r.Name, ns)
		}
		v, err := env.Deps.Store.GroupFor(ctx, f.Group.ID, r.ID)
		if err != nil || strings.Join(v.Membership.LotesSolicitados, ",") != strings.Join(kept, ",") {
			t.Errorf("%s still asks for %v (want %v) %v", r.Name, v.Membership.LotesSolicitados, kept, err)
		}
	}
	for _, r := range testkit.Get[api.Page[domain.LoteRequest]](t, h, "/api/groups/"+f.Group.ID+"/lote-requests?limit=100", cast.Owner).Items {
		if r.Codigo == code {
			t.Errorf("request of %s for %s left open", r.Nome, code)
		}
	}
}

func loteOf(t *testing.T, f testkit.Fixture, code string) domain.Lote {
	t.Helper()
	for _, l := range testkit.Get[api.Page[domain.Lote]](t, h, "/api/groups/"+f.Group.ID+"/lotes", cast.Owner).Items {
		if l.Codigo == code {
			return l
		}
	}
	t.Fatalf("no lote %s", code)
	return domain.Lote{}
}

func TestAssigningALoteClosesTheOtherRequests(t *testing.T) {
	setup(t)
	ctx := context.Background()
	f := env.NewFixture(t, *cast, testkit.FixtureOpts{})
	base := "/api/groups/" + f.Group.ID + "/lotes"
	if _, err := env.Deps.Store.CreateLotes(ctx, f.Group.ID, testkit.Actor(cast.Owner), domain.LoteBulkInput{Prefixo: "B", Inicio: ptr(1), Fim: ptr(5), Area: ptr(6.0)}); err != nil {
		t.Fatal(err)
	}
	requesters := []testkit.User{newMember(t, f, "Ana Lima"), newMember(t, f, "Beto Reis"), newMember(t, f, "Caio Dias")}
	for _, r := range requesters { // each at the 5 open requests a member may have
		for _, c := range []string{"A1", "B1", "B2", "B3", "B4"} {
			if res := testkit.Do(t, h, "POST", base+"/"+c+"/requests", r, nil); res.Status != 201 {
				t.Fatalf("request %s: %d %s", c, res.Status, res.Body)
			}
		}
		if res := testkit.Do(t, h, "POST", base+"/B5/requests", r, nil); res.Status != 409 || !strings.Contains(res.ErrorMessage(), "5 pedidos de lote em aberto") {
			t.Fatalf("sixth request: %d %s", res.Status, res.Body)
		}
	}
	if l := loteOf(t, f, "A1"); l.PedidosPendentes != 3 {
		t.Fatalf("A1 %+v", l)
	}
	measureClosing(t, "assignment", "PUT", base+"/A1/responsavel", map[string]any{"userId": cast.Alvo.ID})
	checkClosed(t, f, "A1", requesters, []string{"B1", "B2", "B3", "B4"})
	if l := loteOf(t, f, "A1"); l.PedidosPendentes != 0 || l.Status != domain.LoteOcupado || *l.ResponsavelID != cast.Alvo.ID {
		t.Fatalf("A1 %+v", l)
	}
	if l := loteOf(t, f, "B1"); l.PedidosPendentes != 3 {
		t.Fatalf("B1 touched: %+v", l)
	}
	// Each got one of their five places back.
	for _, r := range requesters {
		if res := testkit.Do(t, h, "POST", base+"/B5/requests", r, nil); res.Status != 201 {
			t.Fatalf("request after the close: %d %s", res.Status, res.Body)
		}
		if n := unread(t, r.ID); n != 1 {
			t.Fatalf("bell of %s: %d", r.Name, n)
		}
	}
}

func TestApprovingOneRequestClosesTheOthers(t *testing.T) {
	setup(t)
	f := env.NewFixture(t, *cast, testkit.FixtureOpts{})
	base := "/api/groups/" + f.Group.ID + "/lotes"
	chosen := newMember(t, f, "Eva Rocha")
	others := []testkit.User{newMember(t, f, "Ana Lima"), newMember(t, f, "Beto Reis"), newMember(t, f, "Caio Dias")}
	for _, r := range append([]testkit.User{chosen}, others...) {
		for _, c := range []string{"A1", "A2"} {
			if res := testkit.Do(t, h, "POST", base+"/"+c+"/requests", r, nil); res.Status != 201 {
				t.Fatalf("request: %d %s", res.Status, res.Body)
			}
		}
	}
	measureClosing(t, "approval", "POST", base+"/A1/requests/"+chosen.ID+"/approve", nil)
	checkClosed(t, f, "A1", others, []string{"A2"})
	v, _ := env.Deps.Store.GroupFor(context.Background(), f.Group.ID, chosen.ID)
	if strings.Join(v.Membership.Lotes, ",") != "A1" || strings.Join(v.Membership.LotesSolicitados, ",") != "A2" {
		t.Fatalf("chosen %+v", v.Membership)
	}
	if unread(t, chosen.ID) != 1 || len(env.Told(t, chosen.ID, domain.NotifLoteAtribuido)) != 1 || len(env.Told(t, chosen.ID, domain.NotifPedidoLoteEncerrado)) != 0 {
		t.Fatalf("chosen was told %d", unread(t, chosen.ID))
	}
	if l := loteOf(t, f, "A1"); l.PedidosPendentes != 0 {
		t.Fatalf("A1 %+v", l)
	}
	if l := loteOf(t, f, "A2"); l.PedidosPendentes != 4 {
		t.Fatalf("A2 touched: %+v", l)
	}
	// A closed request can be neither approved (the lote is taken) nor cancelled.
	if res := testkit.Do(t, h, "POST", base+"/A1/requests/"+others[0].ID+"/approve", cast.Coord, nil); res.Status != 409 || !strings.Contains(res.ErrorMessage(), "já está ocupado") {
		t.Fatalf("approve a closed request: %d %s", res.Status, res.Body)
	}
	if res := testkit.Do(t, h, "DELETE", base+"/A1/requests/"+others[0].ID, others[0], nil); res.Status != 404 {
		t.Fatalf("cancel a closed request: %d %s", res.Status, res.Body)
	}
}

func TestRequestingALoteTellsTheDono(t *testing.T) {
	setup(t)
	ctx := context.Background()
	f := env.NewFixture(t, *cast, testkit.FixtureOpts{})
	base := "/api/groups/" + f.Group.ID + "/lotes"
	before, _ := env.Deps.Store.UnreadCount(ctx, cast.Owner.ID)
	toldBefore := len(env.Told(t, cast.Owner.ID, domain.NotifPedidoLote))
	if res := testkit.Do(t, h, "POST", base+"/a1/requests", cast.Alvo, nil); res.Status != 201 {
		t.Fatalf("request: %d %s", res.Status, res.Body)
	}
	after, _ := env.Deps.Store.UnreadCount(ctx, cast.Owner.ID)
	ns := env.Told(t, cast.Owner.ID, domain.NotifPedidoLote)
	want := domain.Notification{UserID: cast.Owner.ID, Tipo: "pedido_lote", Texto: "Álvaro Alvo pediu o lote A1 no grupo " + f.Group.Nome, Link: "/grupos/" + f.Group.ID + "/lotes"}
	if after != before+1 || len(ns) != toldBefore+1 || !slices.Contains(ns, want) {
		t.Fatalf("dono unread %d → %d, told %+v", before, after, ns)
	}
	// The coordinators are not told, nor the dono of their own request.
	coordBefore, _ := env.Deps.Store.UnreadCount(ctx, cast.Coord.ID)
	if res := testkit.Do(t, h, "POST", base+"/A2/requests", cast.Owner, nil); res.Status != 201 {
		t.Fatalf("dono's request: %d %s", res.Status, res.Body)
	}
	if n, _ := env.Deps.Store.UnreadCount(ctx, cast.Owner.ID); n != after {
		t.Fatalf("dono told of their own request: %d → %d", after, n)
	}
	if n, _ := env.Deps.Store.UnreadCount(ctx, cast.Coord.ID); n != coordBefore {
		t.Fatalf("coordinator told: %d → %d", coordBefore, n)
	}
}

func TestALoteTakesAtMostTwentyOpenRequests(t *testing.T) {
	setup(t)
	f := env.NewFixture(t, *cast, testkit.FixtureOpts{})
	base := "/api/groups/" + f.Group.ID + "/lotes"
	var requesters []testkit.User
	for i := range domain.MaxRequestsPerLote {
		r := newMember(t, f, fmt.Sprintf("Pessoa %d", i))
		if res := testkit.Do(t, h, "POST", base+"/A1/requests", r, nil); res.Status != 201 {
			t.Fatalf("request %d: %d %s", i, res.Status, res.Body)
		}
		requesters = append(requesters, r)
	}
	res := testkit.Do(t, h, "POST", base+"/A1/requests", cast.Alvo, nil)
	if res.Status != 409 || res.ErrorCode() != "conflict" || res.ErrorMessage() != "O lote A1 já tem 20 pedidos em aberto, o máximo por lote. Aguarde a resposta de um coordenador ou peça outro lote" {
		t.Fatalf("21st request: %d %s", res.Status, res.Body)
	}
	if l := loteOf(t, f, "A1"); l.PedidosPendentes != 20 {
		t.Fatalf("A1 %+v", l)
	}
	// The full lote still goes in one transaction, closing all twenty.
	measureClosing(t, "assignment", "PUT", base+"/A1/responsavel", map[string]any{"userId": cast.Alvo.ID})
	checkClosed(t, f, "A1", requesters, nil)
}

// measureClosing is a coordinator's act that gives a lote away (200): one
// BatchGetItem, the Query of the lote's open requests and one transaction
// that closes them.
func measureClosing(t *testing.T, name, method, path string, body any) {
	t.Helper()
	testkit.MeasureAll(t, env, h, []callCase{{name, method, path, cast.Coord, body, 200, calls{"BatchGetItem": 1, "Query": 1, "TransactWriteItems": 1}}})
}

func ptr[T any](v T) *T { return &v }

func TestLoteValidationNamesTheField(t *testing.T) {
	setup(t)
	f := env.NewFixture(t, *cast, testkit.FixtureOpts{})
	base := "/api/groups/" + f.Group.ID
	cases := []struct {
		name, method, path string
		body               any
		status             int
		field, msg         string
	}{
		{"prefixo", "POST", "/lotes", map[string]any{"prefixo": "ABCD", "inicio": 1, "fim": 2, "area": 5}, 400, "prefixo", "no máximo 3 letras"},
		{"inicio", "POST", "/lotes", map[string]any{"fim": 2, "area": 5}, 400, "inicio", "Informe o número inicial"},
		{"fim", "POST", "/lotes", map[string]any{"inicio": 5, "fim": 2, "area": 5}, 400, "fim", "entre o inicial"},
		{"too many", "POST", "/lotes", map[string]any{"inicio": 1, "fim": 99, "area": 5}, 400, "fim", "no máximo 98 lotes"},
		{"area", "POST", "/lotes", map[string]any{"inicio": 1, "fim": 2, "area": 0}, 400, "area", "entre 0,01 e 10000"},
		{"area big", "POST", "/lotes", map[string]any{"inicio": 1, "fim": 2, "area": 10001}, 400, "area", "10000"},
		{"area text", "POST", "/lotes", map[string]any{"inicio": 1, "fim": 2, "area": "grande"}, 400, "area", "deve ser um número"},
		{"duplicate", "POST", "/lotes", map[string]any{"prefixo": "A", "inicio": 3, "fim": 5, "area": 5}, 409, "", "O lote A3 já existe"},
		{"codigo", "PATCH", "/lotes/A-1", map[string]any{"version": 1, "area": 3}, 400, "codigo", "até 3 letras"},
		{"version", "PATCH", "/lotes/A1", map[string]any{"area": 3}, 400, "version", "versão"},
		{"status ocupado", "PATCH", "/lotes/A1", map[string]any{"version": 1, "status": "ocupado"}, 400, "status", "atribua-o"},
		{"stale version", "PATCH", "/lotes/A1", map[string]any{"version": 7, "area": 3}, 409, "", "alterado por outra pessoa"},
		{"status of occupied", "PATCH", "/lotes/A3", map[string]any{"version": 2, "status": "manutencao"}, 409, "", "libere-o"},
		{"unknown lote", "PATCH", "/lotes/Z9", map[string]any{"version": 1, "area": 3}, 404, "", "Lote Z9 não encontrado"},
		{"assign without user", "PUT", "/lotes/A1/responsavel", map[string]any{}, 400, "userId", "Informe o membro"},
		{"assign to a stranger", "PUT", "/lotes/A1/responsavel", map[string]any{"userId": cast.Stranger.ID}, 404, "", "Membro não encontrado"},
		{"assign occupied", "PUT", "/lotes/A3/responsavel", map[string]any{"userId": cast.Alvo.ID}, 409, "", "já está ocupado"},
		{"delete occupied", "DELETE", "/lotes/A3", nil, 409, "", "libere-o"},
		{"delete requested", "DELETE", "/lotes/A4", nil, 409, "", "pedidos pendentes"},
		{"free a free lote", "DELETE", "/lotes/A1/responsavel", nil, 409, "", "não está ocupado"},
	}
	for _, c := range cases {
		res := testkit.Do(t, h, c.method, base+c.path, cast.Owner, c.body)
		if res.Status != c.status || res.ErrorField() != c.field || !strings.Contains(res.ErrorMessage(), c.msg) {
			t.Errorf("%s: %d %s", c.name, res.Status, res.Body)
		}
	}
	again := testkit.Do(t, h, "POST", base+"/lotes/A4/requests", cast.Member, nil)
	if again.Status != 409 || !strings.Contains(again.ErrorMessage(), "Você já pediu o lote A4") {
		t.Errorf("second request: %d %s", again.Status, again.Body)
	}
}

func BenchmarkLotesList(b *testing.B) {
	setup(b)
	f := env.NewFixture(b, *cast, testkit.FixtureOpts{})
	b.ResetTimer()
	for b.Loop() {
		if res := testkit.Do(b, h, "GET", "/api/groups/"+f.Group.ID+"/lotes", cast.Member, nil); res.Status != 200 {
			b.Fatal(res.Status)
		}
	}
}
