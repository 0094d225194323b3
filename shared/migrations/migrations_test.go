package migrations_test

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/verde-app/verde/infra/local/testcloud"
	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/migrations"
	"github.com/verde-app/verde/shared/store"
)

func TestMain(m *testing.M) { testcloud.RunDynamo(m) }

// counting is a migration of three steps that records each position it was given.
type counting struct {
	seen   []string
	failAt string // the position whose step fails (once)
}

func (c *counting) migration(id string) migrations.Migration {
	return migrations.Migration{ID: id, What: "three steps", Step: func(ctx context.Context, s *store.Store, pos string) (string, bool, int, error) {
		c.seen = append(c.seen, pos)
		if pos == c.failAt && c.failAt != "" {
			c.failAt = ""
			return pos, false, 0, errors.New("the table stalled")
		}
		n, _ := strconv.Atoi(pos)
		if n == 2 {
			return "", true, 1, nil
		}
		return strconv.Itoa(n + 1), false, 1, nil
	}}
}

func TestRunningTwiceIsRunningOnce(t *testing.T) {
	ctx := context.Background()
	s, _ := testkit.NewStoreOwn(t, "migrations")
	a, b := &counting{}, &counting{}
	list := []migrations.Migration{a.migration("a"), b.migration("b")}
	rep, err := migrations.Run(ctx, s, list, time.Time{})
	if err != nil || !slices.Equal(rep.Feitas, []string{"a", "b"}) || rep.Itens != 6 {
		t.Fatalf("first run: %+v %v", rep, err)
	}
	rep, err = migrations.Run(ctx, s, list, time.Time{})
	if err != nil || len(rep.Feitas) != 0 || rep.Ja != 2 || rep.Itens != 0 {
		t.Fatalf("second run: %+v %v", rep, err)
	}
	if !slices.Equal(a.seen, []string{"", "1", "2"}) || !slices.Equal(b.seen, []string{"", "1", "2"}) {
		t.Fatalf("steps ran at %v and %v", a.seen, b.seen)
	}
	recs, err := s.Migrations(ctx)
	if err != nil || recs["a"].Status != store.MigrationDone || recs["a"].Execucoes != 1 || recs["a"].Itens != 3 || recs["a"].ConcluidaEm == "" {
		t.Fatalf("records %+v %v", recs, err)
	}
}

func TestAFailedMigrationResumesFromItsPosition(t *testing.T) {
	ctx := context.Background()
	s, _ := testkit.NewStoreOwn(t, "migrations")
	a, b := &counting{failAt: "2"}, &counting{}
	list := []migrations.Migration{a.migration("a"), b.migration("b")}
	if _, err := migrations.Run(ctx, s, list, time.Time{}); err == nil {
		t.Fatal("the failing step did not fail the run")
	}
	recs, _ := s.Migrations(ctx)
	if r := recs["a"]; r.Status != store.MigrationRunning || r.Posicao != "2" || r.Erro != "the table stalled" {
		t.Fatalf("after the failure: %+v", r)
	}
	if len(b.seen) != 0 {
		t.Fatal("the next migration ran after a failure")
	}
	rep, err := migrations.Run(ctx, s, list, time.Time{})
	if err != nil || !slices.Equal(rep.Feitas, []string{"a", "b"}) {
		t.Fatalf("resumed run: %+v %v", rep, err)
	}
	// Positions "" and "1" ran once: the second run went on from "2".
	if !slices.Equal(a.seen, []string{"", "1", "2", "2"}) {
		t.Fatalf("steps ran at %v", a.seen)
	}
	recs, _ = s.Migrations(ctx)
	if r := recs["a"]; r.Status != store.MigrationDone || r.Execucoes != 2 || r.Erro != "" {
		t.Fatalf("after resuming: %+v", r)
	}
}

func TestARunOutOfTimeLeavesTheRestPending(t *testing.T) {
	ctx := context.Background()
	s, _ := testkit.NewStoreOwn(t, "migrations")
	a := &counting{}
	rep, err := migrations.Run(ctx, s, []migrations.Migration{a.migration("a")}, time.Now().Add(-time.Second))
	if err != nil || !slices.Equal(rep.Pendentes, []string{"a"}) || len(a.seen) != 0 {
		t.Fatalf("%+v %v, steps %v", rep, err, a.seen)
	}
}

func vegetal(id string) domain.Vegetal {
	return domain.Vegetal{ID: id, Nome: "Alface " + id, DiasColheitaMin: 40, DiasColheitaMax: 60,
		Espacamento: "25 x 25 cm", Fonte: "Embrapa 2010", Semeadura: map[string][]int{"SP": {3, 4}}}
}

