// Package seed holds Verde's catalogue data: the vegetables of the Embrapa/Sebrae catalogue (and
// the herbs and PANC added to it), their care fields with the source of each (cuidados.csv,
// fontes.csv) and the conquistas catalogue, embedded files decoded into domain types. It writes nothing itself:
// store.SeedCatalog writes this data, called by the local cloud at every start
// (infra/local/cloud) and, in a deployed stack, by the CatalogSeed custom resource
// (functions/catalogseed) on every stack create and update. Items already in the table are kept.
package seed

import (
	"embed"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/verde-app/verde/shared/domain"
)

//go:embed vegetais.json conquistas.json cuidados.csv fontes.csv produtividade.json
var files embed.FS

// Vegetais returns the vegetable catalogue, each with the care fields of
// cuidados.csv and the source of each (fontes.csv).
func Vegetais() ([]domain.Vegetal, error) {
	var doc struct {
		Vegetais []domain.Vegetal `json:"vegetais"`
	}
	if err := decode("vegetais.json", &doc); err != nil {
		return nil, err
	}
	care, err := Care()
	if err != nil {
		return nil, err
	}
	sources, err := Sources()
	if err != nil {
		return nil, err
	}
	byID := map[string]*domain.Vegetal{}
	for i := range doc.Vegetais {
		byID[doc.Vegetais[i].ID] = &doc.Vegetais[i]
	}
	for _, c := range care {
		v, ok := byID[c.Vegetal]
		if !ok {
			return nil, fmt.Errorf("seed: cuidados.csv: vegetable %q is not in vegetais.json", c.Vegetal)
		}
		src, ok := sources[c.Fonte]
		if !ok {
			return nil, fmt.Errorf("seed: cuidados.csv: %s %s: source %q is not in fontes.csv", c.Vegetal, c.Campo, c.Fonte)
		}
		if err := v.SetCare(c.Campo, c.Valor); err != nil {
			return nil, fmt.Errorf("seed: cuidados.csv: %s: %w", c.Vegetal, err)
		}
		if v.Fontes == nil {
			v.Fontes = map[string]domain.Citacao{}
		}
		src.Local = c.Local
		v.Fontes[c.Campo] = src
		if c.Campo == "espacamento" {
			v.EspacamentoFonte = map[bool]string{true: "institucional", false: "nao-institucional"}[src.Institucional]
		}
	}
	return doc.Vegetais, nil
}

// CareRow is one row of cuidados.csv: a care field's value, its source (an
// id of fontes.csv), where in the source, and the source's own words.
type CareRow struct {
	Vegetal, Campo, Valor, Fonte, Local, Trecho string
}

// Care returns the rows of cuidados.csv.
func Care() ([]CareRow, error) {
	rows, err := readCSV("cuidados.csv", []string{"vegetal", "campo", "valor", "fonte", "local", "trecho"})
	if err != nil {
		return nil, err
	}
	out := make([]CareRow, 0, len(rows))
	for _, r := range rows {
		out = append(out, CareRow{Vegetal: r[0], Campo: r[1], Valor: r[2], Fonte: r[3], Local: r[4], Trecho: r[5]})
	}
	return out, nil
}

// Sources returns fontes.csv by id (Local is set per field by cuidados.csv).
func Sources() (map[string]domain.Citacao, error) {
	rows, err := readCSV("fontes.csv", []string{"id", "titulo", "editora", "ano", "endereco", "tipo"})
	if err != nil {
		return nil, err
	}
	out := map[string]domain.Citacao{}
	for _, r := range rows {
		if r[5] != "institucional" && r[5] != "nao-institucional" {
			return nil, fmt.Errorf("seed: fontes.csv: %s: tipo %q", r[0], r[5])
		}
		out[r[0]] = domain.Citacao{Titulo: r[1], Editora: r[2], Ano: r[3], Endereco: r[4], Institucional: r[5] == "institucional"}
	}
	return out, nil
}

func readCSV(name string, header []string) ([][]string, error) {
	f, err := files.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r := csv.NewReader(f)
	r.Comment = '#'
	r.FieldsPerRecord = len(header)
	rows, err := r.ReadAll()
	if err != nil {
		return nil, fmt.Errorf("seed: %s: %w", name, err)
	}
	if len(rows) == 0 || strings.Join(rows[0], ",") != strings.Join(header, ",") {
		return nil, fmt.Errorf("seed: %s: header must be %v", name, header)
	}
	for i, row := range rows[1:] {
		for j, cell := range row {
			if strings.TrimSpace(cell) == "" {
				return nil, fmt.Errorf("seed: %s: row %d: empty %s", name, i+2, header[j])
			}
		}
	}
	return rows[1:], nil
}

// Conquistas returns the conquistas catalogue.
func Conquistas() ([]domain.Conquista, error) {
	var doc struct {
		Conquistas []domain.Conquista `json:"conquistas"`
	}
	if err := decode("conquistas.json", &doc); err != nil {
		return nil, err
	}
	return doc.Conquistas, nil
}

// Catalog returns both catalogues, as store.SeedCatalog takes them.
func Catalog() ([]domain.Vegetal, []domain.Conquista, error) {
	vegetais, err := Vegetais()
	if err != nil {
		return nil, nil, err
	}
	conquistas, err := Conquistas()
	if err != nil {
		return nil, nil, err
	}
	return vegetais, conquistas, nil
}

func decode(name string, v any) error {
	b, err := files.ReadFile(name)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("seed: %s: %w", name, err)
	}
	return nil
}

// Yield is one row of produtividade.json: a vegetable's plausible yield with
// its source.
type Yield struct {
	VegetalID string `json:"vegetalId"`
	domain.Produtividade
	Nota string `json:"nota"`
}

// YieldRows returns produtividade.json's rows, as the source gives them.
func YieldRows() ([]Yield, error) {
	var doc struct {
		Linhas []Yield `json:"linhas"`
	}
	if err := decode("produtividade.json", &doc); err != nil {
		return nil, err
	}
	return doc.Linhas, nil
}

// Yields returns the plausible yields by vegetable id, as
// store.SeedYields takes them.
func Yields() (map[string]domain.Produtividade, error) {
	rows, err := YieldRows()
	if err != nil {
		return nil, err
	}
	out := make(map[string]domain.Produtividade, len(rows))
	for _, r := range rows {
		out[r.VegetalID] = r.Produtividade
	}
	return out, nil
}
