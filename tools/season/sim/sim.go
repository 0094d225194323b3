// Package sim plays a season of a Verde community through the real HTTP API of a local cloud
// (`make season`, tools/season): members sign up in Cognito, form groups and join them, plant
// cultivos from the catalogue in season for their group's UF, keep diaries with photos sent
// through presigned uploads, harvest, post, like, comment, report and moderate, read their
// notifications, rankings and dashboards, leave groups, and a few delete their accounts. Time
// passes on the local cloud's clock (cloud.ClockPath), day by day, with the daily reminders job
// run at its scheduled hour, so months and monthly rankings really roll over. Every request and
// every DynamoDB call it causes is recorded (meter.Recorder); Report prints what a month of an
// active member costs and the invariants that must hold at the end.
package sim

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"io"
	"log/slog"
	"math"
	"math/rand/v2"
	"net/http"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	cip "github.com/aws/aws-sdk-go-v2/service/cognitoidentityprovider"
	"github.com/aws/aws-sdk-go-v2/service/cognitoidentityprovider/types"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/verde-app/verde/infra/local/cloud"
	"github.com/verde-app/verde/tools/meter"
)

// Config is a season's size and seed.
type Config struct {
	Members int
	Groups  int
	// Days is how long the season runs (365: a year).
	Days int
	Seed uint64
	// Start is the season's first day (the local cloud's clock is moved there).
	Start time.Time
	// Workers is how many sessions run at once within an hour of the clock.
	Workers int
	// Activity multiplies every member's sessions per week (1: the realistic mix in profiles).
	Activity float64
	// Log receives progress lines; FunctionLog (optional) the functions' own log lines, as
	// CloudWatch would (they are counted either way).
	Log, FunctionLog io.Writer
}

// Defaults are `make season`'s: 300 members in 12 groups over a year.
func Defaults() Config {
	return Config{Members: 300, Groups: 12, Days: 365, Seed: 20261125, Workers: 4, Activity: 1,
		Start: time.Date(2027, 1, 4, 3, 0, 0, 0, time.UTC), Log: io.Discard}
}

// Sim is one season in progress.
type Sim struct {
	cfg   Config
	cloud *cloud.Cloud
	rec   *meter.Recorder
	api   *client
	idp   *cip.Client
	stats *Stats

	rngMu sync.Mutex
	rng   *rand.Rand

	members []*member
	groups  []*group
	admin   *member

	mu     sync.Mutex
	today  time.Time // the simulated day (Brasília midnight, in UTC)
	month  int       // 0-based month of the season
	photos []photo   // a few real small JPEGs of different sizes

	invariants []*Invariant
}

// New prepares a season against c, whose functions record their DynamoDB calls in rec.
func New(c *cloud.Cloud, rec *meter.Recorder, cfg Config) *Sim {
	if cfg.Log == nil {
		cfg.Log = io.Discard
	}
	s := &Sim{cfg: cfg, cloud: c, rec: rec, rng: rand.New(rand.NewPCG(cfg.Seed, cfg.Seed^0x5eed)), stats: newStats()}
	s.api = &client{base: c.URL, http: &http.Client{Timeout: 60 * time.Second}, rec: rec, sink: s.stats.add}
	s.idp = c.CognitoAsSite()
	// The functions' own log lines (log/slog's default, as in Lambda), counted as CloudWatch
	// would ingest them.
	var logs io.Writer = byteCounter{&s.stats.LogBytes}
	if cfg.FunctionLog != nil {
		logs = io.MultiWriter(logs, cfg.FunctionLog)
	}
	slog.SetDefault(slog.New(slog.NewTextHandler(logs, nil)))
	for _, wh := range [][2]int{{320, 240}, {480, 360}, {640, 480}, {800, 600}} {
		s.photos = append(s.photos, photo{data: jpegOf(wh[0], wh[1], len(s.photos)), w: wh[0], h: wh[1]})
	}
	return s
}

