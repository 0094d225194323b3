package seed_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/verde-app/verde/infra/local/cloud"
	"github.com/verde-app/verde/infra/local/testcloud"
	"github.com/verde-app/verde/infra/seed"
)

func TestMain(m *testing.M) {
	testcloud.Run(m, cloud.Options{DynamoOnly: true, SkipSeed: true})
}

// CATALOGUE.md has 25 table rows and 6 species with days to harvest only.
func TestVegetablesHoldEveryCatalogueRowWithValidData(t *testing.T) {
	vegetables, err := seed.Vegetables()
	if err != nil {
		t.Fatal(err)
	}
	if len(vegetables) != 31 {
		t.Fatalf("%d vegetables, want 31", len(vegetables))
	}
	ids := map[string]bool{}
	withCalendar := 0
	for _, v := range vegetables {
		if v.ID == "" || v.Nome == "" || ids[v.ID] {
			t.Errorf("bad or duplicate id: %+v", v)
		}
		ids[v.ID] = true
		if v.DiasColheitaMin <= 0 || v.DiasColheitaMax < v.DiasColheitaMin {
			t.Errorf("%s: days %d–%d", v.ID, v.DiasColheitaMin, v.DiasColheitaMax)
		}
		if v.Fonte == "" {
			t.Errorf("%s: no source", v.ID)
		}
		if (v.Espacamento == "") != (v.EspacamentoFonte == "") ||
			!slices.Contains([]string{"", "institucional", "nao-institucional"}, v.EspacamentoFonte) {
			t.Errorf("%s: espacamento %q fonte %q", v.ID, v.Espacamento, v.EspacamentoFonte)
		}
		if v.Semeadura == nil {
			continue
		}
		withCalendar++
		if len(v.Semeadura) != len(seed.Regions) {
			t.Errorf("%s: regions %v", v.ID, v.Semeadura)
		}
		for _, region := range seed.Regions {
			months, ok := v.Semeadura[region]
			if !ok || months == nil {
				t.Errorf("%s: no list for %s", v.ID, region)
			}
			if !slices.IsSorted(months) || len(slices.Compact(slices.Clone(months))) != len(months) {
				t.Errorf("%s %s: months not sorted and unique: %v", v.ID, region, months)
			}
			for _, m := range months {
				if m < 1 || m > 12 {
					t.Errorf("%s %s: month %d", v.ID, region, m)
				}
			}
		}
	}
	if withCalendar != 25 {
		t.Errorf("%d vegetables with a sowing calendar, want 25", withCalendar)
	}
}

// Spot checks against CATALOGUE.md, including a season that wraps past December.
func TestVegetablesMatchTheCatalogue(t *testing.T) {
	vegetables, _ := seed.Vegetables()
	byID := map[string]seed.Vegetable{}
	for _, v := range vegetables {
		byID[v.ID] = v
	}
	coentro := byID["coentro"]
	if !slices.Equal(coentro.Semeadura["sul"], []int{1, 9, 10, 11, 12}) || coentro.Espacamento != "desbaste a 8–10 cm" || coentro.EspacamentoFonte != "institucional" {
		t.Errorf("coentro = %+v", coentro)
	}
	rucula := byID["rucula"]
	if rucula.Nome != "Rúcula" || len(rucula.Semeadura["norte"]) != 0 || rucula.EspacamentoFonte != "nao-institucional" || rucula.Espacamento != "10–15 cm" {
		t.Errorf("rucula = %+v", rucula)
	}
	if v := byID["alface-verao"]; len(v.Semeadura["norte"]) != 12 || v.DiasColheitaMin != 50 || v.DiasColheitaMax != 70 {
		t.Errorf("alface-verao = %+v", v)
	}
	if v := byID["cebola"]; v.Semeadura != nil || v.DiasColheitaMin != 120 || v.DiasColheitaMax != 180 {
		t.Errorf("cebola = %+v", v)
	}
	if v := byID["agriao"]; v.Espacamento != "" || v.EspacamentoFonte != "" {
		t.Errorf("agriao = %+v", v)
	}
}

func TestConquistasHoldDesignsList(t *testing.T) {
	conquistas, err := seed.Conquistas()
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, c := range conquistas {
		if c.Codigo == "" || c.Descricao == "" || c.Criterio.Evento == "" || c.Criterio.Quantidade < 1 {
			t.Errorf("incomplete: %+v", c)
		}
		names = append(names, c.Nome)
	}
	for _, want := range []string{"Primeira Semente", "Primeira Colheita", "Colheita Farta", "Mão Verde", "Diário em Dia",
		"Fotógrafo da Horta", "Voz da Comunidade", "Bom Vizinho", "Fundador", "Comunitário", "Líder de Horta"} {
		if !slices.Contains(names, want) {
			t.Errorf("missing %s", want)
		}
	}
	if len(conquistas) != 12 {
		t.Errorf("%d conquistas", len(conquistas))
	}
}

func TestSeedVegetablesWritesOnceAndKeepsEdits(t *testing.T) {
	c := testcloud.Get()
	db := c.DynamoDB()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()

	n, err := seed.SeedVegetables(ctx, db, c.TableName)
	if err != nil || n != 31 {
		t.Fatalf("first seed: %d, %v", n, err)
	}
	pk, sk := seed.VegetableKey("tomate")
	key := map[string]types.AttributeValue{"PK": &types.AttributeValueMemberS{Value: pk}, "SK": &types.AttributeValueMemberS{Value: sk}}
	// An admin edits a vegetable; seeding again must not undo it.
	_, err = db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: aws.String(c.TableName), Key: key,
		UpdateExpression:          aws.String("SET nome = :n"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":n": &types.AttributeValueMemberS{Value: "Tomate cereja"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	n, err = seed.SeedVegetables(ctx, db, c.TableName)
	if err != nil || n != 0 {
		t.Fatalf("second seed: %d, %v", n, err)
	}
	out, err := db.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String(c.TableName), Key: key})
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := out.Item["nome"].(*types.AttributeValueMemberS); v == nil || v.Value != "Tomate cereja" {
		t.Errorf("edit lost: %v", out.Item["nome"])
	}
	for _, attr := range []string{"GSI1PK", "GSI1SK", "id", "diasColheitaMin", "diasColheitaMax", "semeadura", "espacamento", "fonte"} {
		if out.Item[attr] == nil {
			t.Errorf("item lacks %s", attr)
		}
	}
	if v, _ := out.Item["GSI1PK"].(*types.AttributeValueMemberS); v == nil || v.Value != "CATALOG#VEG" {
		t.Errorf("GSI1PK = %v", out.Item["GSI1PK"])
	}
	q, err := db.Query(ctx, &dynamodb.QueryInput{
		TableName: aws.String(c.TableName), IndexName: aws.String("GSI1"),
		KeyConditionExpression:    aws.String("GSI1PK = :k"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":k": &types.AttributeValueMemberS{Value: "CATALOG#VEG"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if q.Count != 31 {
		t.Errorf("catalogue lists %d vegetables", q.Count)
	}
}
