// Package seed holds Verde's catalogue data: the vegetables of the Embrapa/Sebrae catalogue and
// the conquistas catalogue, embedded JSON decoded into domain types. It writes nothing itself:
// store.SeedCatalog writes this data, called by the local cloud at every start
// (infra/local/cloud) and, in a deployed stack, by the CatalogSeed custom resource
// (functions/catalogseed) on every stack create and update. Items already in the table are kept.
package seed

import (
	"embed"
	"encoding/json"
	"fmt"

	"github.com/verde-app/verde/shared/domain"
)

//go:embed vegetables.json conquistas.json produtividade.json
var files embed.FS

// Vegetables returns the vegetable catalogue.
func Vegetables() ([]domain.Vegetable, error) {
	var doc struct {
		Vegetais []domain.Vegetable `json:"vegetais"`
	}
	if err := decode("vegetables.json", &doc); err != nil {
		return nil, err
	}
	return doc.Vegetais, nil
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
func Catalog() ([]domain.Vegetable, []domain.Conquista, error) {
	vegetables, err := Vegetables()
	if err != nil {
		return nil, nil, err
	}
	conquistas, err := Conquistas()
	if err != nil {
		return nil, nil, err
	}
	return vegetables, conquistas, nil
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
