package app

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"fmt"
	"log/slog"
	"net/http"
	"sync"

	"github.com/aws/aws-sdk-go-v2/aws"

	"github.com/verde-app/verde/shared/api"
	"github.com/verde-app/verde/shared/domain"
)

// secret is one Secrets Manager secret, read on first use and kept for the life of the
// container (a cold start pays one GetSecretValue, the requests after it none). A failed read
// is not kept: the next request tries again. Its value never goes into the environment,
// where anyone who may read the function's configuration would see it.
type secret struct {
	id     string
	client *secretsAPI

	mu    sync.Mutex
	value string
	ok    bool
	reads int
}

func (s *secret) get(ctx context.Context) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.ok {
		return s.value, nil
	}
	s.reads++
	v, err := s.client.GetSecretValue(ctx, s.id)
	if err != nil {
		return "", fmt.Errorf("read secret %s: %w", s.id, err)
	}
	if v == "" {
		return "", fmt.Errorf("secret %s has no string value", s.id)
	}
	s.value, s.ok = v, true
	return s.value, nil
}

// CursorKeys gives the key that seals pagination cursors: the SHA-256 of the secret named by
// CURSOR_SECRET_ARN, read from Secrets Manager when a list first needs it. Without a secret
// (a unit test, the bench) the key is random per process: still unforgeable, but a cursor
// made by one instance fails on another.
type CursorKeys struct {
	secret *secret
	fixed  api.Cursors
}

// Get returns the cursors of this container.
func (k *CursorKeys) Get(ctx context.Context) (api.Cursors, error) {
	if k.secret == nil {
		return k.fixed, nil
	}
	v, err := k.secret.get(ctx)
	if err != nil {
		return api.Cursors{}, err
	}
	sum := sha256.Sum256([]byte(v))
	return api.Cursors{Key: sum[:]}, nil
}

// SecretReads is how many times the secret was read from Secrets Manager (tests).
func (k *CursorKeys) SecretReads() int {
	if k.secret == nil {
		return 0
	}
	k.secret.mu.Lock()
	defer k.secret.mu.Unlock()
	return k.secret.reads
}

func newCursorKeys(id string, client func() *secretsAPI) *CursorKeys {
	if id == "" {
		slog.Warn("CURSOR_SECRET_ARN is not set: pagination cursors use a per-process key")
		key := make([]byte, 32)
		rand.Read(key)
		return &CursorKeys{fixed: api.Cursors{Key: key}}
	}
	return &CursorKeys{secret: &secret{id: id, client: client()}}
}

// OriginHeader is the header CloudFront adds to every request it sends to the API (its value
// is the secret named by ORIGIN_SECRET_ARN). API Gateway's own execute-api endpoint stays
// reachable from the internet; a request that did not pass through CloudFront (its security
// headers, its TLS policy, its logs) lacks the header and is refused.
const OriginHeader = "X-Verde-Origin-Verify"

// OriginCheck refuses requests that did not come through CloudFront.
type OriginCheck struct {
	secret *secret
}

var errNotThroughCloudFront = domain.ErrNotThroughSite()

// Require wraps an API function's handler: a request without the origin header, or with
// another value, gets the 403 envelope before any of the API runs. With no secret configured
// (a unit test built straight from handlers) it lets everything through; template.yaml gives
// every API function ORIGIN_SECRET_ARN and shared/areas' template test holds that.
func (o *OriginCheck) Require(next http.Handler) http.Handler {
	if o == nil || o.secret == nil {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got := r.Header.Get(OriginHeader)
		if got == "" {
			api.WriteError(w, r, errNotThroughCloudFront)
			return
		}
		want, err := o.secret.get(r.Context())
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		if subtle.ConstantTimeCompare([]byte(got), []byte(want)) != 1 {
			api.WriteError(w, r, errNotThroughCloudFront)
			return
		}
		next.ServeHTTP(w, r)
	})
}

func newOriginCheck(id string, client func() *secretsAPI) *OriginCheck {
	if id == "" {
		return &OriginCheck{}
	}
	return &OriginCheck{secret: &secret{id: id, client: client()}}
}

// secretsClient makes the Secrets Manager reader once, only when a secret is configured.
func secretsClient(cfg aws.Config) func() *secretsAPI {
	var once sync.Once
	var c *secretsAPI
	return func() *secretsAPI {
		once.Do(func() { c = newSecretsAPI(cfg) })
		return c
	}
}
