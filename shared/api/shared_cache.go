package api

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"net/http"
	"strings"
	"time"
)

// Shared replies: what the routes under /api/public/ answer is the same for
// everyone who asks the same address (the catalogue, Plante agora of a UF,
// a vegetable's guides, the banners of a UF), so CloudFront and the browser
// may keep it. Those routes read no token (CloudFront's /api/public/*
// behaviour forwards none, and keys its cache on the path and the query
// string only: template.yaml PublicApiCachePolicy); every other /api route
// stays no-store (NoStore) behind a behaviour that never caches.
//
// Shared marks a 200 reply cacheable for maxAge by the browser and sMaxAge
// by CloudFront, with a validator (a weak ETag of the body, weak because
// CloudFront and the API compress it or not) that answers 304 with no body
// when the request's If-None-Match holds it. Other replies keep no-store.
func Shared(maxAge, sMaxAge time.Duration) Middleware {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			rec := NewRecorder(w.Header())
			next.ServeHTTP(rec, r)
			if rec.Status != http.StatusOK {
				w.WriteHeader(rec.Status)
				w.Write(rec.Body.Bytes())
				return
			}
			sum := sha256.Sum256(rec.Body.Bytes())
			etag := `W/"` + base64.RawURLEncoding.EncodeToString(sum[:12]) + `"`
			h := w.Header()
			h.Set("Cache-Control", fmt.Sprintf("public, max-age=%d, s-maxage=%d", int(maxAge.Seconds()), int(sMaxAge.Seconds())))
			h.Set("ETag", etag)
			if matches(r.Header.Get("If-None-Match"), etag) {
				h.Del("Content-Type")
				h.Del("Content-Length")
				w.WriteHeader(http.StatusNotModified)
				return
			}
			w.WriteHeader(http.StatusOK)
			w.Write(rec.Body.Bytes())
		})
	}
}

// matches reports whether an If-None-Match header names etag (weak comparison, as for GET).
func matches(header, etag string) bool {
	if header == "" {
		return false
	}
	want := strings.TrimPrefix(etag, "W/")
	for tag := range strings.SplitSeq(header, ",") {
		tag = strings.TrimSpace(tag)
		if tag == "*" || strings.TrimPrefix(tag, "W/") == want {
			return true
		}
	}
	return false
}

// Recorder holds a reply in memory: a shared reply until its validator is
// known, a dashboard section until it joins the page.
type Recorder struct {
	header http.Header
	Status int
	Body   bytes.Buffer
}

// NewRecorder is an empty reply with header as its header, 200 until told otherwise.
func NewRecorder(header http.Header) *Recorder {
	return &Recorder{header: header, Status: http.StatusOK}
}

func (b *Recorder) Header() http.Header         { return b.header }
func (b *Recorder) WriteHeader(code int)        { b.Status = code }
func (b *Recorder) Write(p []byte) (int, error) { return b.Body.Write(p) }
