package store_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	awshttp "github.com/aws/aws-sdk-go-v2/aws/transport/http"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/uuid"

	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
)

// Flat reads: each read the SPA makes costs the same DynamoDB calls and read
// units whatever the data around it holds. Every test here seeds the data a
// season leaves (newer archived cultivos, other groups' newer posts, …) at
// two sizes and fails if the calls or the units of the read grow with it, or
// if the page it answers is not full.

// bulkPut writes items with BatchWriteItem (25 a call, 4 writers).
func bulkPut(t *testing.T, f *fixture, items []map[string]types.AttributeValue) {
	t.Helper()
	// A client without the store's per-call deadline: the seed is bulk work
	// on a shared, busy machine.
	db := dynamodb.New(f.s.DB.Options(), func(o *dynamodb.Options) {
		o.HTTPClient = awshttp.NewBuildableClient().WithTimeout(time.Minute)
		o.APIOptions = nil
	})
	var wg sync.WaitGroup
	errs := make(chan error, 4)
	chunks := make(chan []map[string]types.AttributeValue)
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for c := range chunks {
				req := make([]types.WriteRequest, 0, len(c))
				for _, it := range c {
					req = append(req, types.WriteRequest{PutRequest: &types.PutRequest{Item: it}})
				}
				for tries := 0; len(req) > 0; tries++ {
					out, err := db.BatchWriteItem(context.Background(), &dynamodb.BatchWriteItemInput{
						RequestItems: map[string][]types.WriteRequest{f.s.Table: req},
					})
					if err != nil { // a busy DynamoDB Local past the store's deadline: the puts are idempotent, again
						if tries == 20 {
							select {
							case errs <- err:
							default:
							}
							break
						}
						time.Sleep(time.Duration(tries+1) * 200 * time.Millisecond)
						continue
					}
					req = out.UnprocessedItems[f.s.Table]
				}
			}
		}()
	}
	for i := 0; i < len(items); i += 25 {
		chunks <- items[i:min(i+25, len(items))]
	}
	close(chunks)
	wg.Wait()
	select {
	case err := <-errs:
		t.Fatal(err)
	default:
	}
}

// cost is what one read spent.
type cost struct {
	calls int
	ops   map[string]int
	rcu   float64
}

func (c cost) String() string { return fmt.Sprintf("%d calls %v, %.1f RCU", c.calls, c.ops, c.rcu) }

// measure runs read and returns its cost.
func (f *fixture) measure(read func() error) cost {
	f.t.Helper()
	f.calls.Reset()
	if err := read(); err != nil {
		f.t.Fatal(err)
	}
	return cost{calls: f.calls.Total(), ops: f.calls.ByOperation(), rcu: f.calls.ReadUnits()}
}

// flat fails unless the read cost the same at both sizes, in at most maxCalls calls.
func flat(t *testing.T, what string, small, large cost, maxCalls int) {
	t.Helper()
	t.Logf("%s: small %s; large %s", what, small, large)
	if large.calls > maxCalls || small.calls > maxCalls {
		t.Errorf("%s: more than %d calls: small %s, large %s", what, maxCalls, small, large)
	}
	if large.calls != small.calls || large.rcu > small.rcu+0.5 {
		t.Errorf("%s grows with the data: small %s, large %s", what, small, large)
	}
}

func cultivoAt(id, uid, gid string, fase domain.Fase, arquivado bool, at time.Time) domain.Cultivo {
	return domain.Cultivo{
		ID: id, VegetalID: "alface", VegetalNome: "Alface", GrupoID: gid, ResponsavelID: uid, ResponsavelNome: "Dona Flor",
		Colaboradores: []domain.Colaborador{}, Metodo: "semente", DataPlantio: "2026-03-01", Fase: fase, Arquivado: arquivado,
		Version: 1, CriadoEm: at, AtualizadoEm: at,
	}
}

func seedCultivos(t *testing.T, f *fixture, cs []domain.Cultivo) {
	t.Helper()
	var items []map[string]types.AttributeValue
	for _, c := range cs {
		its, err := store.MarshalCultivoItems(c)
		if err != nil {
			t.Fatal(err)
		}
		items = append(items, its...)
	}
	bulkPut(t, f, items)
}

