package store_test

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
)

// clock is a settable time for a store.
type clock struct{ v atomic.Value }

func (c *clock) set(t time.Time) { c.v.Store(t) }
func (c *clock) now() time.Time  { return c.v.Load().(time.Time) }
func brt(s string) time.Time {
	t, err := time.ParseInLocation("2006-01-02 15:04:05", s, domain.Brasilia)
	if err != nil {
		panic(err)
	}
	return t
}

// each runs f for every member, 10 at a time (a month's turn: everyone acts at once).
func each(t *testing.T, ids []string, f func(i int, id string) error) {
	t.Helper()
	sem := make(chan struct{}, 10)
	var wg sync.WaitGroup
	for i, id := range ids {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			if err := f(i, id); err != nil {
				t.Errorf("member %d: %v", i, err)
			}
		}()
	}
	wg.Wait()
}

// TestLeaguesOf100MembersPromoteAndRelegateOnceAtTheMonthsEnd: 100 members
// earning points in March form leagues of at most 30 in the entry série
// (Série D); at the month's turn, with members acting in its last second and
// all of them acting at once in April's first minute, each March league
// closes once and its top zone goes up a série, the rest stay; a second wave
// of April acts changes nothing. April's Série C league, at May's turn, sends
// its top up and its bottom down.
func TestLeaguesOf100MembersPromoteAndRelegateOnceAtTheMonthsEnd(t *testing.T) {
	f := newFixtureOn(t, "liga-"+uuid.NewString()[:8])
	ctx := context.Background()
	var c clock
	c.set(brt("2026-03-10 12:00:00"))
	f.s.Now = c.now
	rules := domain.Defaults()

	const n = 100
	ids := make([]string, n)
	for i := range ids {
		ids[i] = f.user(fmt.Sprintf("Membro %03d", i)).ID
	}
	march := map[string]int{}
	var mu sync.Mutex
	award := func(id string, pts int, ref string, book map[string]int) error {
		// A call past its deadline on a loaded machine may or may not have
		// been applied: the same act again pays once.
		var err error
		for range 5 {
			if err = f.s.AwardForTest(ctx, id, pts, ref); err == nil {
				break
			}
		}
		if err != nil {
			return err
		}
		mu.Lock()
		book[id] += pts
		mu.Unlock()
		return nil
	}
	// March: member i earns 10+i points (no ties).
	each(t, ids, func(i int, id string) error { return award(id, 10+i, "mar", march) })

	leagueOf := func(id string) store.League {
		l, err := f.s.MyLeague(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		return l
	}
	sizes := map[int]int{}
	for _, id := range ids {
		l := leagueOf(id)
		if !l.Participa || l.Serie != domain.SerieEntrada || l.Mes != "2026-03" {
			t.Fatalf("March league of %s: %+v", id, l)
		}
		sizes[l.Num] = len(l.Linhas)
	}
	total := 0
	for num, size := range sizes {
		if size > rules.Limites.TamanhoLiga || size == 0 {
			t.Errorf("league %d has %d members", num, size)
		}
		total += size
	}
	if total != n || len(sizes) != 4 {
		t.Fatalf("March leagues %v: %d members", sizes, total)
	}
	marchLeague := map[string]int{}
	for _, id := range ids {
		marchLeague[id] = leagueOf(id).Num
	}

	// The month's last second: a fifth of the members act.
	c.set(brt("2026-03-31 23:59:59"))
	each(t, ids[:20], func(i int, id string) error { return award(id, 100, "fim", march) })

	// April's first minute: everyone acts at once; the March leagues close as they rejoin.
	c.set(brt("2026-04-01 00:00:30"))
	april := map[string]int{}
	each(t, ids, func(i int, id string) error { return award(id, 1+i%7, "abr", april) })

	// Expected: per March league, ranked by March points, the top zone goes up.
	byLeague := map[int][]string{}
	for _, id := range ids {
		byLeague[marchLeague[id]] = append(byLeague[marchLeague[id]], id)
	}
	wantUp := map[string]bool{}
	for _, members := range byLeague {
		slices.SortFunc(members, func(a, b string) int { return march[b] - march[a] })
		for _, id := range members[:domain.ZonaTamanho(len(members), rules)] {
			wantUp[id] = true
		}
	}
	check := func(wave string) map[int][]string {
		t.Helper()
		aprilSeries := map[int][]string{}
		for _, id := range ids {
			l := leagueOf(id)
			if !l.Participa || l.Mes != "2026-04" {
				t.Fatalf("%s: April league of %s: %+v", wave, id, l)
			}
			want, res := domain.SerieEntrada, domain.LigaFica
			if wantUp[id] {
				want, res = domain.SerieEntrada-1, domain.LigaSobe
			}
			if l.Serie != want || l.Resultado != res || len(l.Linhas) > rules.Limites.TamanhoLiga {
				t.Errorf("%s: %s (March %d points) in %s with %q, want %s with %q",
					wave, id[:8], march[id], domain.NomeSerie(l.Serie), l.Resultado, domain.NomeSerie(want), res)
			}
			aprilSeries[l.Serie] = append(aprilSeries[l.Serie], id)
		}
		return aprilSeries
	}
	aprilSeries := check("after the turn")
	if len(wantUp) != 5+5+5+3 || len(aprilSeries[domain.SerieEntrada-1]) != len(wantUp) {
		t.Fatalf("promoted %d, Série C holds %d", len(wantUp), len(aprilSeries[domain.SerieEntrada-1]))
	}
	// Reading one's league is two calls: the profile and the league.
	f.calls.Reset()
	leagueOf(ids[0])
	if ops := f.calls.ByOperation(); ops["GetItem"] != 1 || ops["Query"] != 1 || f.calls.Total() != 2 {
		t.Fatalf("league read: %v", ops)
	}
	// A second wave of April acts: nobody moves again.
	each(t, ids, func(i int, id string) error { return award(id, 1, "abr2", april) })
	check("after a second wave")

	// May's turn: April's Série C league (18 members) sends its top 5 up and its bottom 5 down.
	serieC := aprilSeries[domain.SerieEntrada-1]
	c.set(brt("2026-05-01 00:01:00"))
	each(t, serieC, func(i int, id string) error { return award(id, 1, "mai", map[string]int{}) })
	slices.SortFunc(serieC, func(a, b string) int {
		if april[a] != april[b] {
			return april[b] - april[a]
		}
		return 0
	})
	counts := map[int]int{}
	for _, id := range serieC {
		counts[leagueOf(id).Serie]++
	}
	if counts[domain.SerieEntrada-2] != 5 || counts[domain.SerieEntrada] != 5 || counts[domain.SerieEntrada-1] != 8 {
		t.Fatalf("May séries of April's Série C: %v", counts)
	}
}
