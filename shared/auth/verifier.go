// Package auth verifies Cognito access tokens with go-oidc and carries the
// caller's identity through the request context.
package auth

import (
	"context"
	"crypto/sha256"
	"errors"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/coreos/go-oidc/v3/oidc"
)

// AdminGroup is the Cognito group whose members are site admins.
const AdminGroup = "admin"

// Claims is what the API needs of a verified access token.
type Claims struct {
	Sub      string   `json:"sub"`
	Username string   `json:"username"`
	ClientID string   `json:"client_id"`
	TokenUse string   `json:"token_use"`
	Groups   []string `json:"cognito:groups"`
	Scope    string   `json:"scope"`
	// Token is the raw access token, for calls made on the user's behalf (Cognito GetUser).
	Token string `json:"-"`
	// AdminNeedsTOTP: the record makes them an admin, but their account has no TOTP MFA yet.
	AdminNeedsTOTP bool `json:"-"`
}

// IsAdmin reports the admin role. Behind Require it is the server's record
// (SetAccessCheck), whatever the token's cognito:groups claim says.
func (c *Claims) IsAdmin() bool { return c != nil && slices.Contains(c.Groups, AdminGroup) }

// setAdmin makes the claims say what the record says of the admin role.
func (c *Claims) setAdmin(admin bool) {
	c.Groups = slices.DeleteFunc(c.Groups, func(g string) bool { return g == AdminGroup })
	if admin {
		c.Groups = append(c.Groups, AdminGroup)
	}
}

// Verifier checks signature, issuer, expiry, token_use and client_id. The
// same check runs in Lambda, in the local cloud and in tests.
//
// A token that passed is remembered until it expires (tokenCache), so the
// requests of one session that reach the same container are not verified
// again: the RS256 check was about a quarter of GET /api/me's CPU.
// Revocation does not depend on the cache: a disabled, demoted or deleted
// account is decided per request from the server's record (SetAccessCheck),
// as is everything the user may do (membership, roles).
type Verifier struct {
	clientID  string
	verifier  *oidc.IDTokenVerifier
	now       func() time.Time
	cache     *tokenCache
	keys      *remoteKeySet // nil with NewVerifierWithKeys
	access    AccessCheck   // nil: no record is asked (access.go)
	totp      TOTPCheck     // nil: the admin role needs no MFA (access.go)
	totpMu    sync.Mutex
	totpCache map[[32]byte]totpAnswer
}

// ErrInvalidToken is returned for every token the API refuses.
var ErrInvalidToken = errors.New("invalid access token")

// NewVerifier reads keys from issuer/.well-known/jwks.json, fetched on first
// use and kept (no network at start-up); an unknown key id fetches them again
// at most once per KeyRefetchInterval (remoteKeySet). Fetches run under the
// request's context; ctx is kept for callers' symmetry.
func NewVerifier(ctx context.Context, issuer, clientID string) *Verifier {
	return NewVerifierWithClock(issuer, clientID, time.Now)
}

// NewVerifierWithClock is NewVerifier with a clock (tests of expiry and refetch timing).
func NewVerifierWithClock(issuer, clientID string, now func() time.Time) *Verifier {
	issuer = strings.TrimSuffix(issuer, "/")
	keys := newRemoteKeySet(issuer+"/.well-known/jwks.json", now)
	v := newVerifier(issuer, clientID, keys, now)
	v.keys = keys
	return v
}

// NewVerifierWithKeys is NewVerifier with a given key set and clock (tests).
func NewVerifierWithKeys(issuer, clientID string, keys oidc.KeySet, now func() time.Time) *Verifier {
	return newVerifier(issuer, clientID, keys, now)
}

func newVerifier(issuer, clientID string, keys oidc.KeySet, now func() time.Time) *Verifier {
	cfg := &oidc.Config{
		// Access tokens carry client_id, not aud: the client check is ours, below.
		SkipClientIDCheck:    true,
		SupportedSigningAlgs: []string{oidc.RS256},
		Now:                  now,
	}
	return &Verifier{clientID: clientID, verifier: oidc.NewVerifier(issuer, keys, cfg), now: now,
		cache: newTokenCache(MaxCachedTokens)}
}

