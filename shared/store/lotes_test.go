package store_test

import (
	"context"
	"fmt"
	"maps"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
)

func bulk(prefix string, from, to int, area float64) domain.LoteBulkInput {
	in := domain.LoteBulkInput{Prefixo: prefix, Inicio: &from, Fim: &to, Area: &area}
	if err := in.Valid(); err != nil {
		panic(err)
	}
	return in
}

// groupWithLotes is a group of owner's with lotes A1…An of 10 m².
func (f *fixture) groupWithLotes(owner store.Actor, n int) domain.Group {
	f.t.Helper()
	g := f.group(owner, nil)
	if _, err := f.s.CreateLotes(context.Background(), g.ID, owner, bulk("A", 1, n, 10)); err != nil {
		f.t.Fatal(err)
	}
	return g
}

// madeExactly fails the test unless the calls since the last Reset were want, operation by operation.
func (f *fixture) madeExactly(what string, want map[string]int) {
	f.t.Helper()
	if ops := f.calls.ByOperation(); !maps.Equal(ops, want) {
		f.t.Fatalf("%s made %v", what, ops)
	}
}

// request is who's request of the lote code in gid, which must succeed.
func (f *fixture) request(gid, code string, who store.Actor) {
	f.t.Helper()
	if _, err := f.s.RequestLote(context.Background(), gid, code, who); err != nil {
		f.t.Fatal(err)
	}
}

// assign gives the lote code in gid to uid (by, fromRequest: as
// AssignLote), which must succeed.
func (f *fixture) assign(gid, code string, by store.Actor, uid string, fromRequest bool) {
	f.t.Helper()
	if _, err := f.s.AssignLote(context.Background(), gid, code, by, uid, fromRequest); err != nil {
		f.t.Fatal(err)
	}
}

func (f *fixture) member(g domain.Group, name string) store.Actor {
	f.t.Helper()
	a := f.user(name)
	if _, err := f.s.Join(context.Background(), g.ID, a); err != nil {
		f.t.Fatal(err)
	}
	return a
}

