package httpenc

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestAcceptsFollowsQValuesAndTheWildcard(t *testing.T) {
	cases := []struct {
		header, coding string
		want           bool
	}{
		{"gzip, deflate, br, zstd", "gzip", true},
		{"gzip, deflate, br, zstd", "br", true},
		{"deflate", "gzip", false},
		{"", "gzip", false},
		{"identity", "gzip", false},
		{"GZIP;q=0.5", "gzip", true},
		{"gzip;q=0", "gzip", false},
		{"gzip; q=0.000", "gzip", false},
		{"*", "br", true},
		{"*;q=0, gzip", "br", false},
		{"br;q=0, *", "br", false},
		{"x-gzip", "gzip", false},
	}
	for _, tc := range cases {
		if got := Accepts(tc.header, tc.coding); got != tc.want {
			t.Errorf("Accepts(%q, %q) = %v, want %v", tc.header, tc.coding, got, tc.want)
		}
	}
	if got := Negotiate("gzip, br", "br", "gzip"); got != "br" {
		t.Errorf("Negotiate prefers the server's order: got %q", got)
	}
	if got := Negotiate("br;q=0, gzip", "br", "gzip"); got != "gzip" {
		t.Errorf("Negotiate skips a refused coding: got %q", got)
	}
	if got := Negotiate("", "br", "gzip"); got != "" {
		t.Errorf("no header is identity: got %q", got)
	}
}

func jsonHandler(body string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusCreated)
		io.WriteString(w, body)
	})
}

func TestGzipCompressesALargeBodyOnlyForAClientThatAcceptsIt(t *testing.T) {
	large := `{"items":[` + strings.Repeat(`{"id":"lote-0001","status":"livre"},`, 200) + `{}]}`
	h := Gzip(jsonHandler(large))

	req := httptest.NewRequest("GET", "/api/x", nil)
	req.Header.Set("Accept-Encoding", "gzip, deflate, br")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusCreated || rec.Header().Get("Content-Encoding") != "gzip" {
		t.Fatalf("accepting client: %d, Content-Encoding %q", rec.Code, rec.Header().Get("Content-Encoding"))
	}
	if rec.Body.Len() >= len(large)/4 {
		t.Errorf("compressed %d bytes into %d", len(large), rec.Body.Len())
	}
	zr, err := gzip.NewReader(bytes.NewReader(rec.Body.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	plain, _ := io.ReadAll(zr)
	if string(plain) != large {
		t.Errorf("round trip lost the body")
	}
	if rec.Header().Get("Content-Type") != "application/json" || rec.Header().Get("Vary") != "Accept-Encoding" {
		t.Errorf("headers: %v", rec.Header())
	}

	for _, accept := range []string{"", "identity", "gzip;q=0", "br"} {
		req := httptest.NewRequest("GET", "/api/x", nil)
		if accept != "" {
			req.Header.Set("Accept-Encoding", accept)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Header().Get("Content-Encoding") != "" || rec.Body.String() != large || rec.Code != http.StatusCreated {
			t.Errorf("Accept-Encoding %q: Content-Encoding %q, %d bytes", accept, rec.Header().Get("Content-Encoding"), rec.Body.Len())
		}
		if rec.Header().Get("Vary") != "Accept-Encoding" {
			t.Errorf("Accept-Encoding %q: no Vary", accept)
		}
	}
}

func TestGzipLeavesSmallAndAlreadyEncodedBodiesAlone(t *testing.T) {
	small := `{"count":3}`
	req := httptest.NewRequest("GET", "/api/x", nil)
	req.Header.Set("Accept-Encoding", "gzip")
	rec := httptest.NewRecorder()
	Gzip(jsonHandler(small)).ServeHTTP(rec, req)
	if rec.Header().Get("Content-Encoding") != "" || rec.Body.String() != small {
		t.Errorf("small body: %q %q", rec.Header().Get("Content-Encoding"), rec.Body.String())
	}

	encoded := strings.Repeat("x", 5000)
	rec = httptest.NewRecorder()
	Gzip(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Encoding", "br")
		io.WriteString(w, encoded)
	})).ServeHTTP(rec, req)
	if rec.Header().Get("Content-Encoding") != "br" || rec.Body.String() != encoded {
		t.Errorf("pre-encoded body was touched")
	}
}
