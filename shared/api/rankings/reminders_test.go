package rankings_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	ddbt "github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/verde-app/verde/infra/local/cloud"
	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
)

// notifs are uid's notifications of tipo, by text.
func notifs(t *testing.T, uid, tipo string) []string {
	t.Helper()
	var texts []string
	for _, n := range env.Told(t, uid, tipo) {
		texts = append(texts, n.Texto)
	}
	return texts
}

// growers are a new group and two new members of it, whose cultivos the
// reminders tests plant with the store's clock moved: it is the real one
// again when t ends.
func growers(t *testing.T, grower, helper string) (testkit.Fixture, testkit.User, testkit.User) {
	t.Helper()
	setup(t)
	t.Cleanup(func() { env.Deps.Store.Now = nil })
	g := env.NewFixture(t, *cast, testkit.FixtureOpts{})
	return g, env.NewJoiner(t, g.Group.ID, grower), env.NewJoiner(t, g.Group.ID, helper)
}

func unread(t *testing.T, uid string) int {
	t.Helper()
	n, err := env.Deps.Store.UnreadCount(context.Background(), uid)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestRemindersOfADay: five cultivos whose harvest window opens on one day
// get one reminder each that morning (to the responsible member and the
// collaborator); running the job again, or in small runs that continue one
// another, sends nothing more. A cultivo with no diary entry for 7 days is
// reminded, one with an entry since is not; a 3-day care streak not yet
// continued today is reminded.
func TestRemindersOfADay(t *testing.T) {
	g, grower, helper := growers(t, "Gil Grower", "Hélio Ajudante")
	s := env.Deps.Store
	ctx := context.Background()
	day0 := time.Now().UTC().Truncate(24 * time.Hour).Add(15 * time.Hour) // 12:00 in Brasília
	s.Now = func() time.Time { return day0 }
	today := domain.FormatDate(domain.LocalDate(day0))
	var ids []string
	minDias := 0
	for range 5 {
		in := domain.CultivoInput{VegetalID: "alface-verao", GrupoID: g.Group.ID, Metodo: "muda", Quantidade: qty(6),
			Unidade: "mudas", DataPlantio: today, Fase: domain.FaseSemeado, Colaboradores: []string{helper.ID}}
		c := env.CreateCultivo(t, in, grower)
		ids = append(ids, c.ID)
		minDias = c.DiasColheitaMin
	}
	if minDias <= 8 {
		t.Fatalf("alface's window opens after %d days: the test needs more than 8", minDias)
	}
	at := func(days int) {
		s.Now = func() time.Time { return day0.Add(time.Duration(days)*24*time.Hour - 5*time.Hour) }
	} // 07:00 in Brasília
	diary := func(days int, cid string) {
		s.Now = func() time.Time { return day0.Add(time.Duration(days) * 24 * time.Hour) }
		in := domain.DiarioInput{Tipo: "rega", Texto: "Regado"}
		if err := in.Valid(); err != nil {
			t.Fatal(err)
		}
		if _, err := s.AddDiario(ctx, cid, testkit.Actor(grower), in); err != nil {
			t.Fatal(err)
		}
	}
	run := func(max int) store.ReminderRun {
		t.Helper()
		env.Calls.Reset()
		r, err := s.RunReminders(ctx, max)
		if err != nil {
			t.Fatal(err)
		}
		if r.Lidos > max {
			t.Errorf("read %d due items, more than %d", r.Lidos, max)
		}
		return r
	}

	// ids[0] gets entries on days 1, 2 and 3: a 3-day streak, and diary in time.
	for d := 1; d <= 3; d++ {
		diary(d, ids[0])
	}
	// Day 4, 07:00: the streak ends tonight without an entry.
	at(4)
	// (Other tests of this package share the table and its days: counts are per user.)
	if r := run(100); !r.Concluido || r.Enviados < 1 {
		t.Errorf("day 4: %+v", r)
	}
	if got := notifs(t, grower.ID, domain.NotifLembreteSequencia); len(got) != 1 || !strings.Contains(got[0], "3 dias") {
		t.Errorf("streak reminders: %q", got)
	}
	// Day 7: the four cultivos without an entry since day 0, not ids[0].
	at(7)
	if r := run(100); r.Enviados < 4 {
		t.Errorf("day 7: %+v", r)
	}
	if got := notifs(t, grower.ID, domain.NotifLembreteDiario); len(got) != 4 {
		t.Errorf("diary reminders: %q", got)
	}

	// The day the windows open: in runs of 2 due items, each continuing the last.
	at(minDias)
	before := unread(t, grower.ID)
	total := 0
	for i := 0; ; i++ {
		r := run(2)
		total += r.Enviados
		if calls := env.Calls.Total(); calls > 2+2+r.Enviados {
			t.Errorf("run %d: %d calls for %d reminders %v", i, calls, r.Enviados, env.Calls.ByOperation())
		}
		if r.Concluido {
			break
		}
		if i > 10 {
			t.Fatal("the day never ends")
		}
	}
	if total < 5 {
		t.Errorf("window reminders sent: %d, want at least this test's 5", total)
	}
	for _, u := range []testkit.User{grower, helper} {
		if got := notifs(t, u.ID, domain.NotifLembreteJanela); len(got) != 5 {
			t.Errorf("%s: %d window reminders %q", u.ID, len(got), got)
		}
	}
	if got := unread(t, grower.ID); got != before+5 {
		t.Errorf("unread %d, want %d", got, before+5)
	}
	// Running the job again sends nothing (a finished day is one GetItem).
	if r := run(100); r.Enviados != 0 || env.Calls.Total() != 1 {
		t.Errorf("second run: %+v, %d calls", r, env.Calls.Total())
	}
	// Even a run that lost its progress (a retry before the state was saved).
	if _, err := s.DB.DeleteItem(ctx, &dynamodb.DeleteItemInput{
		TableName: aws.String(s.Table),
		Key: map[string]ddbt.AttributeValue{
			"PK": &ddbt.AttributeValueMemberS{Value: "REMINDERS#" + domain.FormatDate(domain.LocalDate(s.Now()))},
			"SK": &ddbt.AttributeValueMemberS{Value: "STATE"},
		},
	}); err != nil {
		t.Fatal(err)
	}
	if r := run(100); r.Enviados != 0 || !r.Concluido {
		t.Errorf("rerun from scratch: %+v", r)
	}
	if got := notifs(t, grower.ID, domain.NotifLembreteJanela); len(got) != 5 {
		t.Errorf("after reruns: %d window reminders", len(got))
	}
}

// TestTheLocalCloudRunsRemindersOnDemand: make remind's request (the local
// cloud's Lambda Invoke endpoint) runs the scheduled function's handler.
func TestTheLocalCloudRunsRemindersOnDemand(t *testing.T) {
	setup(t)
	resp, err := http.Post(env.Cloud.URL+cloud.InvokePathPrefix+"RemindersFunction/invocations", "application/json", strings.NewReader("{}"))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out struct {
		Dia       string `json:"dia"`
		Concluido bool   `json:"concluido"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil || resp.StatusCode != 200 {
		t.Fatalf("%d %v", resp.StatusCode, err)
	}
	if out.Dia != domain.FormatDate(domain.LocalDate(time.Now())) || !out.Concluido {
		t.Errorf("run: %+v", out)
	}
}
