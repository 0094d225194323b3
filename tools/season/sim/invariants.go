package sim

import (
	"context"
	"fmt"
	"math"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// FunctionTimeout is the API functions' Timeout in template.yaml (Globals): no request may take
// longer.
const FunctionTimeout = 10 * time.Second

// Invariant is one check at the end of the season: each failure is a line of Failures.
type Invariant struct {
	Name     string
	Checked  int
	Failures []string
}

// checkInvariants reads every member's dashboard and standing again and compares them with a
// recount from the table itself. Its own requests are not part of the season's figures.
func (s *Sim) checkInvariants(ctx context.Context) error {
	// Remaining calls of functions invoked outside API requests (triggers, jobs).
	s.stats.callsOutsideRequests(s.rec.TakeAll())
	checks := &Stats{routes: map[string]*RouteStats{}, active: map[int]map[int]bool{}, sessions: map[int]int{}, invoked: map[string]*RouteStats{}}
	live := s.api
	s.api = &client{base: live.base, http: live.http, rec: live.rec, sink: checks.add}
	defer func() { s.api = live }()

	dash := &Invariant{Name: "dashboard cards show the member's data when there is any"}
	rank := &Invariant{Name: "ranking positions equal a recount as docs/reads.md defines them (all time and this month)"}
	points := &Invariant{Name: "points equal the ledger plus conquista bonuses"}
	var mu sync.Mutex
	fail := func(inv *Invariant, format string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		if len(inv.Failures) < 200 {
			inv.Failures = append(inv.Failures, fmt.Sprintf(format, args...))
		} else if len(inv.Failures) == 200 {
			inv.Failures = append(inv.Failures, "… (more)")
		}
	}

	// The rankings' snapshots as the views job leaves them after the season's last act (every
	// one rebuilt, whatever its age): positions are the snapshot's (docs/reads.md).
	if err := s.invoke(ctx, "ViewsJobFunction", map[string]string{"kind": "rankings-full"}, nil); err != nil {
		return err
	}
	s.stats.callsOutsideRequests(s.rec.TakeAll())
	month := brasilia(s.now()).Format("2006-01")
	all, err := s.recount(ctx, "RANK#ALL#")
	if err != nil {
		return err
	}
	monthly, err := s.recount(ctx, "RANK#MES#"+month+"#")
	if err != nil {
		return err
	}

	var live2 []*member
	for _, m := range s.members {
		if !m.deleted {
			live2 = append(live2, m)
		}
	}
	err = s.parallel(ctx, len(live2), func(i int) error {
		m := live2[i]
		d, err := s.loadDashboard(ctx, m)
		if err != nil {
			return err
		}
		mu.Lock()
		dash.Checked++
		rank.Checked++
		points.Checked++
		mu.Unlock()
		// Meus cultivos: an active cultivo in the member's whole list.
		active, err := s.hasActiveCultivo(ctx, m)
		if err != nil {
			return err
		}
		if active && len(d.Cultivos) == 0 {
			fail(dash, "%s: \"Meus cultivos\" is empty, but they have an active cultivo", m.name)
		}
		if len(m.groupsNow()) > 0 && d.Groups == 0 {
			fail(dash, "%s: \"Meus grupos\" is empty, but they are in %d group(s)", m.name, len(m.groupsNow()))
		}
		if len(d.Posts) == 0 {
			for _, g := range m.groupsNow() {
				var p page[postView]
				if _, err := s.api.call(ctx, m, s.currentMonth(), "GET /api/groups/{groupId}/posts", "/api/groups/"+g.id+"/posts?limit=1", nil, &p); err != nil {
					return err
				}
				if len(p.Items) > 0 {
					fail(dash, "%s: \"Publicações dos meus grupos\" is empty, but %s has posts", m.name, g.name)
					break
				}
			}
		}
		if d.Standing.Valor > 0 && d.Standing.Posicao == nil {
			fail(dash, "%s: the ranking card has %d points this month and no position", m.name, d.Standing.Valor)
		}
		if len(d.PlanteIDs) == 0 && m.uf != "" {
			fail(dash, "%s: \"Plante agora\" is empty for UF %q", m.name, m.uf)
		}
		earned, ledger, bonus, total, err := s.pointsOf(ctx, m.id)
		if err != nil {
			return err
		}
		if d.Conquistas != earned {
			fail(dash, "%s: the conquistas card shows %d earned, the table has %d", m.name, d.Conquistas, earned)
		}
		if total != ledger+bonus {
			fail(points, "%s: %d points on the profile, ledger %d + conquistas %d = %d", m.name, total, ledger, bonus, ledger+bonus)
		}
		// Rankings: the member's own position against the recount.
		for _, r := range []struct {
			periodo string
			exact   map[string]int
		}{{"geral", all}, {"mes", monthly}} {
			var out struct {
				Eu struct {
					Posicao    *int `json:"posicao"`
					Aproximada bool `json:"aproximada"`
					AlemDe     bool `json:"alemDe"`
					Oculto     bool `json:"oculto"`
				} `json:"eu"`
			}
			if _, err := s.api.call(ctx, m, s.currentMonth(), "GET /api/rankings/membros", "/api/rankings/membros?periodo="+r.periodo+"&limit=0", nil, &out); err != nil {
				return err
			}
			want, listed := r.exact[m.id]
			got := out.Eu.Posicao
			switch {
			case !listed && got != nil && !out.Eu.Oculto:
				fail(rank, "%s (%s): position %d, but the table does not rank them", m.name, r.periodo, *got)
			case listed && got == nil:
				fail(rank, "%s (%s): no position, the recount says %d", m.name, r.periodo, want)
			case listed && !closeEnough(*got, want, out.Eu.Aproximada, out.Eu.AlemDe):
				fail(rank, "%s (%s): position %d (aproximada %v, alemDe %v), the recount says %d", m.name, r.periodo, *got, out.Eu.Aproximada, out.Eu.AlemDe, want)
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	// No 5xx and nothing slower than the function timeout, in the season or in these checks.
	errs := &Invariant{Name: "no 5xx answer"}
	slow := &Invariant{Name: fmt.Sprintf("no request slower than the function timeout (%s)", FunctionTimeout)}
	for _, st := range []*Stats{s.stats, checks} {
		for _, r := range st.sortedRoutes() {
			errs.Checked += r.N
			slow.Checked += r.N
			if r.Status5xx > 0 {
				errs.Failures = append(errs.Failures, fmt.Sprintf("%s: %d answers 5xx", r.Route, r.Status5xx))
			}
			if r.API && r.MaxTook > FunctionTimeout {
				slow.Failures = append(slow.Failures, fmt.Sprintf("%s: %s", r.Route, r.MaxTook.Round(time.Millisecond)))
			}
		}
		for _, f := range st.failures {
			if !strings.Contains(f, "status 5") {
				errs.Failures = append(errs.Failures, f)
			}
		}
	}
	s.invariants = []*Invariant{dash, rank, points, errs, slow}
	return nil
}

// closeEnough: an exact position must be equal; an estimate (past the first 1,000) is rounded
// to two significant figures; a lower bound must not be above the recount.
func closeEnough(got, want int, approx, lowerBound bool) bool {
	switch {
	case lowerBound:
		return got <= want
	case approx:
		digits := int(math.Floor(math.Log10(float64(max(1, want))))) + 1
		step := math.Pow(10, float64(max(0, digits-2)))
		return math.Abs(float64(got-want)) <= step
	}
	return got == want
}

// snapshotTop is how many entries a ranking's snapshot keeps in order (store/ranking_snapshot.go:
// domain.RankingTop + 10).
const snapshotTop = 60

// recount reads a whole ranking from the table (every shard of prefix, in GSI2) and returns each
// member's position as docs/reads.md ("Rankings: how exact") defines it on a snapshot of the
// table as it is: entries sort by their score keys, highest first (points, then who got there
// first, then the id); among the best snapshotTop the position is the order's; past them it is
// 1 + the entries with more points (equal points share a position).
func (s *Sim) recount(ctx context.Context, prefix string) (map[string]int, error) {
	db := s.dynamo()
	var keys []string
	for shard := 0; shard < 4; shard++ {
		var start map[string]types.AttributeValue
		for {
			out, err := db.Query(ctx, &dynamodb.QueryInput{
				TableName: aws.String(s.cloud.TableName), IndexName: aws.String("GSI2"),
				KeyConditionExpression:    aws.String("GSI2PK = :pk"),
				ExpressionAttributeValues: map[string]types.AttributeValue{":pk": &types.AttributeValueMemberS{Value: prefix + strconv.Itoa(shard)}},
				ProjectionExpression:      aws.String("GSI2SK"),
				ExclusiveStartKey:         start,
			})
			if err != nil {
				return nil, err
			}
			for _, it := range out.Items {
				if v, ok := it["GSI2SK"].(*types.AttributeValueMemberS); ok {
					keys = append(keys, v.Value)
				}
			}
			if out.LastEvaluatedKey == nil {
				break
			}
			start = out.LastEvaluatedKey
		}
	}
	sort.Sort(sort.Reverse(sort.StringSlice(keys)))
	pos := map[string]int{}
	above, prev := 0, ""
	for i, k := range keys {
		parts := strings.SplitN(k, "#", 3)
		if len(parts) != 3 {
			continue
		}
		if parts[0] != prev { // a lower value: every entry before it has more points
			above, prev = i, parts[0]
		}
		if i < snapshotTop {
			pos[parts[2]] = i + 1
		} else {
			pos[parts[2]] = above + 1
		}
	}
	return pos, nil
}

// pointsOf reads a member's items: conquistas earned, the ledger's sum, the conquistas' bonuses
// and the profile's total.
func (s *Sim) pointsOf(ctx context.Context, uid string) (earned, ledger, bonus, total int, err error) {
	db := s.dynamo()
	var start map[string]types.AttributeValue
	for {
		out, err := db.Query(ctx, &dynamodb.QueryInput{
			TableName: aws.String(s.cloud.TableName), KeyConditionExpression: aws.String("PK = :pk"),
			ExpressionAttributeValues: map[string]types.AttributeValue{":pk": &types.AttributeValueMemberS{Value: "USER#" + uid}},
			ExclusiveStartKey:         start, ConsistentRead: aws.Bool(true),
		})
		if err != nil {
			return 0, 0, 0, 0, err
		}
		for _, it := range out.Items {
			sk := str(it["SK"])
			switch {
			case sk == "PROFILE":
				total = numAttr(it["pontosTotais"])
			case strings.HasPrefix(sk, "AWARD#"):
				ledger += numAttr(it["pontos"])
			case str(it["type"]) == "conquista":
				earned++
				bonus += numAttr(it["pontos"])
			}
		}
		if out.LastEvaluatedKey == nil {
			break
		}
		start = out.LastEvaluatedKey
	}
	return earned, ledger, bonus, total, nil
}

// hasActiveCultivo reads the member's whole list of cultivos (unfiltered pages) for one still
// growing and not archived.
func (s *Sim) hasActiveCultivo(ctx context.Context, m *member) (bool, error) {
	cursor := ""
	for {
		path := "/api/cultivos?limit=100"
		if cursor != "" {
			path += "&cursor=" + url.QueryEscape(cursor)
		}
		var p page[cultivoView]
		if _, err := s.api.call(ctx, m, s.currentMonth(), "GET /api/cultivos", path, nil, &p); err != nil {
			return false, err
		}
		for _, c := range p.Items {
			if c.Fase != "colhido" && c.Fase != "perdido" && !c.Arquivad {
				return true, nil
			}
		}
		if p.NextCursor == nil || *p.NextCursor == "" {
			return false, nil
		}
		cursor = *p.NextCursor
	}
}

func str(v types.AttributeValue) string {
	if s, ok := v.(*types.AttributeValueMemberS); ok {
		return s.Value
	}
	return ""
}

func numAttr(v types.AttributeValue) int {
	if n, ok := v.(*types.AttributeValueMemberN); ok {
		f, _ := strconv.ParseFloat(n.Value, 64)
		return int(f)
	}
	return 0
}
