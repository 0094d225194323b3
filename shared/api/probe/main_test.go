// Package probe holds the tests of the API's hardening: what a probe as an
// attacker and a fuzzer would find, each test named for
// the behaviour it pins, through every area's real handler against the
// local cloud. It has its own test binary (and table), so the tests of the
// per-member caps may set the rules they need.
package probe_test

import (
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/verde-app/verde/infra/local/cloud"
	"github.com/verde-app/verde/infra/local/testcloud"
	"github.com/verde-app/verde/infra/testkit"
)

// The catalogue is seeded: the caps of cultivo writes need a vegetable.
func TestMain(m *testing.M) { testcloud.Run(m, cloud.Options{}) }

// newWorld is a fresh env and cast, and one mux of every area's routes.
func newWorld(t *testing.T) (*testkit.Env, testkit.Cast, http.Handler) {
	t.Helper()
	env := testkit.NewEnv(t)
	return env, env.NewCast(t), testkit.AllAreas(env.Deps)
}

func newGroupBody() map[string]any {
	return map[string]any{"nome": "Horta " + uuid.NewString()[:6], "cidade": "Campinas", "uf": "SP"}
}

func today() time.Time { return time.Now().UTC() }

// doRaw sends req as is (its own Content-Type, "" for none) to h as user,
// with the contract check of testkit.Do.
func doRaw(t *testing.T, h http.Handler, req *http.Request, contentType string, user testkit.User) testkit.Response {
	t.Helper()
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	if user.Token != "" {
		req.Header.Set("Authorization", user.Bearer())
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	testkit.CheckContract(t, req, rec)
	return testkit.Response{Status: rec.Code, Header: rec.Header(), Body: rec.Body.Bytes()}
}
