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
			rec := &bufferedReply{header: w.Header(), status: http.StatusOK}
			next.ServeHTTP(rec, r)
			if rec.status != http.StatusOK {
				w.WriteHeader(rec.status)
				w.Write(rec.body.Bytes())
				return
			}
			sum := sha256.Sum256(rec.body.Bytes())
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
			w.Write(rec.body.Bytes())
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

// bufferedReply holds a reply until its validator is known.
type bufferedReply struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (b *bufferedReply) Header() http.Header         { return b.header }
func (b *bufferedReply) WriteHeader(code int)        { b.status = code }
func (b *bufferedReply) Write(p []byte) (int, error) { return b.body.Write(p) }
