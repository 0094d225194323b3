package auth_test

import (
	"context"
	"crypto"
	"crypto/rand"
	"crypto/rsa"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/coreos/go-oidc/v3/oidc"
	"github.com/go-jose/go-jose/v4"
	"github.com/go-jose/go-jose/v4/jwt"

	"github.com/verde-app/verde/shared/auth"
)

const clientID = "client-123"

type issuer struct {
	srv  *httptest.Server
	key  *rsa.PrivateKey
	kid  string
	name string
}

func newIssuer(t *testing.T) *issuer {
	t.Helper()
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	is := &issuer{key: key, kid: "k1"}
	mux := http.NewServeMux()
	mux.HandleFunc("/pool/.well-known/jwks.json", func(w http.ResponseWriter, r *http.Request) {
		json.NewEncoder(w).Encode(jose.JSONWebKeySet{Keys: []jose.JSONWebKey{{Key: &key.PublicKey, KeyID: is.kid, Algorithm: "RS256", Use: "sig"}}})
	})
	is.srv = httptest.NewServer(mux)
	t.Cleanup(is.srv.Close)
	is.name = is.srv.URL + "/pool"
	return is
}

func (is *issuer) sign(t *testing.T, key *rsa.PrivateKey, claims map[string]any) string {
	t.Helper()
	signer, err := jose.NewSigner(jose.SigningKey{Algorithm: jose.RS256, Key: key}, (&jose.SignerOptions{}).WithHeader("kid", is.kid).WithType("JWT"))
	if err != nil {
		t.Fatal(err)
	}
	tok, err := jwt.Signed(signer).Claims(claims).Serialize()
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

func (is *issuer) accessClaims() map[string]any {
	now := time.Now()
	return map[string]any{
		"sub": "user-1", "iss": is.name, "client_id": clientID, "token_use": "access",
		"username": "user-1", "exp": now.Add(time.Hour).Unix(), "iat": now.Unix(),
		"cognito:groups": []string{"admin"},
	}
}

func serve(v *auth.Verifier, header string) (int, map[string]any) {
	h := v.Require(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c := auth.FromContext(r.Context())
		json.NewEncoder(w).Encode(map[string]any{"sub": c.Sub, "admin": c.IsAdmin()})
	}))
	req := httptest.NewRequest("GET", "/api/me", nil)
	if header != "" {
		req.Header.Set("Authorization", header)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	var body map[string]any
	json.Unmarshal(rec.Body.Bytes(), &body)
	return rec.Code, body
}

func TestRequireAcceptsValidAccessToken(t *testing.T) {
	is := newIssuer(t)
	v := auth.NewVerifier(context.Background(), is.name, clientID)
	code, body := serve(v, "Bearer "+is.sign(t, is.key, is.accessClaims()))
	if code != 200 || body["sub"] != "user-1" || body["admin"] != true {
		t.Fatalf("got %d %v", code, body)
	}
}

func TestRequireRefusesBadTokensWithEnvelope(t *testing.T) {
	is := newIssuer(t)
	v := auth.NewVerifier(context.Background(), is.name, clientID)
	otherKey, _ := rsa.GenerateKey(rand.Reader, 2048)
	with := func(edit func(map[string]any)) map[string]any {
		c := is.accessClaims()
		edit(c)
		return c
	}
	cases := map[string]string{
		"no header":     "",
		"not bearer":    "Basic dXNlcjpwYXNz",
		"empty bearer":  "Bearer ",
		"garbage":       "Bearer not.a.token",
		"bad signature": "Bearer " + is.sign(t, otherKey, is.accessClaims()),
		"expired":       "Bearer " + is.sign(t, is.key, with(func(c map[string]any) { c["exp"] = time.Now().Add(-time.Minute).Unix() })),
		"wrong issuer":  "Bearer " + is.sign(t, is.key, with(func(c map[string]any) { c["iss"] = "https://cognito-idp.sa-east-1.amazonaws.com/other" })),
		"wrong client":  "Bearer " + is.sign(t, is.key, with(func(c map[string]any) { c["client_id"] = "someone-else" })),
		"no client":     "Bearer " + is.sign(t, is.key, with(func(c map[string]any) { delete(c, "client_id") })),
		"id token": "Bearer " + is.sign(t, is.key, with(func(c map[string]any) {
			c["token_use"] = "id"
			delete(c, "client_id")
			c["aud"] = clientID
		})),
		"no sub": "Bearer " + is.sign(t, is.key, with(func(c map[string]any) { delete(c, "sub") })),
	}
	for name, header := range cases {
		t.Run(name, func(t *testing.T) {
			code, body := serve(v, header)
			if code != http.StatusUnauthorized {
				t.Fatalf("status %d, want 401", code)
			}
			e, _ := body["error"].(map[string]any)
			if e["code"] != "unauthenticated" || e["message"] == "" {
				t.Fatalf("envelope %v", body)
			}
		})
	}
}

func TestIsAdminNeedsAdminGroup(t *testing.T) {
	if (&auth.Claims{Groups: []string{"coordenadores"}}).IsAdmin() {
		t.Fatal("non-admin group counted as admin")
	}
	var nilClaims *auth.Claims
	if nilClaims.IsAdmin() {
		t.Fatal("anonymous counted as admin")
	}
}

type countingKeys struct {
	oidc.KeySet
	calls int
}

func (c *countingKeys) VerifySignature(ctx context.Context, jwt string) ([]byte, error) {
	c.calls++
	return c.KeySet.VerifySignature(ctx, jwt)
}

func TestVerifiedTokensAreCachedUntilTheyExpire(t *testing.T) {
	is := newIssuer(t)
	keys := &countingKeys{KeySet: &oidc.StaticKeySet{PublicKeys: []crypto.PublicKey{&is.key.PublicKey}}}
	now := time.Now()
	clock := func() time.Time { return now }
	v := auth.NewVerifierWithKeys(is.name, clientID, keys, clock)
	raw := is.sign(t, is.key, is.accessClaims()) // expires in an hour

	first, err := v.Verify(context.Background(), raw)
	if err != nil {
		t.Fatal(err)
	}
	first.Groups[0] = "changed by a caller"
	second, err := v.Verify(context.Background(), raw)
	if err != nil {
		t.Fatal(err)
	}
	if keys.calls != 1 || v.CachedTokens() != 1 {
		t.Errorf("signature checked %d times, %d cached; want once and 1", keys.calls, v.CachedTokens())
	}
	if second.Sub != "user-1" || !second.IsAdmin() || second.Token != raw {
		t.Errorf("cached claims %+v", second)
	}

	// Past its exp the token is checked again, and refused.
	now = now.Add(time.Hour + time.Second)
	if _, err := v.Verify(context.Background(), raw); !errors.Is(err, auth.ErrInvalidToken) {
		t.Errorf("expired token: %v", err)
	}
	if keys.calls != 2 {
		t.Errorf("an expired token came from the cache (%d checks)", keys.calls)
	}

	// A refused token is never remembered.
	other, _ := rsa.GenerateKey(rand.Reader, 2048)
	bad := is.sign(t, other, is.accessClaims())
	for range 2 {
		if _, err := v.Verify(context.Background(), bad); err == nil {
			t.Fatal("bad signature accepted")
		}
	}
	if keys.calls != 4 {
		t.Errorf("a refused token was cached (%d checks)", keys.calls)
	}
}
