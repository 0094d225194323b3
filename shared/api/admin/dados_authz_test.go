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
	cases := []struct {
		method, path string
		csv          string
		json         any
		adminWant    int
	}{
		{"GET", "/api/admin/dados/exports", "", nil, 200},
		{"POST", "/api/admin/dados/exports", "", map[string]any{"entidade": "grupos", "formato": "jsonl"}, 201},
		{"GET", "/api/admin/dados/exports/" + rec.ID + "/download", "", nil, 409}, // never run: pendente
		{"POST", "/api/admin/dados/exports/" + rec.ID + "/repetir", "", nil, 409}, // pendente: nothing failed
		{"POST", "/api/admin/dados/vegetais/validar", bad, nil, 200},
		{"POST", "/api/admin/dados/vegetais/importar", bad, nil, 200},
	}
	roles := []testkit.User{cast.Anon, cast.Member, cast.Coord, cast.Owner, cast.Admin}
	for _, c := range cases {
		for i, u := range roles {
			want := []int{401, 403, 403, 403, c.adminWant}[i]
			hdr := http.Header{"Idempotency-Key": {uuid.NewString()}}
			var body any = c.json
			if c.csv != "" {
				body = c.csv
				hdr.Set("Content-Type", "text/csv")
			}
			res := testkit.DoWithHeader(t, h, c.method, c.path, u, body, hdr)
			if res.Status != want {
				t.Errorf("%s %s as %s: %d, want %d: %s", c.method, c.path, []string{"anonymous", "member", "coordinator", "owner", "admin"}[i], res.Status, want, res.Body)
			}
		}
	}
	for _, u := range roles[:4] {
		if u.ID != "" {
			if log := auditOf(t, u.ID); len(log) != 0 {
				t.Fatalf("a refused call was audited: %+v", log)
			}
		}
	}
	if r := testkit.Do(t, h, "GET", "/api/admin/dados/exports/nao-existe/download", cast.Admin, nil); r.Status != 404 {
		t.Fatalf("unknown export: %d", r.Status)
	}
}