func TestCreateLotesRejectsDuplicatesAsAWholeAndSortsNaturally(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	owner := f.user("Dona")
	g := f.group(owner, nil)
	f.calls.Reset()
	ls, err := f.s.CreateLotes(ctx, g.ID, owner, bulk("a", 1, 12, 10))
	if err != nil || len(ls) != 12 {
		t.Fatalf("create: %d %v", len(ls), err)
	}
	f.madeExactly("bulk create", map[string]int{"BatchGetItem": 1, "TransactWriteItems": 1})
	_, err = f.s.CreateLotes(ctx, g.ID, owner, bulk("A", 10, 14, 10))
	if code(err) != domain.EConflict || !strings.Contains(err.Error(), "O lote A1") {
		t.Fatalf("duplicate: %v", err)
	}
	f.calls.Reset()
	all, err := allLotes(ctx, f.s, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if f.calls.Total() != 1 {
		t.Fatalf("list made %v", f.calls.ByOperation())
	}
	var codes []string
	for _, l := range all {
		codes = append(codes, l.Codigo)
	}
	if strings.Join(codes, ",") != "A1,A2,A3,A4,A5,A6,A7,A8,A9,A10,A11,A12" {
		t.Fatalf("order %v", codes)
	}
	if v := f.view(g.ID, ""); v.Group.Lotes != (domain.LoteCounts{Livre: 12, Total: 12}) {
		t.Fatalf("counts %+v", v.Group.Lotes)
	}
}

func TestCreateLotesCapsAGroupAt500(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	owner := f.user("Dona")
	g := f.group(owner, nil)
	for i := 0; i < 5; i++ {
		if _, err := f.s.CreateLotes(ctx, g.ID, owner, bulk("B", i*98+1, i*98+98, 5)); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := f.s.CreateLotes(ctx, g.ID, owner, bulk("C", 1, 10, 5)); err != nil {
		t.Fatal(err) // 500 exactly
	}
	_, err := f.s.CreateLotes(ctx, g.ID, owner, bulk("D", 1, 1, 5))
	if e, ok := domain.AsError(err); !ok || e.Field != "fim" || !strings.Contains(e.Message, "500") {
		t.Fatalf("501st lote: %v", err)
	}
	f.calls.Reset()
	all, err := allLotes(ctx, f.s, g.ID)
	if err != nil || len(all) != 500 || f.calls.Total() != 1 {
		t.Fatalf("list of 500: %d %v %v", len(all), err, f.calls.ByOperation())
	}
}

func TestTwentySimultaneousAssignmentsGiveALoteToExactlyOneMember(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	owner := f.user("Dona")
	g := f.groupWithLotes(owner, 2)
	const n = 20
	members := several(n, "Membro %d", func(name string) store.Actor { return f.member(g, name) })
	// Half assign directly, half through a request that is approved.
	for i := n / 2; i < n; i++ {
		f.request(g.ID, "A1", members[i])
	}
	errs := testkit.AtOnce(n, func(i int) error {
		_, err := f.s.AssignLote(ctx, g.ID, "A1", owner, members[i].ID, i >= n/2)
		return err
	})
	ok, _ := tally(t, errs, conflict)
	all, _ := allLotes(ctx, f.s, g.ID)
	holders := 0
	for _, m := range members {
		if v := f.view(g.ID, m.ID); len(v.Membership.Lotes) > 0 {
			holders++
		}
	}
	v := f.view(g.ID, "")
	if ok != 1 || holders != 1 || all[0].Status != domain.LoteOcupado || v.Group.Lotes.Ocupado != 1 || v.Group.Lotes.Livre != 1 {
		t.Fatalf("assigned %d times, %d holders, lote %+v, counts %+v", ok, holders, all[0], v.Group.Lotes)
	}
	// The winner's transaction closed every other request, each told once.
	winner := *all[0].ResponsavelID
	var closed []store.Actor
	for i := n / 2; i < n; i++ {
		if members[i].ID != winner {
			closed = append(closed, members[i])
		}
	}
	if len(closed) != n/2 && len(closed) != n/2-1 {
		t.Fatalf("winner %s", winner)
	}
	f.checkClosed(g, "A1", closed, nil)
	if f.unread(winner) != 1 || len(f.notifications(winner, domain.NotifPedidoLoteEncerrado)) != 0 {
		t.Fatalf("winner unread %d", f.unread(winner))
	}
}

func TestLeavingFreesLotesAndDropsRequests(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	owner := f.user("Dona")
	g := f.groupWithLotes(owner, 3)
	m := f.member(g, "Bia")
	f.assign(g.ID, "A1", owner, m.ID, false)
	f.request(g.ID, "A2", m)
	if _, err := f.s.RequestLote(ctx, g.ID, "A2", m); code(err) != domain.EConflict {
		t.Fatalf("second request: %v", err)
	}
	f.calls.Reset()
	if err := f.s.RemoveMember(ctx, g.ID, m, m.ID); err != nil {
		t.Fatal(err)
	}
	f.madeExactly("leave", map[string]int{"BatchGetItem": 1, "TransactWriteItems": 1})
	all, _ := allLotes(ctx, f.s, g.ID)
	if all[0].Status != domain.LoteLivre || all[0].ResponsavelID != nil || all[1].PedidosPendentes != 0 {
		t.Fatalf("lotes after leave %+v %+v", all[0], all[1])
	}
	reqs, _, _ := f.s.LoteRequests(ctx, g.ID, 10, nil)
	if v := f.view(g.ID, ""); v.Group.Lotes != (domain.LoteCounts{Livre: 3, Total: 3}) || v.Group.MemberCount != 1 || len(reqs) != 0 {
		t.Fatalf("group after leave %+v, requests %v", v.Group, reqs)
	}
}

type storedNotification struct {
	UserID string `dynamodbav:"userId"`
	Read   bool   `dynamodbav:"read"`
	Tipo   string `dynamodbav:"tipo"`
	Texto  string `dynamodbav:"texto"`
	Link   string `dynamodbav:"link"`
}

// notifications reads uid's notification items of one tipo straight from the table.
func (f *fixture) notifications(uid, tipo string) []storedNotification {
	f.t.Helper()
	out, err := f.s.DB.Query(context.Background(), &dynamodb.QueryInput{
		TableName:              aws.String(f.s.Table),
		KeyConditionExpression: aws.String("PK = :pk AND begins_with(SK, :p)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":pk": &types.AttributeValueMemberS{Value: store.UserPK(uid)}, ":p": &types.AttributeValueMemberS{Value: "NOTIF#"},
		},
		ConsistentRead: aws.Bool(true),
	})
	if err != nil {
		f.t.Fatal(err)
	}
	var ns []storedNotification
	for _, item := range out.Items {
		var n storedNotification
		if err := attributevalue.UnmarshalMap(item, &n); err != nil {
			f.t.Fatal(err)
		}
		if n.Tipo == tipo {
			ns = append(ns, n)
		}
	}
	return ns
}

func (f *fixture) unread(uid string) int {
	f.t.Helper()
	n, err := f.s.UnreadCount(context.Background(), uid)
	if err != nil {
		f.t.Fatal(err)
	}
	return n
}

func (f *fixture) lote(gid, code string) domain.Lote {
	f.t.Helper()
	all, err := allLotes(context.Background(), f.s, gid)
	if err != nil {
		f.t.Fatal(err)
	}
	for _, l := range all {
		if l.Codigo == code {
			return l
		}
	}
	f.t.Fatalf("no lote %s", code)
	return domain.Lote{}
}

// requestsFor lists the requesters of one lote's open requests.
func (f *fixture) requestsFor(gid, code string) []string {
	f.t.Helper()
	reqs, _, err := f.s.LoteRequests(context.Background(), gid, 100, nil)
	if err != nil {
		f.t.Fatal(err)
	}
	var out []string
	for _, r := range reqs {
		if r.Codigo == code {
			out = append(out, r.UserID)
		}
	}
	return out
}

// checkClosed asserts that each requester's request for code was closed by
// the assignment: told once (pedido_lote_encerrado), the code out of their
// lotesSolicitados, and the rest of their requests kept.
func (f *fixture) checkClosed(g domain.Group, code string, requesters []store.Actor, kept []string) {
	f.t.Helper()
	for _, r := range requesters {
		if n := f.unread(r.ID); n != 1 {
			f.t.Errorf("requester %s unread %d, want 1", r.ID, n)
		}
		ns := f.notifications(r.ID, domain.NotifPedidoLoteEncerrado)
		want := fmt.Sprintf("O lote %s do grupo %s foi atribuído a outra pessoa. Seu pedido foi encerrado.", code, g.Nome)
		if len(ns) != 1 || ns[0].Texto != want || ns[0].Link != "/grupos/"+g.ID+"/lotes" || ns[0].Read || ns[0].UserID != r.ID {
			f.t.Errorf("requester %s told %+v", r.ID, ns)
		}
		if v := f.view(g.ID, r.ID); strings.Join(v.Membership.LotesSolicitados, ",") != strings.Join(kept, ",") {
			f.t.Errorf("requester %s still asks for %v, want %v", r.ID, v.Membership.LotesSolicitados, kept)
		}
	}
	if left := f.requestsFor(g.ID, code); len(left) != 0 {
		f.t.Errorf("requests for %s left open: %v", code, left)
	}
	if l := f.lote(g.ID, code); l.PedidosPendentes != 0 || l.Status != domain.LoteOcupado {
		f.t.Errorf("lote %+v", l)
	}
}

func TestAssigningALoteClosesTheOtherRequestsInOneTransaction(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	owner := f.user("Dona")
	g := f.groupWithLotes(owner, 6)
	holder := f.member(g, "Hugo")
	requesters := []store.Actor{f.member(g, "Ana"), f.member(g, "Beto"), f.member(g, "Caio")}
	for _, r := range requesters { // each at the 5 open requests a member may have
		for _, c := range []string{"A1", "A2", "A3", "A4", "A5"} {
			f.request(g.ID, c, r)
		}
		if _, err := f.s.RequestLote(ctx, g.ID, "A6", r); code(err) != domain.EConflict || !strings.Contains(err.Error(), "5 pedidos de lote em aberto") {
			t.Fatalf("sixth request: %v", err)
		}
	}
	if l := f.lote(g.ID, "A1"); l.PedidosPendentes != 3 {
		t.Fatalf("A1 before %+v", l)
	}
	f.calls.Reset()
	l, err := f.s.AssignLote(ctx, g.ID, "A1", owner, holder.ID, false)
	if err != nil {
		t.Fatal(err)
	}
	f.madeExactly("assignment", map[string]int{"BatchGetItem": 1, "Query": 1, "TransactWriteItems": 1})
	if l.PedidosPendentes != 0 || l.Status != domain.LoteOcupado || *l.ResponsavelID != holder.ID {
		t.Fatalf("returned %+v", l)
	}
	f.checkClosed(g, "A1", requesters, []string{"A2", "A3", "A4", "A5"})
	if n := f.unread(holder.ID); n != 1 || len(f.notifications(holder.ID, domain.NotifLoteAtribuido)) != 1 {
		t.Fatalf("holder unread %d", n)
	}
	if l := f.lote(g.ID, "A2"); l.PedidosPendentes != 3 {
		t.Fatalf("other lotes' requests must stay: %+v", l)
	}
	// The closed request frees the allowance: each may ask for one more lote.
	for _, r := range requesters {
		if _, err := f.s.RequestLote(ctx, g.ID, "A6", r); err != nil {
			t.Fatalf("request after the close: %v", err)
		}
	}
	if v := f.view(g.ID, ""); v.Group.Lotes != (domain.LoteCounts{Livre: 5, Ocupado: 1, Total: 6}) {
		t.Fatalf("counts %+v", v.Group.Lotes)
	}
	// A lote without other requests is still two calls.
	f.calls.Reset()
	f.assign(g.ID, "A6", owner, holder.ID, false)
	if f.calls.Total() != 3 || f.calls.ByOperation()["Query"] != 1 {
		t.Fatalf("A6 (3 requests) made %v", f.calls.ByOperation())
	}
	if _, err := f.s.CreateLotes(ctx, g.ID, owner, bulk("B", 1, 1, 10)); err != nil {
		t.Fatal(err)
	}
	f.calls.Reset()
	f.assign(g.ID, "B1", owner, holder.ID, false)
	f.madeExactly("B1 (no requests)", map[string]int{"BatchGetItem": 1, "TransactWriteItems": 1})
}

func TestApprovingOneRequestClosesTheOthers(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	owner := f.user("Dona")
	g := f.groupWithLotes(owner, 2)
	coord := f.member(g, "Carla")
	if _, err := f.s.SetPapel(ctx, g.ID, owner, coord.ID, domain.PapelCoordenador); err != nil {
		t.Fatal(err)
	}
	chosen := f.member(g, "Eva")
	others := []store.Actor{f.member(g, "Ana"), f.member(g, "Beto"), f.member(g, "Caio")}
	for _, r := range append([]store.Actor{chosen}, others...) {
		for _, c := range []string{"A1", "A2"} {
			f.request(g.ID, c, r)
		}
	}
	// The coordinator asks too, then approves someone else's request: their
	// own request is closed like the others, without telling them.
	f.request(g.ID, "A1", coord)
	f.calls.Reset()
	l, err := f.s.AssignLote(ctx, g.ID, "A1", coord, chosen.ID, true)
	if err != nil {
		t.Fatal(err)
	}
	f.madeExactly("approval", map[string]int{"BatchGetItem": 1, "Query": 1, "TransactWriteItems": 1})
	if l.PedidosPendentes != 0 || *l.ResponsavelID != chosen.ID {
		t.Fatalf("returned %+v", l)
	}
	f.checkClosed(g, "A1", others, []string{"A2"})
	if v := f.view(g.ID, coord.ID); len(v.Membership.LotesSolicitados) != 0 || f.unread(coord.ID) != 0 {
		t.Fatalf("coordinator %+v, unread %d", v.Membership, f.unread(coord.ID))
	}
	v := f.view(g.ID, chosen.ID)
	if strings.Join(v.Membership.Lotes, ",") != "A1" || strings.Join(v.Membership.LotesSolicitados, ",") != "A2" {
		t.Fatalf("chosen %+v", v.Membership)
	}
	if f.unread(chosen.ID) != 1 || len(f.notifications(chosen.ID, domain.NotifLoteAtribuido)) != 1 || len(f.notifications(chosen.ID, domain.NotifPedidoLoteEncerrado)) != 0 {
		t.Fatalf("chosen unread %d", f.unread(chosen.ID))
	}
	// Approving a closed request: the lote is taken.
	if _, err := f.s.AssignLote(ctx, g.ID, "A1", coord, others[0].ID, true); code(err) != domain.EConflict || !strings.Contains(err.Error(), "já está ocupado") {
		t.Fatalf("approve a closed request: %v", err)
	}
	// Cancelling a closed request is a 404 and leaves the counts alone.
	if err := f.s.DeleteLoteRequest(ctx, g.ID, "A1", others[0], others[0].ID); code(err) != domain.ENotFound {
		t.Fatalf("cancel a closed request: %v", err)
	}
	if l := f.lote(g.ID, "A1"); l.PedidosPendentes != 0 {
		t.Fatalf("A1 after %+v", l)
	}
}

func TestRequestingALoteTellsTheDono(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	owner := f.user("Dona")
	g := f.groupWithLotes(owner, 2)
	bia := f.member(g, "Bia Souza")
	f.calls.Reset()
	f.request(g.ID, "A1", bia)
	f.madeExactly("request", map[string]int{"BatchGetItem": 1, "TransactWriteItems": 1})
	ns := f.notifications(owner.ID, domain.NotifPedidoLote)
	if f.unread(owner.ID) != 1+1 /* and the Fundador conquista */ || len(ns) != 1 || ns[0].Texto != "Bia Souza pediu o lote A1 no grupo "+g.Nome || ns[0].Link != "/grupos/"+g.ID+"/lotes" {
		t.Fatalf("dono unread %d, told %+v", f.unread(owner.ID), ns)
	}
	if f.unread(bia.ID) != 0 {
		t.Fatalf("requester told %d", f.unread(bia.ID))
	}
	// The dono's own request tells nobody.
	f.request(g.ID, "A2", owner)
	if f.unread(owner.ID) != 2 { // still the request and the Fundador conquista
		t.Fatalf("dono told of their own request: %d", f.unread(owner.ID))
	}
	// After a transfer, the new dono is the one told.
	if err := f.s.Transfer(ctx, g.ID, owner, bia.ID); err != nil {
		t.Fatal(err)
	}
	caio := f.member(g, "Caio")
	f.request(g.ID, "A2", caio)
	if f.unread(owner.ID) != 2 || len(f.notifications(bia.ID, domain.NotifPedidoLote)) != 1 {
		t.Fatalf("after transfer: old dono %d, new dono %+v", f.unread(owner.ID), f.notifications(bia.ID, domain.NotifPedidoLote))
	}
}

func TestALoteTakesAtMostTwentyOpenRequestsAndTheFullLoteStillAssigns(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	owner := f.user("Dona")
	g := f.groupWithLotes(owner, 2)
	const capN = domain.MaxRequestsPerLote
	members := several(capN+9, "Pessoa %d", func(name string) store.Actor { return f.member(g, name) })
	for _, m := range members[:capN] {
		f.request(g.ID, "A1", m)
	}
	capMsg := "O lote A1 já tem 20 pedidos em aberto"
	if _, err := f.s.RequestLote(ctx, g.ID, "A1", members[capN]); code(err) != domain.EConflict || !strings.Contains(err.Error(), capMsg) {
		t.Fatalf("21st request: %v", err)
	}
	// Racing for the last places: A2 has 17 requests and 8 more arrive at once.
	for _, m := range members[:capN-3] {
		f.request(g.ID, "A2", m)
	}
	racers := members[capN-3 : capN+5]
	errs := testkit.AtOnce(len(racers), func(i int) error {
		_, err := f.s.RequestLote(ctx, g.ID, "A2", racers[i])
		return err
	})
	filed, full := tally(t, errs, func(err error) bool {
		return code(err) == domain.EConflict && strings.Contains(err.Error(), "O lote A2 já tem 20 pedidos em aberto")
	})
	if filed != 3 || full != 5 || f.lote(g.ID, "A2").PedidosPendentes != capN || len(f.requestsFor(g.ID, "A2")) != capN {
		t.Fatalf("filed %d, refused %d, lote %+v", filed, full, f.lote(g.ID, "A2"))
	}
	// Assigning a full lote to someone who did not ask closes all twenty in
	// one transaction (86 items).
	holder := members[len(members)-1]
	f.calls.Reset()
	f.assign(g.ID, "A1", owner, holder.ID, false)
	if ops := f.calls.ByOperation(); ops["TransactWriteItems"] != 1 || f.calls.Total() != 3 {
		t.Fatalf("assignment made %v", ops)
	}
	for _, m := range members[:capN] {
		ns := f.notifications(m.ID, domain.NotifPedidoLoteEncerrado)
		if len(ns) != 1 || !strings.Contains(ns[0].Texto, "O lote A1") {
			t.Errorf("member %s told %+v", m.ID, ns)
		}
	}
	if left := f.requestsFor(g.ID, "A1"); len(left) != 0 || f.lote(g.ID, "A1").PedidosPendentes != 0 {
		t.Fatalf("left %v, lote %+v", left, f.lote(g.ID, "A1"))
	}
	if len(f.requestsFor(g.ID, "A2")) != capN || f.lote(g.ID, "A2").PedidosPendentes != capN {
		t.Fatalf("A2 touched: %+v", f.lote(g.ID, "A2"))
	}
	// A1 taken, A2 can take one more only after a place frees up.
	if err := f.s.DeleteLoteRequest(ctx, g.ID, "A2", members[0], members[0].ID); err != nil {
		t.Fatal(err)
	}
	if _, err := f.s.RequestLote(ctx, g.ID, "A2", members[capN+6]); err != nil {
		t.Fatalf("request after a cancel: %v", err)
	}
}

// allLotes is every lote of gid in natural order, read page after page as
// the lote grid reads them (LotesPage; one page holds a full group).
func allLotes(ctx context.Context, s *store.Store, gid string) ([]domain.Lote, error) {
	var all []domain.Lote
	var after map[string]string
	for i := 0; ; i++ {
		page, next, err := s.LotesPage(ctx, gid, domain.MaxLotesPerGroup+1, after)
		if err != nil {
			return nil, err
		}
		all = append(all, page...)
		if next == nil || i > domain.MaxLotesPerGroup {
			break
		}
		after = next
	}
	domain.SortLotes(all)
	return all, nil
}
