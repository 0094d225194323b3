package store_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
)

// statsNow is the site statistics as a test reads them: the totals and
// today's (Brasília) figures.
type statsNow struct {
	tot map[string]int
	day store.AnalyticsPoint
	sp  store.AnalyticsPoint // today's, region SP
}

func (f *fixture) stats() statsNow {
	f.t.Helper()
	ctx := context.Background()
	tot, err := f.s.StatsTotals(ctx)
	if err != nil {
		f.t.Fatal(err)
	}
	today := store.StatsDay(f.s.Now())
	all, err := f.s.StatsAnalytics(ctx, today, today, "dia", "")
	if err != nil {
		f.t.Fatal(err)
	}
	sp, err := f.s.StatsAnalytics(ctx, today, today, "dia", "SP")
	if err != nil {
		f.t.Fatal(err)
	}
	return statsNow{tot: tot.Values, day: all.Pontos[0], sp: sp.Pontos[0]}
}

// diff is after − before of every total and of today's figures.
func (a statsNow) diff(b statsNow) (map[string]int, map[string]int) {
	tot := map[string]int{}
	for k, v := range b.tot {
		if v-a.tot[k] != 0 {
			tot[k] = v - a.tot[k]
		}
	}
	for k, v := range a.tot {
		if _, ok := b.tot[k]; !ok && v != 0 {
			tot[k] = -v
		}
	}
	day := map[string]int{}
	for k, d := range map[string]int{
		"novos": b.day.Novos - a.day.Novos, "ativos": b.day.Ativos - a.day.Ativos, "cultivos": b.day.Cultivos - a.day.Cultivos,
		"colheitas": b.day.Colheitas - a.day.Colheitas, "gramas": int((b.day.ColheitaKg - a.day.ColheitaKg) * 1000),
		"posts": b.day.Posts - a.day.Posts, "comentarios": b.day.Comentarios - a.day.Comentarios,
		"ativosSP": b.sp.Ativos - a.sp.Ativos, "postsSP": b.sp.Posts - a.sp.Posts, "novosSP": b.sp.Novos - a.sp.Novos,
	} {
		if d != 0 {
			day[k] = d
		}
	}
	return tot, day
}

func eqMap(t *testing.T, what string, got, want map[string]int) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: got %v, want %v", what, got, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Fatalf("%s: got %v, want %v", what, got, want)
		}
	}
}

// step runs act and checks what it moved.
func (f *fixture) step(name string, act func(), wantTot, wantDay map[string]int) {
	f.t.Helper()
	before := f.stats()
	act()
	tot, day := before.diff(f.stats())
	eqMap(f.t, name+": totals", tot, wantTot)
	eqMap(f.t, name+": today", day, wantDay)
}