// NewRecorder is the recorder a season's cloud must be started with (cloud.Options.Instrument:
// rec.Attach): its uninstrumented client reads DynamoDB Local from the environment the cloud
// sets for its functions.
func NewRecorder(table string, indexes []meter.Index) *meter.Recorder {
	return meter.NewLazyRecorder(table, indexes)
}

func (s *Sim) logf(format string, args ...any) {
	fmt.Fprintf(s.cfg.Log, "season: "+format+"\n", args...)
}

func (s *Sim) intn(n int) int {
	if n <= 0 {
		return 0
	}
	s.rngMu.Lock()
	defer s.rngMu.Unlock()
	return s.rng.IntN(n)
}

func (s *Sim) chance(p float64) bool {
	s.rngMu.Lock()
	defer s.rngMu.Unlock()
	return s.rng.Float64() < p
}

func (s *Sim) poisson(lambda float64) int {
	s.rngMu.Lock()
	defer s.rngMu.Unlock()
	l, k, p := math.Exp(-lambda), 0, 1.0
	for {
		p *= s.rng.Float64()
		if p <= l {
			return k
		}
		k++
	}
}

// setClock moves the local cloud's clock through its admin endpoint.
func (s *Sim) setClock(ctx context.Context, t time.Time) error {
	body, _ := json.Marshal(map[string]string{"now": t.UTC().Format(time.RFC3339Nano)})
	req, _ := http.NewRequestWithContext(ctx, http.MethodPut, s.cloud.URL+cloud.ClockPath, bytes.NewReader(body))
	res, err := s.api.http.Do(req)
	if err != nil {
		return err
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("clock: %s", res.Status)
	}
	return nil
}

// Run plays the season and checks the invariants; the report is in s.Report().
func (s *Sim) Run(ctx context.Context) error {
	started := time.Now()
	if err := s.setClock(ctx, s.cfg.Start); err != nil {
		return err
	}
	s.today = s.cfg.Start
	if err := s.cast(ctx); err != nil {
		return err
	}
	s.logf("%d members signed up, %d groups (sizes %s) in %s", len(s.members), len(s.groups), s.groupSizes(), time.Since(started).Round(time.Second))
	for day := 0; day < s.cfg.Days; day++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		date := s.cfg.Start.AddDate(0, 0, day)
		s.mu.Lock()
		s.today = date
		s.month = monthIndex(s.cfg.Start, date)
		s.mu.Unlock()
		if err := s.playDay(ctx, date); err != nil {
			return err
		}
		if day%30 == 29 || day == s.cfg.Days-1 {
			s.logf("day %d/%d (%s): %d requests so far, %s", day+1, s.cfg.Days, brasilia(date).Format("2006-01-02"),
				s.stats.requests(), time.Since(started).Round(time.Second))
		}
	}
	s.stats.wall = time.Since(started)
	s.logf("season played in %s; checking the invariants", s.stats.wall.Round(time.Second))
	return s.checkInvariants(ctx)
}

func monthIndex(start, t time.Time) int {
	a, b := brasilia(start), brasilia(t)
	return (b.Year()-a.Year())*12 + int(b.Month()) - int(a.Month())
}

// brasilia is t in Brasília (UTC−3, no daylight saving since 2019).
func brasilia(t time.Time) time.Time { return t.In(time.FixedZone("BRT", -3*3600)) }

func (s *Sim) dateBR() string { return brasilia(s.now()).Format("2006-01-02") }

// now is the simulated time as last set (the clock runs on by the wall clock between sets:
// seconds, within the same hour).
func (s *Sim) now() time.Time {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.today
}

func (s *Sim) currentMonth() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.month
}