// TestActiveCultivosAreAFullPageWhateverIsArchivedAfterThem: the dashboard's
// "Meus cultivos" (ativos=true, limit 5) and a group's phase filter answer a
// full page in the same calls and units with 40 or 400 newer archived,
// harvested or lost cultivos.
func TestActiveCultivosAreAFullPageWhateverIsArchivedAfterThem(t *testing.T) {
	f := newFixtureOn(t, "flatcult-"+uuid.NewString()[:8])
	ctx := context.Background()
	base := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	var costs []cost
	var groupCosts []cost
	for _, newer := range []int{40, 400} {
		uid, gid := uuid.NewString(), uuid.NewString()
		var cs []domain.Cultivo
		for i := range 6 { // the older ones: active, in phase crescendo
			cs = append(cs, cultivoAt(uuid.NewString(), uid, gid, domain.FaseCrescendo, false, base.Add(time.Duration(i)*time.Minute)))
		}
		for i := range newer { // newer: archived, harvested or lost
			c := cultivoAt(uuid.NewString(), uid, gid, domain.FaseColhido, false, base.Add(time.Hour+time.Duration(i)*time.Minute))
			switch i % 3 {
			case 1:
				c.Fase = domain.FasePerdido
			case 2:
				c.Fase, c.Arquivado = domain.FaseSemeado, true
			}
			cs = append(cs, c)
		}
		seedCultivos(t, f, cs)
		var page []domain.Cultivo
		var next map[string]string
		costs = append(costs, f.measure(func() (err error) {
			page, next, err = f.s.MyCultivos(ctx, uid, store.CultivoFilter{Ativos: true}, 5, nil)
			return err
		}))
		if len(page) != 5 || next == nil {
			t.Fatalf("%d newer: active page of %d, next %v", newer, len(page), next)
		}
		for _, c := range page {
			if c.Fase != domain.FaseCrescendo || c.Arquivado {
				t.Fatalf("%d newer: %s %s archived=%v on the active page", newer, c.ID, c.Fase, c.Arquivado)
			}
		}
		rest, last, err := f.s.MyCultivos(ctx, uid, store.CultivoFilter{Ativos: true}, 5, next)
		if err != nil || len(rest) != 1 || last != nil {
			t.Fatalf("%d newer: second page %d %v %v", newer, len(rest), last, err)
		}
		groupCosts = append(groupCosts, f.measure(func() (err error) {
			page, _, err = f.s.GroupCultivos(ctx, gid, store.CultivoFilter{Fase: domain.FaseCrescendo}, 5, nil)
			return err
		}))
		if len(page) != 5 {
			t.Fatalf("%d newer: group phase page of %d", newer, len(page))
		}
		// The /cultivos phase filter over my list: full as well.
		page, _, err = f.s.MyCultivos(ctx, uid, store.CultivoFilter{Fase: domain.FaseCrescendo}, 5, nil)
		if err != nil || len(page) != 5 {
			t.Fatalf("%d newer: my phase page of %d, %v", newer, len(page), err)
		}
	}
	flat(t, "my active cultivos", costs[0], costs[1], 2)
	flat(t, "a group's cultivos in one phase", groupCosts[0], groupCosts[1], 1)
}

// TestCatalogueSearchAnswersAFullPageWithNoCall: ?q=tomate&limit=5 finds the
// tomatoes however many vegetables sort before them, in no DynamoDB call
// once the container holds the catalogue (one read of it, a page, when not).
func TestCatalogueSearchAnswersAFullPageWithNoCall(t *testing.T) {
	f := newFixtureOn(t, "flatveg-"+uuid.NewString()[:8])
	ctx := context.Background()
	var costs []cost
	for _, before := range []int{40, 300} {
		var vs []domain.Vegetal
		for i := range before - len(vs) {
			vs = append(vs, domain.Vegetal{ID: fmt.Sprintf("a-legume-%d-%04d", before, i), Nome: fmt.Sprintf("Legume %d %d", before, i), DiasColheitaMin: 30, DiasColheitaMax: 60})
		}
		for i := range 6 {
			vs = append(vs, domain.Vegetal{ID: fmt.Sprintf("tomate-%d-%d", before, i), Nome: fmt.Sprintf("Tomate %d", i), DiasColheitaMin: 90, DiasColheitaMax: 120})
		}
		if _, err := f.s.SeedCatalog(ctx, vs, nil); err != nil {
			t.Fatal(err)
		}
		var page []domain.Vegetal
		var next map[string]string
		cold := f.measure(func() (err error) {
			page, next, err = f.s.VegetaisPage(ctx, "tomate", false, 5, nil)
			return err
		})
		if len(page) != 5 || next == nil || cold.calls > 2 {
			t.Fatalf("%d before: %d tomatoes, next %v, cold read %s", before, len(page), next, cold)
		}
		costs = append(costs, f.measure(func() (err error) {
			page, next, err = f.s.VegetaisPage(ctx, "tomate", false, 5, next)
			return err
		}))
		// Both seeds' tomatoes: 6, then 12.
		if want := 6*len(costs) - 5; len(page) != min(5, want) {
			t.Fatalf("%d before: second page of %d", before, len(page))
		}
	}
	flat(t, "catalogue search, second page", costs[0], costs[1], 0)
}

