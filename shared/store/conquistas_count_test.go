package store_test

import (
	"context"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/uuid"

	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
)

func (f *fixture) members(code string) int {
	f.t.Helper()
	m, err := f.s.ConquistaMembers(context.Background())
	if err != nil {
		f.t.Fatal(err)
	}
	return m[code]
}

// holders counts the users among uids whose profile holds code.
func (f *fixture) holders(uids []string, code string) int {
	f.t.Helper()
	n := 0
	for _, uid := range uids {
		if slices.Contains(f.profile(uid).Conquistas, code) {
			n++
		}
	}
	return n
}

func (f *fixture) erase(uid string) {
	f.t.Helper()
	ctx := context.Background()
	for range 50 {
		p, err := f.s.EraseAccountStep(ctx, uid, 200)
		if err != nil {
			f.t.Fatalf("erase: %v", err)
		}
		if p.Done {
			if err := f.s.FinishAccountDeletion(ctx, uid); err != nil {
				f.t.Fatal(err)
			}
			return
		}
	}
	f.t.Fatal("erasure never finished")
}

// TestConquistaMembersFollowUnlocksAndErasure: the member count of a
// conquista goes up once per member who unlocks it, also when many unlock
// it at the same moment (sharded: no lost update, no failed act), is read in
// one BatchGetItem, and goes down when an account holding it is erased.
func TestConquistaMembersFollowUnlocksAndErasure(t *testing.T) {
	f := newFixtureOn(t, "conq-count-"+uuid.NewString()[:8])
	if n := f.members("fundador"); n != 0 {
		t.Fatalf("empty table: %d", n)
	}
	first := f.user("Primeira Fundadora")
	g1 := f.group(first, nil)
	if n := f.members("fundador"); n != 1 {
		t.Fatalf("after one unlock: %d", n)
	}
	// A second group unlocks nothing more.
	g2 := f.group(first, nil)
	if n := f.members("fundador"); n != 1 {
		t.Fatalf("after a second group of the same member: %d", n)
	}

	// Twelve members unlock Fundador at once.
	var uids []string
	for i := range 12 {
		uids = append(uids, f.user("Fundadora "+string(rune('A'+i))).ID)
	}
	var wg sync.WaitGroup
	for _, uid := range uids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			in := domain.GroupInput{Nome: "Horta " + uuid.NewString()[:6], Cidade: "Campinas", UF: "SP"}
			if err := in.Valid(); err != nil {
				t.Error(err)
				return
			}
			g := domain.NewGroup(uuid.Must(uuid.NewV7()).String(), uid, in, domain.Defaults(), time.Now())
			if _, _, err := f.s.CreateGroup(context.Background(), g, store.Actor{ID: uid}); err != nil && !tolerated(err) {
				t.Errorf("create group: %v", err)
			}
		}()
	}
	wg.Wait()
	held := f.holders(uids, "fundador")
	if held < 10 {
		t.Fatalf("only %d of 12 concurrent unlocks went through", held)
	}
	if n := f.members("fundador"); n != 1+held {
		t.Fatalf("count %d, want %d", n, 1+held)
	}
	f.calls.Reset()
	if _, err := f.s.ConquistaMembers(context.Background()); err != nil {
		t.Fatal(err)
	}
	if c := f.calls.ByOperation(); c["BatchGetItem"] != 1 || f.calls.Total() != 1 {
		t.Fatalf("read calls %v", c)
	}

	// Erasing an account that holds it takes it off, once (its groups
	// deleted first, as a deletion asks; the conquista stays until then).
	for _, g := range []domain.Group{g1, g2} {
		if err := f.s.DeleteGroup(context.Background(), g.ID, first); err != nil {
			t.Fatal(err)
		}
	}
	if n := f.members("fundador"); n != 1+held {
		t.Fatalf("after deleting the groups: %d", n)
	}
	f.erase(first.ID)
	if n := f.members("fundador"); n != held {
		t.Fatalf("after the erasure: %d, want %d", n, held)
	}
	if p, err := f.s.EraseAccountStep(context.Background(), first.ID, 200); err != nil || !p.Done {
		t.Fatalf("erasure again: %+v %v", p, err)
	}
	if n := f.members("fundador"); n != held {
		t.Fatalf("after a second erasure run: %d, want %d", n, held)
	}
}

