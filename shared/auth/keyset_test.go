package auth_test

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/go-jose/go-jose/v4"
	"github.com/go-jose/go-jose/v4/jwt"

	"github.com/verde-app/verde/shared/auth"
)

// rotatingIssuer serves a JWKS whose keys the test may change, counting the fetches.
type rotatingIssuer struct {
	mu      sync.Mutex
	keys    map[string]*rsa.PrivateKey
	fetches atomic.Int32
	name    string
}

func newRotatingIssuer(t *testing.T) *rotatingIssuer {
	t.Helper()
	ri := &rotatingIssuer{keys: map[string]*rsa.PrivateKey{}}
	mux := http.NewServeMux()
	mux.HandleFunc("/pool/.well-known/jwks.json", func(w http.ResponseWriter, r *http.Request) {
		ri.fetches.Add(1)
		ri.mu.Lock()
		defer ri.mu.Unlock()
		var set jose.JSONWebKeySet
		for kid, k := range ri.keys {
			set.Keys = append(set.Keys, jose.JSONWebKey{Key: &k.PublicKey, KeyID: kid, Algorithm: "RS256", Use: "sig"})
		}
		json.NewEncoder(w).Encode(set)
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	ri.name = srv.URL + "/pool"
	return ri
}

func (ri *rotatingIssuer) addKey(t *testing.T, kid string) *rsa.PrivateKey {
	t.Helper()
	k, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	ri.mu.Lock()
	ri.keys[kid] = k
	ri.mu.Unlock()
	return k
}

func (ri *rotatingIssuer) token(t *testing.T, kid string, key *rsa.PrivateKey, sub string, now time.Time) string {
	t.Helper()
	signer, err := jose.NewSigner(jose.SigningKey{Algorithm: jose.RS256, Key: key}, (&jose.SignerOptions{}).WithHeader("kid", kid).WithType("JWT"))
	if err != nil {
		t.Fatal(err)
	}
	tok, err := jwt.Signed(signer).Claims(map[string]any{
		"sub": sub, "iss": ri.name, "client_id": clientID, "token_use": "access",
		"exp": now.Add(time.Hour).Unix(), "iat": now.Unix(),
	}).Serialize()
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

func TestForgedTokensWithUnknownKeyIDRefetchTheKeySetAtMostOnceAMinute(t *testing.T) {
	ri := newRotatingIssuer(t)
	real := ri.addKey(t, "k1")
	now := time.Now()
	v := auth.NewVerifierWithClock(ri.name, clientID, func() time.Time { return now })
	ctx := context.Background()

	if _, err := v.Verify(ctx, ri.token(t, "k1", real, "user-1", now)); err != nil {
		t.Fatalf("valid token refused: %v", err)
	}
	if got := ri.fetches.Load(); got != 1 {
		t.Fatalf("first token: %d key-set fetches, want 1", got)
	}

	// An attacker's tokens, each with a new key id, signed with their own key.
	forger, _ := rsa.GenerateKey(rand.Reader, 2048)
	forge := func(i int) string {
		return ri.token(t, "forged-"+time.Duration(i).String(), forger, "victim", now)
	}
	for i := range 200 {
		if _, err := v.Verify(ctx, forge(i)); err == nil {
			t.Fatal("forged token accepted")
		}
	}
	if got := ri.fetches.Load(); got != 1 {
		t.Errorf("200 forged tokens within a minute: %d key-set fetches, want still 1", got)
	}

	// A minute later one unknown key id may fetch again, once.
	now = now.Add(auth.KeyRefetchInterval)
	for i := range 50 {
		v.Verify(ctx, forge(1000+i))
	}
	if got := ri.fetches.Load(); got != 2 {
		t.Errorf("after a minute: %d key-set fetches, want 2", got)
	}

	// A genuine rotation: the new key is picked up at the next allowed refetch, and the old
	// key keeps working from memory without any fetch.
	rotated := ri.addKey(t, "k2")
	now = now.Add(auth.KeyRefetchInterval)
	if _, err := v.Verify(ctx, ri.token(t, "k2", rotated, "user-2", now)); err != nil {
		t.Fatalf("token signed with the rotated-in key refused: %v", err)
	}
	if _, err := v.Verify(ctx, ri.token(t, "k1", real, "user-3", now)); err != nil {
		t.Fatalf("token signed with the old key refused: %v", err)
	}
	if got := ri.fetches.Load(); got != 3 || v.KeyFetches() != 3 {
		t.Errorf("after rotation: %d fetches (verifier counted %d), want 3", got, v.KeyFetches())
	}
}
