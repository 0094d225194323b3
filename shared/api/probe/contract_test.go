package probe_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/verde-app/verde/infra/local/testcloud"
	"github.com/verde-app/verde/infra/testkit"
)

// An undeclared method on a declared path: API Gateway (and the local
// cloud's router, read from template.yaml) answers 404; the handler's own
// mux answers the same 404 envelope, so a client sees one answer whichever
// path a request takes.
func TestUndeclaredMethodGetsThe404OfAPIGatewayOnBothPaths(t *testing.T) {
	_, cast, h := newWorld(t)
	for _, c := range []struct{ method, path string }{{"PUT", "/api/groups"}, {"POST", "/api/me/groups"}, {"DELETE", "/api/me"}} {
		res := testkit.Do(t, h, c.method, c.path, cast.Stranger, nil)
		if res.Status != http.StatusNotFound || res.ErrorCode() != "not_found" || res.ErrorMessage() != "Rota não encontrada" {
			t.Errorf("handler, %s %s: %d %s", c.method, c.path, res.Status, res.Body)
		}
		req, _ := http.NewRequest(c.method, testcloud.Get().URL+c.path, nil)
		req.Header.Set("Authorization", cast.Stranger.Bearer())
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusNotFound {
			t.Errorf("through the gateway, %s %s: %d", c.method, c.path, resp.StatusCode)
		}
	}
}

// Decoding is exactly the contract on a real route: a non-JSON body is a
// 415, a field name in another case, null for a non-nullable field and
// invalid UTF-8 are 400s naming what is wrong, and nothing is stored.
func TestRequestBodiesAreDecodedExactlyAsTheContractSays(t *testing.T) {
	_, cast, h := newWorld(t)
	send := func(ct, body string) testkit.Response {
		req, _ := http.NewRequest("PUT", "/api/me", strings.NewReader(body))
		rec := doRaw(t, h, req, ct, cast.Stranger)
		return rec
	}
	if res := send("text/plain", `{"nome":"Ana"}`); res.Status != http.StatusUnsupportedMediaType || res.ErrorCode() != "unsupported_media_type" {
		t.Errorf("text/plain: %d %s", res.Status, res.Body)
	}
	for body, field := range map[string]string{`{"Nome":"Ana"}`: "Nome", `{"nome":null}`: "nome", `{"bio":null}`: "bio"} {
		if res := send("application/json", body); res.Status != http.StatusBadRequest || res.ErrorField() != field {
			t.Errorf("%s: %d %s", body, res.Status, res.Body)
		}
	}
	if res := send("application/json", "{\"nome\":\"An\xffa\"}"); res.Status != http.StatusBadRequest || !strings.Contains(res.ErrorMessage(), "UTF-8") {
		t.Errorf("invalid UTF-8: %d %s", res.Status, res.Body)
	}
	me := testkit.Do(t, h, "GET", "/api/me", cast.Stranger, nil).Map(t)
	if me["nome"] != cast.Stranger.Name {
		t.Errorf("a refused body changed the profile: %v", me["nome"])
	}
}
