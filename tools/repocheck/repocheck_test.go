// Package repocheck holds checks on the repository's text as a whole: for
// now, that its comments and docs point only at documents a reader of the
// repository can open.
package repocheck_test

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// stillCiting are the files that may still cite documents outside the
// repository, until they are rewritten: none now. The list only shrinks: the
// test fails when a file here no longer cites anything (take it off the
// list), and nothing may be added to it.
var stillCiting = []string{}

// self is this file: it names the patterns it looks for.
const self = "tools/repocheck/repocheck_test.go"

// checked says whether a tracked file is one whose text this test reads:
// source, configuration, and every Markdown document. Generated files and
// lock files are left out (their sources are checked).
func checked(name string) bool {
	if name == self || strings.Contains(name, "node_modules/") {
		return false
	}
	switch name {
	case "spa/src/types/api.gen.ts": // generated from shared/api/openapi.yaml
		return false
	}
	base := path.Base(name)
	if base == "package-lock.json" || base == "go.sum" {
		return false
	}
	switch base {
	case "Makefile", "run": // run: .ci/run
		return true
	}
	switch path.Ext(name) {
	case ".go", ".ts", ".tsx", ".mjs", ".js", ".cjs", ".py", ".yaml", ".yml", ".css",
		".html", ".json", ".toml", ".sh", ".md", ".txt":
		return true
	}
	return false
}

// outside are the ways a text points at a document a reader of the
// repository cannot open: the design, spec, style and catalogue documents
// the project started from, their sections, and numbered issues of a
// tracker. A rule belongs in the comment itself, in docs/, or in code.
var outside = []struct {
	re  *regexp.Regexp
	why string
}{
	{regexp.MustCompile(`(?i)\b(DESIGN|SPEC|STYLE|CATALOGUE|SOURCES)\.md\b`), "a document that is not in the repository"},
	{regexp.MustCompile(`\b(DESIGN|SPEC)\b`), "the design or the spec, which are not in the repository"},
	{regexp.MustCompile(`\b[Ii]ssues? #?[0-9]+`), "a numbered issue of a tracker"},
	{regexp.MustCompile(`\(#[0-9]+\)`), "a numbered issue or pull request"},
	{regexp.MustCompile(`\b[Tt]he issue's\b|\b(later|next|future|this) issue\b`), "an issue of a tracker"},
}

// section is a "§" not after a public standard's or law's name (RFC 9110
// §12.5.3 and "Lei 13.709, art. 18 §1" are fine; "§4" alone is a section of
// a document that is not here).
var section = regexp.MustCompile(`(RFC ?[0-9]+|[Aa]rt\. ?[0-9]+,?|Lei [0-9.]+,?)? ?§`)

// docsLink is a path to a document of docs/ (not inside a URL).
var docsLink = regexp.MustCompile("(?:^|[\\s(\\[`\"'*])(?:\\.\\./)*(docs/[A-Za-z0-9_.-]+\\.md)\\b")

// findings are what a line points at that no reader can open.
func findings(line string, tracked map[string]bool) []string {
	var out []string
	for _, o := range outside {
		if m := o.re.FindString(line); m != "" {
			out = append(out, fmt.Sprintf("%q: %s", m, o.why))
		}
	}
	for _, m := range section.FindAllStringSubmatch(line, -1) {
		if m[1] == "" {
			out = append(out, `"§": a section of a document that is not in the repository`)
			break
		}
	}
	for _, m := range docsLink.FindAllStringSubmatch(line, -1) {
		if !tracked[m[1]] {
			out = append(out, fmt.Sprintf("%q: no such file in the repository", m[1]))
		}
	}
	return out
}

// root is the repository's root, found from this file.
func root(t *testing.T) string {
	t.Helper()
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		t.Fatal("no caller information")
	}
	return filepath.Join(filepath.Dir(file), "..", "..")
}

