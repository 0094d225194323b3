package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/uuid"

	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
)

// TestBackfillLedgerIndexesOlderRowsOnce: rows written before the history's
// index (no GSI1 keys) join the member's history, which then adds up to their
// total; a second run indexes nothing.
func TestBackfillLedgerIndexesOlderRowsOnce(t *testing.T) {
	f := newFixtureOn(t, "ledger-"+uuid.NewString()[:8])
	ctx := context.Background()
	u := f.user("Antiga")
	if _, _, err := f.s.CreateGroup(ctx, domain.NewGroup(uuid.NewString(), u.ID, domain.GroupInput{Nome: "Horta Velha", Cidade: "Campinas", UF: "SP"}, domain.Defaults(), time.Now()), u); err != nil {
		t.Fatal(err)
	}
	// As written before the index: the award and the Fundador bonus without GSI1 keys.
	for _, sk := range []string{store.AwardSK(domain.MotivoCriarGrupo, domain.RefPrimeiroGrupo), store.EarnedSK("fundador")} {
		if _, err := f.s.DB.UpdateItem(ctx, &dynamodb.UpdateItemInput{
			TableName: aws.String(f.s.Table), Key: map[string]types.AttributeValue{"PK": &types.AttributeValueMemberS{Value: store.UserPK(u.ID)}, "SK": &types.AttributeValueMemberS{Value: sk}}, UpdateExpression: aws.String("REMOVE GSI1PK, GSI1SK"),
		}); err != nil {
			t.Fatal(err)
		}
	}
	rows, _, err := f.s.LedgerPage(ctx, u.ID, 100, nil)
	if err != nil || len(rows) != 0 {
		t.Fatalf("before: %v %v", rows, err)
	}
	n, err := f.s.BackfillLedger(ctx)
	if err != nil || n != 2 {
		t.Fatalf("backfill: %d %v", n, err)
	}
	rows, _, err = f.s.LedgerPage(ctx, u.ID, 100, nil)
	if err != nil {
		t.Fatal(err)
	}
	sum := 0
	for _, r := range rows {
		sum += r.Pontos
	}
	if len(rows) != 2 || sum != f.profile(u.ID).PontosTotais {
		t.Fatalf("after: %+v (total %d)", rows, f.profile(u.ID).PontosTotais)
	}
	if n, err := f.s.BackfillLedger(ctx); err != nil || n != 0 {
		t.Fatalf("second run: %d %v", n, err)
	}
}
