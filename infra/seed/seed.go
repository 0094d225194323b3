// Package seed holds Verde's catalogue data (vegetables from the Embrapa/Sebrae catalogue and the
// conquistas catalogue) and writes the vegetables into the single table. The same data seeds the
// local cloud at every start and a deployed stack once.
package seed

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

//go:embed vegetables.json conquistas.json
var files embed.FS

// Regions are the keys of Vegetable.Semeadura, in the catalogue's order.
var Regions = []string{"sul", "sudeste", "nordeste", "centroOeste", "norte"}

// Vegetable is one row of the catalogue. Its JSON names are also its DynamoDB attribute names.
type Vegetable struct {
	ID              string `json:"id"`
	Nome            string `json:"nome"`
	DiasColheitaMin int    `json:"diasColheitaMin"`
	DiasColheitaMax int    `json:"diasColheitaMax"`
	// Semeadura maps each region to the months (1–12) recommended for sowing there; an empty list
	// means not recommended in that region, and a nil map means the source publishes no calendar.
	Semeadura map[string][]int `json:"semeadura"`
	// Espacamento is the planting distance as the source writes it, or "" when no source was found.
	Espacamento string `json:"espacamento"`
	// EspacamentoFonte is "institucional", "nao-institucional" or "" (no spacing).
	EspacamentoFonte string `json:"espacamentoFonte"`
	Fonte            string `json:"fonte"`
}

// Criterio says what unlocks a conquista: Quantidade occurrences of Evento.
type Criterio struct {
	Evento     string `json:"evento"`
	Quantidade int    `json:"quantidade"`
}

// Conquista is one achievement of the catalogue.
type Conquista struct {
	Codigo    string   `json:"codigo"`
	Nome      string   `json:"nome"`
	Descricao string   `json:"descricao"`
	Criterio  Criterio `json:"criterio"`
}

// Vegetables returns the vegetable catalogue.
func Vegetables() ([]Vegetable, error) {
	var doc struct {
		Vegetais []Vegetable `json:"vegetais"`
	}
	if err := decode("vegetables.json", &doc); err != nil {
		return nil, err
	}
	return doc.Vegetais, nil
}

// Conquistas returns the conquistas catalogue.
func Conquistas() ([]Conquista, error) {
	var doc struct {
		Conquistas []Conquista `json:"conquistas"`
	}
	if err := decode("conquistas.json", &doc); err != nil {
		return nil, err
	}
	return doc.Conquistas, nil
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

// CatalogKindVegetable is the GSI1 partition that lists the vegetable catalogue.
const CatalogKindVegetable = "CATALOG#VEG"

type vegetableItem struct {
	PK     string `json:"PK"`
	SK     string `json:"SK"`
	GSI1PK string `json:"GSI1PK"`
	GSI1SK string `json:"GSI1SK"`
	Vegetable
	Version  int    `json:"version"`
	CriadoEm string `json:"criadoEm"`
}

// VegetableKey is the primary key of a vegetable item.
func VegetableKey(id string) (pk, sk string) { return "VEG#" + id, "META" }

// SeedVegetables writes every catalogue vegetable that the table does not have yet, as item
// VEG#<id>/META listed under GSI1 "CATALOG#VEG". Items already there (possibly edited by an admin)
// are left alone, so running it again changes nothing. It returns how many items it wrote.
func SeedVegetables(ctx context.Context, db *dynamodb.Client, table string) (int, error) {
	vegetables, err := Vegetables()
	if err != nil {
		return 0, err
	}
	now := time.Now().UTC().Format(time.RFC3339)
	written := 0
	for _, v := range vegetables {
		pk, sk := VegetableKey(v.ID)
		item, err := attributevalue.MarshalMapWithOptions(vegetableItem{
			PK: pk, SK: sk, GSI1PK: CatalogKindVegetable, GSI1SK: v.ID,
			Vegetable: v, Version: 1, CriadoEm: now,
		}, func(o *attributevalue.EncoderOptions) { o.TagKey = "json" })
		if err != nil {
			return written, err
		}
		_, err = db.PutItem(ctx, &dynamodb.PutItemInput{
			TableName:           aws.String(table),
			Item:                item,
			ConditionExpression: aws.String("attribute_not_exists(PK)"),
		})
		var exists *types.ConditionalCheckFailedException
		switch {
		case errors.As(err, &exists):
			continue
		case err != nil:
			return written, fmt.Errorf("seed: vegetable %s: %w", v.ID, err)
		}
		written++
	}
	return written, nil
}
