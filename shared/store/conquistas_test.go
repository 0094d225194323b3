package store_test

import (
	"context"
	"errors"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
)

func (f *fixture) cultivo(by store.Actor, vegetal string) string {
	f.t.Helper()
	q := 12.0 // mudas: plausibly up to 18 kg of alface (store/colheitas.go)
	in := domain.CultivoInput{VegetalID: vegetal, Metodo: domain.MetodoMuda, Quantidade: &q, Unidade: domain.UnidadeMudas,
		DataPlantio: domain.FormatDate(domain.LocalDate(time.Now()).AddDate(0, 0, -30)), Fase: domain.FaseSemeado}
	if err := in.Valid(); err != nil {
		f.t.Fatal(err)
	}
	id := uuid.Must(uuid.NewV7()).String()
	if _, _, err := f.s.CreateCultivo(context.Background(), id, in, by); err != nil {
		f.t.Fatalf("create cultivo: %v", err)
	}
	return id
}

func (f *fixture) colheita(by store.Actor, cid string, grams float64) (store.ColheitaResult, error) {
	in := domain.ColheitaInput{Quantidade: &grams, Unidade: domain.UnidadeG, Data: domain.FormatDate(domain.LocalDate(time.Now())), Destino: "consumo"}
	if err := in.Valid(); err != nil {
		f.t.Fatal(err)
	}
	return f.s.AddColheita(context.Background(), cid, by, in)
}

// notifs are the texts of the user's notifications of tipo, read straight
// from the table.
func (f *fixture) notifs(uid, tipo string) []string {
	f.t.Helper()
	var texts []string
	for _, n := range f.notifications(uid, tipo) {
		texts = append(texts, n.Texto)
	}
	return texts
}

func (f *fixture) progress(uid string) store.Progress {
	f.t.Helper()
	p, found, err := f.s.ReadProgress(context.Background(), uid)
	if err != nil || !found {
		f.t.Fatalf("progress: %v %v", found, err)
	}
	return p
}

func count(list []string, v string) int {
	n := 0
	for _, x := range list {
		if x == v {
			n++
		}
	}
	return n
}

func TestFirstColheitaUnlocksPrimeiraColheitaExactlyOnceUnder20ConcurrentColheitas(t *testing.T) {
	f := newFixture(t)
	u := f.user("Colhedora")
	cid := f.cultivo(u, "alface-verao")
	if p := f.progress(u.ID); !slices.Equal(p.Profile.Conquistas, []string{"primeira-semente"}) || p.Counts[domain.ContaCultivos] != 1 {
		t.Fatalf("after the first cultivo: %v %v", p.Profile.Conquistas, p.Counts)
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	ok := 0
	for range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := f.colheita(u, cid, 250)
			mu.Lock()
			defer mu.Unlock()
			if err != nil && !tolerated(err) {
				t.Errorf("harvest: %v", err)
			}
		}()
	}
	wg.Wait()
	// The harvests that went through, as the cultivo's totals (same transaction) count them: a
	// call that timed out on a loaded machine may still have committed.
	ok = f.colheitas(u, cid)
	if ok == 0 {
		t.Fatal("no harvest went through")
	}
	p := f.progress(u.ID)
	if n := count(p.Profile.Conquistas, "primeira-colheita"); n != 1 {
		t.Errorf("primeira-colheita %d times in %v", n, p.Profile.Conquistas)
	}
	// Every harvest counts its grams; one cultivo pays (and counts toward
	// Colheita Farta) one harvest a day.
	if p.Counts[domain.ContaColheitas] != 1 || p.Counts[domain.ContaColheitaGramas] != 250*ok || p.Counts[domain.ContaHortalicasColhidas] != 1 {
		t.Errorf("%d harvests went through, counters %v", ok, p.Counts)
	}
	earned := map[string]int{}
	for _, e := range p.Earned {
		earned[e.Codigo]++
		if time.Since(e.Em) > time.Minute {
			t.Errorf("earned at %v", e.Em)
		}
	}
	if earned["primeira-colheita"] != 1 || earned["primeira-semente"] != 1 {
		t.Errorf("earned items %v", earned)
	}
	if n := f.notifs(u.ID, domain.NotifConquista); count(n, "Você desbloqueou a conquista Primeira Colheita! +20 pontos") != 1 {
		t.Errorf("conquista notifications %q", n)
	}
	want := 10 + 10 + 50 + 20 // cultivo, Primeira Semente, the day's one paid harvest, Primeira Colheita
	if slices.Contains(p.Profile.Conquistas, "colheita-farta") {
		t.Error("colheita-farta unlocked by one day's harvests of one cultivo")
	}
	if p.Profile.PontosTotais != want {
		t.Errorf("%d harvests: %d points, want %d", ok, p.Profile.PontosTotais, want)
	}
	unread, err := f.s.UnreadCount(context.Background(), u.ID)
	if err != nil || unread != len(f.notifs(u.ID, domain.NotifConquista))+len(f.notifs(u.ID, domain.NotifNivel)) {
		t.Errorf("unread %d (%v)", unread, err)
	}
}

