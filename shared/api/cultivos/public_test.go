package cultivos_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/verde-app/verde/infra/testkit"
)

// TestPublicCatalogueIsSharedAndRevalidated: the catalogue's /api/public/
// routes answer everyone alike, token or none (the authorization matrix: every
// role 200), with a shared Cache-Control and an ETag that answers 304; a bad
// UF is a 400 naming it and is not cached; the signed-in routes stay no-store.
func TestPublicCatalogueIsSharedAndRevalidated(t *testing.T) {
	setup(t)
	paths := []string{
		"/api/public/vegetables?limit=5",
		"/api/public/vegetables?q=tomate&limit=5",
		"/api/public/vegetables/alface-verao",
		"/api/public/vegetables/alface-verao/guias",
		"/api/public/plante-agora?uf=SP",
	}
	for _, path := range paths {
		var first testkit.Response
		for i, u := range cast.ByRole() {
			r := testkit.Do(t, h, "GET", path, u, nil)
			if r.Status != 200 {
				t.Fatalf("%s as %s: %d %s", path, testkit.Roles[i], r.Status, r.Body)
			}
			if cc := r.Header.Get("Cache-Control"); !strings.HasPrefix(cc, "public, max-age=") || !strings.Contains(cc, "s-maxage=") {
				t.Errorf("%s: Cache-Control %q", path, cc)
			}
			if i == 0 {
				first = r
				continue
			}
			if string(r.Body) != string(first.Body) || r.Header.Get("ETag") != first.Header.Get("ETag") {
				t.Errorf("%s as %s differs from the anonymous reply", path, testkit.Roles[i])
			}
		}
		etag := first.Header.Get("ETag")
		if !strings.HasPrefix(etag, `W/"`) {
			t.Fatalf("%s: ETag %q", path, etag)
		}
		r := testkit.DoWithHeader(t, h, "GET", path, cast.Anon, nil, http.Header{"If-None-Match": {etag}})
		if r.Status != http.StatusNotModified || len(r.Body) != 0 || r.Header.Get("ETag") != etag {
			t.Errorf("%s with If-None-Match: %d %q", path, r.Status, r.Body)
		}
		r = testkit.DoWithHeader(t, h, "GET", path, cast.Anon, nil, http.Header{"If-None-Match": {`W/"outro"`}})
		if r.Status != 200 {
			t.Errorf("%s with another ETag: %d", path, r.Status)
		}
	}
	if r := testkit.Do(t, h, "GET", "/api/public/plante-agora?uf=XX", cast.Anon, nil); r.Status != 400 || r.ErrorField() != "uf" || r.Header.Get("Cache-Control") != "no-store" {
		t.Errorf("bad uf: %d %s %q", r.Status, r.Body, r.Header.Get("Cache-Control"))
	}
	if r := testkit.Do(t, h, "GET", "/api/public/vegetables/nao-existe", cast.Anon, nil); r.Status != 404 || r.Header.Get("ETag") != "" {
		t.Errorf("unknown vegetable: %d %v", r.Status, r.Header)
	}
	// Personal replies are never shared.
	for _, path := range []string{"/api/vegetables?limit=5", "/api/vegetables/plante-agora", "/api/cultivos"} {
		if r := testkit.Do(t, h, "GET", path, cast.Member, nil); r.Status != 200 || r.Header.Get("Cache-Control") != "no-store" || r.Header.Get("ETag") != "" {
			t.Errorf("%s: %d %v", path, r.Status, r.Header)
		}
	}
}
