package feed_test

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/api/rankings"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
)

// rawProfile is a profile item as stored (no settle on read, unlike Store.Profile).
func rawItem(t testing.TB, pk, sk string) map[string]types.AttributeValue {
	t.Helper()
	out, err := env.Deps.Store.DB.GetItem(context.Background(), &dynamodb.GetItemInput{
		TableName: aws.String(env.Deps.Store.Table), ConsistentRead: aws.Bool(true),
		Key: map[string]types.AttributeValue{"PK": s(pk), "SK": s(sk)},
	})
	if err != nil {
		t.Fatal(err)
	}
	return out.Item
}

func nAttr(it map[string]types.AttributeValue, k string) int {
	if v, ok := it[k].(*types.AttributeValueMemberN); ok {
		n, _ := strconv.Atoi(v.Value)
		return n
	}
	return 0
}

func sAttr(it map[string]types.AttributeValue, k string) string {
	if v, ok := it[k].(*types.AttributeValueMemberS); ok {
		return v.Value
	}
	return ""
}

// keyValue is the points a score key encodes.
func keyValue(k string) int {
	n, _ := strconv.Atoi(strings.SplitN(k, "#", 2)[0])
	return n
}

// rankState is what a member's ranking attributes say, read straight from the table.
type rankState struct {
	total, nivel, pend, mes int
	allKey, mesKey          string
	gsiPK, gsiSK            string
	monthItem               map[string]types.AttributeValue
}

func readRankState(t testing.TB, u testkit.User) rankState {
	t.Helper()
	it := rawItem(t, store.UserPK(u.ID), "PROFILE")
	month := domain.RankingMonth(time.Now())
	r := rankState{total: nAttr(it, "pontosTotais"), nivel: nAttr(it, "nivel"), pend: nAttr(it, "pontosPendentes"),
		allKey: sAttr(it, "rankChave"), mesKey: sAttr(it, "rankMesChave"), gsiPK: sAttr(it, "GSI2PK"), gsiSK: sAttr(it, "GSI2SK"),
		monthItem: rawItem(t, store.UserPK(u.ID), store.PointsSK(month))}
	if sAttr(it, "mesRef") == month {
		r.mes = nAttr(it, "pontosMes")
	}
	return r
}

// checkConsistent asserts that every attribute derived from the points agrees
// with the total and the month's points.
func checkConsistent(t testing.TB, label string, r rankState, wantTotal, wantMes int) {
	t.Helper()
	if r.total != wantTotal || r.mes != wantMes || r.pend != 0 {
		t.Fatalf("%s: total %d month %d pending %d, want %d, %d, 0", label, r.total, r.mes, r.pend, wantTotal, wantMes)
	}
	if r.nivel != domain.LevelFor(wantTotal) {
		t.Fatalf("%s: nivel %d, want %d for %d points", label, r.nivel, domain.LevelFor(wantTotal), wantTotal)
	}
	if keyValue(r.allKey) != wantTotal || r.gsiSK != r.allKey || !strings.HasPrefix(r.gsiPK, "RANK#ALL#") {
		t.Fatalf("%s: all-time keys %q / %q %q, want the key of %d", label, r.allKey, r.gsiPK, r.gsiSK, wantTotal)
	}
	if keyValue(r.mesKey) != wantMes || nAttr(r.monthItem, "pontos") != wantMes || sAttr(r.monthItem, "GSI2SK") != r.mesKey {
		t.Fatalf("%s: month keys %q, item %v, want the key of %d", label, r.mesKey, r.monthItem, wantMes)
	}
}

// countAbove is how many ranked entries of the sharded GSI2 partitions pk(i)
// sort above key: the position a ranking must show is this plus one.
func countAbove(t testing.TB, pk func(int) string, key string) int {
	t.Helper()
	n := 0
	for i := 0; i < store.RankShards; i++ {
		var start map[string]types.AttributeValue
		for {
			out, err := env.Deps.Store.DB.Query(context.Background(), &dynamodb.QueryInput{
				TableName: aws.String(env.Deps.Store.Table), IndexName: aws.String("GSI2"),
				KeyConditionExpression:    aws.String("GSI2PK = :pk AND GSI2SK > :k"),
				ExpressionAttributeValues: map[string]types.AttributeValue{":pk": s(pk(i)), ":k": s(key)},
				Select:                    types.SelectCount, ExclusiveStartKey: start,
			})
			if err != nil {
				t.Fatal(err)
			}
			n += int(out.Count)
			if start = out.LastEvaluatedKey; len(start) == 0 {
				break
			}
		}
	}
	return n
}

type rankingView struct {
	Itens []struct {
		ID     string `json:"id"`
		Pontos int    `json:"pontos"`
		Nivel  int    `json:"nivel"`
	} `json:"itens"`
	Eu struct {
		Valor   int  `json:"valor"`
		Posicao *int `json:"posicao"`
	} `json:"eu"`
}