// seedOtherGroupPosts writes n group posts of other groups, newer than now,
// as the feed stores them, each with its pointer in one of its group's
// members' feed (the season's other groups posting).
func seedOtherGroupPosts(t *testing.T, f *fixture, n int, after time.Time) {
	t.Helper()
	s := func(v string) types.AttributeValue { return &types.AttributeValueMemberS{Value: v} }
	var items []map[string]types.AttributeValue
	gids := []string{uuid.NewString(), uuid.NewString(), uuid.NewString()}
	for i := range n {
		id, gid, uid := uuid.NewString(), gids[i%3], uuid.NewString()
		at := after.Add(time.Duration(i+1) * time.Second).UTC().Format("2006-01-02T15:04:05.000Z")
		items = append(items, map[string]types.AttributeValue{
			"PK": s(store.PostPK(id)), "SK": s("META"), "type": s("post"), "id": s(id), "autorId": s(uid), "autorNome": s("Vizinho"),
			"texto": s("Post de outro grupo " + id[:8]), "criadoEm": s(at), "grupoId": s(gid), "grupoNome": s("Outra horta"),
			"GSI1PK": s("FEED#GROUP#" + gid), "GSI1SK": s(at + "#" + id), "GSI2PK": s("FEED#GRUPOS"), "GSI2SK": s(at + "#" + id),
			"fotos": &types.AttributeValueMemberL{}, "comentaristas": &types.AttributeValueMemberL{},
		}, map[string]types.AttributeValue{
			"PK": s(store.UserPK(uid)), "SK": s("MGFEED#" + at + "#" + id), "type": s("feedPointer"), "postId": s(id), "grupoId": s(gid),
		})
	}
	bulkPut(t, f, items)
}