// playDay: the reminders job at its hour (10:00 UTC, repeated every 15 minutes while it has
// more, as its schedule in template.yaml), then each member's sessions of the day, hour by hour.
func (s *Sim) playDay(ctx context.Context, date time.Time) error {
	type session struct {
		m    *member
		hour int
	}
	var sessions []session
	for _, m := range s.members {
		if m.deleted {
			continue
		}
		for range s.poisson(m.perWeek * s.cfg.Activity / 7) {
			sessions = append(sessions, session{m, 7 + s.intn(16)}) // 07:00–22:59 in Brasília
		}
	}
	sort.SliceStable(sessions, func(i, j int) bool { return sessions[i].hour < sessions[j].hour })
	remindersDone := false
	for h := 0; h < 24; h++ {
		at := date.Add(time.Duration(h) * time.Hour) // date is 00:00 in Brasília (03:00 UTC)
		if !remindersDone && at.UTC().Hour() >= 10 {
			if err := s.runReminders(ctx, date); err != nil {
				return err
			}
			if err := s.runDigest(ctx, date); err != nil {
				return err
			}
			remindersDone = true
		}
		var hour []session
		for _, x := range sessions {
			if x.hour == h {
				hour = append(hour, x)
			}
		}
		if len(hour) == 0 {
			continue
		}
		s.mu.Lock()
		s.today = at.Add(time.Duration(s.intn(50)) * time.Minute)
		s.mu.Unlock()
		if err := s.setClock(ctx, s.now()); err != nil {
			return err
		}
		// The views job (ViewsJobFunction, every 15 minutes in AWS: the rankings' snapshots, the
		// month's on every run, all time's and each group's when an hour old), once before each
		// hour's sessions: the local cloud's own timer is off (cloud.Options.NoSchedules).
		if err := s.invoke(ctx, "ViewsJobFunction", map[string]string{"kind": "rankings"}, nil); err != nil {
			return err
		}
		sem := make(chan struct{}, max(1, s.cfg.Workers))
		var wg sync.WaitGroup
		var firstErr atomic.Pointer[error]
		busy := map[*member]bool{}
		for _, x := range hour {
			if busy[x.m] {
				continue // one session a member an hour
			}
			busy[x.m] = true
			wg.Add(1)
			sem <- struct{}{}
			go func(m *member) {
				defer wg.Done()
				defer func() { <-sem }()
				if err := s.session(ctx, m); err != nil {
					if ctx.Err() != nil {
						firstErr.CompareAndSwap(nil, &err)
						return
					}
					// An answer the member did not expect ends their session (the 5xx among
					// them fail the season's invariants); the season goes on.
					s.stats.cutShort(m.name, err)
				}
			}(x.m)
		}
		wg.Wait()
		if p := firstErr.Load(); p != nil {
			return *p
		}
	}
	return nil
}

// runReminders invokes RemindersFunction as EventBridge does: at 10:00 UTC and every 15 minutes
// until 11:45 while a run says it has not finished the day.
func (s *Sim) runReminders(ctx context.Context, date time.Time) error {
	day := time.Date(date.Year(), date.Month(), date.Day(), 10, 0, 0, 0, time.UTC)
	if date.UTC().Hour() > 10 { // date is 03:00 UTC of its Brasília day
		day = day.AddDate(0, 0, 1)
	}
	for run := 0; run < 8; run++ {
		at := day.Add(time.Duration(run*15) * time.Minute)
		s.mu.Lock()
		s.today = at
		s.mu.Unlock()
		if err := s.setClock(ctx, at); err != nil {
			return err
		}
		var res struct {
			Concluido bool `json:"concluido"`
			Enviados  int  `json:"enviados"`
		}
		if err := s.invoke(ctx, "RemindersFunction", map[string]string{"source": "aws.scheduler"}, &res); err != nil {
			return err
		}
		s.stats.reminders += res.Enviados
		if res.Concluido {
			return nil
		}
	}
	s.stats.remindersUnfinished++
	return nil
}

