package cloud

import (
	"net/http"
	"net/http/httptest"
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
