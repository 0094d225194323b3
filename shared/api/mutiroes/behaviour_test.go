package mutiroes_test

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/api/mutiroes"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/reminders"
	"github.com/verde-app/verde/shared/store"
)

// members makes n more members of gid.
func members(t *testing.T, gid string, n int) []testkit.User {
	t.Helper()
	out := make([]testkit.User, n)
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			out[i] = env.NewUser(t, fmt.Sprintf("Voluntária %02d", i+1))
			if _, err := env.Deps.Store.Join(context.Background(), gid, testkit.Actor(out[i])); err != nil {
				errs <- err
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	return out
}

func detail(t *testing.T, gid, mid string, u testkit.User) mutiroes.MutiraoDetail {
	t.Helper()
	d := testkit.Get[mutiroes.MutiraoDetail](t, h, "/api/groups/"+gid+"/mutiroes/"+mid, u)
	return d
}

func notificationsOf(t *testing.T, uid, tipo string) int {
	t.Helper()
	ns, _, err := env.Deps.Store.Notifications(context.Background(), uid, 100, nil)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, x := range ns {
		if x.Tipo == tipo {
			n++
		}
	}
	return n
}

// TestTwentySignUpsForSixVagasGiveSixVagasAndFourteenInOrder: 20 members
// sign up at once for a tarefa of 6 vagas: exactly 6 get one and 14 wait,
// numbered 1 to 14 in the order they signed up; one cancellation moves the
// first one waiting up exactly once, and two more at once move the next two.
func TestTwentySignUpsForSixVagasGiveSixVagasAndFourteenInOrder(t *testing.T) {
	setup(t)
	f := env.NewFixture(t, *cast, testkit.FixtureOpts{})
	m := newMutirao(t, f.Group.ID, 6)
	people := members(t, f.Group.ID, 20)
	path := "/api/groups/" + f.Group.ID + "/mutiroes/" + m.ID + "/inscricao"
	status := testkit.AtOnce(len(people), func(i int) int {
		return testkit.Do(t, h, "PUT", path, people[i], map[string]any{"tarefaId": "t1"}).Status
	})
	for i, s := range status {
		if s != 200 {
			t.Fatalf("sign-up %d: %d", i, s)
		}
	}
	d := detail(t, f.Group.ID, m.ID, cast.Owner)
	var confirmed, waiting []mutiroes.Inscricao
	for _, in := range d.Inscricoes {
		switch in.Status {
		case domain.InscricaoConfirmada:
			confirmed = append(confirmed, in)
		case domain.InscricaoEspera:
			waiting = append(waiting, in)
		}
	}
	if len(confirmed) != 6 || len(waiting) != 14 || d.Tarefas[0].Inscritos != 6 || d.Tarefas[0].Espera != 14 {
		t.Fatalf("confirmed %d, waiting %d, counts %+v", len(confirmed), len(waiting), d.Tarefas[0])
	}
	// In order: positions 1..14 by the time each signed up.
	if !sort.SliceIsSorted(waiting, func(i, j int) bool { return waiting[i].Desde.Before(waiting[j].Desde) }) {
		t.Fatal("the waiting list is not in sign-up order")
	}
	for i, w := range waiting {
		if w.Posicao != i+1 {
			t.Fatalf("position %d is %d", i+1, w.Posicao)
		}
	}
	byID := map[string]testkit.User{}
	for _, u := range people {
		byID[u.ID] = u
	}

	// One cancellation: the first waiting moves up, once.
	first := waiting[0]
	if res := testkit.Do(t, h, "DELETE", path, byID[confirmed[0].UserID], nil); res.Status != 204 {
		t.Fatalf("leave: %d %s", res.Status, res.Body)
	}
	d = detail(t, f.Group.ID, m.ID, byID[first.UserID])
	if d.Minha == nil || d.Minha.Status != domain.InscricaoConfirmada {
		t.Fatalf("the first waiting did not move up: %+v", d.Minha)
	}
	if d.Tarefas[0].Inscritos != 6 || d.Tarefas[0].Espera != 13 {
		t.Fatalf("counts after one cancellation: %+v", d.Tarefas[0])
	}
	if n := notificationsOf(t, first.UserID, domain.NotifMutiraoVaga); n != 1 {
		t.Fatalf("the one moved up got %d notices", n)
	}

	// Two cancellations at once: the next two move up, each once.
	var leaving []testkit.User
	for _, in := range d.Inscricoes {
		if in.Status == domain.InscricaoConfirmada && in.UserID != first.UserID && len(leaving) < 2 {
			leaving = append(leaving, byID[in.UserID])
		}
	}
	var wg sync.WaitGroup
	for _, u := range leaving {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if res := testkit.Do(t, h, "DELETE", path, u, nil); res.Status != 204 {
				t.Errorf("leave: %d %s", res.Status, res.Body)
			}
		}()
	}
	wg.Wait()
	d = detail(t, f.Group.ID, m.ID, cast.Owner)
	if d.Tarefas[0].Inscritos != 6 || d.Tarefas[0].Espera != 11 {
		t.Fatalf("counts after three cancellations: %+v", d.Tarefas[0])
	}
	for _, w := range waiting[1:3] {
		if n := notificationsOf(t, w.UserID, domain.NotifMutiraoVaga); n != 1 {
			t.Fatalf("%s got %d notices", w.Nome, n)
		}
	}
	for _, w := range waiting[3:] {
		if n := notificationsOf(t, w.UserID, domain.NotifMutiraoVaga); n != 0 {
			t.Fatalf("%s, still waiting, got %d notices", w.Nome, n)
		}
	}
	n := 0
	for _, in := range d.Inscricoes {
		if in.Status == domain.InscricaoEspera {
			n++
			if in.Posicao != n {
				t.Fatalf("positions not renumbered: %+v", in)
			}
		}
	}
}