// checkRankings asserts that /api/rankings shows u with total (all time) and
// mes (this month) at the places the index holds, and with mes in the group's ranking.
func checkRankings(t testing.TB, label string, u testkit.User, gid string, r rankState) {
	t.Helper()
	rk := rankings.NewServer(env.Deps)
	month := domain.RankingMonth(time.Now())
	// The rankings' snapshot as the views job makes it (store/ranking_snapshot.go).
	if _, err := env.Deps.Store.RebuildRankings(context.Background(), true); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		periodo, key string
		valor        int
		pk           func(int) string
	}{
		{"geral", r.allKey, r.total, func(i int) string { return fmt.Sprintf("RANK#ALL#%d", i) }},
		{"mes", r.mesKey, r.mes, func(i int) string { return fmt.Sprintf("RANK#MES#%s#%d", month, i) }},
	} {
		v := testkit.Get[rankingView](t, rk, "/api/rankings/membros?periodo="+c.periodo, u)
		want := countAbove(t, c.pk, c.key) + 1
		// Past the snapshot's best, members with the same points share a position.
		if v.Eu.Posicao != nil && *v.Eu.Posicao != want && want > domain.RankingTop+10 {
			want = max(countAbove(t, c.pk, fmt.Sprintf("%012d#~", c.valor))+1, domain.RankingTop+11)
		}
		if v.Eu.Valor != c.valor || v.Eu.Posicao == nil || *v.Eu.Posicao != want {
			t.Fatalf("%s rankings %s: eu %+v (posicao %v), want valor %d at %d", label, c.periodo, v.Eu, v.Eu.Posicao, c.valor, want)
		}
		for i, it := range v.Itens {
			if it.ID == u.ID && (it.Pontos != c.valor || i+1 != want) {
				t.Fatalf("%s rankings %s: listed at %d with %d points, want %d with %d", label, c.periodo, i+1, it.Pontos, want, c.valor)
			}
		}
	}
	g := testkit.Get[rankingView](t, rk, "/api/rankings/grupos/"+gid+"/membros?periodo=mes", u)
	found := false
	for _, it := range g.Itens {
		if it.ID == u.ID {
			found = true
			if it.Pontos != r.mes || it.Nivel != r.nivel {
				t.Fatalf("%s group ranking: %d points level %d, want %d level %d", label, it.Pontos, it.Nivel, r.mes, r.nivel)
			}
		}
	}
	if !found {
		t.Fatalf("%s group ranking: the author is not listed: %+v", label, g.Itens)
	}
}

func levelNotifications(t testing.TB, u testkit.User) int {
	t.Helper()
	out, err := env.Deps.Store.DB.Query(context.Background(), &dynamodb.QueryInput{
		TableName: aws.String(env.Deps.Store.Table), KeyConditionExpression: aws.String("PK = :pk AND begins_with(SK, :n)"),
		FilterExpression:          aws.String("tipo = :t"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":pk": s(store.UserPK(u.ID)), ":n": s("NOTIF#"), ":t": s(domain.NotifNivel)},
		ConsistentRead:            aws.Bool(true),
	})
	if err != nil {
		t.Fatal(err)
	}
	return int(out.Count)
}

// likeAll sends one like (or unlike) per member at once (again after a 503,
// likeAgainOn503) and returns the DynamoDB calls they made and how many
// requests that took.
func likeAll(t *testing.T, method, pid string, us []testkit.User) (map[string]int, int) {
	t.Helper()
	env.Calls.Reset()
	var wg sync.WaitGroup
	var requests atomic.Int64
	for _, u := range us {
		wg.Add(1)
		go func(u testkit.User) {
			defer wg.Done()
			res, tries := likeAgainOn503(t, method, pid, u)
			requests.Add(int64(tries))
			if res.Status != 200 {
				t.Errorf("%s like: %d %s", method, res.Status, res.Body)
			}
		}(u)
	}
	wg.Wait()
	if t.Failed() {
		t.FailNow()
	}
	return env.Calls.ByOperation(), int(requests.Load())
}