// TestMeusGruposIsAFullPageWhateverOtherGroupsPost: a member's three group
// posts are their "Meus grupos" first page, in two calls and the same units,
// with 200 or 2,000 newer posts in other groups (the old read walked the
// community's group posts in windows of 90 and answered empty pages).
func TestMeusGruposIsAFullPageWhateverOtherGroupsPost(t *testing.T) {
	f := newFixtureOn(t, "flatfeed-"+uuid.NewString()[:8])
	ctx := context.Background()
	owner := f.user("Dona Horta")
	g := f.group(owner, nil)
	reader := f.member(g, "Leitora")
	var mine []string
	for i := range 3 {
		p, _, err := f.s.CreatePost(ctx, domain.PostInput{Texto: fmt.Sprintf("Colhemos %d pés de alface", i+1), GrupoID: g.ID}, owner)
		if err != nil {
			t.Fatal(err)
		}
		if n, err := f.s.FanOutPost(ctx, p.ID); err != nil || n != 1 {
			t.Fatalf("fan-out: %d pointers, %v", n, err)
		}
		mine = append([]string{p.ID}, mine...)
	}
	var costs []cost
	for _, others := range []int{200, 2000} {
		seedOtherGroupPosts(t, f, others-len(costs)*200, time.Now())
		var page []store.FeedPost
		costs = append(costs, f.measure(func() (err error) {
			page, _, err = f.s.MyGroupsFeed(ctx, reader, 20, nil)
			return err
		}))
		var got []string
		for _, p := range page {
			got = append(got, p.ID)
		}
		if fmt.Sprint(got) != fmt.Sprint(mine) {
			t.Fatalf("%d other posts: meus grupos %v, want %v", others, got, mine)
		}
	}
	flat(t, "meus grupos", costs[0], costs[1], 2)
	// The author sees their own post at once (its pointer is in the post's transaction).
	p, _, err := f.s.CreatePost(ctx, domain.PostInput{Texto: "Mudas novas no lote A3", GrupoID: g.ID}, reader)
	if err != nil {
		t.Fatal(err)
	}
	if page, _, err := f.s.MyGroupsFeed(ctx, reader, 1, nil); err != nil || len(page) != 1 || page[0].ID != p.ID {
		t.Fatalf("the author's own post: %+v %v", page, err)
	}
	// Leaving takes the group's posts away; joining again brings its newest back.
	if err := f.s.RemoveMember(ctx, g.ID, reader, reader.ID); err != nil {
		t.Fatal(err)
	}
	if n, err := f.s.WithdrawGroupFeed(ctx, g.ID, reader.ID); err != nil || n != 4 {
		t.Fatalf("withdraw: %d, %v", n, err)
	}
	if page, _, _ := f.s.MyGroupsFeed(ctx, reader, 20, nil); len(page) != 0 {
		t.Fatalf("after leaving: %d posts", len(page))
	}
	if _, err := f.s.Join(ctx, g.ID, reader); err != nil {
		t.Fatal(err)
	}
	if n, err := f.s.FillGroupFeed(ctx, g.ID, reader.ID); err != nil || n != 4 {
		t.Fatalf("fill: %d, %v", n, err)
	}
	if page, _, _ := f.s.MyGroupsFeed(ctx, reader, 20, nil); len(page) != 4 {
		t.Fatalf("after joining again: %d posts", len(page))
	}
}

// bounded fails unless the read cost the same calls at both sizes, at most
// maxCalls, and at most maxRCU units at each: a read of a fixed-size item
// (a ranking's snapshot, capped at 1,000 buckets and 60 keys) may cost a
// little more once the ranking fills it, never more than its cap.
func bounded(t *testing.T, what string, small, large cost, maxCalls int, maxRCU float64) {
	t.Helper()
	t.Logf("%s: small %s; large %s", what, small, large)
	if large.calls != small.calls || large.calls > maxCalls {
		t.Errorf("%s: calls small %s, large %s (at most %d, the same)", what, small, large, maxCalls)
	}
	if small.rcu > maxRCU || large.rcu > maxRCU {
		t.Errorf("%s: more than %.0f RCU: small %s, large %s", what, maxRCU, small, large)
	}
}