// adminEdits changes one field as an admin's edit does: the field, and the version raised.
func adminEdits(t *testing.T, s *store.Store, id, field, value string) {
	t.Helper()
	_, err := s.DB.UpdateItem(context.Background(), &dynamodb.UpdateItemInput{
		TableName: aws.String(s.Table), Key: map[string]types.AttributeValue{"PK": &types.AttributeValueMemberS{Value: store.VegetalPK(id)}, "SK": &types.AttributeValueMemberS{Value: "META"}},
		UpdateExpression:          aws.String("SET #f = :v ADD version :one"),
		ExpressionAttributeNames:  map[string]string{"#f": field},
		ExpressionAttributeValues: map[string]types.AttributeValue{":v": &types.AttributeValueMemberS{Value: value}, ":one": &types.AttributeValueMemberN{Value: "1"}},
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestTheSeedUpdatesWhatNoAdminEditedAndCarriesNewFields(t *testing.T) {
	ctx := context.Background()
	s, calls := testkit.NewStoreOwn(t, "migrations")
	v1 := []domain.Vegetal{vegetal("a"), vegetal("b")}
	if res, err := s.ApplyCatalogSeed(ctx, v1, nil); err != nil || res.Criados != 2 {
		t.Fatalf("first seed: %+v %v", res, err)
	}
	adminEdits(t, s, "a", "espacamento", "30 x 30 cm (canteiro da escola)")

	// The next seed corrects a source, changes the spacing and brings care data.
	v2 := []domain.Vegetal{vegetal("a"), vegetal("b")}
	for i := range v2 {
		v2[i].Fonte, v2[i].Espacamento = "Embrapa Hortaliças 2010, p. 12", "20 x 20 cm"
		v2[i].VegetalCare.Sol = "Sol pleno"
	}
	res, err := s.ApplyCatalogSeed(ctx, v2, nil)
	if err != nil || res.Atualizados != 2 || res.Criados != 0 || res.Preservados != 1 {
		t.Fatalf("second seed: %+v %v", res, err)
	}
	a, _ := s.Vegetal(ctx, "a")
	b, _ := s.Vegetal(ctx, "b")
	if a.Espacamento != "30 x 30 cm (canteiro da escola)" || a.Fonte != v2[0].Fonte || a.VegetalCare.Sol != "Sol pleno" || a.Version != 3 {
		t.Errorf("the edited vegetable: %+v", a)
	}
	if b.Espacamento != "20 x 20 cm" || b.Fonte != v2[1].Fonte || b.VegetalCare.Sol != "Sol pleno" || b.Version != 2 {
		t.Errorf("the unedited vegetable: %+v", b)
	}
	// The same seed again writes nothing: one BatchGetItem.
	calls.Reset()
	if res, err := s.ApplyCatalogSeed(ctx, v2, nil); err != nil || res.Atualizados != 0 || res.Criados != 0 {
		t.Fatalf("third seed: %+v %v", res, err)
	}
	if ops := calls.ByOperation(); calls.Total() != 1 || ops["BatchGetItem"] != 1 {
		t.Errorf("an unchanged seed made %v", ops)
	}
	// An admin's later edit of a field the seed set is kept by the next seed too.
	adminEdits(t, s, "b", "fonte", "Caderno da horta")
	v3 := slices.Clone(v2)
	v3[1].Fonte = "Embrapa 2024"
	if _, err := s.ApplyCatalogSeed(ctx, v3, nil); err != nil {
		t.Fatal(err)
	}
	if b, _ := s.Vegetal(ctx, "b"); b.Fonte != "Caderno da horta" {
		t.Errorf("the admin's source was overwritten: %q", b.Fonte)
	}
}

func TestItemsSeededBeforeTheSeedRecordsGetTheNewFields(t *testing.T) {
	ctx := context.Background()
	s, _ := testkit.NewStoreOwn(t, "migrations")
	// The old insert-only seed: no SEED beside the items.
	if _, err := s.SeedCatalog(ctx, []domain.Vegetal{vegetal("untouched"), vegetal("edited")}, nil); err != nil {
		t.Fatal(err)
	}
	adminEdits(t, s, "edited", "espacamento", "1 m")
	v2 := []domain.Vegetal{vegetal("untouched"), vegetal("edited")}
	for i := range v2 {
		v2[i].Fonte, v2[i].VegetalCare.Rega = "Embrapa 2024", "Regar todo dia"
	}
	if _, err := s.ApplyCatalogSeed(ctx, v2, nil); err != nil {
		t.Fatal(err)
	}
	u, _ := s.Vegetal(ctx, "untouched")
	e, _ := s.Vegetal(ctx, "edited")
	// Still at version 1: no admin wrote it, so the whole seed applies.
	if u.Fonte != "Embrapa 2024" || u.VegetalCare.Rega != "Regar todo dia" {
		t.Errorf("the untouched vegetable: %+v", u)
	}
	// Edited before the records existed: only the fields it lacked are filled in.
	if e.Espacamento != "1 m" || e.Fonte != "Embrapa 2010" || e.VegetalCare.Rega != "Regar todo dia" {
		t.Errorf("the edited vegetable: %+v", e)
	}
}

func TestTheListRunsTheSeedOncePerVersionOfTheData(t *testing.T) {
	ctx := context.Background()
	s, _ := testkit.NewStoreOwn(t, "migrations")
	cat := func(vs ...domain.Vegetal) migrations.Catalog {
		return func() ([]domain.Vegetal, []domain.Conquista, error) { return vs, nil, nil }
	}
	l1, _ := migrations.List(cat(vegetal("a")), nil, nil)
	if _, err := migrations.Run(ctx, s, l1, time.Time{}); err != nil {
		t.Fatal(err)
	}
	l2, _ := migrations.List(cat(vegetal("a"), vegetal("b")), nil, nil)
	rep, err := migrations.Run(ctx, s, l2, time.Time{})
	if err != nil || len(rep.Feitas) != 1 || rep.Feitas[0] == l1[len(l1)-1].ID {
		t.Fatalf("a new seed: %+v %v", rep, err)
	}
	if v, err := s.Vegetal(ctx, "b"); err != nil || v.ID != "b" {
		t.Fatalf("the new vegetable: %v", err)
	}
}
