package store_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	awshttp "github.com/aws/aws-sdk-go-v2/aws/transport/http"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
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

// seedRanked writes users' items with BatchWriteItem (25 a call, 4 writers).
func seedRanked(t *testing.T, f *fixture, users []seeded, now time.Time) {
	t.Helper()
	var items []map[string]types.AttributeValue
	for _, u := range users {
		p := domain.NewProfile(u.id, "Membro "+u.id[:8], u.id+"@example.com", nil, now)
		p.PontosTotais = u.total
		items = append(items, store.RankedItems(p, u.mes, u.at, now, u.hidden)...)
	}
	// A client without the store's per-call deadline: the seed is bulk work
	// on a shared, busy machine.
	db := dynamodb.New(f.s.DB.Options(), func(o *dynamodb.Options) {
		o.HTTPClient = awshttp.NewBuildableClient().WithTimeout(time.Minute)
		o.APIOptions = nil
	})
	var wg sync.WaitGroup
	errs := make(chan error, 4)
	chunks := make(chan []map[string]types.AttributeValue)
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for c := range chunks {
				req := make([]types.WriteRequest, 0, len(c))
				for _, it := range c {
					req = append(req, types.WriteRequest{PutRequest: &types.PutRequest{Item: it}})
				}
				for tries := 0; len(req) > 0; tries++ {
					out, err := db.BatchWriteItem(context.Background(), &dynamodb.BatchWriteItemInput{
						RequestItems: map[string][]types.WriteRequest{f.s.Table: req},
					})
					if err != nil { // a busy DynamoDB Local past the store's deadline: the puts are idempotent, again
						if tries == 20 {
							select {
							case errs <- err:
							default:
							}
							break
						}
						time.Sleep(time.Duration(tries+1) * 200 * time.Millisecond)
						continue
					}
					req = out.UnprocessedItems[f.s.Table]
				}
			}
		}()
	}
	for i := 0; i < len(items); i += 25 {
		chunks <- items[i:min(i+25, len(items))]
	}
	close(chunks)
	wg.Wait()
	select {
	case err := <-errs:
		t.Fatal(err)
	default:
	}
}

// TestRankingOrderAndOwnPositionWith10000Users: 10,000 members with many
// ties (equal points, and equal points reached at the same instant): the top
// 50 of all time and of this month are exactly the expected order; every
// member's own position is exact within the first 1,000 (and stated as an
// estimate, close to the truth, past it); opted-out members are in no list
// but get their own standing; every view costs at most 12 DynamoDB calls.
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
		posOf := func(u seeded) int {
			i, _ := slices.BinarySearchFunc(public, u, func(e, target seeded) int {
				if e.id == target.id {
					return 0
				}
				if before(e, target, mes) {
					return -1
				}
				return 1
			})
			return i + 1
		}
		// The top 50 as expected.
		f.calls.Reset()
		r, err := f.s.MembersRanking(context.Background(), periodo, public[3].id)
		if err != nil {
			t.Fatal(err)
		}
		if calls := f.calls.Total(); calls > 12 {
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
		// Own positions: exact in the first 1,000; an estimate past it.
		for _, p := range []int{1, 50, 51, 333, 999, 1000, 1200, 2500, 4000, 6000, len(public)} {
			if p > len(public) {
				continue
			}
			u := public[p-1]
			f.calls.Reset()
			r, err := f.s.MembersRanking(context.Background(), periodo, u.id)
			if err != nil {
				t.Fatal(err)
			}
			if calls := f.calls.Total(); calls > 12 {
				t.Errorf("%s at %d: %d calls %v", periodo, p, calls, f.calls.ByOperation())
			}
			// The standing alone (the dashboard's limit=0): the same answer, no top read.
			f.calls.Reset()
			alone, err := f.s.MembersRankingTop(context.Background(), periodo, u.id, 0)
			if err != nil {
				t.Fatal(err)
			}
			if calls := f.calls.Total(); calls > 7 || len(alone.Itens) != 0 || alone.Eu != r.Eu {
				t.Errorf("%s at %d, standing alone: %+v (top: %+v) in %d calls %v", periodo, p, alone, r.Eu, calls, f.calls.ByOperation())
			}
			got := r.Eu
			switch {
			case p <= domain.RankingExact:
				if got.Posicao != p || got.Aproximada || got.AlemDe {
					t.Errorf("%s: member at %d sees %+v", periodo, p, got)
				}
			case got.Aproximada || got.AlemDe:
				if d := float64(got.Posicao-p) / float64(p); d < -0.25 || d > 0.25 {
					t.Errorf("%s: member at %d estimated at %+v", periodo, p, got)
				}
			default:
				if got.Posicao != p {
					t.Errorf("%s: member at %d sees %+v", periodo, p, got)
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
			want := 1
			for _, o := range public {
				if before(o, u, mes) {
					want++
				}
			}
			if !r.Eu.Oculto || r.Eu.Valor != v {
				t.Errorf("%s: hidden member's standing %+v", periodo, r.Eu)
			}
			if want <= domain.RankingExact && r.Eu.Posicao != want {
				t.Errorf("%s: hidden member at %d sees %+v", periodo, want, r.Eu)
			}
			break
		}
		_ = posOf
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
		gr, err := f.s.GroupMembersRanking(ctx, g.ID, p, other.ID)
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
// (GET /api/me), once.
func TestAnOlderProfileEntersTheRankingOnItsNextVisit(t *testing.T) {
	f := newFixtureOn(t, "rankheal-"+uuid.NewString()[:8])
	ctx := context.Background()
	id := uuid.NewString()
	p := domain.NewProfile(id, "Dona Antiga", id+"@example.com", nil, time.Now())
	p.PontosTotais = 77
	if _, _, err := f.s.CreateProfile(ctx, p); err != nil {
		t.Fatal(err)
	}
	r, _ := f.s.MembersRanking(ctx, domain.PeriodoGeral, id)
	if len(r.Itens) != 0 || r.Eu.Posicao != 1 || r.Eu.Valor != 77 {
		t.Fatalf("before: %+v", r)
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
	r, _ = f.s.MembersRanking(ctx, domain.PeriodoGeral, id)
	if len(r.Itens) != 1 || r.Itens[0].ID != id || r.Itens[0].Pontos != 77 {
		t.Errorf("after: %+v", r)
	}
}
