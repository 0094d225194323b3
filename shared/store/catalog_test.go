package store_test

import (
	"context"
	"fmt"
	"reflect"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/uuid"

	"github.com/verde-app/verde/infra/seed"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
)

// The catalogue tests count every item of their partitions: each runs on a table of its own.
func catalogFixture(t *testing.T) *fixture {
	t.Helper()
	return newFixtureOn(t, "catalog-"+uuid.NewString()[:8])
}

// 66 vegetables and 13 conquistas: one BatchGetItem finds none, four BatchWriteItem calls
// (25 + 25 + 25 + 4) write them. Seeding again finds all and writes nothing; an admin's edit survives.
func TestSeedCatalogWritesOnceInBatchesAndKeepsEdits(t *testing.T) {
	ctx := context.Background()
	f := catalogFixture(t)
	vegetais, conquistas, err := seed.Catalog()
	if err != nil {
		t.Fatal(err)
	}
	if len(vegetais) != 66 || len(conquistas) != 13 {
		t.Fatalf("catalogue of %d vegetables and %d conquistas", len(vegetais), len(conquistas))
	}

	f.calls.Reset()
	n, err := f.s.SeedCatalog(ctx, vegetais, conquistas)
	if err != nil || n != 79 {
		t.Fatalf("first seed: %d, %v", n, err)
	}
	if ops := f.calls.ByOperation(); ops["BatchGetItem"] != 1 || ops["BatchWriteItem"] != 4 || f.calls.Total() != 5 {
		t.Fatalf("first seed made %v", ops)
	}

	// An admin edits a vegetable; seeding again must not undo it.
	key := map[string]types.AttributeValue{
		"PK": &types.AttributeValueMemberS{Value: store.VegetalPK("tomate")},
		"SK": &types.AttributeValueMemberS{Value: "META"},
	}
	_, err = f.s.DB.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: aws.String(f.s.Table), Key: key,
		UpdateExpression:          aws.String("SET nome = :n"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":n": &types.AttributeValueMemberS{Value: "Tomate cereja"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	f.calls.Reset()
	n, err = f.s.SeedCatalog(ctx, vegetais, conquistas)
	if err != nil || n != 0 {
		t.Fatalf("second seed: %d, %v", n, err)
	}
	if ops := f.calls.ByOperation(); ops["BatchGetItem"] != 1 || f.calls.Total() != 1 {
		t.Fatalf("second seed made %v", ops)
	}

	out, err := f.s.DB.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String(f.s.Table), Key: key})
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := out.Item["nome"].(*types.AttributeValueMemberS); v == nil || v.Value != "Tomate cereja" {
		t.Errorf("edit lost: %v", out.Item["nome"])
	}
	for _, attr := range []string{"GSI1PK", "GSI1SK", "type", "id", "diasColheitaMin", "diasColheitaMax", "semeadura", "espacamento", "fonte", "criadoEm",
		"nomeCientifico", "familia", "cuidados", "pragas", "fontes"} {
		if out.Item[attr] == nil {
			t.Errorf("item lacks %s", attr)
		}
	}
	if v, _ := out.Item["GSI1PK"].(*types.AttributeValueMemberS); v == nil || v.Value != "CATALOG#VEG" {
		t.Errorf("GSI1PK = %v", out.Item["GSI1PK"])
	}
	if v, _ := out.Item["criadoEm"].(*types.AttributeValueMemberS); v == nil || len(v.Value) != 24 {
		t.Errorf("criadoEm = %v, want the stored time format", out.Item["criadoEm"])
	}

	// The catalogue lists exactly what was seeded (the edit aside), round-tripped through the items.
	listedV, err := f.s.Vegetais(ctx)
	if err != nil {
		t.Fatal(err)
	}
	listedC, err := f.s.Conquistas(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(listedV) != 66 || len(listedC) != 13 {
		t.Fatalf("catalogue lists %d vegetables, %d conquistas", len(listedV), len(listedC))
	}
	byID := map[string]domain.Vegetal{}
	for _, v := range listedV {
		byID[v.ID] = v
	}
	for _, v := range vegetais {
		if v.ID == "tomate" {
			v.Nome = "Tomate cereja"
		}
		// The store numbers each item's writes: a seeded item is at version 1
		// (the edited tomate too: the test edits it without the admin API).
		v.Version = 1
		if !reflect.DeepEqual(byID[v.ID], v) {
			t.Errorf("vegetable %s: stored %+v, seeded %+v", v.ID, byID[v.ID], v)
		}
	}
	byCode := map[string]domain.Conquista{}
	for _, c := range listedC {
		byCode[c.Codigo] = c
	}
	for _, c := range conquistas {
		if byCode[c.Codigo] != c {
			t.Errorf("conquista %s: stored %+v, seeded %+v", c.Codigo, byCode[c.Codigo], c)
		}
	}
}

// A larger catalogue costs one BatchGetItem per 100 keys and one BatchWriteItem per 25 items;
// only the items missing from the table are written.
func TestSeedCatalogCallsAreBoundedBySize(t *testing.T) {
	ctx := context.Background()
	f := catalogFixture(t)
	var vegetais []domain.Vegetal
	for i := range 130 {
		vegetais = append(vegetais, domain.Vegetal{ID: fmt.Sprintf("v%03d", i), Nome: "V", DiasColheitaMin: 1, DiasColheitaMax: 2})
	}
	if n, err := f.s.SeedCatalog(ctx, vegetais[:40], nil); err != nil || n != 40 {
		t.Fatalf("first 40: %d, %v", n, err)
	}
	f.calls.Reset()
	n, err := f.s.SeedCatalog(ctx, vegetais, []domain.Conquista{{Codigo: "c1", Nome: "C", Criterio: domain.Criterio{Evento: "e", Quantidade: 1}}})
	if err != nil || n != 91 {
		t.Fatalf("seed of 131 with 40 present: %d, %v", n, err)
	}
	if ops := f.calls.ByOperation(); ops["BatchGetItem"] != 2 || ops["BatchWriteItem"] != 4 || f.calls.Total() != 6 {
		t.Fatalf("seed made %v", ops)
	}
	if listed, err := f.s.Vegetais(ctx); err != nil || len(listed) != 130 {
		t.Fatalf("lists %d, %v", len(listed), err)
	}
}

// Ids that could not be keys, and repeated ids, are refused before any call.
func TestSeedCatalogRefusesBadIDs(t *testing.T) {
	f := newFixture(t)
	for _, vegetais := range [][]domain.Vegetal{{{ID: ""}}, {{ID: "a#b"}}, {{ID: "x-" + uuid.NewString()}, {ID: "x-dup"}, {ID: "x-dup"}}} {
		f.calls.Reset()
		if n, err := f.s.SeedCatalog(context.Background(), vegetais, nil); err == nil || n != 0 || f.calls.Total() != 0 {
			t.Errorf("%v: %d, %v after %d calls", vegetais, n, err, f.calls.Total())
		}
	}
	if _, err := f.s.SeedCatalog(context.Background(), nil, []domain.Conquista{{Codigo: "a b"}}); err == nil {
		t.Error("conquista code with a space accepted")
	}
}
