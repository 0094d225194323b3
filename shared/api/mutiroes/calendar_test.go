package mutiroes_test

import (
	"bytes"
	"context"
	"net/url"
	"strings"
	"testing"
	"time"

	ical "github.com/emersion/go-ical"

	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/api/mutiroes"
	"github.com/verde-app/verde/shared/domain"
)

// parseICS checks body as RFC 5545 says a calendar is written (CRLF line
// ends, lines folded at 75 octets), decodes it with an iCalendar parser and
// encodes it again, which refuses a calendar or event missing a required
// property (PRODID, VERSION, UID, DTSTAMP) or holding one twice.
func parseICS(t *testing.T, body []byte) *ical.Calendar {
	t.Helper()
	for _, line := range bytes.Split(bytes.TrimSuffix(body, []byte("\r\n")), []byte("\r\n")) {
		if len(line) > 75 {
			t.Fatalf("line longer than 75 octets: %q", line)
		}
		if bytes.ContainsAny(line, "\r\n") {
			t.Fatalf("bare CR or LF in %q", line)
		}
	}
	cal, err := ical.NewDecoder(bytes.NewReader(body)).Decode()
	if err != nil {
		t.Fatalf("not iCalendar: %v\n%s", err, body)
	}
	if err := ical.NewEncoder(&bytes.Buffer{}).Encode(cal); err != nil {
		t.Fatalf("invalid iCalendar: %v\n%s", err, body)
	}
	for _, e := range cal.Events() {
		start, err1 := e.DateTimeStart(time.UTC)
		end, err2 := e.DateTimeEnd(time.UTC)
		if err1 != nil || err2 != nil || !end.After(start) {
			t.Fatalf("event times: %v %v %v %v", start, end, err1, err2)
		}
	}
	return cal
}

func eventOf(t *testing.T, cal *ical.Calendar, uid string) *ical.Event {
	t.Helper()
	for _, e := range cal.Events() {
		if v, _ := e.Props.Text(ical.PropUID); v == uid {
			return &e
		}
	}
	t.Fatalf("no event %s", uid)
	return nil
}

// feedPath is the path of a feed address.
func feedPath(t *testing.T, raw string) string {
	t.Helper()
	u, err := url.Parse(raw)
	if err != nil || !strings.HasPrefix(u.Path, "/api/calendario/") {
		t.Fatalf("feed address %q", raw)
	}
	return u.Path
}

func newFeed(t *testing.T, u testkit.User, gid string) string {
	t.Helper()
	body := map[string]any{}
	if gid != "" {
		body["groupId"] = gid
	}
	res := testkit.Do(t, h, "PUT", "/api/me/calendario", u, body)
	if res.Status != 200 {
		t.Fatalf("new feed: %d %s", res.Status, res.Body)
	}
	var f mutiroes.CalendarioFeed
	res.Decode(t, &f)
	if f.URL == nil {
		t.Fatal("no address")
	}
	return feedPath(t, *f.URL)
}