// TestRankingReadsStayFlatAt20000Members: the dashboard's standing, the
// rankings page, a 500-member group's ranking and the groups' ranking cost
// the same calls, and units under the snapshot's cap, with 500 or 20,000
// ranked members; each answers the reader's standing.
func TestRankingReadsStayFlatAt20000Members(t *testing.T) {
	f := newFixtureOn(t, "flatrank-"+uuid.NewString()[:8])
	ctx := context.Background()
	now := time.Now()
	owner := f.user("Dona Ranking")
	g := f.group(owner, nil)
	reader := f.member(g, "Leitora do Ranking")
	seed := func(from, n int, grupos []string) {
		var items []map[string]types.AttributeValue
		for i := from; i < from+n; i++ {
			id := fmt.Sprintf("m%05d-%s", i, uuid.NewString()[:8])
			p := domain.NewProfile(id, "Membro "+id[:6], id+"@example.com", nil, now)
			p.PontosTotais, p.GruposParticipantes = 10+(i*37)%5000, grupos
			items = append(items, store.RankedItems(p, (i*13)%700, now.Add(-time.Duration(i)*time.Second), now, false)...)
		}
		bulkPut(t, f, items)
	}
	type reads struct{ standing, page, group, groups cost }
	measureAll := func() reads {
		if _, err := f.s.RebuildRankings(ctx, true); err != nil {
			t.Fatal(err)
		}
		var r reads
		var mr store.MemberRanking
		r.standing = f.measure(func() (err error) {
			mr, err = f.s.MembersRankingTop(ctx, domain.PeriodoMes, reader.ID, 0)
			return err
		})
		if mr.Eu.Posicao == 0 {
			t.Fatalf("the dashboard's standing is empty: %+v", mr.Eu)
		}
		r.page = f.measure(func() (err error) {
			mr, err = f.s.MembersRanking(ctx, domain.PeriodoGeral, reader.ID)
			return err
		})
		if len(mr.Itens) != domain.RankingTop || mr.Eu.Posicao == 0 {
			t.Fatalf("rankings page: %d lines, %+v", len(mr.Itens), mr.Eu)
		}
		r.group = f.measure(func() (err error) {
			mr, _, err = f.s.GroupMembersRanking(ctx, g.ID, domain.PeriodoGeral, reader)
			return err
		})
		if len(mr.Itens) != domain.RankingTop || mr.Eu.Posicao == 0 {
			t.Fatalf("group ranking: %d lines, %+v", len(mr.Itens), mr.Eu)
		}
		r.groups = f.measure(func() error {
			_, err := f.s.GroupsRanking(ctx, domain.PeriodoGeral, g.ID, reader.ID, false)
			return err
		})
		return r
	}
	// A 500-member group: the owner, the reader and 498 ranked members.
	seed(0, 498, []string{g.ID})
	small := measureAll()
	n := 20000
	if testing.Short() {
		n = 3000
	}
	start := time.Now()
	seed(498, n-498, nil)
	t.Logf("seeded %d ranked members in %s", n, time.Since(start).Round(time.Second))
	large := measureAll()
	bounded(t, "dashboard standing", small.standing, large.standing, 1, 6)
	bounded(t, "rankings page", small.page, large.page, 2, 40)
	bounded(t, "a 500-member group's ranking", small.group, large.group, 2, 40)
	bounded(t, "groups' harvest ranking", small.groups, large.groups, 2, 40)
}

// TestRemindersFinishEveryDueItemAcrossRuns: 5,000 items due today (more
// than the old job's 4,000 a day) are all read by runs that stop when their
// time is nearly up and go on from the saved cursor; a run with time left
// reads to the end of the day and says it is done.
func TestRemindersFinishEveryDueItemAcrossRuns(t *testing.T) {
	f := newFixtureOn(t, "flatrem-"+uuid.NewString()[:8])
	now := time.Date(2026, 11, 20, 10, 0, 0, 0, time.UTC)
	f.s.Now = func() time.Time { return now }
	day := domain.FormatDate(domain.LocalDate(now))
	s := func(v string) types.AttributeValue { return &types.AttributeValueMemberS{Value: v} }
	var items []map[string]types.AttributeValue
	for range 5000 {
		cid := uuid.NewString() // a cultivo gone since: read, nothing to send
		items = append(items, map[string]types.AttributeValue{"PK": s("DUE#" + day), "SK": s("janela#" + cid), "type": s("due"), "cultivoId": s(cid)})
	}
	bulkPut(t, f, items)
	// A run whose function is about to time out reads nothing and saves its place.
	short, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	r, err := f.s.RunReminders(short, 50000)
	cancel()
	if err != nil || r.Concluido || r.Lidos != 0 {
		t.Fatalf("a run with no time left: %+v %v", r, err)
	}
	read, runs := 0, 0
	for ; runs < 20; runs++ {
		r, err := f.s.RunReminders(context.Background(), 1200)
		if err != nil {
			t.Fatal(err)
		}
		read += r.Lidos
		if r.Concluido {
			break
		}
	}
	if read != 5000 || runs != 4 {
		t.Fatalf("read %d due items in %d runs", read, runs+1)
	}
	if r, _ := f.s.RunReminders(context.Background(), 1200); !r.Concluido || r.Lidos != 0 {
		t.Fatalf("a run after the day is done: %+v", r)
	}
}