// TestConquistaBonusIsTheRules: what a conquista pays, the earned item's
// points and the notification's text come from the rules in force.
func TestConquistaBonusIsTheRules(t *testing.T) {
	f := newFixtureOn(t, "conq-bonus-"+uuid.NewString()[:8])
	saveRules(t, f, func(r *domain.Rules) { r.Conquistas["fundador"] = 37 })
	u := f.user("Bonifácia")
	f.group(u, nil)
	if p := f.profile(u.ID); p.PontosTotais != domain.Defaults().Pontos.CriarGrupo+37 {
		t.Fatalf("points %d, want %d + 37", p.PontosTotais, domain.Defaults().Pontos.CriarGrupo)
	}
	if texts := f.notifs(u.ID, domain.NotifConquista); len(texts) != 1 || texts[0] != "Você desbloqueou a conquista Fundador! +37 pontos" {
		t.Fatalf("notification %q", texts)
	}
	it, err := f.s.DB.GetItem(context.Background(), &dynamodb.GetItemInput{TableName: aws.String(f.s.Table),
		Key: map[string]types.AttributeValue{"PK": &types.AttributeValueMemberS{Value: store.UserPK(u.ID)}, "SK": &types.AttributeValueMemberS{Value: store.EarnedSK("fundador")}}})
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := it.Item["pontos"].(*types.AttributeValueMemberN); n == nil || n.Value != "37" {
		t.Fatalf("earned item %v", it.Item)
	}
	if b, _ := it.Item["contado"].(*types.AttributeValueMemberBOOL); b == nil || !b.Value {
		t.Fatalf("earned item not counted: %v", it.Item)
	}
}

// TestBackfillConquistaCountsCountsOlderAwardsOnce: earned items written
// before the counts (no contado) are counted by the migration's backfill,
// once however often it runs, alongside those the acts counted.
func TestBackfillConquistaCountsCountsOlderAwardsOnce(t *testing.T) {
	f := newFixtureOn(t, "conq-backfill-"+uuid.NewString()[:8])
	ctx := context.Background()
	counted := f.user("Contada")
	f.group(counted, nil) // counted by the act
	now := time.Now().UTC().Format("2006-01-02T15:04:05.000Z")
	var reqs []types.WriteRequest
	for i := range 30 {
		uid := uuid.NewString()
		for _, code := range []string{"fundador", "primeira-semente"}[:1+i%2] {
			reqs = append(reqs, types.WriteRequest{PutRequest: &types.PutRequest{Item: map[string]types.AttributeValue{
				"PK": &types.AttributeValueMemberS{Value: store.UserPK(uid)}, "SK": &types.AttributeValueMemberS{Value: store.EarnedSK(code)},
				"type": &types.AttributeValueMemberS{Value: "conquista"}, "userId": &types.AttributeValueMemberS{Value: uid},
				"codigo": &types.AttributeValueMemberS{Value: code}, "pontos": &types.AttributeValueMemberN{Value: "20"},
				"criadoEm": &types.AttributeValueMemberS{Value: now},
			}}})
		}
	}
	for i := 0; i < len(reqs); i += 25 {
		if _, err := f.s.DB.BatchWriteItem(ctx, &dynamodb.BatchWriteItemInput{RequestItems: map[string][]types.WriteRequest{f.s.Table: reqs[i:min(i+25, len(reqs))]}}); err != nil {
			t.Fatal(err)
		}
	}
	n, err := f.s.BackfillConquistaCounts(ctx)
	if err != nil || n != 45 {
		t.Fatalf("backfill: %d %v, want 45", n, err)
	}
	if a, b := f.members("fundador"), f.members("primeira-semente"); a != 31 || b != 15 {
		t.Fatalf("counts fundador %d primeira-semente %d, want 31 and 15", a, b)
	}
	if n, err := f.s.BackfillConquistaCounts(ctx); err != nil || n != 0 {
		t.Fatalf("second run: %d %v", n, err)
	}
	if a := f.members("fundador"); a != 31 {
		t.Fatalf("after a second run: %d", a)
	}
	if !strings.HasPrefix(store.EarnedSK("x"), "CONQ#") {
		t.Fatal("earned key")
	}
}