// trackedFiles are the repository's files, as git lists them (slash paths
// from the root): tracked, and new ones git does not ignore. Without git (a
// copy of the tree), every file but the build and tool directories.
func trackedFiles(t *testing.T, dir string) []string {
	t.Helper()
	cmd := exec.Command("git", "ls-files", "-z", "--cached", "--others", "--exclude-standard")
	cmd.Dir = dir
	if out, err := cmd.Output(); err == nil {
		// go test caches a result by the files the test reads; a file added
		// to git changes the index, so stat it for the cache to notice.
		idx := exec.Command("git", "rev-parse", "--git-path", "index")
		idx.Dir = dir
		if p, err := idx.Output(); err == nil {
			ip := strings.TrimSpace(string(p))
			if !filepath.IsAbs(ip) {
				ip = filepath.Join(dir, ip)
			}
			_, _ = os.Stat(ip)
		}
		var names []string
		for n := range strings.SplitSeq(strings.TrimRight(string(out), "\x00"), "\x00") {
			if n != "" {
				names = append(names, n)
			}
		}
		return names
	}
	var names []string
	skip := map[string]bool{".git": true, "node_modules": true, ".venv": true, ".local": true, ".build": true, "dist": true}
	err := filepath.WalkDir(dir, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if e.IsDir() && skip[e.Name()] {
			return filepath.SkipDir
		}
		if !e.IsDir() {
			rel, _ := filepath.Rel(dir, p)
			names = append(names, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return names
}

// TestTextCitesOnlyWhatIsInTheRepository: no comment, doc or README points
// at a document outside the repository (the project's old design and spec
// documents, a tracker's issues) or at a docs/ page that does not exist.
func TestTextCitesOnlyWhatIsInTheRepository(t *testing.T) {
	dir := root(t)
	names := trackedFiles(t, dir)
	tracked := make(map[string]bool, len(names))
	for _, n := range names {
		tracked[n] = true
	}
	if !tracked["go.mod"] || !tracked[self] {
		t.Fatalf("listed %d files under %s, without go.mod or this test: not the repository's root?", len(names), dir)
	}
	allowed := make(map[string]bool, len(stillCiting))
	for _, n := range stillCiting {
		allowed[n] = true
	}
	citing := map[string]bool{}
	read := 0
	for _, name := range names {
		if !checked(name) {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
		if errors.Is(err, fs.ErrNotExist) {
			continue // deleted in the work tree, not yet in the index
		}
		if err != nil {
			t.Fatal(err)
		}
		read++
		sc := bufio.NewScanner(bytes.NewReader(data))
		sc.Buffer(make([]byte, 0, 64*1024), 4*1024*1024)
		for i := 1; sc.Scan(); i++ {
			for _, f := range findings(sc.Text(), tracked) {
				citing[name] = true
				if !allowed[name] {
					t.Errorf("%s:%d cites %s; say the rule itself, or point at docs/ or at code", name, i, f)
				}
			}
		}
		if err := sc.Err(); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	if read < 100 {
		t.Fatalf("read only %d files", read)
	}
	for _, n := range stillCiting {
		if !citing[n] {
			t.Errorf("%s cites nothing outside the repository any more: take it off stillCiting", n)
		}
	}
	if !slices.IsSorted(stillCiting) {
		t.Error("keep stillCiting sorted")
	}
}

// TestFindings pins what counts as citing and what does not.
func TestFindings(t *testing.T) {
	tracked := map[string]bool{"docs/reads.md": true}
	cites := []string{
		"// Rules of DESIGN §4.",
		"// the users document of SPEC §3",
		"// registration lands on /dashboard (SPEC).",
		"texts in `../" + "shared/SPEC.md`", // split so this file does not cite it itself
		"// One way to name a module (STYLE.md).",
		"// Package feed serves the FeedFunction (issue 12).",
		"// Issue 9, item 6: every free text",
		"// fixed in (#123)",
		"// by default the issue's 100,000 posts",
		"// Every group rule of §4 is a method here.",
		"how exact: docs/nowhere.md",
	}
	for _, line := range cites {
		if len(findings(line, tracked)) == 0 {
			t.Errorf("%q: no finding", line)
		}
	}
	fine := []string{
		"// Accepts reports whether a header allows coding (RFC 9110 §12.5.3):",
		"// LGPD art. 18 §1",
		"SPA_SOURCES := $(shell find spa -type f)",
		"TimeToLiveSpecification: &types.TimeToLiveSpecification{}",
		"how exact: docs/reads.md",
		"(Lighthouse's https://github.com/GoogleChrome/lighthouse/blob/main/docs/throttling.md)",
		"// the tokens issued before the deletion",
		"issue tracking systems",
	}
	for _, line := range fine {
		if f := findings(line, tracked); len(f) != 0 {
			t.Errorf("%q: %v", line, f)
		}
	}
}