// TestLikePointsMoveTheRankings: 50 members liking one author's post at once
// leave the author's points, monthly points, level and ranking keys exactly
// as 50 points give, with the author at the right place in the rankings (all
// time, month, group); 50 more likes that cross a level boundary send one
// level-up notification; unlikes take the points back everywhere; each like
// settles in a bounded number of calls.
func TestLikePointsMoveTheRankings(t *testing.T) {
	setup(t)
	f := env.NewFixture(t, cast, testkit.FixtureOpts{})
	author := env.NewJoiner(t, f.Group.ID, "Rita Ranking")
	pid, pid2 := newPost(t, author, "", ""), newPost(t, author, "", "")
	likers := make([]testkit.User, 50)
	for i := range likers {
		likers[i] = env.NewUser(t, fmt.Sprintf("Fã %d", i))
	}
	r0 := readRankState(t, author)
	checkConsistent(t, "before", r0, r0.total, r0.mes)
	if r0.total+50 >= domain.LevelThreshold(2) || r0.total+100 < domain.LevelThreshold(2) {
		t.Fatalf("the author starts at %d points: the second round must cross level 2 (%d)", r0.total, domain.LevelThreshold(2))
	}
	levels0 := levelNotifications(t, author)

	ops, requests := likeAll(t, "PUT", pid, likers)
	r1 := readRankState(t, author)
	checkConsistent(t, "after 50 likes", r1, r0.total+50, r0.mes+50)
	checkRankings(t, "after 50 likes", author, f.Group.ID, r1)
	// Each like's settle reads the profile at most store.SettleRounds times.
	if ops["GetItem"] > requests*store.SettleRounds {
		t.Fatalf("50 likes in %d requests made %d GetItems settling, want at most %d: %v", requests, ops["GetItem"], requests*store.SettleRounds, ops)
	}
	t.Logf("50 concurrent likes: %v", ops)

	ops, _ = likeAll(t, "PUT", pid2, likers)
	r2 := readRankState(t, author)
	checkConsistent(t, "after 100 likes", r2, r0.total+100, r0.mes+100)
	checkRankings(t, "after 100 likes", author, f.Group.ID, r2)
	if n := levelNotifications(t, author) - levels0; n != 1 {
		t.Fatalf("crossing level 2 sent %d level-up notifications, want 1", n)
	}
	t.Logf("50 concurrent likes crossing a level: %v", ops)

	// Unlikes take the points back: under the level boundary again, no notification.
	likeAll(t, "DELETE", pid2, likers[:30])
	r3 := readRankState(t, author)
	checkConsistent(t, "after 30 unlikes", r3, r0.total+70, r0.mes+70)
	checkRankings(t, "after 30 unlikes", author, f.Group.ID, r3)
	if n := levelNotifications(t, author) - levels0; n != 1 {
		t.Fatalf("%d level-up notifications after unlikes, want 1", n)
	}

	// One like, uncontended: its reads and transaction, then the settle's GetItem and transaction.
	// The rules are each container's copy for a minute (store/rules.go): read them afresh now,
	// so that a copy expiring during this long test is not read again inside the like measured.
	env.Deps.Store.ForgetRules()
	if _, err := env.Deps.Store.Rules(context.Background()); err != nil {
		t.Fatal(err)
	}
	env.Calls.Reset()
	if res := testkit.Do(t, h, "PUT", "/api/posts/"+pid2+"/curtida", likers[0], nil); res.Status != 200 {
		t.Fatal(res.Body)
	}
	ops = env.Calls.ByOperation()
	// The settle reads once, unless a write's attempt outlived store.AttemptTimeout (DynamoDB
	// Local on a busy machine) and the SDK sent it again: a settle applied by the first attempt
	// is refused to the second, and the settle reads again to find nothing left (one GetItem
	// more per retry, never more transactions).
	retries := env.Calls.Retries()
	if ops["TransactWriteItems"] != 2 || ops["GetItem"] < 1 || ops["GetItem"] > 1+retries || ops["BatchGetItem"]+ops["Query"] > 2 || ops["UpdateItem"]+ops["PutItem"]+ops["Scan"] != 0 {
		t.Fatalf("one like: %v (%d retried attempts), want the act (≤2 reads, 1 transaction) and the settle (1 GetItem, 1 transaction; a GetItem more per retried attempt)", ops, retries)
	}
	checkConsistent(t, "after one more like", readRankState(t, author), r0.total+71, r0.mes+71)
}

// TestSettleMakesUpALostSettle: points added but never settled (a crash
// between the like's commit and its settle) are settled by the member's next
// profile read, and by an award, which folds them into its own ranking update.
func TestSettleMakesUpALostSettle(t *testing.T) {
	setup(t)
	author := env.NewUser(t, "Paulo Pendente")
	newPost(t, author, "", "")
	r0 := readRankState(t, author)
	pend := func(n int) {
		_, err := env.Deps.Store.DB.UpdateItem(context.Background(), &dynamodb.UpdateItemInput{
			TableName: aws.String(env.Deps.Store.Table), Key: map[string]types.AttributeValue{"PK": s(store.UserPK(author.ID)), "SK": s("PROFILE")},
			UpdateExpression:          aws.String("ADD pontosTotais :n, pontosPendentes :n"),
			ExpressionAttributeValues: map[string]types.AttributeValue{":n": &types.AttributeValueMemberN{Value: strconv.Itoa(n)}},
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	pend(3)
	if got := points(t, author); got != r0.total+3 {
		t.Fatalf("points %d, want %d", got, r0.total+3)
	}
	checkConsistent(t, "after the profile read", readRankState(t, author), r0.total+3, r0.mes+3)

	pend(2)
	newPost(t, author, "", "") // +5 through applyProfile
	checkConsistent(t, "after an award", readRankState(t, author), r0.total+10, r0.mes+10)
}
