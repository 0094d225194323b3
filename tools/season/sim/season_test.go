package sim

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"

	"github.com/verde-app/verde/infra/local/cloud"
	"github.com/verde-app/verde/infra/local/testcloud"
	"github.com/verde-app/verde/shared/store"
	"github.com/verde-app/verde/tools/meter"
)

var recorder = NewRecorder("", meter.IndexesOf(store.TableInput("")))

func TestMain(m *testing.M) {
	testcloud.Run(m, cloud.Options{NoSchedules: true, Instrument: func(id string, cfg *aws.Config) { recorder.Attach(id)(cfg) }})
}

// A small season (8 members, 2 groups, 35 days: a month rolls over) through the real API: it
// plays, prices and checks every invariant, as `make season` does at full size.
func TestSmallSeason(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	cfg := Defaults()
	cfg.Members, cfg.Groups, cfg.Days, cfg.Workers, cfg.Activity = 8, 2, 35, 1, 2 // one session at a time: the same seed plays the same season
	c := testcloud.Get()
	s := New(c, recorder, cfg)
	if err := s.Run(ctx); err != nil {
		t.Fatal(err)
	}
	rep, err := s.Report(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	rep.Print(&out)
	t.Log("\n" + out.String())

	// The clock the functions ran on is the season's, not the wall clock's.
	res, err := http.Get(c.URL + cloud.ClockPath)
	if err != nil {
		t.Fatal(err)
	}
	var clock struct{ Now time.Time }
	json.NewDecoder(res.Body).Decode(&clock)
	res.Body.Close()
	if want := cfg.Start.AddDate(0, 0, cfg.Days-1); clock.Now.Before(want) {
		t.Errorf("the local cloud's clock is at %s, want the season's last day (%s) or later", clock.Now, want)
	}
	if rep.Months < 2 {
		t.Errorf("the season spanned %d month(s), want 2 (a month must roll over)", rep.Months)
	}
	u := rep.Usage
	for name, v := range map[string]float64{"API requests": u.APIRequests, "RRU": u.RRU, "WRU": u.WRU, "GB-s": u.GBSeconds,
		"photo bytes stored": u.PhotoBytesIn, "photos served": u.PhotoBytesOut, "log bytes": u.LogBytes} {
		if v <= 0 {
			t.Errorf("%s per active member-month is %v", name, v)
		}
	}
	seen := map[string]bool{}
	for _, r := range rep.Routes {
		seen[r.Route] = true
	}
	for _, want := range []string{"GET /api/feed/grupos", "POST /api/cultivos", "POST /api/cultivos/{cultivoId}/diario", "POST /api/uploads",
		"PUT s3 (presigned upload)", "GET /media/{key} (CloudFront)", "POST /api/posts", "GET /api/rankings/membros"} {
		if !seen[want] {
			t.Errorf("the season never made %s", want)
		}
	}
	if s.stats.reminders+s.stats.remindersUnfinished == 0 && len(rep.Invoked) == 0 {
		t.Error("the reminders job never ran")
	}
	if rep.Cut > 0 {
		t.Errorf("%d sessions were cut short by an unexpected answer: %v", rep.Cut, rep.CutReasons)
	}
	for _, inv := range rep.Invariants {
		if inv.Checked == 0 {
			t.Errorf("invariant %q checked nothing", inv.Name)
		}
		for _, f := range inv.Failures {
			t.Errorf("invariant %q: %s", inv.Name, f)
		}
	}
}
