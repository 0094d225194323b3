package seed_test

import (
	"encoding/csv"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/verde-app/verde/infra/seed"
	"github.com/verde-app/verde/shared/domain"
)

var sourceMonths = map[string]int{"JAN": 1, "FEV": 2, "MAR": 3, "ABR": 4, "ABRIL": 4, "MAI": 5, "MAIO": 5,
	"JUN": 6, "JUL": 7, "AGO": 8, "SET": 9, "OUT": 10, "NOV": 11, "DEZ": 12}

// monthsOfCell reads a cell of the source: "*" (não recomendável), "ANO
// TODO", one month, or a first/last month whose window may wrap past December.
func monthsOfCell(t *testing.T, cell string) []int {
	c := strings.ToUpper(strings.TrimSpace(cell))
	switch c {
	case "*":
		return []int{}
	case "ANO TODO":
		return []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}
	}
	var ms []int
	for _, p := range strings.FieldsFunc(c, func(r rune) bool { return r == '/' || r == '.' || r == ' ' }) {
		m, ok := sourceMonths[p]
		if !ok {
			t.Fatalf("month %q in %q", p, cell)
		}
		ms = append(ms, m)
	}
	if len(ms) == 1 {
		return ms
	}
	var out []int
	for m := ms[0]; ; m = m%12 + 1 {
		out = append(out, m)
		if m == ms[1] {
			break
		}
	}
	slices.Sort(out)
	return out
}

// Every one of the source's 55 rows is a vegetable whose calendar and days to
// harvest are the source's, winter and summer cultivars apart.
func TestVegetaisAreTheSourceTable(t *testing.T) {
	f, err := os.Open("embrapa-calendario-2010.csv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := csv.NewReader(f)
	r.Comment = '#'
	rows, err := r.ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	rows = rows[1:] // header
	vegetais, err := seed.Vegetais()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 55 {
		t.Fatalf("%d source rows", len(rows))
	}
	// A row is one vegetable, or more when a cultivar group has its own entry
	// (tomate-cereja is the source's TOMATE row, grupo Cereja).
	byRow := map[string][]int{}
	for i, v := range vegetais {
		if v.FonteLinha != "" {
			byRow[v.FonteLinha] = append(byRow[v.FonteLinha], i)
		}
	}
	for _, row := range rows {
		is, ok := byRow[row[0]]
		if !ok {
			t.Errorf("source row %s has no vegetable", row[0])
			continue
		}
		delete(byRow, row[0])
		for _, i := range is {
			checkRow(t, vegetais[i], row)
		}
	}
	for r := range byRow {
		t.Errorf("vegetable row %q is not in the source", r)
	}
}

func checkRow(t *testing.T, v domain.Vegetal, row []string) {
	t.Helper()
	regions := []string{"sul", "sudeste", "nordeste", "centroOeste", "norte"}
	{
		for j, region := range regions {
			if want := monthsOfCell(t, row[1+j]); !slices.Equal(v.Semeadura[region], want) {
				t.Errorf("%s %s: %v, source %q", v.ID, region, v.Semeadura[region], row[1+j])
			}
		}
		lo, hi, _ := strings.Cut(row[6], "-")
		if strconv.Itoa(v.DiasColheitaMin) != lo || strconv.Itoa(v.DiasColheitaMax) != hi {
			t.Errorf("%s: days %d–%d, source %s", v.ID, v.DiasColheitaMin, v.DiasColheitaMax, row[6])
		}
		wantEstacao := map[bool]string{true: "verao"}[strings.Contains(row[0], "VERÃO")]
		if strings.Contains(row[0], "INVERNO") {
			wantEstacao = "inverno"
		}
		if v.Estacao != wantEstacao {
			t.Errorf("%s: estacao %q, want %q", v.ID, v.Estacao, wantEstacao)
		}
	}
}
