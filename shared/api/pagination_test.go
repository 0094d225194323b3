package api

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"
)

func TestCursorRoundTripAndTamperProof(t *testing.T) {
	c := Cursors{Key: []byte("k1")}
	tok := c.Seal("dir:SP", map[string]string{"PK": "GROUP#1", "SK": "META"})
	req := func(cur string) *httptestReq { return &httptestReq{cur} }
	got, err := c.Open(req(*tok).r(), "dir:SP")
	if err != nil || got["PK"] != "GROUP#1" {
		t.Fatalf("round trip: %v %v", got, err)
	}
	if _, err := c.Open(req(*tok).r(), "dir:RJ"); err == nil {
		t.Fatal("cursor replayed on another query was accepted")
	}
	if _, err := (Cursors{Key: []byte("k2")}).Open(req(*tok).r(), "dir:SP"); err == nil {
		t.Fatal("cursor sealed with another key was accepted")
	}
	forged := []byte(*tok)
	forged[3] ^= 1
	if _, err := c.Open(req(string(forged)).r(), "dir:SP"); err == nil {
		t.Fatal("tampered cursor accepted")
	}
	if c.Seal("x", nil) != nil {
		t.Fatal("empty position must give a nil cursor")
	}
}

func TestParseLimit(t *testing.T) {
	for raw, want := range map[string]int{"1": 1, "100": 100} {
		n, err := ParseLimit(httptest.NewRequest("GET", "/x?limit="+raw, nil))
		if err != nil || n != want {
			t.Fatalf("limit %q: %d %v", raw, n, err)
		}
	}
	for _, raw := range []string{"0", "101", "-1", "abc"} {
		if _, err := ParseLimit(httptest.NewRequest("GET", "/x?limit="+raw, nil)); err == nil {
			t.Fatalf("limit %q accepted", raw)
		}
	}
}

type httptestReq struct{ cursor string }

func (h *httptestReq) r() *http.Request {
	return httptest.NewRequest("GET", "/x?cursor="+url.QueryEscape(h.cursor), nil)
}

// ?limit= with no value is not the default: the contract's integer was not sent.
func TestEmptyLimitIsRefused(t *testing.T) {
	if _, err := ParseLimit(httptest.NewRequest("GET", "/x?limit=", nil)); err == nil {
		t.Fatal("an empty limit was taken as the default")
	}
	if n, err := ParseLimit(httptest.NewRequest("GET", "/x", nil)); err != nil || n != DefaultLimit {
		t.Fatalf("no limit: %d %v", n, err)
	}
}
