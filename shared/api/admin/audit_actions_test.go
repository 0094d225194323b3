package admin_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"net/http"
	"path/filepath"
	"slices"
	"strconv"
	"testing"

	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/domain"
)

// auditActionsInSource is every AuditAction constant declared in shared/domain.
func auditActionsInSource(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("../../domain/*.go")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	fset := token.NewFileSet()
	for _, f := range files {
		file, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(file, func(n ast.Node) bool {
			spec, ok := n.(*ast.ValueSpec)
			if !ok {
				return true
			}
			if id, ok := spec.Type.(*ast.Ident); !ok || id.Name != "AuditAction" {
				return true
			}
			for _, v := range spec.Values {
				if lit, ok := v.(*ast.BasicLit); ok {
					s, _ := strconv.Unquote(lit.Value)
					out = append(out, s)
				}
			}
			return true
		})
	}
	slices.Sort(out)
	return out
}

// Every action an admin write records is in domain.AuditActions (what the filter accepts)
// and in the contract's AcaoAuditoria (the SPA's labels are typed from it), and filtering by
// any of them works: moderacao.remover_avisar was refused (400) by a pattern without "_".
func TestEveryAuditActionCanBeShownAndFiltered(t *testing.T) {
	setup(t)
	source := auditActionsInSource(t)
	if len(source) < 20 {
		t.Fatalf("found only %v", source)
	}
	var known []string
	for _, a := range domain.AuditActions {
		known = append(known, string(a))
	}
	slices.Sort(known)
	if !slices.Equal(source, known) {
		t.Errorf("domain.AuditActions %v, declared %v", known, source)
	}
	var doc struct {
		Components struct {
			Schemas map[string]struct {
				Enum []string `yaml:"enum"`
			} `yaml:"schemas"`
		} `yaml:"components"`
	}
	testkit.ReadOpenAPI(t, &doc)
	enum := slices.Clone(doc.Components.Schemas["AcaoAuditoria"].Enum)
	slices.Sort(enum)
	if !slices.Equal(source, enum) {
		t.Errorf("openapi AcaoAuditoria %v, declared %v", enum, source)
	}
	admin := env.NewAdmin(t, "Ada Auditoria")
	for _, a := range source {
		if res := testkit.Do(t, h, "GET", "/api/admin/audit?acao="+a, admin, nil); res.Status != http.StatusOK {
			t.Errorf("filter %s: %d %s", a, res.Status, res.Body)
		}
	}
	if res := testkit.Do(t, h, "GET", "/api/admin/audit?acao=nada.disso", admin, nil); res.Status != http.StatusBadRequest || res.ErrorField() != "acao" {
		t.Errorf("unknown action: %d %s", res.Status, res.Body)
	}
}
