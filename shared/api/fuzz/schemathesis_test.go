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

	"github.com/google/uuid"

	"github.com/verde-app/verde/infra/local/cloud"
	"github.com/verde-app/verde/infra/local/testcloud"
	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/dados"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
)

// The catalogue is seeded: the cultivo fixture is made of it.
func TestMain(m *testing.M) { testcloud.Run(m, cloud.Options{}) }

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
// member's lote request, a join request and an invite; a cultivo of theirs
// in that group, sown, with a diary entry and a harvest), then schemathesis
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
	second := env.NewJoiner(t, f.Group.ID, "Segundo Pedido")
	if _, err := env.Deps.Store.RequestLote(ctx, f.Group.ID, "A1", testkit.Actor(cast.Alvo)); err != nil {
		t.Fatal(err)
	}
	// Diary entries and harvests go to one cultivo; phase changes and the
	// archive to another, so a loss or an archive early in the run does not
	// turn every later diary entry and harvest into a refusal.
	cultivoID := newCultivo(t, env, f.Group.ID, cast.Coord)
	otherCultivo := newCultivo(t, env, f.Group.ID, cast.Coord)
	// The site admins' routes run as a site admin (their own header below),
	// on a vegetable of their own, so an archive or an edit leaves the
	// cultivo fixtures' vegetable alone.
	vin := domain.VegetalInput{Nome: "Vegetal do fuzz", Metodo: "semente", DiasColheitaMin: 30, DiasColheitaMax: 60}
	if err := vin.Valid(); err != nil {
		t.Fatal(err)
	}
	adminVeg, err := env.Deps.Store.CreateVegetal(ctx, vin, testkit.Actor(cast.Admin))
	if err != nil {
		t.Fatal(err)
	}
	gin := domain.GuideInput{Titulo: "Guia do fuzz", Corpo: "# Alface\n\nRegar todo dia.", Vegetais: []string{fixtureVegetal}}
	if err := gin.Valid(); err != nil {
		t.Fatal(err)
	}
	guide, err := env.Deps.Store.CreateGuide(ctx, uuid.NewString(), gin, testkit.Actor(cast.Admin))
	if err != nil {
		t.Fatal(err)
	}

	// A notification of the coordinator's, for the mark-read operation.
	notif := store.NewNotification(cast.Coord.ID, domain.NotifNivel, "Notificação do fuzz", "/perfil", time.Now())
	if err := env.Deps.Store.Notify(ctx, notif); err != nil {
		t.Fatal(err)
	}

	// The AdminFunction's member routes act on a member of their own (the fuzz may disable them
	// or take their points), and the banner routes on a banner the admin made.
	target := env.NewUser(t, "Alvo do fuzz")
	bin0 := domain.BannerInput{Titulo: "Banner do fuzz", Inicio: domain.FormatDate(domain.LocalDate(env.Deps.Now())), Fim: domain.FormatDate(domain.LocalDate(env.Deps.Now()))}
	if err := bin0.Valid(); err != nil {
		t.Fatal(err)
	}
	banner, err := env.Deps.Store.CreateBanner(ctx, bin0, testkit.Actor(cast.Admin))
	if err != nil {
		t.Fatal(err)
	}
	// /admin/dados: an export of the admin's, run to the end, so its download answers 200.
	export, _, err := env.Deps.Store.CreateExport(ctx, domain.ExportInput{Entidade: "vegetais", Formato: "csv"}, testkit.Actor(cast.Admin))
	if err != nil {
		t.Fatal(err)
	}
	if err := dados.New(env.Deps.Store, env.Deps.Uploads, nil).Run(ctx, export.ID); err != nil {
		t.Fatal(err)
	}
	// The feed: a post of Alvo's in the group (linked to the cultivo) with a comment of Alvo's,
	// reported by Member so the moderation queue holds it.
	pin := domain.PostInput{Texto: "Post do fuzz", GrupoID: f.Group.ID, CultivoID: ""}
	if err := pin.Valid(); err != nil {
		t.Fatal(err)
	}
	post, _, err := env.Deps.Store.CreatePost(ctx, pin, testkit.Actor(cast.Alvo))
	if err != nil {
		t.Fatal(err)
	}
	comment, _, err := env.Deps.Store.AddComment(ctx, post.ID, domain.ComentarioInput{Texto: "Comentário do fuzz"}, testkit.Actor(cast.Alvo))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := env.Deps.Store.Denunciar(ctx, post.ID, "", domain.DenunciaInput{Motivo: domain.MotivoSpam}, testkit.Actor(cast.Member)); err != nil {
		t.Fatal(err)
	}

	cfg := fmt.Sprintf(`# Written by shared/api/fuzz: the fixture's ids for every path parameter.
headers = { Authorization = "Bearer %s" }

[parameters]
"path.groupId" = %q
"path.cultivoId" = %q
"path.vegetalId" = %q
"path.userId" = %q
"path.token" = %q
"path.codigo" = "A4"
"path.guiaId" = %q
"path.postId" = %q
"path.comentarioId" = %q

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

[[operations]]
include-operation-id = ["changeFase", "archiveCultivo"]
parameters = { "path.cultivoId" = %q }

[[operations]]
include-operation-id = ["markNotificationRead"]
parameters = { "path.id" = %q }

[[operations]]
include-tag = ["admin"]
headers = { Authorization = "Bearer %s" }
parameters = { "path.vegetalId" = %q, "path.userId" = %q, "path.bannerId" = %q, "path.exportId" = %q }

[[operations]]
include-operation-id = ["getGroupsRanking"]
parameters = { "query.grupo" = %q }
`, cast.Coord.Token, f.Group.ID, cultivoID, fixtureVegetal, cast.Alvo.ID, f.Invite, guide.ID, post.ID, comment.ID, cast.Requester.ID, second.ID, cast.Member.ID, cast.Alvo.ID, otherCultivo, notif.ID, cast.Admin.Token, adminVeg.ID, target.ID, banner.ID, export.ID,
		f.Group.ID)
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

