package kit

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/verde-app/verde/shared/api"
	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/auth"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
)

// IdempotencyHeader is the header every create takes (openapi.yaml's
// IdempotencyKey parameter); the SPA sends a fresh one with each create.
const IdempotencyHeader = "Idempotency-Key"

// ReplayedHeader marks an answer sent again for a repeated request.
const ReplayedHeader = "Idempotent-Replayed"

// answerWait bounds how long a repeat waits for the first request to answer
// (a double click arrives while the first is still writing): a few GetItems.
var answerWait = []time.Duration{50 * time.Millisecond, 100 * time.Millisecond, 200 * time.Millisecond, 400 * time.Millisecond, 800 * time.Millisecond}

// Idempotent makes a create safe to repeat (store/idempotency.go): with an
// Idempotency-Key, the act's own transaction takes the key, its first answer
// is remembered for a day, and a repeat (same user, same key, same request)
// gets that answer again instead of a second act. A key reused for another
// request is a 409; a malformed key (an empty one too) a 400. Without the header the create
// runs as is (API clients that do not retry). Costs one GetItem before the
// act and one UpdateItem after it (a refused create: one more GetItem, in
// case a repeat acted meanwhile and its answer is the one to give).
func Idempotent(d app.Deps, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		vals, present := r.Header[http.CanonicalHeaderKey(IdempotencyHeader)]
		key := r.Header.Get(IdempotencyHeader)
		c := auth.FromContext(r.Context())
		if !present || c == nil {
			next.ServeHTTP(w, r)
			return
		}
		// A header sent empty (or twice) is a malformed key, not an absent one:
		// the contract's pattern refuses it.
		if len(vals) != 1 || !domain.ValidIdempotencyKey(key) {
			api.WriteError(w, r, domain.ErrIdempotencyKeyInvalid())
			return
		}
		body, err := io.ReadAll(io.LimitReader(r.Body, api.MaxBodyBytes+1))
		if err != nil {
			api.WriteError(w, r, domain.ErrBodyUnreadable())
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		claim := &store.IdempotencyClaim{UserID: c.Sub, Key: key, Fingerprint: fingerprint(r, body)}

		prev, found, err := d.Store.Remembered(r.Context(), c.Sub, key)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		if found {
			replay(w, r, d, claim, prev)
			return
		}

		rec := &recorder{header: http.Header{}, status: http.StatusOK}
		next.ServeHTTP(rec, r.WithContext(store.WithIdempotency(r.Context(), claim)))
		switch {
		case claim.Repeated():
			// Another request with this key wrote the act first: answer as it did.
			waitAndReplay(w, r, d, claim)
			return
		case !claim.Written() && rec.status >= 400:
			// Refused, perhaps because a repeat of this very request acted in between (its act
			// committed after our first read): if the key is taken now, that act is the answer.
			if prev, found, err := d.Store.Remembered(r.Context(), c.Sub, key); err == nil && found {
				replay(w, r, d, claim, prev)
				return
			}
		case claim.Written() && rec.status < 300:
			// The act is done whatever happens now; a failure here only means a repeat
			// will be told the request is still being processed.
			if err := d.Store.Remember(context.WithoutCancel(r.Context()), c.Sub, key, store.Answer{
				Status: rec.status, Body: rec.body.Bytes(), Location: rec.header.Get("Location"),
			}); err != nil {
				slog.ErrorContext(r.Context(), "remember idempotent answer", "requestId", api.RequestIDFrom(r.Context()), "err", err)
			}
		}
		rec.sendTo(w)
	})
}

// fingerprint identifies a request: the same key with another method, path
// or body is another request.
func fingerprint(r *http.Request, body []byte) string {
	h := sha256.New()
	io.WriteString(h, r.Method+" "+r.URL.Path+"\n")
	h.Write(body)
	return hex.EncodeToString(h.Sum(nil))
}

