package csvcell

import (
	"bytes"
	"strings"
	"testing"
)

func TestNeutraliseMakesFormulaCellsText(t *testing.T) {
	for in, want := range map[string]string{
		"=HYPERLINK(\"x\")": "'=HYPERLINK(\"x\")",
		"+1":                "'+1",
		"-2+3":              "'-2+3",
		"@SUM(A1)":          "'@SUM(A1)",
		"\tcmd":             "'\tcmd",
		"\rcmd":             "'\rcmd",
		"Alface":            "Alface",
		"":                  "",
		"a=b":               "a=b",
	} {
		if got := Neutralise(in); got != want {
			t.Errorf("Neutralise(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestWriterStartsWithBOMAndKeepsNumbers(t *testing.T) {
	var b bytes.Buffer
	w, err := NewWriter(&b, ';')
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Row(Text("Colheita de =cmd"), Text("=cmd"), Num(-1.5), Int(3)); err != nil {
		t.Fatal(err)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	got := b.String()
	if !strings.HasPrefix(got, "\ufeff") {
		t.Fatalf("no BOM: %q", got)
	}
	if want := "\ufeffColheita de =cmd;'=cmd;-1.5;3\r\n"; got != want {
		t.Fatalf("got %q, want %q", got, want)
	}
}