// runDigest invokes DigestFunction as its weekly schedule does: Mondays at 11:00 UTC.
func (s *Sim) runDigest(ctx context.Context, date time.Time) error {
	if brasilia(date).Weekday() != time.Monday {
		return nil
	}
	at := time.Date(date.Year(), date.Month(), date.Day(), 11, 0, 0, 0, time.UTC)
	if date.UTC().Hour() > 11 {
		at = at.AddDate(0, 0, 1)
	}
	s.mu.Lock()
	s.today = at
	s.mu.Unlock()
	if err := s.setClock(ctx, at); err != nil {
		return err
	}
	return s.invoke(ctx, "DigestFunction", map[string]string{"source": "aws.scheduler"}, nil)
}

// invoke calls a function through the local cloud's Lambda Invoke endpoint and records its
// DynamoDB calls as that function's.
func (s *Sim) invoke(ctx context.Context, fn string, payload, out any) error {
	raw, _ := json.Marshal(payload)
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, s.cloud.URL+cloud.InvokePathPrefix+fn+"/invocations", bytes.NewReader(raw))
	start := time.Now()
	res, err := s.api.http.Do(req)
	if err != nil {
		return err
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	s.stats.invocation(fn, time.Since(start))
	if res.Header.Get("X-Amz-Function-Error") != "" || res.StatusCode != http.StatusOK {
		s.stats.failures = append(s.stats.failures, fmt.Sprintf("%s failed: %s", fn, body))
		return nil
	}
	if out != nil {
		json.Unmarshal(body, out)
	}
	return nil
}

// photo is a JPEG and its size in pixels (POST /api/uploads declares it).
type photo struct {
	data []byte
	w, h int
}

// jpegOf is a real small JPEG: a gradient with some noise (so it compresses like a photo).
func jpegOf(w, h, seed int) []byte {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	r := rand.New(rand.NewPCG(uint64(seed), 7))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			n := uint8(r.IntN(40))
			img.Set(x, y, color.RGBA{R: uint8(x*200/w) + n, G: 120 + n, B: uint8(y*180/h) + n/2, A: 255})
		}
	}
	var buf bytes.Buffer
	jpeg.Encode(&buf, img, &jpeg.Options{Quality: 75})
	return buf.Bytes()
}

// signUp makes a member's Cognito account as the SPA does (SignUp through the local cloud's
// Cognito proxy: PreSignUp confirms it, PostConfirmation writes the profile) and signs in.
func (s *Sim) signUp(ctx context.Context, m *member) error {
	_, err := s.idp.SignUp(ctx, &cip.SignUpInput{
		ClientId: aws.String(s.cloud.ClientID), Username: aws.String(m.email), Password: aws.String(password),
		UserAttributes: []types.AttributeType{{Name: aws.String("email"), Value: aws.String(m.email)}, {Name: aws.String("name"), Value: aws.String(m.name)}},
	})
	if err != nil {
		return fmt.Errorf("sign up %s: %w", m.email, err)
	}
	s.stats.cognitoSignUps++
	m.idp, m.clientID = s.idp, s.cloud.ClientID
	tok, err := m.token(ctx)
	if err != nil {
		return err
	}
	// Most type the code Cognito e-mails them (the SPA's banner); only a verified member's likes
	// pay their author (docs/fair-play.md, "Who earns").
	if s.chance(0.85) {
		return s.verifyEmail(ctx, m, tok)
	}
	return nil
}

