package store_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/uuid"

	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
)

type seeded struct {
	id     string
	total  int
	mes    int
	at     time.Time
	hidden bool
}

// before is the rankings' order: more points first, then whoever reached
// them first, then the id (descending), as documented in store/ranking.go.
func before(a, b seeded, mes bool) bool {
	va, vb := a.total, b.total
	if mes {
		va, vb = a.mes, b.mes
	}
	if va != vb {
		return va > vb
	}
	if !a.at.Equal(b.at) {
		return a.at.Before(b.at)
	}
	return a.id > b.id
}

// seedRanked writes users' items with bulkPut.
func seedRanked(t *testing.T, f *fixture, users []seeded, now time.Time) {
	t.Helper()
	var items []map[string]types.AttributeValue
	for _, u := range users {
		p := domain.NewProfile(u.id, "Membro "+u.id[:8], u.id+"@example.com", nil, now)
		p.PontosTotais = u.total
		items = append(items, store.RankedItems(p, u.mes, u.at, now, u.hidden)...)
	}
	bulkPut(t, f, items)
}

// TestRankingOrderAndOwnPositionWith10000Users: 10,000 members with many
// ties (equal points, and equal points reached at the same instant), read
// from the rankings' snapshots (store/ranking_snapshot.go): the top 50 of all
// time and of this month are exactly the expected order; every member's own
// position follows the order exactly among the snapshot's best, and past
// them is 1 + the members with more points (ties share it), exact while the
// ranking has at most 1,000 distinct totals and stated as an estimate, close
// to it, when it has more; opted-out members are in no list but get their
// own standing; a view costs at most 2 DynamoDB calls, the standing alone 1.
func TestRankingOrderAndOwnPositionWith10000Users(t *testing.T) {
	f := newFixtureOn(t, "rank-"+uuid.NewString()[:8])
	now := time.Date(2026, 11, 20, 15, 0, 0, 0, time.UTC)
	f.s.Now = func() time.Time { return now }
	n := 10000
	if testing.Short() {
		n = 300
	}
	users := make([]seeded, n)
	base := now.Add(-30 * 24 * time.Hour)
	for i := range users {
		users[i] = seeded{
			id:     fmt.Sprintf("u%05d-%s", i, uuid.NewString()[:8]),
			total:  (i % 2500) * 4,                           // 4 members on each total
			mes:    (i * 7) % 600,                            // ~17 on each monthly total
			at:     base.Add(time.Duration(i%3) * time.Hour), // and ties on the instant too
			hidden: i%97 == 5,                                // some opted out
		}
	}
	start := time.Now()
	seedRanked(t, f, users, now)
	t.Logf("seeded %d members in %s", n, time.Since(start).Round(time.Millisecond))
	if _, err := f.s.RebuildRankings(context.Background(), true); err != nil {
		t.Fatal(err)
	}

	for _, mes := range []bool{false, true} {
		periodo := domain.PeriodoGeral
		if mes {
			periodo = domain.PeriodoMes
		}
		var public []seeded
		for _, u := range users {
			v := u.total
			if mes {
				v = u.mes
			}
			if !u.hidden && v > 0 {
				public = append(public, u)
			}
		}
		slices.SortFunc(public, func(a, b seeded) int {
			if before(a, b, mes) {
				return -1
			}
			return 1
		})
		valueOf := func(u seeded) int {
			if mes {
				return u.mes
			}
			return u.total
		}
		// want is u's position: its place in the order among the snapshot's
		// best 60, else 1 + the members with more points.
		want := func(u seeded) int {
			ahead, more := 0, 0
			for _, o := range public {
				if o.id == u.id {
					continue
				}
				if before(o, u, mes) {
					ahead++
				}
				if valueOf(o) > valueOf(u) {
					more++
				}
			}
			if ahead < domain.RankingTop+10 {
				return ahead + 1
			}
			return max(more+1, domain.RankingTop+11)
		}
		// The top 50 as expected.
		f.calls.Reset()
		r, err := f.s.MembersRanking(context.Background(), periodo, public[3].id)
		if err != nil {
			t.Fatal(err)
		}
		if calls := f.calls.Total(); calls > 2 {
			t.Errorf("%s: %d calls %v", periodo, calls, f.calls.ByOperation())
		}
		if len(r.Itens) != domain.RankingTop {
			t.Fatalf("%s: %d items", periodo, len(r.Itens))
		}
		for i, it := range r.Itens {
			if it.ID != public[i].id || it.Posicao != i+1 {
				t.Fatalf("%s: position %d is %s (%d pts), want %s", periodo, i+1, it.ID, it.Pontos, public[i].id)
			}
		}
		if r.Eu.Posicao != 4 || r.Eu.Aproximada {
			t.Errorf("%s: own standing %+v, want 4", periodo, r.Eu)
		}
		// Own positions.
		for _, p := range []int{1, 50, 51, 60, 61, 333, 999, 1000, 1200, 2500, 4000, 6000, len(public)} {
			if p > len(public) {
				continue
			}
			u := public[p-1]
			f.calls.Reset()
			r, err := f.s.MembersRanking(context.Background(), periodo, u.id)
			if err != nil {
				t.Fatal(err)
			}
			if calls := f.calls.Total(); calls > 2 {
				t.Errorf("%s at %d: %d calls %v", periodo, p, calls, f.calls.ByOperation())
			}
			// The standing alone (the dashboard's limit=0): the same answer, no top read.
			f.calls.Reset()
			alone, err := f.s.MembersRankingTop(context.Background(), periodo, u.id, 0)
			if err != nil {
				t.Fatal(err)
			}
			if calls := f.calls.Total(); calls > 1 || len(alone.Itens) != 0 || alone.Eu != r.Eu {
				t.Errorf("%s at %d, standing alone: %+v (top: %+v) in %d calls %v", periodo, p, alone, r.Eu, calls, f.calls.ByOperation())
			}
			got, w := r.Eu, want(u)
			switch {
			case got.Aproximada:
				// An estimate within its bucket: some 10,000/1,000 members.
				if d := got.Posicao - w; p <= domain.RankingTop+10 || d < -20 || d > 20 {
					t.Errorf("%s: member at %d (want %d) estimated at %+v", periodo, p, w, got)
				}
			default:
				if got.Posicao != w {
					t.Errorf("%s: member at %d (want %d) sees %+v", periodo, p, w, got)
				}
			}
		}
		// Opted out: in no list, still told their own standing.
		for _, u := range users {
			v := u.total
			if mes {
				v = u.mes
			}
			if !u.hidden || v == 0 {
				continue
			}
			r, err := f.s.MembersRanking(context.Background(), periodo, u.id)
			if err != nil {
				t.Fatal(err)
			}
			if !r.Eu.Oculto || r.Eu.Valor != v {
				t.Errorf("%s: hidden member's standing %+v", periodo, r.Eu)
			}
			if w := want(u); !r.Eu.Aproximada && r.Eu.Posicao != w {
				t.Errorf("%s: hidden member at %d sees %+v", periodo, w, r.Eu)
			}
			break
		}
	}
}

