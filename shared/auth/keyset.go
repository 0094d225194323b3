package auth

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"sync"
	"time"

	"github.com/go-jose/go-jose/v4"
)

// KeyRefetchInterval is the least time between two fetches of the issuer's key set.
// go-oidc's RemoteKeySet fetches the set again for every token whose key id it does not
// know, so a stream of forged tokens with made-up key ids became a stream of requests to
// Cognito from every container. Cognito rotates its signing keys rarely and publishes a
// new key well before signing with it: one refetch a minute on an unknown key id is
// plenty for a genuine rotation.
const KeyRefetchInterval = time.Minute

// keyFetchRetry is the least time between attempts while no key set was ever loaded (the
// first fetch failed): without keys every token fails, so the container should recover
// sooner than a minute, yet still never fetch once per request.
const keyFetchRetry = 5 * time.Second

// remoteKeySet is an oidc.KeySet that reads the issuer's JWKS on first use, keeps it, and
// fetches it again on an unknown key id at most once per KeyRefetchInterval.
type remoteKeySet struct {
	url    string
	client *http.Client
	now    func() time.Time

	mu      sync.Mutex
	keys    map[string]jose.JSONWebKey
	loaded  bool
	tried   time.Time // last fetch attempt
	fetches int
}

func newRemoteKeySet(url string, now func() time.Time) *remoteKeySet {
	return &remoteKeySet{url: url, client: &http.Client{Timeout: 5 * time.Second}, now: now}
}

var errUnknownKey = errors.New("unknown signing key id")

// VerifySignature implements oidc.KeySet.
func (ks *remoteKeySet) VerifySignature(ctx context.Context, raw string) ([]byte, error) {
	jws, err := jose.ParseSigned(raw, []jose.SignatureAlgorithm{jose.RS256})
	if err != nil {
		return nil, fmt.Errorf("malformed jwt: %w", err)
	}
	if len(jws.Signatures) != 1 {
		return nil, errors.New("jwt must have exactly one signature")
	}
	key, err := ks.key(ctx, jws.Signatures[0].Header.KeyID)
	if err != nil {
		return nil, err
	}
	return jws.Verify(key.Key)
}

func (ks *remoteKeySet) key(ctx context.Context, kid string) (jose.JSONWebKey, error) {
	ks.mu.Lock()
	defer ks.mu.Unlock()
	if k, ok := ks.keys[kid]; ok {
		return k, nil
	}
	wait := KeyRefetchInterval
	if !ks.loaded {
		wait = keyFetchRetry
	}
	if !ks.tried.IsZero() && ks.now().Sub(ks.tried) < wait {
		return jose.JSONWebKey{}, errUnknownKey
	}
	// The lock is held across the fetch: concurrent requests wait for one fetch instead of
	// starting their own.
	ks.tried = ks.now()
	ks.fetches++
	keys, err := ks.fetch(ctx)
	if err != nil {
		return jose.JSONWebKey{}, fmt.Errorf("fetch signing keys: %w", err)
	}
	ks.keys, ks.loaded = keys, true
	if k, ok := ks.keys[kid]; ok {
		return k, nil
	}
	return jose.JSONWebKey{}, errUnknownKey
}

func (ks *remoteKeySet) fetch(ctx context.Context) (map[string]jose.JSONWebKey, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, ks.url, nil)
	if err != nil {
		return nil, err
	}
	resp, err := ks.client.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("%s: %s", ks.url, resp.Status)
	}
	var set jose.JSONWebKeySet
	if err := json.NewDecoder(io.LimitReader(resp.Body, 1<<20)).Decode(&set); err != nil {
		return nil, fmt.Errorf("%s: %w", ks.url, err)
	}
	keys := make(map[string]jose.JSONWebKey, len(set.Keys))
	for _, k := range set.Keys {
		if k.Use == "" || k.Use == "sig" {
			keys[k.KeyID] = k
		}
	}
	return keys, nil
}

// KeyFetches is how many times the verifier fetched the issuer's key set (tests, bench).
func (v *Verifier) KeyFetches() int {
	if v.keys == nil {
		return 0
	}
	v.keys.mu.Lock()
	defer v.keys.mu.Unlock()
	return v.keys.fetches
}