// TestDirectoryByWordAndUFIsAFullPageWhateverOtherStatesHold: ?q=horta&uf=SP
// finds São Paulo's gardens in full pages in the same calls with 200 or
// 2,000 gardens of other states whose names sort before them (the word's
// partition was filtered after Limit: empty pages with a cursor).
func TestDirectoryByWordAndUFIsAFullPageWhateverOtherStatesHold(t *testing.T) {
	f := newFixtureOn(t, "flatdir-"+uuid.NewString()[:8])
	ctx := context.Background()
	for i := range 6 { // owners of their own (at most 5 groups a day each)
		f.group(f.user(fmt.Sprintf("Dona Diretório %d", i)), func(in *domain.GroupInput) { in.Nome = fmt.Sprintf("Horta Zona Sul %d", i) })
	}
	s := func(v string) types.AttributeValue { return &types.AttributeValueMemberS{Value: v} }
	var costs []cost
	for _, others := range []int{200, 2000} {
		var items []map[string]types.AttributeValue
		for i := range others - len(costs)*200 {
			gid := uuid.NewString()
			key := fmt.Sprintf("horta alto %05d", i)
			items = append(items, map[string]types.AttributeValue{
				"PK": s(store.GroupPK(gid)), "SK": s("WORD#horta"), "type": s("dirword"), "groupId": s(gid),
				"texto": s(" " + key + " niteroi"), "uf": s("RJ"), "cidadeBusca": s("niteroi"),
				"GSI1PK": s("DIRWORD#hor"), "GSI1SK": s("horta#" + key + "#" + gid),
			})
		}
		bulkPut(t, f, items)
		var page []domain.Group
		var next map[string]string
		costs = append(costs, f.measure(func() (err error) {
			page, next, err = f.s.Directory(ctx, store.DirectoryQuery{Q: "horta", UF: "SP", Limit: 5})
			return err
		}))
		if len(page) != 5 || next == nil {
			t.Fatalf("%d other gardens: a page of %d, next %v", others, len(page), next)
		}
		rest, _, err := f.s.Directory(ctx, store.DirectoryQuery{Q: "horta", UF: "SP", Limit: 5, After: next})
		if err != nil || len(rest) != 1 {
			t.Fatalf("%d other gardens: second page of %d, %v", others, len(rest), err)
		}
	}
	// The read evaluates the word's partition up to its matches: its units follow the
	// gardens named before them (at most 1 MB), its calls do not.
	t.Logf("directory: small %s; large %s", costs[0], costs[1])
	if costs[0].calls != 2 || costs[1].calls != 2 {
		t.Errorf("directory calls: small %s, large %s", costs[0], costs[1])
	}
}

// TestMarkAllReadIsTwoWritesWhateverIsUnread: 30 or 300 unread notifications
// are all marked read by the same calls (the counter item read, one
// transaction of two items); the list then shows every one read, unread
// first still holds for what arrives later, marking an old one read again
// changes nothing, and each page is at most two Queries.
func TestMarkAllReadIsTwoWritesWhateverIsUnread(t *testing.T) {
	f := newFixtureOn(t, "flatread-"+uuid.NewString()[:8])
	ctx := context.Background()
	var costs []cost
	for _, n := range []int{30, 300} {
		u := f.user(fmt.Sprintf("Sino %d", n))
		base := time.Now().Add(-time.Hour)
		var first domain.Notification
		for i := range n {
			no := store.NewNotification(u.ID, domain.NotifNivel, fmt.Sprint("antiga ", i), "/perfil", base.Add(time.Duration(i)*time.Second))
			if i == 0 {
				first = no
			}
			if err := f.s.Notify(ctx, no); err != nil {
				t.Fatal(err)
			}
		}
		var marked int
		costs = append(costs, f.measure(func() (err error) {
			marked, err = f.s.MarkAllRead(ctx, u.ID)
			return err
		}))
		if marked != n {
			t.Fatalf("%d unread: marked %d", n, marked)
		}
		if c, _ := f.s.UnreadCount(ctx, u.ID); c != 0 {
			t.Fatalf("%d unread: counter %d after marking all", n, c)
		}
		if err := f.s.Notify(ctx, store.NewNotification(u.ID, domain.NotifNivel, "nova", "/perfil", time.Now())); err != nil {
			t.Fatal(err)
		}
		if err := f.s.MarkRead(ctx, u.ID, first.ID); err != nil {
			t.Fatal(err)
		}
		if c, _ := f.s.UnreadCount(ctx, u.ID); c != 1 {
			t.Fatalf("%d unread: counter %d with one new", n, c)
		}
		var texts []string
		var after map[string]string
		for range 100 {
			f.calls.Reset()
			page, next, err := f.s.Notifications(ctx, u.ID, 20, after)
			if err != nil {
				t.Fatal(err)
			}
			if q := f.calls.ByOperation()["Query"]; q > 2 {
				t.Fatalf("a page made %v", f.calls.ByOperation())
			}
			for _, no := range page {
				if no.Read == (no.Texto == "nova") {
					t.Fatalf("%q read=%v", no.Texto, no.Read)
				}
				texts = append(texts, no.Texto)
			}
			if next == nil {
				break
			}
			after = next
		}
		if len(texts) != n+1 || texts[0] != "nova" || texts[1] != fmt.Sprint("antiga ", n-1) || texts[n] != "antiga 0" {
			t.Fatalf("%d unread: list of %d from %q", n, len(texts), texts[:2])
		}
	}
	t.Logf("mark all read: small %s; large %s", costs[0], costs[1])
	if costs[0].calls != costs[1].calls || costs[1].calls > 2 || costs[1].ops["TransactWriteItems"] != 1 {
		t.Errorf("mark all read grows: small %s, large %s", costs[0], costs[1])
	}
}

