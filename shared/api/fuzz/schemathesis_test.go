//go:build schemathesis

package fuzz_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/verde-app/verde/infra/local/cloud"
	"github.com/verde-app/verde/infra/local/testcloud"
	"github.com/verde-app/verde/infra/testkit"
)

func TestMain(m *testing.M) { testcloud.Run(m, cloud.Options{SkipSeed: true}) }

func repoRoot() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "..")
}

// Seed and MaxExamples keep the run reproducible and within a minute or two.
const (
	Seed        = 20261123
	MaxExamples = 40
)

// TestSchemathesisFindsNoContractViolation: fixtures that reach the deep
// routes (a group where the token's user is coordenador, with lotes, a
// member's lote request, a join request and an invite), then schemathesis
// over every operation as that coordinator.
func TestSchemathesisFindsNoContractViolation(t *testing.T) {
	root := repoRoot()
	bin := os.Getenv("SCHEMATHESIS")
	if bin == "" {
		bin = filepath.Join(root, ".venv", "bin", "schemathesis")
	}
	if _, err := os.Stat(bin); err != nil {
		t.Fatalf("schemathesis not installed at %s (make test-schemathesis installs it into .venv): %v", bin, err)
	}
	env := testkit.NewEnv(t)
	cast := env.NewCast(t)
	f := env.NewFixture(t, cast, testkit.FixtureOpts{Approval: true})
	// A second open join request and a second lote request, so the operations
	// that approve one and those that refuse one each have their own to act on.
	ctx := context.Background()
	second := env.NewUser(t, "Segundo Pedido")
	if _, err := env.Deps.Store.Join(ctx, f.Group.ID, testkit.Actor(second)); err != nil {
		t.Fatal(err)
	}
	if _, err := env.Deps.Store.RequestLote(ctx, f.Group.ID, "A1", testkit.Actor(cast.Alvo)); err != nil {
		t.Fatal(err)
	}

	cfg := fmt.Sprintf(`# Written by shared/api/fuzz: the fixture's ids for every path parameter.
[parameters]
"path.groupId" = %q
"path.userId" = %q
"path.token" = %q
"path.codigo" = "A4"

[[operations]]
include-operation-id = ["approveJoinRequest"]
parameters = { "path.userId" = %q }

[[operations]]
include-operation-id = ["deleteJoinRequest"]
parameters = { "path.userId" = %q }

[[operations]]
include-operation-id = ["approveLoteRequest", "assignLote", "freeLote", "requestLote"]
parameters = { "path.userId" = %q, "path.codigo" = "A4" }

[[operations]]
include-operation-id = ["deleteLoteRequest"]
parameters = { "path.userId" = %q, "path.codigo" = "A1" }
`, f.Group.ID, cast.Alvo.ID, f.Invite, cast.Requester.ID, second.ID, cast.Member.ID, cast.Alvo.ID)
	dir := t.TempDir()
	cfgPath := filepath.Join(dir, "schemathesis.toml")
	if err := os.WriteFile(cfgPath, []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(ctx, 8*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "--no-color", "--config-file", cfgPath, "run",
		filepath.Join(root, "shared", "api", "openapi.yaml"),
		"--url", env.Cloud.URL,
		"--header", "Authorization: Bearer "+cast.Coord.Token,
		"--checks", "not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance,negative_data_rejection",
		"--phases", "examples,coverage,fuzzing,stateful",
		"--seed", fmt.Sprint(Seed),
		"--max-examples", fmt.Sprint(MaxExamples),
		"--workers", "1",
		"--suppress-health-check", "all",
		"--request-timeout", "10",
		"--report", "junit", "--report-dir", filepath.Join(dir, "report"),
	)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "SCHEMATHESIS_HOOKS=")
	start := time.Now()
	out, err := cmd.CombinedOutput()
	t.Logf("schemathesis ran %v", time.Since(start).Round(time.Second))
	text := string(out)
	if err != nil {
		t.Fatalf("schemathesis found problems (%v):\n%s", err, tail(text, 20000))
	}
	t.Logf("%s", tail(text, 3000))
}

func tail(s string, n int) string {
	s = strings.TrimSpace(s)
	if len(s) <= n {
		return s
	}
	return "…" + s[len(s)-n:]
}