func must[T any](t *testing.T) func(T, error) T {
	return func(v T, err error) T {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
}

func TestStatsEachActMovesItsCountersOnce(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	var u, other store.Actor
	f.step("new member", func() {
		id := uuid.NewString()
		p := domain.NewProfile(id, "Ana Stats", id+"@example.com", nil, time.Now())
		p.UF = "SP"
		if _, _, err := f.s.CreateProfile(ctx, p); err != nil {
			t.Fatal(err)
		}
		u = store.Actor{ID: id}
	}, map[string]int{"membros": 1}, map[string]int{"novos": 1, "novosSP": 1, "ativos": 1, "ativosSP": 1})
	f.step("the same profile again", func() {
		p := f.profile(u.ID)
		if _, created, err := f.s.CreateProfile(ctx, p); err != nil || created {
			t.Fatalf("created=%v err=%v", created, err)
		}
	}, map[string]int{}, map[string]int{})
	f.step("GET /api/me the same day", func() {
		if _, _, err := f.s.MyProfile(ctx, u.ID); err != nil {
			t.Fatal(err)
		}
	}, map[string]int{}, map[string]int{})
	other = f.user("Bia Stats")
	var g domain.Group
	// Fundador unlocks with the first group: its member count is a total too (conquistas_count.go).
	f.step("group", func() { g = f.group(u, nil) }, map[string]int{"grupos": 1, "conquistas#fundador": 1}, map[string]int{})
	f.step("lotes", func() {
		must[[]domain.Lote](t)(f.s.CreateLotes(ctx, g.ID, u, func() domain.LoteBulkInput {
			one, three, area := 1, 3, 20.0
			in := domain.LoteBulkInput{Prefixo: "A", Inicio: &one, Fim: &three, Area: &area}
			if err := in.Valid(); err != nil {
				t.Fatal(err)
			}
			return in
		}()))
	}, map[string]int{"lotes": 3}, map[string]int{})
	f.step("delete a lote", func() {
		if err := f.s.DeleteLote(ctx, g.ID, "A3", u); err != nil {
			t.Fatal(err)
		}
	}, map[string]int{"lotes": -1}, map[string]int{})
	var cid string
	f.step("cultivo", func() { cid = f.cultivo(u, "alface-verao") },
		map[string]int{"cultivos": 1, "cultivosAtivos": 1, "conquistas#primeira-semente": 1}, map[string]int{"cultivos": 1})
	f.step("harvest", func() { must[store.ColheitaResult](t)(f.colheita(u, cid, 1500)) },
		map[string]int{"colheitas": 1, "gramas": 1500, "conquistas#primeira-colheita": 1}, map[string]int{"colheitas": 1, "gramas": 1500})
	f.step("cultivo lost", func() {
		must[domain.Cultivo](t)(f.s.ChangeFase(ctx, cid, u, domain.FaseInput{Fase: domain.FasePerdido, Motivo: "Geada forte"}))
	}, map[string]int{"cultivosAtivos": -1}, map[string]int{})
	f.step("cultivo archived (already closed)", func() {
		must[domain.Cultivo](t)(f.s.ArchiveCultivo(ctx, cid, u, true))
	}, map[string]int{}, map[string]int{})
	var post domain.Post
	f.step("post", func() {
		post = must[domain.Post](t)(func() (domain.Post, error) {
			p, _, err := f.s.CreatePost(ctx, domain.PostInput{Texto: "Colhi alface hoje " + uuid.NewString()}, u)
			return p, err
		}())
	}, map[string]int{"posts": 1}, map[string]int{"posts": 1, "postsSP": 1})
	var com domain.Comentario
	f.step("comment (the other member's first act today after sign-up)", func() {
		c, _, err := f.s.AddComment(ctx, post.ID, domain.ComentarioInput{Texto: "Que beleza!"}, other)
		if err != nil {
			t.Fatal(err)
		}
		com = c
	}, map[string]int{"comentarios": 1}, map[string]int{"comentarios": 1})
	f.step("comment deleted", func() {
		if err := f.s.DeleteComment(ctx, post.ID, com.ID, other); err != nil {
			t.Fatal(err)
		}
	}, map[string]int{"comentarios": -1}, map[string]int{})
	must[domain.Comentario](t)(func() (domain.Comentario, error) {
		c, _, err := f.s.AddComment(ctx, post.ID, domain.ComentarioInput{Texto: "Outra vez"}, other)
		return c, err
	}())
	f.step("post deleted with its comment", func() {
		if err := f.s.DeletePost(ctx, post.ID, u); err != nil {
			t.Fatal(err)
		}
	}, map[string]int{"posts": -1, "comentarios": -1}, map[string]int{})
	f.step("group deleted with its lotes", func() {
		if err := f.s.DeleteGroup(ctx, g.ID, u); err != nil {
			t.Fatal(err)
		}
	}, map[string]int{"grupos": -1, "lotes": -2}, map[string]int{})
	f.step("account erased", func() {
		if err := f.s.FinishAccountDeletion(ctx, other.ID); err != nil {
			t.Fatal(err)
		}
		if err := f.s.FinishAccountDeletion(ctx, other.ID); err != nil { // resumed: counted once
			t.Fatal(err)
		}
	}, map[string]int{"membros": -1}, map[string]int{})
}

func TestStatsDenunciasOpenAndResolved(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	author, r1, r2 := f.user("Autor Stats"), f.user("Denunciante Um"), f.user("Denunciante Dois")
	p, _, err := f.s.CreatePost(ctx, domain.PostInput{Texto: "Post denunciado " + uuid.NewString()}, author)
	if err != nil {
		t.Fatal(err)
	}
	f.step("first report opens one", func() {
		if _, err := f.s.Denunciar(ctx, p.ID, "", domain.DenunciaInput{Motivo: "spam"}, r1); err != nil {
			t.Fatal(err)
		}
	}, map[string]int{"denuncias": 1}, map[string]int{})
	f.step("a second report of the same post is the same open one", func() {
		if _, err := f.s.Denunciar(ctx, p.ID, "", domain.DenunciaInput{Motivo: "spam"}, r2); err != nil {
			t.Fatal(err)
		}
	}, map[string]int{}, map[string]int{})
	f.step("moderation resolves it", func() {
		if err := f.s.Moderate(ctx, p.ID, "", domain.ModeracaoInput{Acao: domain.AcaoManter}, store.Actor{ID: uuid.NewString(), Admin: true}); err != nil {
			t.Fatal(err)
		}
	}, map[string]int{"denuncias": -1}, map[string]int{})
}

// Ten concurrent acts of one member on their first act of the day count them
// active once.
func TestStatsActiveOnceADayUnderConcurrentActs(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	u := f.user("Concorrente")
	// Yesterday's activity: today's first act comes later.
	yesterday := time.Now().Add(-24 * time.Hour)
	f.s.Now = func() time.Time { return yesterday }
	if _, _, err := f.s.MyProfile(ctx, u.ID); err != nil {
		t.Fatal(err)
	}
	f.s.Now = time.Now
	f.step("ten concurrent posts", func() {
		var wg sync.WaitGroup
		errs := make(chan error, 10)
		for i := 0; i < 10; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, _, err := f.s.CreatePost(ctx, domain.PostInput{Texto: "Post concorrente " + uuid.NewString()}, u)
				errs <- err
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
	}, map[string]int{"posts": 10, "conquistas#voz-da-comunidade": 1}, map[string]int{"posts": 10, "ativos": 1})
}

// The 30-day window is a distinct count: a member active on days 1, 10 and 45
// counts once in the window ending on day 30, is out of it from day 40
// (thirty days after day 10) to day 44, and back in on day 45.
func TestStatsThirtyDayWindow(t *testing.T) {
	f := newFixtureOn(t, "verde-stats-"+uuid.NewString()[:8])
	ctx := context.Background()
	day1 := time.Date(2026, 3, 1, 15, 0, 0, 0, time.UTC)
	on := func(day int) { f.s.Now = func() time.Time { return day1.AddDate(0, 0, day-1) } }
	window := func(day int) (today, prev30 int) {
		on(day)
		k, err := f.s.StatsKPIs(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return int(k.Ativos30.Valor), int(k.Ativos30.Anterior)
	}
	on(1)
	a, b := uuid.NewString(), uuid.NewString()
	for _, id := range []string{a, b} {
		if _, _, err := f.s.CreateProfile(ctx, domain.NewProfile(id, "Janela", id+"@example.com", nil, f.s.Now())); err != nil {
			t.Fatal(err)
		}
	}
	act := func(uid string) {
		for i := 0; i < 3; i++ { // several times a day: once
			if _, _, err := f.s.MyProfile(ctx, uid); err != nil {
				t.Fatal(err)
			}
		}
	}
	// Day by day: a is active on days 1, 10 and 45, b on days 1 and 2; each
	// day's count is read after that day's acts, as the dashboard would.
	acts := map[int][]string{2: {b}, 10: {a}, 45: {a}}
	want := map[int]int{1: 2, 2: 2, 10: 2, 30: 2, 31: 2, 32: 1, 39: 1, 40: 0, 44: 0, 45: 1, 74: 1, 75: 0}
	// The previous period's figure is the window ending 30 days before.
	wantPrev := map[int]int{60: 2, 62: 1, 70: 0, 75: 1}
	for day := 1; day <= 75; day++ {
		on(day)
		for _, uid := range acts[day] {
			act(uid)
		}
		w, ok := want[day]
		p, okPrev := wantPrev[day]
		if !ok && !okPrev {
			continue
		}
		got, prev := window(day)
		if ok && got != w {
			t.Errorf("window ending day %d: %d active, want %d", day, got, w)
		}
		if okPrev && prev != p {
			t.Errorf("window ending day %d seen from day %d: %d, want %d", day-30, day, prev, p)
		}
	}
	// Daily actives: the days' own counts, never the window.
	on(45)
	an, err := f.s.StatsAnalytics(ctx, store.StatsDay(day1), store.StatsDay(day1.AddDate(0, 0, 44)), "dia", "")
	if err != nil {
		t.Fatal(err)
	}
	ativos := map[int]int{}
	for i, p := range an.Pontos {
		if p.Ativos != 0 {
			ativos[i+1] = p.Ativos
		}
	}
	eqMap(t, "daily actives", map[string]int{"1": ativos[1], "2": ativos[2], "10": ativos[10], "45": ativos[45]}, map[string]int{"1": 2, "2": 1, "10": 1, "45": 1})
	if len(ativos) != 4 {
		t.Errorf("daily actives on other days: %v", ativos)
	}
	if an.Desde != store.StatsDay(day1) {
		t.Errorf("desde = %q, want %q", an.Desde, store.StatsDay(day1))
	}
}
