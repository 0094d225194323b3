package areas_test

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"testing"

	"github.com/verde-app/verde/shared/areas"
)

// Each function's main.go adds exactly the clients Wired lists for it (what the local cloud and
// the tests wire), so a function never runs locally with a client it lacks in AWS.
func TestEachMainWiresWhatAreasSays(t *testing.T) {
	// cognitoadmin.Wire(&d) in a main of its own, or passed to lambdahttp.ServeArea as a wire.
	call := regexp.MustCompile(`\b([a-z]+\.Wire)(?:\(&d\)|[,)])`)
	for id, dir := range makefileFunctions(t) {
		src, err := os.ReadFile(filepath.Join(repoRoot, "functions", dir, "main.go"))
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, c := range call.FindAllSubmatch(src, -1) {
			got = append(got, string(c[1]))
		}
		want := slices.Clone(areas.Wired[id])
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("functions/%s/main.go wires %v, areas.Wired[%s] says %v", dir, got, id, want)
		}
		for _, w := range want {
			if areas.Wires[w] == nil {
				t.Errorf("areas.Wired[%s] names %s, which Wires lacks", id, w)
			}
		}
	}
}
