package cloud

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
)

func TestSPAHandlerSaysHowToBuildAMissingSPA(t *testing.T) {
	rec := httptest.NewRecorder()
	spaHandler{dist: t.TempDir()}.ServeHTTP(rec, httptest.NewRequest("GET", "/dashboard", nil))
	if rec.Code != http.StatusServiceUnavailable || !strings.Contains(rec.Body.String(), "make dev") {
		t.Errorf("got %d %s", rec.Code, rec.Body)
	}
}

func TestSPAHandlerServesFilesAndFallsBackOnlyForExtensionlessPaths(t *testing.T) {
	h := spaHandler{dist: "testdata/dist"}
	cases := []struct {
		path   string
		status int
		body   string
	}{
		{"/", 200, `<div id="root">`},
		{"/dashboard", 200, `<div id="root">`},
		{"/grupos/123/convite", 200, `<div id="root">`},
		{"/assets/app-abc123.js", 200, `console.log("verde")`},
		{"/robots.txt", 200, "User-agent"},
		{"/assets/missing.js", 404, ""},
		{"/favicon.ico", 404, ""},
	}
	for _, tc := range cases {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", tc.path, nil))
		if rec.Code != tc.status || !strings.Contains(rec.Body.String(), tc.body) {
			t.Errorf("%s: got %d %.60q", tc.path, rec.Code, rec.Body.String())
		}
	}
}

func TestSPAHandlerNeverLeavesTheDistFolder(t *testing.T) {
	req := httptest.NewRequest("GET", "/", nil)
	req.URL.Path = "/../template.yaml"
	rec := httptest.NewRecorder()
	spaHandler{dist: "testdata/dist"}.ServeHTTP(rec, req)
	if rec.Code != http.StatusNotFound {
		t.Errorf("got %d %.80q", rec.Code, rec.Body.String())
	}
}

func serveSPA(h http.Handler, path, acceptEncoding string) *httptest.ResponseRecorder {
	req := httptest.NewRequest("GET", path, nil)
	if acceptEncoding != "" {
		req.Header.Set("Accept-Encoding", acceptEncoding)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func TestSPAHandlerSendsThePrecompressedAssetTheBrowserAccepts(t *testing.T) {
	h := spaHandler{dist: "testdata/dist"}
	cases := []struct {
		accept, encoding, file string
	}{
		{"gzip, deflate, br, zstd", "br", "app-abc123.js.br"},
		{"gzip, deflate", "gzip", "app-abc123.js.gz"},
		{"br;q=0, gzip", "gzip", "app-abc123.js.gz"},
		{"", "", "app-abc123.js"},
		{"identity", "", "app-abc123.js"},
	}
	for _, tc := range cases {
		rec := serveSPA(h, "/assets/app-abc123.js", tc.accept)
		want, _ := os.ReadFile("testdata/dist/assets/" + tc.file)
		if rec.Code != 200 || rec.Header().Get("Content-Encoding") != tc.encoding || !bytes.Equal(rec.Body.Bytes(), want) {
			t.Errorf("Accept-Encoding %q: %d, Content-Encoding %q, body %.40q", tc.accept, rec.Code,
				rec.Header().Get("Content-Encoding"), rec.Body.String())
		}
		if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "text/javascript") {
			t.Errorf("Accept-Encoding %q: Content-Type %q", tc.accept, ct)
		}
		if rec.Header().Get("Vary") != "Accept-Encoding" || !strings.Contains(rec.Header().Get("Cache-Control"), "immutable") {
			t.Errorf("Accept-Encoding %q: headers %v", tc.accept, rec.Header())
		}
	}
	// The encoded copies are not files of the site (CloudFront has none).
	for _, p := range []string{"/assets/app-abc123.js.gz", "/assets/app-abc123.js.br"} {
		if rec := serveSPA(h, p, "gzip, br"); rec.Code != 404 {
			t.Errorf("%s: %d", p, rec.Code)
		}
	}
}

func TestSPAHandlerWritesTheConfigIntoIndexHTML(t *testing.T) {
	config := []byte(`{"region":"us-east-1","userPoolId":"pool</script><b>x","apiBase":"/api"}`)
	// encoding/json escapes what could close the script element; the handler gets its output.
	var v map[string]string
	json.Unmarshal(config, &v)
	config, _ = json.Marshal(v)
	h := spaHandler{dist: "testdata/dist", config: config}
	for _, p := range []string{"/", "/dashboard", "/index.html"} {
		rec := serveSPA(h, p, "")
		body := rec.Body.String()
		want := `<script id="verde-config" type="application/json">` + string(config) + `</script>`
		if rec.Code != 200 || !strings.Contains(body, want) || strings.Contains(body, "pool</script>") {
			t.Errorf("GET %s: %d %q", p, rec.Code, body)
		}
		if rec.Header().Get("Cache-Control") != "no-cache" || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/html") {
			t.Errorf("GET %s: headers %v", p, rec.Header())
		}
	}
	// Without a config (tests of the handler alone) the slot stays empty.
	rec := serveSPA(spaHandler{dist: "testdata/dist"}, "/", "")
	if !strings.Contains(rec.Body.String(), configSlot) {
		t.Errorf("empty slot changed: %q", rec.Body.String())
	}
}

func TestSPAHandlerGzipsALargeIndexHTMLForABrowserThatAcceptsIt(t *testing.T) {
	config, _ := json.Marshal(map[string]string{"padding": strings.Repeat("verde ", 400)})
	h := spaHandler{dist: "testdata/dist", config: config}
	rec := serveSPA(h, "/login", "gzip, br")
	if rec.Header().Get("Content-Encoding") != "gzip" {
		t.Fatalf("Content-Encoding %q", rec.Header().Get("Content-Encoding"))
	}
	zr, err := gzip.NewReader(rec.Body)
	if err != nil {
		t.Fatal(err)
	}
	plain, _ := io.ReadAll(zr)
	if !strings.Contains(string(plain), `<div id="root">`) || !strings.Contains(string(plain), "verde verde") {
		t.Errorf("gunzipped %q", plain)
	}
	if rec := serveSPA(h, "/login", ""); rec.Header().Get("Content-Encoding") != "" {
		t.Errorf("identity client got %q", rec.Header().Get("Content-Encoding"))
	}
}

func TestSPAHandlerSendsTheSecurityHeaders(t *testing.T) {
	h := spaHandler{dist: "testdata/dist", headers: map[string]string{"Content-Security-Policy": "default-src 'self'"}}
	for _, p := range []string{"/", "/dashboard"} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", p, nil))
		if got := rec.Header().Get("Content-Security-Policy"); got != "default-src 'self'" {
			t.Errorf("%s: CSP %q", p, got)
		}
	}
}
