package dados

import "testing"

// TestCellNeutralisesEveryFormulaStart: a text cell that starts with any of
// OWASP's formula characters is written with a leading apostrophe; other
// texts, numbers (negative ones too) and booleans are written as they are.
func TestCellNeutralisesEveryFormulaStart(t *testing.T) {
	for _, c := range []struct {
		in   any
		want string
	}{
		{"=HYPERLINK(\"http://evil.example\",\"clique\")", "'=HYPERLINK(\"http://evil.example\",\"clique\")"},
		{"+SUM(1+1)", "'+SUM(1+1)"},
		{"-2+3", "'-2+3"},
		{"@SUM(A1:A9)", "'@SUM(A1:A9)"},
		{"\t=1+1", "'\t=1+1"},
		{"\r=1+1", "'\r=1+1"},
		{"Horta da Praça", "Horta da Praça"},
		{"a=b", "a=b"},
		{"", ""},
		{float64(-5), "-5"},
		{float64(2.5), "2.5"},
		{true, "true"},
		{nil, ""},
		{[]any{"=x"}, `["=x"]`},
	} {
		if got := cell(c.in); got != c.want {
			t.Errorf("cell(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
