package shared_test

import (
	"encoding/json"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The import rules of the tree (docs/architecture.md, "The layers"), read from the real
// dependency graph of the production packages (go list -deps; test files are
// not in it, so test support may live in infra/testkit):
//
//   - domain is pure: no I/O (network, files, processes, AWS);
//   - only store talks to DynamoDB (imports the SDK's dynamodb packages);
//   - an API area (shared/api/<area>) never imports another area;
//   - nothing under shared imports infra.
const module = "github.com/verde-app/verde/"

type pkg struct {
	ImportPath string
	Imports    []string // direct
	Deps       []string // transitive
}

func listPackages(t *testing.T) []pkg {
	t.Helper()
	// go test caches a result by the files the test opens or stats; go list
	// reads the tree in another process, so stat every Go file here, or a
	// new import would not rerun the test.
	err := filepath.WalkDir("..", func(path string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if e.IsDir() && (e.Name() == "node_modules" || e.Name() == ".git" || e.Name() == "spa") {
			return filepath.SkipDir
		}
		if strings.HasSuffix(path, ".go") || e.Name() == "go.mod" {
			_, err = os.Stat(path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "list", "-json=ImportPath,Imports,Deps", "../...")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	var pkgs []pkg
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for dec.More() {
		var p pkg
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		pkgs = append(pkgs, p)
	}
	if len(pkgs) < 10 {
		t.Fatalf("go list found only %d packages", len(pkgs))
	}
	return pkgs
}

// composes are the API areas that answer with other areas' views by design:
// me's GET /api/dashboard, every card of /dashboard in one request
// (docs/reads.md).
var composes = map[string]bool{"me": true}

// violations applies the rules to one package and its dependencies.
func violations(p pkg) []string {
	self := strings.TrimPrefix(p.ImportPath, module)
	var out []string
	for _, d := range p.Deps {
		dep := strings.TrimPrefix(d, module)
		switch {
		case self == "shared/domain" && !parsingOnly(d) && (d == "net" || strings.HasPrefix(d, "net/") || strings.HasPrefix(d, "github.com/aws/") || strings.HasPrefix(d, module)):
			out = append(out, "domain depends on "+d+" (domain is pure: no I/O, no other package of ours)")
		case strings.HasPrefix(self, "shared/") && strings.HasPrefix(dep, "infra/"):
			out = append(out, self+" (shared) imports "+dep+" (infra)")
		case area(self) != "" && area(dep) != "" && area(self) != area(dep) && !composes[area(self)]:
			out = append(out, "API area "+area(self)+" imports API area "+area(dep))
		}
	}
	if self == "shared/domain" {
		for _, d := range p.Imports {
			if isIO(d) && !parsingOnly(d) {
				out = append(out, "domain imports I/O package "+d)
			}
		}
	}
	// The SDK rule is about direct imports: everything that uses store
	// depends on the SDK through it. The local cloud (infra) makes tables;
	// the measuring tools (tools/meter, tools/season) price and recount items.
	if self != "shared/store" && !strings.HasPrefix(self, "infra/") && !strings.HasPrefix(self, "tools/") {
		for _, d := range p.Imports {
			if strings.HasPrefix(d, "github.com/aws/aws-sdk-go-v2/service/dynamodb") ||
				strings.HasPrefix(d, "github.com/aws/aws-sdk-go-v2/feature/dynamodb") {
				out = append(out, self+" imports the DynamoDB SDK ("+d+"); only shared/store may")
			}
		}
	}
	return out
}

// parsingOnly are the net packages that only parse values (a banner's link
// is checked with net/url, which depends on net/netip): no connection, no
// file, nothing but strings in and values out.
func parsingOnly(d string) bool { return d == "net/url" || d == "net/netip" }

// isIO is a standard or AWS package through which a package does I/O (fmt
// depends on os, so the rule for the standard library is on direct imports).
func isIO(d string) bool {
	for _, p := range []string{"net", "os", "io/fs", "syscall", "database/sql", "github.com/aws/"} {
		if d == p || strings.HasPrefix(d, p+"/") {
			return true
		}
	}
	return false
}

// area is the API area of shared/api/<area>[/...] ("" for anything else,
// shared/api itself and its kit included).
func area(p string) string {
	rest, ok := strings.CutPrefix(p, "shared/api/")
	if !ok {
		return ""
	}
	a, _, _ := strings.Cut(rest, "/")
	if a == "kit" {
		return ""
	}
	return a
}

func TestImportBoundaries(t *testing.T) {
	for _, p := range listPackages(t) {
		for _, v := range violations(p) {
			t.Error(v)
		}
	}
}
