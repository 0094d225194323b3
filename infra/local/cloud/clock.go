package cloud

import (
	"encoding/json"
	"net/http"
	"sync"
	"time"
)

// Clock is the local cloud's time: what every in-process function gets as its Now (app.Deps.Now
// and store.Store.Now). It runs with the wall clock, shifted by an offset a test may set through
// ClockPath, so that a simulated season (tools/season) lets days and months pass: reminders fall
// due, monthly rankings roll over. Only the local cloud has it: a deployed function's Now is
// time.Now, and ClockPath is served by the local cloud's own router, never by API Gateway (it is
// not under /api and template.yaml declares no such route).
//
// Token lifetimes are not on this clock: cognito-local issues and the verifier checks access
// tokens by the wall clock, as tokens are about real time.
type Clock struct {
	mu     sync.Mutex
	offset time.Duration
	wall   func() time.Time
}

// ClockPath is the local cloud's admin endpoint for its clock: GET answers {"now": RFC 3339},
// PUT {"now": RFC 3339} moves the clock there (it then runs on from that instant), PUT
// {"now": ""} puts it back on the wall clock.
const ClockPath = "/__local/clock"

// NewClock is a clock on the wall clock.
func NewClock() *Clock { return &Clock{wall: time.Now} }

// Now is the cloud's current time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.wall().Add(c.offset)
}

// Set moves the clock to t; the zero time puts it back on the wall clock.
func (c *Clock) Set(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if t.IsZero() {
		c.offset = 0
		return
	}
	c.offset = t.Sub(c.wall())
}

type clockBody struct {
	Now string `json:"now"`
}

func (c *Clock) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch r.Method {
	case http.MethodGet:
	case http.MethodPut:
		var in clockBody
		if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<10)).Decode(&in); err != nil {
			http.Error(w, "body: {\"now\": RFC 3339 time, or \"\" for the wall clock}", http.StatusBadRequest)
			return
		}
		var t time.Time
		if in.Now != "" {
			var err error
			if t, err = time.Parse(time.RFC3339Nano, in.Now); err != nil {
				http.Error(w, "now: "+err.Error(), http.StatusBadRequest)
				return
			}
		}
		c.Set(t)
	default:
		w.Header().Set("Allow", "GET, PUT")
		http.Error(w, "GET or PUT", http.StatusMethodNotAllowed)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(clockBody{Now: c.Now().UTC().Format(time.RFC3339Nano)})
}