// Creates names what a create is about to make, by its GET path, before
// the act: the path is stored with the key in the act's transaction, so a
// repeat can answer with the resource (200, Idempotent-Replayed) even when
// the first request committed and then ended without answering.
func Creates(r *http.Request, path string) {
	if c := store.ClaimFrom(r.Context()); c != nil {
		c.Resource = path
	}
}

// firstIsOver reports that the request that took the key has ended for sure
// (it runs at most api.RequestDeadline): an answer still missing will never come.
func firstIsOver(prev store.Answer) bool {
	return !prev.CreatedAt.IsZero() && time.Since(prev.CreatedAt) > api.RequestDeadline+time.Second
}

// rebuild answers a repeat whose first request committed but never answered
// with the GET of what it made, through the area's own mux and the caller's
// own token: 200 and Idempotent-Replayed, or the repeat's 409 if there is
// nothing to show.
func rebuild(w http.ResponseWriter, r *http.Request, prev store.Answer) {
	mux := api.MuxFrom(r.Context())
	if prev.Resource == "" || mux == nil {
		api.WriteError(w, r, domain.ErrRepeatedRequest())
		return
	}
	get, err := http.NewRequestWithContext(r.Context(), http.MethodGet, prev.Resource, nil)
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	get.Header.Set("Authorization", r.Header.Get("Authorization"))
	rec := &recorder{header: http.Header{}, status: http.StatusOK}
	mux.ServeHTTP(rec, get)
	if rec.status != http.StatusOK {
		api.WriteError(w, r, domain.ErrRepeatedRequest())
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set(ReplayedHeader, "true")
	w.Header().Set("Location", prev.Resource)
	w.WriteHeader(http.StatusOK)
	w.Write(rec.body.Bytes())
}

func waitAndReplay(w http.ResponseWriter, r *http.Request, d app.Deps, claim *store.IdempotencyClaim) {
	var last store.Answer
	for _, pause := range answerWait {
		select {
		case <-r.Context().Done():
			api.WriteError(w, r, domain.ErrRepeatedRequest())
			return
		case <-time.After(pause):
		}
		prev, found, err := d.Store.Remembered(r.Context(), claim.UserID, claim.Key)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		if found && (prev.Status != 0 || prev.Fingerprint != claim.Fingerprint) {
			replay(w, r, d, claim, prev)
			return
		}
		last = prev
		if found && firstIsOver(prev) {
			break
		}
	}
	if firstIsOver(last) {
		rebuild(w, r, last)
		return
	}
	api.WriteError(w, r, domain.ErrRepeatedRequest())
}

// replay answers a repeat with the first request's answer.
func replay(w http.ResponseWriter, r *http.Request, d app.Deps, claim *store.IdempotencyClaim, prev store.Answer) {
	switch {
	case prev.Fingerprint != claim.Fingerprint:
		api.WriteError(w, r, domain.ErrIdempotencyKeyReused())
	case prev.Status == 0 && firstIsOver(prev):
		// Committed, but the first request ended without answering.
		rebuild(w, r, prev)
	case prev.Status == 0:
		// Taken but not answered yet: the first request is still writing.
		waitAndReplay(w, r, d, claim)
	default:
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.Header().Set(ReplayedHeader, "true")
		if prev.Location != "" {
			w.Header().Set("Location", prev.Location)
		}
		w.WriteHeader(prev.Status)
		w.Write(prev.Body)
	}
}

// recorder holds a create's answer until it is remembered.
type recorder struct {
	header http.Header
	status int
	body   bytes.Buffer
	wrote  bool
}

func (rc *recorder) Header() http.Header { return rc.header }
func (rc *recorder) Write(b []byte) (int, error) {
	rc.wrote = true
	return rc.body.Write(b)
}
func (rc *recorder) WriteHeader(status int) {
	if !rc.wrote {
		rc.status, rc.wrote = status, true
	}
}

func (rc *recorder) sendTo(w http.ResponseWriter) {
	for k, v := range rc.header {
		w.Header()[k] = v
	}
	w.WriteHeader(rc.status)
	w.Write(rc.body.Bytes())
}
