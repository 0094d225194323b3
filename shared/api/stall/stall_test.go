// Package stall tests how the API answers when DynamoDB stops answering: it
// freezes its own cloud's DynamoDB Local (SIGSTOP), so it has a test binary
// (and a cloud) of its own.
package stall_test

import (
	"context"
	"net"
	"net/http"
	"syscall"
	"testing"
	"time"

	"github.com/verde-app/verde/infra/local/cloud"
	"github.com/verde-app/verde/infra/local/testcloud"
	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/api"
	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/areas"
	"github.com/verde-app/verde/shared/store"
)

func TestMain(m *testing.M) { testcloud.Run(m, cloud.Options{SkipSeed: true}) }

// TestStalledTableGivesA503EnvelopeWellInsideTheFunctionTimeout freezes
// DynamoDB Local and sends a read and a write: each must come back as the
// 503 envelope within a few seconds (each DynamoDB call has its own
// deadline and bounded retries), far inside the functions' 10 s timeout.
func TestStalledTableGivesA503EnvelopeWellInsideTheFunctionTimeout(t *testing.T) {
	t.Setenv(store.DeadlineEnv, "") // AWS's deadlines, not the local cloud's patience
	env, h := testkit.NewEnvWith(t, testkit.AllAreas)
	u := env.NewUser(t, "Paciente")
	if res := testkit.Do(t, h, "GET", "/api/me/groups", u, nil); res.Status != http.StatusOK {
		t.Fatalf("warm-up: %d %s", res.Status, res.Body)
	}

	pid := env.Cloud.DynamoPID()
	if pid == 0 {
		t.Fatal("no DynamoDB Local process")
	}
	if err := syscall.Kill(pid, syscall.SIGSTOP); err != nil {
		t.Fatal(err)
	}
	resumed := false
	resume := func() {
		if !resumed {
			resumed = true
			syscall.Kill(pid, syscall.SIGCONT)
		}
	}
	t.Cleanup(resume)

	for _, c := range []struct {
		method, path string
		body         any
	}{
		{"GET", "/api/me/groups", nil},
		{"POST", "/api/groups", map[string]any{"nome": "Horta Parada", "cidade": "Campinas", "uf": "SP"}},
		{"GET", "/api/me", nil},
	} {
		start := time.Now()
		res := testkit.Do(t, h, c.method, c.path, u, c.body)
		took := time.Since(start)
		if res.Status != http.StatusServiceUnavailable || res.ErrorCode() != "unavailable" || res.ErrorMessage() == "" || res.Header.Get("Retry-After") == "" {
			t.Errorf("%s %s on a frozen table: %d %s", c.method, c.path, res.Status, res.Body)
		}
		// Rules may be read first (cached after the warm-up), then one call
		// stalls: one call's deadline plus slack, never the function's 10 s.
		if took > store.CallDeadline+2*time.Second {
			t.Errorf("%s %s took %v on a frozen table (call deadline %v)", c.method, c.path, took, store.CallDeadline)
		}
		t.Logf("%s %s: %d in %v", c.method, c.path, res.Status, took.Round(time.Millisecond))
	}

	resume()
	deadline := time.Now().Add(15 * time.Second)
	for {
		res := testkit.Do(t, h, "GET", "/api/me/groups", u, nil)
		if res.Status == http.StatusOK {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after the table resumed: %d %s", res.Status, res.Body)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// TestUnreachableTableGivesA503WithRetryAfter: with nothing listening where
// DynamoDB should be (connection refused), every request answers the 503
// envelope with Retry-After at once, not a 500.
func TestUnreachableTableGivesA503WithRetryAfter(t *testing.T) {
	env := testkit.NewEnv(t)
	u := env.NewUser(t, "Sem Conexão")
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := "http://" + l.Addr().String()
	l.Close()
	t.Setenv("AWS_ENDPOINT_URL_DYNAMODB", closed) // read once, by this Deps' SDK config
	d, err := app.NewDeps(context.Background(), app.ConfigFromEnv())
	if err != nil {
		t.Fatal(err)
	}
	h := api.NewMux(areas.APIs["MeFunction"].Routes(d))
	start := time.Now()
	res := testkit.Do(t, h, "GET", "/api/me", u, nil)
	if res.Status != http.StatusServiceUnavailable || res.ErrorCode() != "unavailable" || res.Header.Get("Retry-After") == "" {
		t.Fatalf("GET /api/me with DynamoDB refusing connections: %d %v %s", res.Status, res.Header, res.Body)
	}
	if took := time.Since(start); took > store.CallDeadline+time.Second {
		t.Errorf("took %v", took)
	}
}
