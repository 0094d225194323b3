package admin_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/google/uuid"

	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/domain"
)

// TestDadosAuthorizationMatrix: every /admin/dados route as anonymous (401),
// a member, a group's coordinator and its dono (403, nothing written) and a
// site admin.
func TestDadosAuthorizationMatrix(t *testing.T) {
	setup(t)
	cast := env.NewCast(t)
	env.NewFixture(t, cast, testkit.FixtureOpts{})
	rec, _, err := env.Deps.Store.CreateExport(context.Background(), domain.ExportInput{Entidade: "grupos", Formato: "csv"}, testkit.Actor(cast.Admin))
	if err != nil {
		t.Fatal(err)
	}
	bad := importHeader + "X,*,*,*,*,*,1,,\n"
	type row struct {
		method, path string
		csv          string
		json         any
		adminWant    int
	}
	cases := []row{
		{"GET", "/api/admin/dados/exports", "", nil, 200},
		{"POST", "/api/admin/dados/exports", "", map[string]any{"entidade": "grupos", "formato": "jsonl"}, 201},
		{"GET", "/api/admin/dados/exports/" + rec.ID + "/download", "", nil, 409}, // never run: pendente
		{"POST", "/api/admin/dados/exports/" + rec.ID + "/repetir", "", nil, 409}, // pendente: nothing failed
		{"POST", "/api/admin/dados/vegetais/validar", bad, nil, 200},
		{"POST", "/api/admin/dados/vegetais/importar", bad, nil, 200},
	}
	roles := []testkit.Role{{Name: "anonymous", User: cast.Anon}, {Name: "member", User: cast.Member}, {Name: "coordinator", User: cast.Coord},
		{Name: "owner", User: cast.Owner}, {Name: "admin", User: cast.Admin}}
	testkit.Matrix(t, roles, cases, func(c row) (string, testkit.Expect) {
		return c.method + " " + c.path, testkit.Expect{401, 403, 403, 403, c.adminWant}
	}, func(t *testing.T, c row, u testkit.User) testkit.Response {
		hdr := http.Header{"Idempotency-Key": {uuid.NewString()}}
		var body any = c.json
		if c.csv != "" {
			body = c.csv
			hdr.Set("Content-Type", "text/csv")
		}
		return testkit.DoWithHeader(t, h, c.method, c.path, u, body, hdr)
	})
	for _, r := range roles[:4] {
		if r.User.ID != "" {
			if log := env.AuditOf(t, r.User.ID); len(log) != 0 {
				t.Fatalf("a refused call was audited: %+v", log)
			}
		}
	}
	if r := testkit.Do(t, h, "GET", "/api/admin/dados/exports/nao-existe/download", cast.Admin, nil); r.Status != 404 {
		t.Fatalf("unknown export: %d", r.Status)
	}
}
