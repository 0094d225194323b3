package domain

import (
	"os"
	"testing"
)

// The example file /admin/dados offers (spa/public/modelos/vegetais-exemplo.csv) has exactly
// the documented columns, metodo left out as the screen says it may be, and imports with no
// problem (every row failed with "Escolha o método" before).
func TestTheDocumentedExampleFileImports(t *testing.T) {
	data, err := os.ReadFile("../../spa/public/modelos/vegetais-exemplo.csv")
	if err != nil {
		t.Fatal(err)
	}
	f, err := ParseImport(data)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Rows) != 3 || f.Columns["metodo"] {
		t.Fatalf("rows %d, columns %v", len(f.Rows), f.Columns)
	}
	for _, row := range f.Rows {
		in, problem := row.ImportInput(VegetalInput{}, true, f.Columns)
		if problem != nil {
			t.Errorf("line %d: %+v", row.Linha, *problem)
			continue
		}
		if in.Metodo != "" || len(in.Semeadura["nordeste"]) == 0 {
			t.Errorf("line %d: %+v", row.Linha, in)
		}
	}
}
