package testkit

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/pb33f/libopenapi"
	validator "github.com/pb33f/libopenapi-validator"
	"gopkg.in/yaml.v3"
)

// The contract check: every response an API test gets through Do is
// validated against shared/api/openapi.yaml (OpenAPI 3.1, hence
// libopenapi-validator), so a handler whose answer drifts from the document
// (a field renamed, a status not listed, a required field missing) fails the
// test that saw it.

var contract struct {
	once sync.Once
	v    validator.Validator
	err  error
}

func openAPIPath() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "shared", "api", "openapi.yaml")
}

func loadContract() (validator.Validator, error) {
	contract.once.Do(func() {
		spec, err := os.ReadFile(openAPIPath())
		if err != nil {
			contract.err = err
			return
		}
		doc, err := libopenapi.NewDocument(spec)
		if err != nil {
			contract.err = err
			return
		}
		v, errs := validator.NewValidator(doc)
		if len(errs) > 0 {
			contract.err = fmt.Errorf("openapi.yaml: %v", errs)
			return
		}
		contract.v = v
	})
	return contract.v, contract.err
}

// CheckContract reports, as a test error, every way the response rec given
// to req departs from the OpenAPI document. The pages outside /api the API
// answers (the link previews', tag pages) are checked too; the site's other
// paths (the SPA's) and the catch-all 404 of an undeclared path or method are
// not in the document.
func CheckContract(t testing.TB, req *http.Request, rec *httptest.ResponseRecorder) {
	t.Helper()
	CheckResponse(t, req, rec.Result(), rec.Body.Bytes())
}

// CheckResponse validates a response read from a live server (the local
// cloud) the same way; body is the response body already read.
func CheckResponse(t testing.TB, req *http.Request, res *http.Response, body []byte) {
	t.Helper()
	underAPI := strings.HasPrefix(req.URL.Path, "/api/")
	v, err := loadContract()
	if err != nil {
		t.Fatalf("contract: %v", err)
	}
	res.Body = io.NopCloser(bytes.NewReader(body))
	ok, errs := v.ValidateHttpResponse(req, res)
	if ok {
		return
	}
	for _, e := range errs {
		if (e.IsPathMissingError() || e.IsOperationMissingError()) && (res.StatusCode == http.StatusNotFound || !underAPI) {
			continue // an undeclared path or method: the 404 envelope of "Rota não encontrada" (openapi.yaml, info), or a page of the SPA's own
		}
		msg := e.Message
		if e.Reason != "" {
			msg += ": " + e.Reason
		}
		for _, s := range e.SchemaValidationErrors {
			msg += fmt.Sprintf("\n\t\t%s %s", s.FieldPath, s.Reason)
		}
		t.Errorf("contract: %s %s answered %d, which openapi.yaml does not allow: %s\n\tbody: %.300s", req.Method, req.URL.Path, res.StatusCode, msg, body)
	}
}

// ReadOpenAPI decodes shared/api/openapi.yaml into doc (a struct of the parts
// a test reads), failing t if it cannot.
func ReadOpenAPI(t testing.TB, doc any) {
	t.Helper()
	raw, err := os.ReadFile(openAPIPath())
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.Unmarshal(raw, doc); err != nil {
		t.Fatal(err)
	}
}

// Live sends req to a live server (the local cloud), checks the answer like
// CheckResponse and returns its status and body.
func Live(t testing.TB, req *http.Request) (int, []byte) {
	t.Helper()
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	CheckResponse(t, req, resp, raw)
	return resp.StatusCode, raw
}