// TestRankingKeysFollowTheActs: points from real acts put a member in the
// rankings of all time and of the month (with the month's own total), a
// harvest puts its group in the harvest rankings, opting out takes the
// member out of both lists (their standing stays) and opting back in
// returns them; the next month starts from zero.
func TestRankingKeysFollowTheActs(t *testing.T) {
	f := newFixtureOn(t, "rankacts-"+uuid.NewString()[:8])
	now := time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)
	f.s.Now = func() time.Time { return now }
	ctx := context.Background()
	owner := f.user("Dona Rosa")
	g := f.group(owner, nil)       // criar grupo: 20 points
	other := f.member(g, "Seu Zé") // entrar: 10 points
	if _, err := f.s.RebuildRankings(ctx, true); err != nil {
		t.Fatal(err)
	}
	r, err := f.s.MembersRanking(ctx, domain.PeriodoGeral, owner.ID)
	if err != nil {
		t.Fatal(err)
	}
	ids := func(r store.MemberRanking) string {
		var s []string
		for _, it := range r.Itens {
			s = append(s, fmt.Sprintf("%s:%d", it.Nome, it.Pontos))
		}
		return strings.Join(s, ",")
	}
	ownerPts := f.profile(owner.ID).PontosTotais
	otherPts := f.profile(other.ID).PontosTotais
	if want := fmt.Sprintf("Dona Rosa:%d,Seu Zé:%d", ownerPts, otherPts); ids(r) != want || r.Eu.Posicao != 1 {
		t.Fatalf("all time: %s %+v, want %s", ids(r), r.Eu, want)
	}
	m, err := f.s.MembersRanking(ctx, domain.PeriodoMes, other.ID)
	if err != nil {
		t.Fatal(err)
	}
	if m.Eu.Posicao != 2 || m.Eu.Valor != otherPts || m.Mes != "2026-11" {
		t.Fatalf("month: %s %+v", ids(m), m.Eu)
	}
	// Opting out.
	if err := f.s.SetRankingHidden(ctx, owner.ID, true); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{domain.PeriodoGeral, domain.PeriodoMes} {
		r, err := f.s.MembersRanking(ctx, p, owner.ID)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(ids(r), "Dona Rosa") || !r.Eu.Oculto || r.Eu.Posicao != 1 || r.Eu.Valor != ownerPts {
			t.Errorf("%s hidden: %s %+v", p, ids(r), r.Eu)
		}
		gr, _, err := f.s.GroupMembersRanking(ctx, g.ID, p, other)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(ids(gr), "Dona Rosa") || gr.Eu.Posicao != 1 {
			t.Errorf("%s group, hidden owner: %s %+v", p, ids(gr), gr.Eu)
		}
	}
	if !f.profile(owner.ID).OcultarDoRanking {
		t.Error("profile does not say ocultarDoRanking")
	}
	if err := f.s.SetRankingHidden(ctx, owner.ID, false); err != nil {
		t.Fatal(err)
	}
	r, _ = f.s.MembersRanking(ctx, domain.PeriodoMes, owner.ID)
	if !strings.HasPrefix(ids(r), "Dona Rosa") || r.Eu.Oculto {
		t.Errorf("back in: %s %+v", ids(r), r.Eu)
	}
	// A new month (Brasília): 03:00 UTC on the 1st.
	now = time.Date(2026, 12, 1, 3, 0, 0, 0, time.UTC)
	r, _ = f.s.MembersRanking(ctx, domain.PeriodoMes, owner.ID)
	if len(r.Itens) != 0 || r.Eu.Posicao != 0 || r.Mes != "2026-12" {
		t.Errorf("December: %s %+v", ids(r), r.Eu)
	}
	r, _ = f.s.MembersRanking(ctx, domain.PeriodoGeral, owner.ID)
	if r.Eu.Posicao != 1 {
		t.Errorf("all time in December: %+v", r.Eu)
	}
}