// TestPresencePaysOnceAndCountsHours: the coordinator's confirmation pays
// pontos.mutirao once, counts the minutes for the member and the group, and
// a correction moves the totals by the difference.
func TestPresencePaysOnceAndCountsHours(t *testing.T) {
	setup(t)
	f := env.NewFixture(t, *cast, testkit.FixtureOpts{})
	m := newMutirao(t, f.Group.ID, 6)
	ctx := context.Background()
	vol := members(t, f.Group.ID, 1)[0]
	if _, err := env.Deps.Store.Inscrever(ctx, f.Group.ID, m.ID, testkit.Actor(vol), domain.InscricaoInput{TarefaID: "t1"}); err != nil {
		t.Fatal(err)
	}
	before, _, _ := env.Deps.Store.Profile(ctx, vol.ID)
	base := "/api/groups/" + f.Group.ID + "/mutiroes/" + m.ID
	// Before the day: refused.
	clk.Set(vespera)
	if res := testkit.Do(t, h, "PUT", base+"/presencas/"+vol.ID, cast.Coord, map[string]any{"presente": true, "minutos": 120}); res.Status != 409 {
		t.Fatalf("presence the day before: %d %s", res.Status, res.Body)
	}
	clk.Set(antesDeIr)
	if res := testkit.Do(t, h, "POST", base+"/checkin", vol, map[string]any{"codigo": "000000"}); res.Status != 400 && m.Codigo != "000000" {
		t.Fatalf("wrong code: %d %s", res.Status, res.Body)
	}
	if res := testkit.Do(t, h, "POST", base+"/checkin", vol, map[string]any{"codigo": m.Codigo}); res.Status != 200 {
		t.Fatalf("check-in: %d %s", res.Status, res.Body)
	}
	clk.Set(noDia)
	for _, min := range []int{120, 150, 150} {
		if res := testkit.Do(t, h, "PUT", base+"/presencas/"+vol.ID, cast.Coord, map[string]any{"presente": true, "minutos": min}); res.Status != 200 {
			t.Fatalf("presence: %d %s", res.Status, res.Body)
		}
	}
	after, _, _ := env.Deps.Store.Profile(ctx, vol.ID)
	rules := testkit.FixtureRules()
	if got := after.PontosTotais - before.PontosTotais; got != rules.Pontos.Mutirao {
		t.Fatalf("points %d, want %d once", got, rules.Pontos.Mutirao)
	}
	d := detail(t, f.Group.ID, m.ID, cast.Coord)
	if d.Presentes != 1 || d.Minutos != 150 {
		t.Fatalf("mutirão totals: %d present, %d min", d.Presentes, d.Minutos)
	}
	rel := report(t, f.Group.ID, "2030-03", "2030-03")
	if rel.Minutos != 150 || len(rel.PorMembro) != 1 || rel.PorMembro[0].Minutos != 150 || len(rel.Mutiroes) != 1 || rel.Mutiroes[0].Presentes != 1 {
		t.Fatalf("report: %+v", rel)
	}
	// Unmarked: the hours go, the mutirão is no longer held; the points stay paid.
	if res := testkit.Do(t, h, "PUT", base+"/presencas/"+vol.ID, cast.Coord, map[string]any{"presente": false}); res.Status != 200 {
		t.Fatalf("unmark: %d %s", res.Status, res.Body)
	}
	rel = report(t, f.Group.ID, "2030-03", "2030-03")
	if rel.Minutos != 0 || len(rel.PorMembro) != 0 || len(rel.Mutiroes) != 0 {
		t.Fatalf("report after unmarking: %+v", rel)
	}
}