// TestCalendarFeedsValidateAndRevokedAddressesAnswer404: a member's and a
// group's feed are valid iCalendar with the mutirão (text escaped, times
// right, a cancellation shown), the .ics download too; a revoked, replaced
// or forged address, or a group feed of someone who left, answers 404.
func TestCalendarFeedsValidateAndRevokedAddressesAnswer404(t *testing.T) {
	setup(t)
	ctx := context.Background()
	f := env.NewFixture(t, *cast, testkit.FixtureOpts{})
	gid := f.Group.ID
	clk.Set(vespera)
	in := domain.MutiraoInput{Titulo: "Plantio; mudas, adubo \\ regas", Data: domain.FormatDate(dia), Hora: "08:30", DuracaoMin: ptr(150),
		Local: "Horta Comunitária São João, canteiro 3", Descricao: strings.Repeat("Traga luvas, chapéu e água; ", 8),
		Tarefas: []domain.TarefaInput{{Titulo: "Capina", Vagas: ptr(5)}}}
	m := createMutirao(t, gid, cast.Owner, in)
	if _, err := env.Deps.Store.Inscrever(ctx, gid, m.ID, testkit.Actor(cast.Member), domain.InscricaoInput{TarefaID: "t1"}); err != nil {
		t.Fatal(err)
	}
	uid := "mutirao-" + m.ID + "@verde"
	check := func(cal *ical.Calendar, status string) {
		t.Helper()
		e := eventOf(t, cal, uid)
		summary, _ := e.Props.Text(ical.PropSummary)
		location, _ := e.Props.Text(ical.PropLocation)
		start, _ := e.DateTimeStart(time.UTC)
		st, _ := e.Props.Text(ical.PropStatus)
		if !strings.Contains(summary, in.Titulo) || location != in.Local || !start.Equal(m.Inicio) || st != status {
			t.Fatalf("event: %q %q %v %q", summary, location, start, st)
		}
	}

	mine := newFeed(t, cast.Member, "")
	group := newFeed(t, cast.Alvo, gid)
	for _, p := range []string{mine, group} {
		env.Calls.Reset()
		res := testkit.Do(t, h, "GET", p, cast.Anon, nil)
		if res.Status != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/calendar") {
			t.Fatalf("feed: %d %s %s", res.Status, res.Header.Get("Content-Type"), res.Body)
		}
		if got := env.Calls.ByOperation(); got["BatchGetItem"] != 1 || got["Query"] != 1 || len(got) != 2 {
			t.Fatalf("feed calls: %v", got)
		}
		check(parseICS(t, res.Body), "CONFIRMED")
	}
	res := testkit.Do(t, h, "GET", "/api/groups/"+gid+"/mutiroes/"+m.ID+"/ics", cast.Member, nil)
	if res.Status != 200 || !strings.Contains(res.Header.Get("Content-Disposition"), ".ics") {
		t.Fatalf("download: %d %v", res.Status, res.Header)
	}
	check(parseICS(t, res.Body), "CONFIRMED")

	// Cancelled: the member's feed says so.
	if _, err := env.Deps.Store.CancelarMutirao(ctx, gid, m.ID, testkit.Actor(cast.Owner)); err != nil {
		t.Fatal(err)
	}
	check(parseICS(t, testkit.Do(t, h, "GET", mine, cast.Anon, nil).Body), "CANCELLED")
	check(parseICS(t, testkit.Do(t, h, "GET", group, cast.Anon, nil).Body), "CANCELLED")

	// Forged: another member's id under the same signature.
	forged := strings.Replace(mine, "/api/calendario/", "/api/calendario/x", 1)
	if res := testkit.Do(t, h, "GET", forged, cast.Anon, nil); res.Status != 404 {
		t.Fatalf("forged: %d", res.Status)
	}
	// Replaced: the old address stops working.
	newer := newFeed(t, cast.Member, "")
	if res := testkit.Do(t, h, "GET", mine, cast.Anon, nil); res.Status != 404 {
		t.Fatalf("replaced address: %d", res.Status)
	}
	// Revoked.
	if res := testkit.Do(t, h, "DELETE", "/api/me/calendario", cast.Member, nil); res.Status != 204 {
		t.Fatalf("revoke: %d %s", res.Status, res.Body)
	}
	if res := testkit.Do(t, h, "GET", newer, cast.Anon, nil); res.Status != 404 || res.ErrorCode() != "not_found" {
		t.Fatalf("revoked address: %d %s", res.Status, res.Body)
	}
	var got mutiroes.CalendarioFeed
	testkit.Do(t, h, "GET", "/api/me/calendario", cast.Member, nil).Decode(t, &got)
	if got.URL != nil {
		t.Fatalf("a revoked feed still has an address: %v", *got.URL)
	}
	// A member who left loses the group's feed.
	if err := env.Deps.Store.RemoveMember(ctx, gid, testkit.Actor(cast.Alvo), cast.Alvo.ID); err != nil {
		t.Fatal(err)
	}
	if res := testkit.Do(t, h, "GET", group, cast.Anon, nil); res.Status != 404 {
		t.Fatalf("feed of a member who left: %d", res.Status)
	}
	// Only members get a group's feed.
	if res := testkit.Do(t, h, "PUT", "/api/me/calendario", cast.Stranger, map[string]any{"groupId": gid}); res.Status != 403 {
		t.Fatalf("stranger's group feed: %d %s", res.Status, res.Body)
	}
}

// TestCalendarRoutesAuthorization: the feed settings need a sign-in; the
// feed itself none.
func TestCalendarRoutesAuthorization(t *testing.T) {
	setup(t)
	type row struct {
		method, path string
		body         any
		want         testkit.Expect
	}
	name := func(c row) (string, testkit.Expect) { return c.method + " " + c.path, c.want }
	send := func(t *testing.T, c row, u testkit.User) testkit.Response {
		return testkit.Do(t, h, c.method, c.path, u, c.body)
	}
	testkit.Matrix(t, cast.Columns(), []row{
		{"GET", "/api/me/calendario", nil, testkit.Expect{401, 200, 200, 200, 200, 200}},
		{"PUT", "/api/me/calendario", map[string]any{}, testkit.Expect{401, 200, 200, 200, 200, 200}},
		{"DELETE", "/api/me/calendario", nil, testkit.Expect{401, 204, 204, 204, 204, 204}},
		{"GET", "/api/calendario/bm9wZQ.bm9wZQ.ics", nil, testkit.Expect{404, 404, 404, 404, 404, 404}},
	}, name, send)
	f := env.NewFixture(t, *cast, testkit.FixtureOpts{Private: true})
	testkit.Matrix(t, cast.Columns(), []row{
		{"PUT", "/api/me/calendario", map[string]any{"groupId": f.Group.ID}, testkit.Expect{401, 404, 200, 200, 200, 403}},
	}, func(c row) (string, testkit.Expect) { return "group feed of a private group", c.want }, send)
}
