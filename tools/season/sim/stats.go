package sim

import (
	"fmt"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"github.com/verde-app/verde/tools/meter"
)

// Stats aggregates the season's requests as they happen.
type Stats struct {
	mu       sync.Mutex
	routes   map[string]*RouteStats
	active   map[int]map[int]bool // month → members with a session
	sessions map[int]int          // month → sessions
	invoked  map[string]*RouteStats

	photoBytesStored int64
	photosStored     int
	n                atomic.Int64

	reminders, remindersUnfinished int
	cut                            int
	cutReasons                     []string
	cognitoSignUps                 int
	deletedAccounts                int
	failures                       []string
	slowest                        time.Duration
	slowestRoute                   string
	wall                           time.Duration
	LogBytes                       atomic.Int64
}

// RouteStats is one route's totals over the season.
type RouteStats struct {
	Route       string
	N           int
	Status5xx   int
	Status4xx   int
	Bytes       int64
	Calls       int
	ByOp        map[string]int
	Units       meter.Units
	Took        time.Duration
	LocalDynamo time.Duration
	ModelledMs  float64 // billed Lambda milliseconds (see billedMs)
	MaxCalls    int
	MaxUnits    meter.Units
	MaxTook     time.Duration
	API         bool
}

func newStats() *Stats {
	return &Stats{routes: map[string]*RouteStats{}, active: map[int]map[int]bool{}, sessions: map[int]int{}, invoked: map[string]*RouteStats{}}
}

func (s *Stats) requests() int64 { return s.n.Load() }

func (s *Stats) session(member, month int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.active[month] == nil {
		s.active[month] = map[int]bool{}
	}
	s.active[month][member] = true
	s.sessions[month]++
}

func (s *Stats) photoStored(n int) {
	s.mu.Lock()
	s.photoBytesStored += int64(n)
	s.photosStored++
	s.mu.Unlock()
}

// awsLatency is an in-region round trip of each DynamoDB operation from Lambda (typical p50s;
// what the function waits for in AWS instead of DynamoDB Local's time here).
var awsLatency = map[string]time.Duration{
	"GetItem": 4 * time.Millisecond, "Query": 6 * time.Millisecond, "BatchGetItem": 8 * time.Millisecond,
	"PutItem": 6 * time.Millisecond, "UpdateItem": 6 * time.Millisecond, "DeleteItem": 6 * time.Millisecond,
	"TransactWriteItems": 15 * time.Millisecond, "TransactGetItems": 10 * time.Millisecond, "BatchWriteItem": 12 * time.Millisecond,
	"Scan": 20 * time.Millisecond,
}

// billedMs is what Lambda would bill for a request: the function's own time here (the request's
// time less DynamoDB Local's and the meter's own item reads) plus AWS's latency for each call,
// rounded up to the millisecond.
func billedMs(took time.Duration, calls []meter.Call) float64 {
	own := took
	var aws time.Duration
	for _, c := range calls {
		own -= c.Took + c.Overhead
		l, ok := awsLatency[c.Op]
		if !ok {
			l = 6 * time.Millisecond
		}
		aws += l
	}
	own = max(own, time.Millisecond)
	ms := float64((own + aws).Microseconds()) / 1000
	if ms != float64(int(ms)) {
		ms = float64(int(ms) + 1)
	}
	return ms
}

func (s *Stats) add(r Request) {
	s.n.Add(1)
	s.mu.Lock()
	defer s.mu.Unlock()
	rs := s.routes[r.Route]
	if rs == nil {
		rs = &RouteStats{Route: r.Route, ByOp: map[string]int{}, API: r.API}
		s.routes[r.Route] = rs
	}
	rs.N++
	if r.Status >= 500 {
		rs.Status5xx++
		s.failures = append(s.failures, r.Route+": "+http5xx(r.Status))
	} else if r.Status >= 400 {
		rs.Status4xx++
	}
	rs.Bytes += int64(r.Bytes)
	rs.Took += r.Took
	rs.MaxTook = max(rs.MaxTook, r.Took)
	if r.API && r.Took > s.slowest {
		s.slowest, s.slowestRoute = r.Took, r.Route
	}
	var u meter.Units
	for _, c := range r.Calls {
		rs.Calls++
		rs.ByOp[c.Op]++
		u = u.Add(c.Units)
		rs.LocalDynamo += c.Took
	}
	rs.Units = rs.Units.Add(u)
	if len(r.Calls) > rs.MaxCalls {
		rs.MaxCalls = len(r.Calls)
	}
	if u.Read > rs.MaxUnits.Read {
		rs.MaxUnits.Read = u.Read
	}
	if u.Write > rs.MaxUnits.Write {
		rs.MaxUnits.Write = u.Write
	}
	if r.API {
		rs.ModelledMs += billedMs(r.Took, r.Calls)
	}
}

func http5xx(status int) string { return fmt.Sprintf("status %d", status) }

// invocation records a function run outside the API (a scheduled job, an async one).
func (s *Stats) invocation(fn string, took time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	rs := s.invoked[fn]
	if rs == nil {
		rs = &RouteStats{Route: fn, ByOp: map[string]int{}}
		s.invoked[fn] = rs
	}
	rs.N++
	rs.Took += took
}

// callsOutsideRequests adds the DynamoDB calls no API request made (triggers, jobs) to their
// functions' totals.
func (s *Stats) callsOutsideRequests(calls []meter.Call) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, c := range calls {
		if c.Function == "" {
			continue // the local cloud's own bootstrap, not a function
		}
		rs := s.invoked[c.Function]
		if rs == nil {
			rs = &RouteStats{Route: c.Function, ByOp: map[string]int{}}
			s.invoked[c.Function] = rs
		}
		rs.Calls++
		rs.ByOp[c.Op]++
		rs.Units = rs.Units.Add(c.Units)
		rs.LocalDynamo += c.Took
		l, ok := awsLatency[c.Op]
		if !ok {
			l = 6 * time.Millisecond
		}
		rs.ModelledMs += float64(l.Milliseconds())
	}
}

func (s *Stats) sortedRoutes() []*RouteStats {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]*RouteStats, 0, len(s.routes))
	for _, r := range s.routes {
		out = append(out, r)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].N != out[j].N {
			return out[i].N > out[j].N
		}
		return out[i].Route < out[j].Route
	})
	return out
}

// memberMonths is the number of (member, month) pairs with a session, and the months played.
func (s *Stats) memberMonths() (int, int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, ms := range s.active {
		n += len(ms)
	}
	return n, len(s.active)
}

// cutShort records a session ended by an answer the member did not expect.
func (s *Stats) cutShort(who string, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.cut++
	if len(s.cutReasons) < 20 {
		s.cutReasons = append(s.cutReasons, who+": "+err.Error())
	}
}