func report(t *testing.T, gid, de, ate string) mutiroes.Relatorio {
	t.Helper()
	r := testkit.Get[mutiroes.Relatorio](t, h, "/api/groups/"+gid+"/relatorio?de="+de+"&ate="+ate, cast.Coord)
	return r
}

var _ = store.MutiroesScope

// TestMutiraoReminderTheDayBefore: the morning job of the day before tells
// every member with a confirmed vaga (not those waiting), once.
func TestMutiraoReminderTheDayBefore(t *testing.T) {
	setup(t)
	ctx := context.Background()
	f := env.NewFixture(t, *cast, testkit.FixtureOpts{})
	clk.Set(brt(2030, time.May, 18, 9, 0))
	in := domain.MutiraoInput{Titulo: "Colheita coletiva", Data: "2030-05-20", Hora: "07:30", DuracaoMin: ptr(120), Local: "Horta",
		Tarefas: []domain.TarefaInput{{Titulo: "Colher", Vagas: ptr(1)}}}
	m := createMutirao(t, f.Group.ID, cast.Coord, in)
	people := members(t, f.Group.ID, 2)
	for _, u := range people {
		if _, err := env.Deps.Store.Inscrever(ctx, f.Group.ID, m.ID, testkit.Actor(u), domain.InscricaoInput{TarefaID: "t1"}); err != nil {
			t.Fatal(err)
		}
		// Both chose "Mutirões e escalas" by e-mail in /configuracoes.
		if err := env.Deps.Store.SetEmailChoices(ctx, u.ID, []string{domain.EmailMutiroes}); err != nil {
			t.Fatal(err)
		}
	}
	// The reminders job (RemindersFunction's handler, which also mails), twice: once each.
	for range 2 {
		clk.Set(brt(2030, time.May, 19, 7, 5))
		if _, err := reminders.Handler(env.Deps)(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if n := notificationsOf(t, people[0].ID, domain.NotifMutiraoLembrete); n != 1 {
		t.Fatalf("the confirmed member was reminded %d times", n)
	}
	if n := notificationsOf(t, people[1].ID, domain.NotifMutiraoLembrete); n != 0 {
		t.Fatalf("the waiting member was reminded %d times", n)
	}
	mails := testkit.MailsTo(t, env.Cloud.URL, people[0].Email)
	if len(mails) != 1 || mails[0].Subject != "Amanhã tem mutirão: Colheita coletiva" || !strings.Contains(mails[0].HTML, "Ver o mutirão") ||
		!strings.Contains(mails[0].Text, "/mutiroes/"+m.ID) {
		t.Fatalf("the confirmed member's e-mails: %+v", mails)
	}
	if mails := testkit.MailsTo(t, env.Cloud.URL, people[1].Email); len(mails) != 0 {
		t.Fatalf("the waiting member got %d e-mails", len(mails))
	}
}
