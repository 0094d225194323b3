// Package creates holds the test that every create route of the API is idempotent:
// the OpenAPI document gives each POST that answers 201 the Idempotency-Key parameter, and the
// route's handler really goes through kit.Idempotent, whatever area serves it. A new area's
// create (cultivo, diary entry, harvest, post) that forgets either fails here.
package creates_test

import (
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/verde-app/verde/infra/local/cloud"
	"github.com/verde-app/verde/infra/local/testcloud"
	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/api"
)

func TestMain(m *testing.M) { testcloud.Run(m, cloud.Options{SkipSeed: true}) }

// createRoutes are the POSTs whose document lists a 201 answer, with their parameter refs.
func createRoutes(t *testing.T) map[string][]string {
	t.Helper()
	var doc struct {
		Paths map[string]map[string]yaml.Node `yaml:"paths"`
	}
	testkit.ReadOpenAPI(t, &doc)
	out := map[string][]string{}
	for path, ops := range doc.Paths {
		node, ok := ops["post"]
		if !ok {
			continue
		}
		var op struct {
			Parameters []map[string]any `yaml:"parameters"`
			Responses  map[string]any   `yaml:"responses"`
		}
		if err := node.Decode(&op); err != nil {
			t.Fatalf("POST %s: %v", path, err)
		}
		if _, creates := op.Responses["201"]; !creates {
			continue
		}
		out[path] = []string{}
		for _, p := range op.Parameters {
			ref, _ := p["$ref"].(string)
			out[path] = append(out[path], ref)
		}
	}
	return out
}

func TestEveryCreateTakesAnIdempotencyKey(t *testing.T) {
	env := testkit.NewEnv(t)
	u := env.NewUser(t, "Quem Cria")
	// The site admins' creates refuse anyone else before the key is read.
	adm := env.NewAdmin(t, "Admin Que Cria")
	all := testkit.AllRoutes(env.Deps)
	creates := createRoutes(t)
	if len(creates) < 6 {
		t.Fatalf("only %d create routes found in openapi.yaml", len(creates))
	}
	for path, params := range creates {
		documented := false
		for _, p := range params {
			documented = documented || p == "#/components/parameters/IdempotencyKey"
		}
		if !documented {
			t.Errorf("POST %s answers 201 but does not list the IdempotencyKey parameter", path)
		}
		var route *api.Route
		for i, r := range all {
			if r.Method == "POST" && r.Path == path {
				route = &all[i]
			}
		}
		if route == nil {
			t.Errorf("POST %s: no area serves it", path)
			continue
		}
		// kit.Idempotent checks the key before the handler reads anything: a malformed key is
		// refused the same way on every create, whatever its path names.
		// A key sent empty is malformed too, not absent (schemathesis: the contract's pattern).
		concrete := strings.NewReplacer("{groupId}", "g1", "{codigo}", "A1", "{token}", "t1", "{userId}", "u1", "{cultivoId}", "c1").Replace(path)
		who := u
		if strings.HasPrefix(path, "/api/admin/") {
			who = adm
		}
		for _, key := range []string{"no", ""} {
			res := testkit.DoWithHeader(t, api.NewMux([]api.Route{*route}), "POST", concrete, who, map[string]any{}, map[string][]string{"Idempotency-Key": {key}})
			if res.Status != 400 || res.ErrorField() != "Idempotency-Key" {
				t.Errorf("POST %s with Idempotency-Key %q does not go through kit.Idempotent: %d %s", path, key, res.Status, res.Body)
			}
		}
	}
}