// TestBackfillGivesOlderItemsTheFlatReadsKeys: an active cultivo and a group
// post stored before the flat reads (no CULTSA# key, no pointers) are on the
// dashboard's list, the group's phase list and in "Meus grupos" after the backfill.
func TestBackfillGivesOlderItemsTheFlatReadsKeys(t *testing.T) {
	f := newFixtureOn(t, "flatfill-"+uuid.NewString()[:8])
	ctx := context.Background()
	owner := f.user("Dona Antiga")
	g := f.group(owner, nil)
	reader := f.member(g, "Leitor Antigo")
	c := cultivoAt(uuid.NewString(), reader.ID, g.ID, domain.FaseCrescendo, false, time.Now().Add(-48*time.Hour))
	items, err := store.MarshalCultivoItems(c)
	if err != nil {
		t.Fatal(err)
	}
	for _, it := range items { // as stored before: no GSI2 keys
		delete(it, "GSI2PK")
		delete(it, "GSI2SK")
	}
	bulkPut(t, f, items)
	s := func(v string) types.AttributeValue { return &types.AttributeValueMemberS{Value: v} }
	pid, at := uuid.NewString(), time.Now().Add(-time.Hour).UTC().Format("2006-01-02T15:04:05.000Z")
	bulkPut(t, f, []map[string]types.AttributeValue{{
		"PK": s(store.PostPK(pid)), "SK": s("META"), "type": s("post"), "id": s(pid), "autorId": s(owner.ID), "autorNome": s("Dona Antiga"),
		"texto": s("Post de antes"), "criadoEm": s(at), "grupoId": s(g.ID), "grupoNome": s(g.Nome),
		"GSI1PK": s("FEED#GROUP#" + g.ID), "GSI1SK": s(at + "#" + pid), "GSI2PK": s("FEED#GRUPOS"), "GSI2SK": s(at + "#" + pid),
		"fotos": &types.AttributeValueMemberL{}, "comentaristas": &types.AttributeValueMemberL{},
	}})
	if page, _, _ := f.s.MyCultivos(ctx, reader.ID, store.CultivoFilter{Ativos: true}, 5, nil); len(page) != 0 {
		t.Fatalf("before the backfill: %d active", len(page))
	}
	n, err := f.s.BackfillFlatReads(ctx)
	if err != nil || n < 4 { // the ref, the cultivo, the two members' pointers
		t.Fatalf("backfill: %d, %v", n, err)
	}
	if page, _, _ := f.s.MyCultivos(ctx, reader.ID, store.CultivoFilter{Ativos: true}, 5, nil); len(page) != 1 || page[0].ID != c.ID {
		t.Fatalf("after the backfill: %+v", page)
	}
	if page, _, _ := f.s.GroupCultivos(ctx, g.ID, store.CultivoFilter{Fase: domain.FaseCrescendo}, 5, nil); len(page) != 1 {
		t.Fatalf("group phase after the backfill: %d", len(page))
	}
	for _, u := range []store.Actor{owner, reader} {
		if page, _, _ := f.s.MyGroupsFeed(ctx, u, 20, nil); len(page) != 1 || page[0].ID != pid {
			t.Fatalf("meus grupos after the backfill: %+v", page)
		}
	}
}
