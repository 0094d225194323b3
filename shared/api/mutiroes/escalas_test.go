package mutiroes_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/api/mutiroes"
	"github.com/verde-app/verde/shared/domain"
)

// The fixture escala: "Rega" at 07:00 for 30 minutes; Member on the
// weekday of vespera (a Monday) and Alvo on Thursdays.
func newEscala(t testing.TB, gid string) domain.Escala {
	t.Helper()
	return newEscalaOf(t, gid, cast.Member, cast.Alvo)
}

// newEscalaOf is the fixture escala with monday and thursday on duty.
func newEscalaOf(t testing.TB, gid string, monday, thursday testkit.User) domain.Escala {
	t.Helper()
	clk.Set(vespera)
	seg, qui := int(vespera.Weekday()), int(time.Thursday)
	in := domain.EscalaInput{Nome: "Rega", Hora: "07:00", DuracaoMin: ptr(30),
		Turnos: []domain.TurnoInput{{Dia: &seg, UserID: monday.ID}, {Dia: &qui, UserID: thursday.ID}}}
	if err := in.Valid(); err != nil {
		t.Fatal(err)
	}
	e, err := env.Deps.Store.SaveEscala(context.Background(), gid, "", testkit.Actor(cast.Owner), in)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

var seg = domain.FormatDate(vespera.AddDate(0, 0, 7)) // next Monday: Member's turn

// TestEscalaAuthorizationMatrix sends every escala route as each role.
func TestEscalaAuthorizationMatrix(t *testing.T) {
	setup(t)
	type row struct {
		name, method, path string
		body               func(e domain.Escala) any
		asked              bool // Member asked Coord to take next Monday
		private            bool
		want               testkit.Expect
	}
	cases := []row{
		{name: "list", method: "GET", path: "/escalas", want: testkit.Expect{401, 403, 200, 200, 200, 200}},
		{name: "list private", method: "GET", path: "/escalas", private: true, want: testkit.Expect{401, 404, 200, 200, 200, 200}},
		{name: "create", method: "POST", path: "/escalas", body: func(domain.Escala) any {
			return map[string]any{"nome": "Compostagem", "hora": "17:30", "duracaoMin": 45, "turnos": []any{map[string]any{"dia": 2, "userId": cast.Coord.ID}}}
		}, want: testkit.Expect{401, 403, 403, 201, 201, 403}},
		{name: "get", method: "GET", path: "/escalas/{e}", want: testkit.Expect{401, 403, 200, 200, 200, 200}},
		{name: "update", method: "PUT", path: "/escalas/{e}", body: func(e domain.Escala) any {
			return map[string]any{"nome": "Rega da manhã", "hora": "06:30", "duracaoMin": 30, "version": e.Version, "turnos": []any{}}
		}, want: testkit.Expect{401, 403, 403, 200, 200, 403}},
		{name: "delete", method: "DELETE", path: "/escalas/{e}", want: testkit.Expect{401, 403, 403, 204, 204, 403}},
		// Only Member is on duty that day: the others are refused by the rule (409).
		{name: "ask swap", method: "POST", path: "/escalas/{e}/trocas", body: func(domain.Escala) any {
			return map[string]any{"data": seg, "paraUserId": cast.Owner.ID}
		}, want: testkit.Expect{401, 403, 200, 409, 409, 403}},
		{name: "accept swap", method: "POST", path: "/escalas/{e}/trocas/" + seg + "/aceitar", asked: true, want: testkit.Expect{401, 403, 403, 200, 403, 403}},
		{name: "refuse swap", method: "DELETE", path: "/escalas/{e}/trocas/" + seg, asked: true, want: testkit.Expect{401, 403, 204, 204, 403, 403}},
		{name: "done", method: "POST", path: "/escalas/{e}/feito", body: func(domain.Escala) any { return map[string]any{"data": domain.FormatDate(vespera)} },
			want: testkit.Expect{401, 403, 200, 409, 409, 403}},
		{name: "agenda", method: "GET", path: "/api/me/agenda", want: testkit.Expect{401, 200, 200, 200, 200, 200}},
	}
	testkit.Matrix(t, cast.Columns(), cases, func(c row) (string, testkit.Expect) { return c.name, c.want }, func(t *testing.T, c row, u testkit.User) testkit.Response {
		f := env.NewFixture(t, *cast, testkit.FixtureOpts{Private: c.private})
		e := newEscala(t, f.Group.ID)
		if c.asked {
			if _, err := env.Deps.Store.PedirTroca(context.Background(), f.Group.ID, e.ID, testkit.Actor(cast.Member), domain.TrocaInput{Data: seg, ParaUserID: cast.Coord.ID}); err != nil {
				t.Fatal(err)
			}
		}
		path := c.path
		if !strings.HasPrefix(path, "/api/") {
			path = "/api/groups/" + f.Group.ID + strings.ReplaceAll(path, "{e}", e.ID)
		}
		var b any
		if c.body != nil {
			b = c.body(e)
		}
		return testkit.Do(t, h, c.method, path, u, b)
	})
	testkit.EveryRouteHasARow(t, mutiroes.Routes(env.Deps), func(p string) bool {
		return strings.Contains(p, "escalas") || strings.HasSuffix(p, "/agenda")
	}, cases, func(c row) string {
		if strings.HasPrefix(c.path, "/api/") {
			return c.method + " " + c.path
		}
		return c.method + " /api/groups/{groupId}" + strings.NewReplacer("{e}", "{escalaId}", seg, "{data}").Replace(c.path)
	})
}

// TestEscalaSwapReminderDoneAndRelatorio: a swap asked and accepted puts the
// other member on duty that day (their agenda and calendar show it, the
// asker's no longer); the morning job reminds whoever is on duty and makes
// the next turn due; "feito" counts the minutes in the report once.
func TestEscalaSwapReminderDoneAndRelatorio(t *testing.T) {
	setup(t)
	ctx := context.Background()
	f := env.NewFixture(t, *cast, testkit.FixtureOpts{})
	gid := f.Group.ID
	// People of their own: the other tests' escalas remind the shared cast too.
	p := members(t, gid, 3)
	member, taker, alvo := p[0], p[1], p[2]
	e := newEscalaOf(t, gid, member, alvo)
	base := "/api/groups/" + gid + "/escalas/" + e.ID

	// Each person's notices of a kind from now on (the cast is shared by the tests).
	base0 := map[string]int{}
	for _, u := range []testkit.User{taker, member, alvo} {
		for _, k := range []string{domain.NotifEscalaTroca, domain.NotifEscalaLembrete} {
			base0[u.ID+k] = notificationsOf(t, u.ID, k)
		}
	}
	notices := func(u testkit.User, k string) int { return notificationsOf(t, u.ID, k) - base0[u.ID+k] }

	// Member asks Coord to take next Monday; Coord accepts.
	if res := testkit.Do(t, h, "POST", base+"/trocas", member, map[string]any{"data": seg, "paraUserId": taker.ID}); res.Status != 200 {
		t.Fatalf("ask: %d %s", res.Status, res.Body)
	}
	if n := notices(taker, domain.NotifEscalaTroca); n != 1 {
		t.Fatalf("coord told %d times", n)
	}
	var ag mutiroes.Agenda
	testkit.Do(t, h, "GET", "/api/me/agenda", taker, nil).Decode(t, &ag)
	if !hasAgenda(ag, domain.AgendaPedido, seg) {
		t.Fatalf("the swap asked is not in Coord's agenda: %+v", ag)
	}
	if res := testkit.Do(t, h, "POST", base+"/trocas/"+seg+"/aceitar", taker, nil); res.Status != 200 {
		t.Fatalf("accept: %d %s", res.Status, res.Body)
	}
	var d mutiroes.EscalaDetail
	testkit.Do(t, h, "GET", base, member, nil).Decode(t, &d)
	for _, day := range d.Dias {
		if day.Data == seg && (len(day.Turnos) != 1 || day.Turnos[0].UserID != taker.ID) {
			t.Fatalf("on duty next Monday: %+v", day.Turnos)
		}
	}
	testkit.Do(t, h, "GET", "/api/me/agenda", taker, nil).Decode(t, &ag)
	if !hasAgenda(ag, domain.AgendaTroca, seg) {
		t.Fatalf("the swap taken is not in Coord's agenda: %+v", ag)
	}
	// The calendars: Coord has that Monday, Member not.
	mine := newFeed(t, member, "")
	cal := parseICS(t, testkit.Do(t, h, "GET", mine, cast.Anon, nil).Body)
	uids := map[string]bool{}
	for _, ev := range cal.Events() {
		v, _ := ev.Props.Text("UID")
		uids[v] = true
	}
	if uids["escala-"+e.ID+"-"+seg+"@verde"] || !uids["escala-"+e.ID+"-"+domain.FormatDate(vespera)+"@verde"] {
		t.Fatalf("Member's calendar: %v", uids)
	}
	theirs := parseICS(t, testkit.Do(t, h, "GET", newFeed(t, taker, ""), cast.Anon, nil).Body)
	eventOf(t, theirs, "escala-"+e.ID+"-"+seg+"-troca@verde")
	parseICS(t, testkit.Do(t, h, "GET", newFeed(t, alvo, gid), cast.Anon, nil).Body)

	// The job runs each morning from vespera to the next Monday: each turn's reminder makes the
	// next one due. Member is reminded on vespera only (they gave the next Monday away), Alvo on
	// Thursday, Coord on the Monday they took.
	start := domain.LocalDate(vespera)
	for i := 0; i <= 7; i++ {
		clk.Set(start.AddDate(0, 0, i).Add(13 * time.Hour))
		if _, err := env.Deps.Store.RunReminders(ctx, 1000); err != nil {
			t.Fatal(err)
		}
	}
	for u, want := range map[testkit.User]int{member: 1, alvo: 1, taker: 1} {
		if n := notices(u, domain.NotifEscalaLembrete); n != want {
			t.Fatalf("%s reminded %d times, want %d", u.Name, n, want)
		}
	}
	day, _ := domain.ParseDate(seg)
	clk.Set(day.AddDate(0, 0, 3).Add(13 * time.Hour))

	// Coord marks Monday done (on Thursday): 30 minutes, once.
	before, _, _ := env.Deps.Store.ReadProgress(ctx, taker.ID)
	for i, want := range []int{200, 409} {
		if res := testkit.Do(t, h, "POST", base+"/feito", taker, map[string]any{"data": seg}); res.Status != want {
			t.Fatalf("done %d: %d %s", i, res.Status, res.Body)
		}
	}
	after, _, _ := env.Deps.Store.ReadProgress(ctx, taker.ID)
	if got := after.Counts[domain.ContaMinutosVoluntarios] - before.Counts[domain.ContaMinutosVoluntarios]; got != 30 {
		t.Fatalf("minutes counted: %d", got)
	}
	mes := seg[:7]
	rel := report(t, gid, mes, mes)
	if rel.Minutos != 30 || len(rel.PorAtividade) != 1 || rel.PorAtividade[0].Nome != "Escala: Rega" {
		t.Fatalf("report: %+v", rel)
	}
}

func hasAgenda(a mutiroes.Agenda, tipo, data string) bool {
	for _, it := range a.Items {
		if it.Tipo == tipo && it.Data == data {
			return true
		}
	}
	return false
}

// TestEscalaCalls: the escala's page and list are two calls; each act one
// transaction after them.
func TestEscalaCalls(t *testing.T) {
	setup(t)
	f := env.NewFixture(t, *cast, testkit.FixtureOpts{})
	e := newEscala(t, f.Group.ID)
	base := "/api/groups/" + f.Group.ID + "/escalas"
	testkit.Do(t, h, "GET", base, cast.Member, nil)
	// The group's escalas share the calendar partition with its mutirões: never in the mutirões' list.
	newMutirao(t, f.Group.ID, 3)
	var page struct{ Items []mutiroes.Mutirao }
	testkit.Do(t, h, "GET", "/api/groups/"+f.Group.ID+"/mutiroes", cast.Member, nil).Decode(t, &page)
	if len(page.Items) != 1 || page.Items[0].Titulo == "" {
		t.Fatalf("coming mutirões: %+v", page.Items)
	}
	read := calls{"BatchGetItem": 1, "Query": 1}
	act := calls{"BatchGetItem": 1, "Query": 1, "TransactWriteItems": 1}
	testkit.MeasureAll(t, env, h, []callCase{
		{"list", "GET", base, cast.Member, nil, 200, read},
		{"page", "GET", base + "/" + e.ID, cast.Member, nil, 200, read},
		{"agenda", "GET", "/api/me/agenda", cast.Member, nil, 200, calls{"Query": 1}},
		{"create", "POST", base, cast.Coord, map[string]any{"nome": "Portão", "hora": "06:00", "duracaoMin": 10, "turnos": []any{map[string]any{"dia": 1, "userId": cast.Alvo.ID}}}, 201, calls{"BatchGetItem": 1, "TransactWriteItems": 1}},
		{"ask", "POST", base + "/" + e.ID + "/trocas", cast.Member, map[string]any{"data": seg, "paraUserId": cast.Alvo.ID}, 200, act},
		{"accept", "POST", base + "/" + e.ID + "/trocas/" + seg + "/aceitar", cast.Alvo, nil, 200, act},
		{"done", "POST", base + "/" + e.ID + "/feito", cast.Member, map[string]any{"data": domain.FormatDate(vespera)}, 200, act},
		{"update", "PUT", base + "/" + e.ID, cast.Coord, map[string]any{"nome": "Rega", "hora": "07:00", "duracaoMin": 30, "version": e.Version, "turnos": []any{}}, 200, calls{"BatchGetItem": 1, "TransactWriteItems": 1}},
	})
}
