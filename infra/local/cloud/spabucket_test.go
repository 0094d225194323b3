package cloud

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// The SPA bucket's stand-in answers GetObject of index.html as the deploy wrote it (the site's
// configuration in #verde-config), refuses every other key and method, and leaves other
// buckets to the emulator.
func TestSPABucketServesIndexHTMLWithTheConfigAndNothingElse(t *testing.T) {
	config := []byte(`{"userPoolId":"pool-1"}`)
	next := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusTeapot) })
	h := spaBucket(next, "verde-spa", "testdata/dist", config)
	serve := func(method, path string) *httptest.ResponseRecorder {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(method, path, nil))
		return rec
	}
	rec := serve("GET", "/verde-spa/index.html")
	want := `<script id="verde-config" type="application/json">{"userPoolId":"pool-1"}</script><div id="root">`
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), want) || rec.Header().Get("ETag") == "" || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/html") {
		t.Errorf("GET index.html: %d %v %q", rec.Code, rec.Header(), rec.Body)
	}
	if rec := serve("HEAD", "/verde-spa/index.html"); rec.Code != 200 || rec.Body.Len() != 0 || rec.Header().Get("Content-Length") == "0" {
		t.Errorf("HEAD index.html: %d %v", rec.Code, rec.Header())
	}
	for _, c := range [][2]string{{"GET", "/verde-spa/robots.txt"}, {"GET", "/verde-spa/"}, {"GET", "/verde-spa"}, {"PUT", "/verde-spa/index.html"}, {"DELETE", "/verde-spa/index.html"}} {
		if rec := serve(c[0], c[1]); rec.Code != http.StatusForbidden || !strings.Contains(rec.Body.String(), "AccessDenied") {
			t.Errorf("%s %s: %d %q", c[0], c[1], rec.Code, rec.Body)
		}
	}
	if rec := serve("GET", "/verde-uploads/fotos/x.webp"); rec.Code != http.StatusTeapot {
		t.Errorf("another bucket did not reach the emulator: %d", rec.Code)
	}
}

// Before the SPA is built, the object is a page that says how to build it, with the
// configuration and #root, so the previews still answer.
func TestSPABucketBeforeTheBuildIsThePageThatSaysHowToBuild(t *testing.T) {
	rec := httptest.NewRecorder()
	spaBucket(http.NotFoundHandler(), "verde-spa", t.TempDir(), []byte(`{"a":1}`)).ServeHTTP(rec, httptest.NewRequest("GET", "/verde-spa/index.html", nil))
	body := rec.Body.String()
	for _, want := range []string{"make dev", `<script id="verde-config" type="application/json">{"a":1}</script>`, `<div id="root">`, "<title>Verde</title>"} {
		if rec.Code != 200 || !strings.Contains(body, want) {
			t.Errorf("%d: lacks %s: %s", rec.Code, want, body)
		}
	}
}
