package admin_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/verde-app/verde/infra/testkit"
)

// TestPublicBannersAreSharedByUF: GET /api/public/banners answers everyone
// alike (token or none), with a shared Cache-Control and an ETag that answers
// 304; a bad UF is a 400 naming it.
func TestPublicBannersAreSharedByUF(t *testing.T) {
	setup(t)
	anon := testkit.User{}
	for _, u := range []testkit.User{anon, env.NewUser(t, "Bia Banner"), env.NewAdmin(t, "Ana Admin")} {
		r := testkit.Do(t, h, "GET", "/api/public/banners?uf=SP", u, nil)
		if r.Status != 200 || !strings.HasPrefix(r.Header.Get("Cache-Control"), "public, max-age=60") {
			t.Fatalf("%d %v %s", r.Status, r.Header, r.Body)
		}
		again := testkit.DoWithHeader(t, h, "GET", "/api/public/banners?uf=SP", u, nil, http.Header{"If-None-Match": {r.Header.Get("ETag")}})
		if again.Status != http.StatusNotModified {
			t.Errorf("If-None-Match: %d", again.Status)
		}
	}
	if r := testkit.Do(t, h, "GET", "/api/public/banners?uf=ZZ", anon, nil); r.Status != 400 || r.ErrorField() != "uf" {
		t.Errorf("bad uf: %d %s", r.Status, r.Body)
	}
}
