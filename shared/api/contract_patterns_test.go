package api

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/verde-app/verde/shared/domain"
)

// The lote code in a path is checked by openapi.yaml's Codigo pattern and by
// domain.ParseCodigo: they must take exactly the same strings.
func TestLoteCodePatternIsTheContracts(t *testing.T) {
	spec, err := os.ReadFile("openapi.yaml")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?s)    Codigo:\n.*?pattern: "([^"]+)"`).FindSubmatch(spec)
	if m == nil {
		t.Fatal("no Codigo parameter pattern in openapi.yaml")
	}
	contract := regexp.MustCompile(string(m[1]))
	samples := []string{"A1", "a1", "B12", "7", "ABC9999", "abc10", "0", "A0", "A01", "A00", "0001", "A10000",
		"ABCD1", "A", "", " A1", "A1 ", "Á1", "A-1", "requests", "9999", "10000", "Ab3"}
	for _, s := range samples {
		_, serr := domain.ParseCodigo(s)
		if contract.MatchString(s) != (serr == nil) {
			t.Errorf("%q: contract says %v, server says %v", s, contract.MatchString(s), serr)
		}
	}
	if !strings.Contains(string(m[1]), "[1-9]") {
		t.Errorf("pattern %s allows a lote numbered 0", m[1])
	}
}