// Ten paid harvests (a cultivo pays one a day): the first harvests of 29 cultivos.
func TestColheitaFartaUnlocksOnceWhen20ConcurrentColheitasCrossTen(t *testing.T) {
	f := newFixture(t)
	u := f.user("Farta")
	var cids []string
	for range 29 {
		cids = append(cids, f.cultivo(u, "alface-verao"))
	}
	for _, cid := range cids[:9] {
		if _, err := f.colheita(u, cid, 100); err != nil {
			t.Fatal(err)
		}
	}
	if slices.Contains(f.progress(u.ID).Profile.Conquistas, "colheita-farta") {
		t.Fatal("unlocked at 9")
	}
	var wg sync.WaitGroup
	for _, cid := range cids[9:] {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := f.colheita(u, cid, 100); err != nil && !tolerated(err) {
				t.Errorf("harvest: %v", err)
			}
		}()
	}
	wg.Wait()
	p := f.progress(u.ID)
	n := 0
	for _, cid := range cids {
		n += f.colheitas(u, cid)
	}
	if n < 10 || p.Counts[domain.ContaColheitas] != n {
		t.Fatalf("%d harvests stored, counter %d", n, p.Counts[domain.ContaColheitas])
	}
	if count(p.Profile.Conquistas, "colheita-farta") != 1 || len(f.notifs(u.ID, domain.NotifConquista)) != 3 {
		t.Errorf("conquistas %v, notifications %q", p.Profile.Conquistas, f.notifs(u.ID, domain.NotifConquista))
	}
}

func TestCountersOfDiaryGroupsAndVegetais(t *testing.T) {
	f := newFixture(t)
	u := f.user("Contadora")
	a := f.cultivo(u, "alface-verao")
	b := f.cultivo(u, "rabanete")
	for _, in := range []domain.DiarioInput{{Tipo: "rega", Texto: "água"}, {Tipo: "poda", Texto: "podei"}} {
		if _, err := f.s.AddDiario(context.Background(), a, u, in); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []string{a, a, b} {
		if _, err := f.colheita(u, c, 1500); err != nil {
			t.Fatal(err)
		}
	}
	g := f.group(u, nil)
	_ = g
	p := f.progress(u.ID)
	c := p.Counts
	// Harvests on a, a and b: a cultivo pays one a day, so two count toward Colheita Farta.
	if c[domain.ContaCultivos] != 2 || c[domain.ContaDiario] != 2 || c[domain.ContaColheitas] != 2 || c[domain.ContaColheitaGramas] != 4500 ||
		c[domain.ContaHortalicasColhidas] != 2 || c[domain.ContaGruposCriados] != 1 || c[domain.ContaGruposParticipa] != 1 ||
		c[domain.ContaSequenciaCuidado] != 1 || c[domain.ContaUltimoDiaCuidado] != domain.DayNumber(time.Now()) {
		t.Errorf("counters %v", c)
	}
	for _, want := range []string{"primeira-semente", "primeira-colheita", "fundador"} {
		if !slices.Contains(p.Profile.Conquistas, want) {
			t.Errorf("missing %s in %v", want, p.Profile.Conquistas)
		}
	}
	// Comunitário: in three groups.
	o := f.user("Outra")
	for range 2 {
		g := f.group(o, nil)
		if _, err := f.s.Join(context.Background(), g.ID, u); err != nil {
			t.Fatal(err)
		}
	}
	if p := f.progress(u.ID); !slices.Contains(p.Profile.Conquistas, "comunitario") {
		t.Errorf("comunitario not unlocked: %v", p.Profile.Conquistas)
	}
}

// bonus is what unlocking conquista code adds to the points.
func bonus(code string) int {
	c, ok := domain.ConquistaByCode(code)
	if !ok {
		panic(code)
	}
	return c.BonusPadrao
}

func TestLiderDeHortaUnlocksForTheDonoWhenTheTenthMemberJoins(t *testing.T) {
	f := newFixture(t)
	dona := f.user("Dona Líder")
	g := f.group(dona, func(in *domain.GroupInput) { n := 20; in.MaxMembros = &n })
	for i := 2; i <= 10; i++ {
		if slices.Contains(f.profile(dona.ID).Conquistas, "lider-de-horta") {
			t.Fatalf("unlocked at %d members", i-1)
		}
		if _, err := f.s.Join(context.Background(), g.ID, f.user("Membro")); err != nil {
			t.Fatal(err)
		}
	}
	p := f.progress(dona.ID)
	if count(p.Profile.Conquistas, "lider-de-horta") != 1 || p.Counts[domain.ContaMaiorGrupoLiderado] != 10 {
		t.Fatalf("after 10 members: %v %v", p.Profile.Conquistas, p.Counts)
	}
	if _, err := f.s.Join(context.Background(), g.ID, f.user("Décimo primeiro")); err != nil {
		t.Fatal(err)
	}
	if n := f.notifs(dona.ID, domain.NotifConquista); count(n, "Você desbloqueou a conquista Líder de Horta! +50 pontos") != 1 {
		t.Fatalf("notifications %q", n)
	}
}

// tolerated are the refusals a harvest among 20 concurrent ones may get: too
// much contention (ErrBusy), or a call past its deadline on a loaded machine.
func tolerated(err error) bool {
	return domain.ErrorCode(err) == domain.ErrorCode(domain.ErrBusy()) || errors.Is(err, context.DeadlineExceeded)
}

func (f *fixture) colheitas(u store.Actor, cid string) int {
	f.t.Helper()
	c, err := f.s.Cultivo(context.Background(), cid, u)
	if err != nil {
		f.t.Fatal(err)
	}
	return c.Totais.Colheitas
}