// MaxCachedTokens bounds the verified tokens one container remembers (about
// 200 bytes each, so under 1 MB): a container serves one request at a time,
// and the users active on it within an hour are far fewer.
const MaxCachedTokens = 4096

// Verify returns the claims of a valid access token for our client.
func (v *Verifier) Verify(ctx context.Context, raw string) (*Claims, error) {
	now := v.now()
	if c, ok := v.cache.get(raw, now); ok {
		return c, nil
	}
	c, exp, err := v.verify(ctx, raw)
	if err != nil {
		return nil, err
	}
	v.cache.put(raw, c, exp, now)
	return c.copy(), nil
}

func (v *Verifier) verify(ctx context.Context, raw string) (*Claims, time.Time, error) {
	tok, err := v.verifier.Verify(ctx, raw)
	if err != nil {
		return nil, time.Time{}, errors.Join(ErrInvalidToken, err)
	}
	var c Claims
	if err := tok.Claims(&c); err != nil {
		return nil, time.Time{}, errors.Join(ErrInvalidToken, err)
	}
	if c.TokenUse != "access" {
		return nil, time.Time{}, errors.Join(ErrInvalidToken, errors.New("token_use is not access"))
	}
	if c.ClientID == "" || c.ClientID != v.clientID {
		return nil, time.Time{}, errors.Join(ErrInvalidToken, errors.New("client_id mismatch"))
	}
	if c.Sub == "" {
		return nil, time.Time{}, errors.Join(ErrInvalidToken, errors.New("no sub"))
	}
	c.Token = raw
	return &c, tok.Expiry, nil
}

func (c *Claims) copy() *Claims {
	out := *c
	out.Groups = slices.Clone(c.Groups)
	return &out
}

// tokenCache maps a token's SHA-256 to its verified claims until the token's
// expiry, holding at most max entries: when full, expired entries go first,
// then the one closest to expiring.
type tokenCache struct {
	mu      sync.Mutex
	max     int
	entries map[[32]byte]cachedToken
}

type cachedToken struct {
	claims *Claims
	exp    time.Time
}

func newTokenCache(max int) *tokenCache {
	return &tokenCache{max: max, entries: map[[32]byte]cachedToken{}}
}

func (tc *tokenCache) get(raw string, now time.Time) (*Claims, bool) {
	key := sha256.Sum256([]byte(raw))
	tc.mu.Lock()
	defer tc.mu.Unlock()
	e, ok := tc.entries[key]
	if !ok {
		return nil, false
	}
	if !now.Before(e.exp) {
		delete(tc.entries, key)
		return nil, false
	}
	return e.claims.copy(), true
}

func (tc *tokenCache) put(raw string, c *Claims, exp, now time.Time) {
	if !now.Before(exp) {
		return
	}
	key := sha256.Sum256([]byte(raw))
	tc.mu.Lock()
	defer tc.mu.Unlock()
	if _, ok := tc.entries[key]; !ok && len(tc.entries) >= tc.max {
		tc.evict(now)
	}
	tc.entries[key] = cachedToken{claims: c.copy(), exp: exp}
}

// evict makes room for one entry; it runs only when the cache is full.
func (tc *tokenCache) evict(now time.Time) {
	var soonest [32]byte
	var soonestExp time.Time
	for k, e := range tc.entries {
		if !now.Before(e.exp) {
			delete(tc.entries, k)
			continue
		}
		if soonestExp.IsZero() || e.exp.Before(soonestExp) {
			soonest, soonestExp = k, e.exp
		}
	}
	if len(tc.entries) >= tc.max {
		delete(tc.entries, soonest)
	}
}

// CachedTokens is the number of verified tokens the cache holds.
func (v *Verifier) CachedTokens() int {
	v.cache.mu.Lock()
	defer v.cache.mu.Unlock()
	return len(v.cache.entries)
}
