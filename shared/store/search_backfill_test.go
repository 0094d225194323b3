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

// TestBackfillMakesOldProfilesSearchableOnce: a profile written before the
// member index existed (no UIDX items) is not found; after the backfill it
// is, by name and e-mail; a second run writes nothing.
func TestBackfillMakesOldProfilesSearchableOnce(t *testing.T) {
	f := newFixtureOn(t, "ubackfill-"+uuid.NewString()[:8])
	ctx := context.Background()
	f.user("Indexada Normal")
	id := uuid.NewString()
	if _, _, err := f.s.CreateProfile(ctx, domain.NewProfile(id, "Teodora Antiga", "teodora.antiga@example.com", nil, time.Now())); err != nil {
		t.Fatal(err)
	}
	// as before the index: drop its items
	for _, sk := range []string{"UIDX#N#0", "UIDX#N#1", "UIDX#E"} {
		if _, err := f.s.DB.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: aws.String(f.s.Table),
			Key: map[string]types.AttributeValue{"PK": &types.AttributeValueMemberS{Value: store.UserPK(id)}, "SK": &types.AttributeValueMemberS{Value: sk}}}); err != nil {
			t.Fatal(err)
		}
	}
	if hits, _, _ := f.s.SearchUsers(ctx, "teodora", false, 10, nil); len(hits) != 0 {
		t.Fatalf("found before the backfill: %+v", hits)
	}
	n, err := backfillAll(ctx, f.s.BackfillUserIndexPage)
	if err != nil || n != 3 {
		t.Fatalf("backfill wrote %d: %v", n, err)
	}
	for _, q := range []struct {
		q     string
		email bool
	}{{"teodora", false}, {"antiga", false}, {"teodora.an", true}} {
		hits, _, err := f.s.SearchUsers(ctx, q.q, q.email, 10, nil)
		if err != nil || len(hits) != 1 || hits[0].Profile.ID != id {
			t.Fatalf("%s after the backfill: %v %+v", q.q, err, hits)
		}
	}
	if n, err := backfillAll(ctx, f.s.BackfillUserIndexPage); err != nil || n != 0 {
		t.Fatalf("second run wrote %d: %v", n, err)
	}
}

// backfillAll runs a backfill's pages to the end, as its migration does.
func backfillAll(ctx context.Context, page func(context.Context, map[string]string) (map[string]string, int, error)) (int, error) {
	total := 0
	var after map[string]string
	for {
		next, n, err := page(ctx, after)
		total += n
		if err != nil || next == nil {
			return total, err
		}
		after = next
	}
}
