// Package httpenc is the content negotiation of compressed bytes, in one place: the API's
// gzip middleware (in Lambda behind API Gateway and in the local cloud alike) and the local
// cloud's serving of the SPA's precompressed assets (as CloudFront does in AWS).
package httpenc

import (
	"bytes"
	"compress/gzip"
	"net/http"
	"strconv"
	"strings"
	"sync"
)

// Accepts reports whether an Accept-Encoding header value allows coding (RFC 9110 §12.5.3):
// named with a q above zero, or covered by "*" and not named with q=0.
func Accepts(acceptEncoding, coding string) bool {
	star := false
	for part := range strings.SplitSeq(acceptEncoding, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		name = strings.ToLower(strings.TrimSpace(name))
		q := 1.0
		for p := range strings.SplitSeq(params, ";") {
			k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
			if ok && strings.EqualFold(strings.TrimSpace(k), "q") {
				if f, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil {
					q = f
				}
			}
		}
		switch name {
		case coding:
			return q > 0
		case "*":
			star = q > 0
		}
	}
	return star
}

// Negotiate picks the first of offered (in the server's order of preference) that
// acceptEncoding allows, or "" for identity.
func Negotiate(acceptEncoding string, offered ...string) string {
	if acceptEncoding == "" {
		return ""
	}
	for _, c := range offered {
		if Accepts(acceptEncoding, c) {
			return c
		}
	}
	return ""
}

// MinSize is the smallest body worth compressing: below it the gzip header and the CPU cost
// more than the bytes saved (CloudFront's own threshold is 1,000 bytes too).
const MinSize = 1000

var gzipWriters = sync.Pool{New: func() any {
	w, _ := gzip.NewWriterLevel(nil, gzip.DefaultCompression)
	return w
}}

// Gzip compresses a response with gzip when the request accepts it, the body is at least
// MinSize bytes and the handler set no Content-Encoding of its own; otherwise the reply goes
// out as written. It buffers the body, as a Lambda response is buffered anyway, and always
// sets Vary: Accept-Encoding so a cache never serves one encoding to a client of the other.
func Gzip(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Add("Vary", "Accept-Encoding")
		if r.Method == http.MethodHead || !Accepts(r.Header.Get("Accept-Encoding"), "gzip") {
			next.ServeHTTP(w, r)
			return
		}
		bw := &bufferedWriter{ResponseWriter: w, status: http.StatusOK}
		next.ServeHTTP(bw, r)
		bw.finish()
	})
}

type bufferedWriter struct {
	http.ResponseWriter
	status      int
	wroteHeader bool
	buf         bytes.Buffer
}

func (b *bufferedWriter) WriteHeader(status int) {
	if !b.wroteHeader {
		b.status, b.wroteHeader = status, true
	}
}

func (b *bufferedWriter) Write(p []byte) (int, error) {
	b.wroteHeader = true
	return b.buf.Write(p)
}

func (b *bufferedWriter) finish() {
	h := b.Header()
	body := b.buf.Bytes()
	if b.buf.Len() < MinSize || h.Get("Content-Encoding") != "" || b.status == http.StatusNoContent ||
		b.status == http.StatusNotModified {
		b.ResponseWriter.WriteHeader(b.status)
		b.ResponseWriter.Write(body)
		return
	}
	var out bytes.Buffer
	zw := gzipWriters.Get().(*gzip.Writer)
	zw.Reset(&out)
	zw.Write(body)
	zw.Close()
	gzipWriters.Put(zw)
	if h.Get("Content-Type") == "" {
		h.Set("Content-Type", http.DetectContentType(body))
	}
	h.Set("Content-Encoding", "gzip")
	h.Set("Content-Length", strconv.Itoa(out.Len()))
	b.ResponseWriter.WriteHeader(b.status)
	b.ResponseWriter.Write(out.Bytes())
}