// verifyEmail asks Cognito for the e-mail's code as the SPA does and types it (the local cloud
// keeps the last code it "sent": cloud.EmailCode).
func (s *Sim) verifyEmail(ctx context.Context, m *member, token string) error {
	if _, err := s.idp.GetUserAttributeVerificationCode(ctx, &cip.GetUserAttributeVerificationCodeInput{
		AccessToken: aws.String(token), AttributeName: aws.String("email"),
	}); err != nil {
		return fmt.Errorf("e-mail code for %s: %w", m.email, err)
	}
	// The local cloud reads the code from cognito-local's store, which may land a moment later
	// while other sign-ups write it.
	code := s.cloud.EmailCode(m.email)
	for try := 0; code == "" && try < 40; try++ {
		time.Sleep(50 * time.Millisecond)
		if _, err := s.idp.GetUserAttributeVerificationCode(ctx, &cip.GetUserAttributeVerificationCodeInput{
			AccessToken: aws.String(token), AttributeName: aws.String("email"),
		}); err != nil {
			return fmt.Errorf("e-mail code for %s: %w", m.email, err)
		}
		code = s.cloud.EmailCode(m.email)
	}
	if code == "" {
		s.logf("no e-mail code announced for %s: the member stays unverified", m.email)
		return nil
	}
	if _, err := s.idp.VerifyUserAttribute(ctx, &cip.VerifyUserAttributeInput{
		AccessToken: aws.String(token), AttributeName: aws.String("email"), Code: aws.String(code),
	}); err != nil {
		return fmt.Errorf("verify %s: %w", m.email, err)
	}
	m.verified = true
	return nil
}

const password = "Temporada-2027!"

func (s *Sim) groupSizes() string {
	var parts []string
	for _, g := range s.groups {
		parts = append(parts, fmt.Sprint(len(g.members)))
	}
	return strings.Join(parts, ", ")
}

// dynamo is the uninstrumented client the invariants read the table with (their reads are
// checks, not the product's).
func (s *Sim) dynamo() *dynamodb.Client { return s.cloud.DynamoDB() }

type byteCounter struct{ n *atomic.Int64 }

func (b byteCounter) Write(p []byte) (int, error) {
	b.n.Add(int64(len(p)))
	return len(p), nil
}

// MemTemp is where a season keeps its local cloud's data: /dev/shm (memory) when it has room,
// else the usual temporary directory (DynamoDB Local syncs every write to disk).
func MemTemp() string {
	var fs syscall.Statfs_t
	if err := syscall.Statfs("/dev/shm", &fs); err != nil || uint64(fs.Bavail)*uint64(fs.Bsize) < 2<<30 {
		return ""
	}
	return "/dev/shm"
}

// Seeded is a member the season left with groups, cultivos and posts with photos: what
// Lighthouse signs in as (tools/bench/lighthouse.mjs).
type Seeded struct {
	Email     string `json:"email"`
	Password  string `json:"password"`
	CultivoID string `json:"cultivoId"`
	GroupID   string `json:"groupId"`
	// Coordinator coordinates GroupID (same password).
	Coordinator string `json:"coordinator"`
	Members     int    `json:"members"`
	Days        int    `json:"days"`
	// Now is the season's clock at its end: what a cloud on its data should be set to.
	Now string `json:"now"`
}

// Seeded picks the busiest live member who still has an active cultivo.
func (s *Sim) Seeded() Seeded {
	var best *member
	for _, m := range s.members {
		if m.deleted || len(m.groupsNow()) == 0 {
			continue
		}
		open := 0
		for _, c := range m.cultivos {
			if !c.closed && !c.archived {
				open++
			}
		}
		if open == 0 {
			continue
		}
		if m.coordinates(s.groups) {
			continue
		}
		if best == nil || m.perWeek > best.perWeek || (m.perWeek == best.perWeek && len(m.cultivos) > len(best.cultivos)) {
			best = m
		}
	}
	if best == nil {
		return Seeded{}
	}
	g := best.groupsNow()[0]
	out := Seeded{Email: best.email, Password: best.pass, GroupID: g.id, Coordinator: g.coordinator.email, Members: len(s.members), Days: s.cfg.Days,
		Now: s.now().UTC().Format(time.RFC3339)}
	for _, c := range best.cultivos {
		if !c.closed && !c.archived {
			out.CultivoID = c.id
		}
	}
	return out
}