// fixtureVegetal is a seeded vegetable.
const fixtureVegetal = "alface-verao"

// newCultivo is a sown cultivo of by's in group gid with one diary entry
// and one harvest, through the store like every fixture.
func newCultivo(t *testing.T, env *testkit.Env, gid string, by testkit.User) string {
	t.Helper()
	ctx := context.Background()
	q, kg := 12.0, 1.2
	now := domain.LocalDate(env.Deps.Now())
	today := domain.FormatDate(now)
	// Planted four years ago (the oldest date allowed is five), so the
	// contract's example harvest date falls after planting for years to come.
	plantio := domain.FormatDate(now.AddDate(-4, 0, 0))
	in := domain.CultivoInput{VegetalID: fixtureVegetal, GrupoID: gid, Metodo: domain.MetodoMuda, Quantidade: &q,
		Unidade: domain.UnidadeMudas, DataPlantio: plantio, Notas: "Canteiro do fuzz", Fase: domain.FaseSemeado}
	id := env.NewCultivo(t, in, by)
	d := domain.DiarioInput{Tipo: "rega", Texto: "Regado de manhã"}
	if err := d.Valid(); err != nil {
		t.Fatal(err)
	}
	if _, err := env.Deps.Store.AddDiario(ctx, id, testkit.Actor(by), d); err != nil {
		t.Fatalf("diary entry: %v", err)
	}
	h := domain.ColheitaInput{Quantidade: &kg, Unidade: domain.UnidadeKg, Data: today, Destino: "consumo"}
	if err := h.Valid(); err != nil {
		t.Fatal(err)
	}
	if _, err := env.Deps.Store.AddColheita(ctx, id, testkit.Actor(by), h); err != nil {
		t.Fatalf("harvest: %v", err)
	}
	return id
}

func tail(s string, n int) string {
	s = strings.TrimSpace(s)
	if len(s) <= n {
		return s
	}
	return "…" + s[len(s)-n:]
}