// TestAnOlderProfileEntersTheRankingOnItsNextVisit: a profile stored with
// points before the rankings existed gets its keys when it is next read
// (GET /api/me), once; the next snapshot lists it to others (its owner
// always sees their own line).
func TestAnOlderProfileEntersTheRankingOnItsNextVisit(t *testing.T) {
	f := newFixtureOn(t, "rankheal-"+uuid.NewString()[:8])
	ctx := context.Background()
	id := uuid.NewString()
	p := domain.NewProfile(id, "Dona Antiga", id+"@example.com", nil, time.Now())
	p.PontosTotais = 77
	if _, _, err := f.s.CreateProfile(ctx, p); err != nil {
		t.Fatal(err)
	}
	other := f.user("Vizinha")
	if _, err := f.s.RebuildRankings(ctx, true); err != nil {
		t.Fatal(err)
	}
	r, _ := f.s.MembersRanking(ctx, domain.PeriodoGeral, id)
	if len(r.Itens) != 1 || r.Eu.Posicao != 1 || r.Eu.Valor != 77 {
		t.Fatalf("before, her own: %+v", r)
	}
	if r, _ := f.s.MembersRanking(ctx, domain.PeriodoGeral, other.ID); len(r.Itens) != 0 {
		t.Fatalf("before, to others: %+v", r)
	}
	if _, _, err := f.s.Profile(ctx, id); err != nil {
		t.Fatal(err)
	}
	f.calls.Reset()
	if _, _, err := f.s.Profile(ctx, id); err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(f.calls.ByOperation()); got != "map[GetItem:1]" {
		t.Errorf("second read: %s", got)
	}
	if _, err := f.s.RebuildRankings(ctx, true); err != nil {
		t.Fatal(err)
	}
	r, _ = f.s.MembersRanking(ctx, domain.PeriodoGeral, other.ID)
	if len(r.Itens) != 1 || r.Itens[0].ID != id || r.Itens[0].Pontos != 77 {
		t.Errorf("after, to others: %+v", r)
	}
}
