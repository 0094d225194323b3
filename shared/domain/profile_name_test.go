package domain

import (
	"strings"
	"testing"
	"time"
)

func TestFitNomeCutsALongNameToTheLimit(t *testing.T) {
	if got := FitNome(strings.Repeat("ã", 300)); Length(got) != MaxNomeLength {
		t.Fatalf("%d characters", Length(got))
	}
	if got := FitNome("  Ana   Maria "); got != "Ana Maria" {
		t.Fatalf("%q", got)
	}
	if NewProfile("u", strings.Repeat("b", 200), "e@x.y", nil, time.Now()).Nome != strings.Repeat("b", 80) {
		t.Fatal("a profile from a long Google name is not cut to 80")
	}
}
