package store_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"

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
	if ops := f.calls.ByOperation(); ops["BatchGetItem"] != 1 || ops["TransactWriteItems"] != 1 || f.calls.Total() != 2 {
		t.Fatalf("bulk create made %v", ops)
	}
	_, err = f.s.CreateLotes(ctx, g.ID, owner, bulk("A", 10, 14, 10))
	if code(err) != domain.EConflict || !strings.Contains(err.Error(), "O lote A1") {
		t.Fatalf("duplicate: %v", err)
	}
	f.calls.Reset()
	all, err := f.s.Lotes(ctx, g.ID)
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
	all, err := f.s.Lotes(ctx, g.ID)
	if err != nil || len(all) != 500 || f.calls.Total() != 1 {
		t.Fatalf("list of 500: %d %v %v", len(all), err, f.calls.ByOperation())
	}
}

func TestTwentySimultaneousAssignmentsGiveALoteToExactlyOneMember(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	owner := f.user("Dona")
	g := f.group(owner, nil)
	if _, err := f.s.CreateLotes(ctx, g.ID, owner, bulk("A", 1, 2, 10)); err != nil {
		t.Fatal(err)
	}
	const n = 20
	members := make([]store.Actor, n)
	for i := range members {
		members[i] = f.member(g, fmt.Sprintf("Membro %d", i))
	}
	// Half assign directly, half through a request that is approved.
	for i := n / 2; i < n; i++ {
		if _, err := f.s.RequestLote(ctx, g.ID, "A1", members[i]); err != nil {
			t.Fatal(err)
		}
	}
	var wg sync.WaitGroup
	errs := make([]error, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = f.s.AssignLote(ctx, g.ID, "A1", owner, members[i].ID, i >= n/2)
		}()
	}
	wg.Wait()
	ok := 0
	for _, err := range errs {
		switch code(err) {
		case "":
			ok++
		case domain.EConflict:
		default:
			t.Errorf("unexpected %v", err)
		}
	}
	all, _ := f.s.Lotes(ctx, g.ID)
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
}

func TestLeavingFreesLotesAndDropsRequests(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	owner := f.user("Dona")
	g := f.group(owner, nil)
	if _, err := f.s.CreateLotes(ctx, g.ID, owner, bulk("A", 1, 3, 10)); err != nil {
		t.Fatal(err)
	}
	m := f.member(g, "Bia")
	if _, err := f.s.AssignLote(ctx, g.ID, "A1", owner, m.ID, false); err != nil {
		t.Fatal(err)
	}
	if _, err := f.s.RequestLote(ctx, g.ID, "A2", m); err != nil {
		t.Fatal(err)
	}
	if _, err := f.s.RequestLote(ctx, g.ID, "A2", m); code(err) != domain.EConflict {
		t.Fatalf("second request: %v", err)
	}
	f.calls.Reset()
	if err := f.s.RemoveMember(ctx, g.ID, m, m.ID); err != nil {
		t.Fatal(err)
	}
	if ops := f.calls.ByOperation(); ops["BatchGetItem"] != 1 || ops["TransactWriteItems"] != 1 || f.calls.Total() != 2 {
		t.Fatalf("leave made %v", ops)
	}
	all, _ := f.s.Lotes(ctx, g.ID)
	if all[0].Status != domain.LoteLivre || all[0].ResponsavelID != nil || all[1].PedidosPendentes != 0 {
		t.Fatalf("lotes after leave %+v %+v", all[0], all[1])
	}
	reqs, _, _ := f.s.LoteRequests(ctx, g.ID, 10, nil)
	if v := f.view(g.ID, ""); v.Group.Lotes != (domain.LoteCounts{Livre: 3, Total: 3}) || v.Group.MemberCount != 1 || len(reqs) != 0 {
		t.Fatalf("group after leave %+v, requests %v", v.Group, reqs)
	}
}
