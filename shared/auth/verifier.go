// Package auth verifies Cognito access tokens with go-oidc and carries the
// caller's identity through the request context.
package auth

import (
	"context"
	"errors"
	"slices"
	"strings"
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
}

// IsAdmin reports membership of the admin group.
func (c *Claims) IsAdmin() bool { return c != nil && slices.Contains(c.Groups, AdminGroup) }

// Verifier checks signature, issuer, expiry, token_use and client_id. The
// same check runs in Lambda, in the local cloud and in tests.
type Verifier struct {
	clientID string
	verifier *oidc.IDTokenVerifier
}

// ErrInvalidToken is returned for every token the API refuses.
var ErrInvalidToken = errors.New("invalid access token")

// NewVerifier reads keys from issuer/.well-known/jwks.json, fetched on first
// use and cached (no network at start-up). ctx must outlive the verifier.
func NewVerifier(ctx context.Context, issuer, clientID string) *Verifier {
	issuer = strings.TrimSuffix(issuer, "/")
	keys := oidc.NewRemoteKeySet(ctx, issuer+"/.well-known/jwks.json")
	return newVerifier(issuer, clientID, keys, time.Now)
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
	return &Verifier{clientID: clientID, verifier: oidc.NewVerifier(issuer, keys, cfg)}
}

// Verify returns the claims of a valid access token for our client.
func (v *Verifier) Verify(ctx context.Context, raw string) (*Claims, error) {
	tok, err := v.verifier.Verify(ctx, raw)
	if err != nil {
		return nil, errors.Join(ErrInvalidToken, err)
	}
	var c Claims
	if err := tok.Claims(&c); err != nil {
		return nil, errors.Join(ErrInvalidToken, err)
	}
	if c.TokenUse != "access" {
		return nil, errors.Join(ErrInvalidToken, errors.New("token_use is not access"))
	}
	if c.ClientID == "" || c.ClientID != v.clientID {
		return nil, errors.Join(ErrInvalidToken, errors.New("client_id mismatch"))
	}
	if c.Sub == "" {
		return nil, errors.Join(ErrInvalidToken, errors.New("no sub"))
	}
	c.Token = raw
	return &c, nil
}
