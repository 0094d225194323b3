package store

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/verde-app/verde/shared/domain"
)

// Conquistas: the per-user counters (domain/counters.go) on the profile item
// and the conquistas they unlock (domain/conquistas.go). applyProfile calls
// planProgress once per act: the act's counter changes are written under a
// condition on the values read (a concurrent act fails the profile item and
// reads again, as for points), and each conquista the new counts complete
// is unlocked in the same transaction, exactly once: its code appended to the
// profile's conquistas under NOT contains, an earned item USER#uid/CONQ#code
// under attribute_not_exists, a notification and its bonus points (the
// rules' Conquistas, read only when something unlocks), and +1 to the
// conquista's member count (conquistas_count.go).

// readCounts reads the stored counters of a profile item.
func readCounts(item map[string]types.AttributeValue) map[string]int {
	out := map[string]int{}
	for _, k := range domain.StoredCounters {
		if n, ok := item[k].(*types.AttributeValueMemberN); ok {
			v, _ := strconv.Atoi(n.Value)
			out[k] = v
		}
	}
	return out
}

// attrVegColhidos is the profile's set of vegetables its user harvested.
const attrVegColhidos = "vegColhidos"

func readVegs(item map[string]types.AttributeValue) []string {
	if ss, ok := item[attrVegColhidos].(*types.AttributeValueMemberSS); ok {
		return ss.Value
	}
	return nil
}

// countsOf is the counters of a profile state, with the derived ones.
func countsOf(ps profileState) map[string]int {
	out := map[string]int{}
	for k, v := range ps.counts {
		out[k] = v
	}
	out[domain.ContaGruposParticipa] = len(ps.profile.GruposParticipantes)
	return out
}

// progressPlan is what one act does to its user's counters and conquistas.
type progressPlan struct {
	before, after map[string]int
	unlocks       []domain.ConquistaRegra
	bonus         int            // the bonuses' sum (priced)
	bonuses       map[string]int // what each unlock pays, by code (priced)
	newVeg        string         // a vegetable harvested for the first time
	stored        map[string]int // the counters the item holds (absent ones are 0)
}

func planProgress(ps profileState, ch profileChange) progressPlan {
	before := countsOf(ps)
	change := map[string]int{}
	for k, v := range ch.counts {
		change[k] = v
	}
	if g := ch.addGroup; g != "" && !slices.Contains(ps.profile.GruposParticipantes, g) {
		change[domain.ContaGruposParticipa]++
	}
	if g := ch.removeGroup; g != "" && slices.Contains(ps.profile.GruposParticipantes, g) {
		change[domain.ContaGruposParticipa]--
	}
	newVeg := ""
	if v := ch.vegetal; v != "" && !slices.Contains(ps.vegs, v) {
		newVeg = v
		change[domain.ContaHortalicasColhidas]++
	}
	pl := progressPlan{before: before, after: domain.ApplyCounts(before, change), newVeg: newVeg, stored: ps.counts}
	if ch.removeGroup == "" || len(ch.counts) > 0 {
		pl.unlocks = domain.Unlocks(pl.after, ps.profile.Conquistas)
	}
	return pl
}

// priced sets what each unlock pays from the rules in force: a plan that
// unlocks nothing reads no rules.
func (s *Store) priced(ctx context.Context, pl *progressPlan) error {
	if len(pl.unlocks) == 0 {
		return nil
	}
	rules, err := s.Rules(ctx)
	if err != nil {
		return err
	}
	pl.bonus, pl.bonuses = 0, map[string]int{}
	for _, c := range pl.unlocks {
		b := rules.Bonus(c.Codigo)
		pl.bonuses[c.Codigo] = b
		pl.bonus += b
	}
	return nil
}

// withBonus is the points the profile's total moves by: the act's award
// (nil when it earns none) plus the bonus of what it unlocks.
func (pl progressPlan) withBonus(award *domain.Award) *domain.Award {
	if pl.bonus == 0 {
		return award
	}
	a := domain.Award{Motivo: "CONQ", Pontos: pl.bonus}
	if award != nil {
		a.Pontos += award.Pontos
	}
	return &a
}

func (pl progressPlan) codes() []string {
	out := []string{}
	for _, c := range pl.unlocks {
		out = append(out, c.Codigo)
	}
	return out
}

// write adds the plan to an existing profile's update; it reports whether it changed anything.
func (pl progressPlan) write(t *txn, u *upd, uid string, now time.Time) bool {
	changed := false
	for _, k := range domain.StoredCounters {
		if pl.after[k] == pl.before[k] {
			continue
		}
		n := u.n(k)
		_, stored := pl.stored[k]
		u.pin(n, stored, pl.before[k])
		u.set("%s = %s", n, u.v(num(pl.after[k])))
		changed = true
	}
	if pl.newVeg != "" {
		u.add("%s %s", u.n(attrVegColhidos), u.v(stringSet(pl.newVeg)))
	}
	if len(pl.unlocks) > 0 {
		list := &types.AttributeValueMemberL{}
		for _, c := range pl.unlocks {
			list.Value = append(list.Value, str(c.Codigo))
			u.cond("NOT contains(conquistas, %s)", u.v(str(c.Codigo)))
		}
		u.set("conquistas = list_append(if_not_exists(conquistas, %s), %s)",
			u.v(&types.AttributeValueMemberL{Value: []types.AttributeValue{}}), u.v(list))
		changed = true
	}
	pl.earn(t, uid, now)
	return changed
}

// writeNew adds the plan to the item of a profile being created.
func (pl progressPlan) writeNew(t *txn, item map[string]types.AttributeValue, uid string, now time.Time) {
	for _, k := range domain.StoredCounters {
		if pl.after[k] != 0 {
			item[k] = num(pl.after[k])
		}
	}
	if pl.newVeg != "" {
		item[attrVegColhidos] = stringSet(pl.newVeg)
	}
	if len(pl.unlocks) > 0 {
		list := &types.AttributeValueMemberL{}
		for _, c := range pl.unlocks {
			list.Value = append(list.Value, str(c.Codigo))
		}
		item["conquistas"] = list
	}
	pl.earn(t, uid, now)
}

type earnedItem struct {
	PK       string `dynamodbav:"PK"`
	SK       string `dynamodbav:"SK"`
	Type     string `dynamodbav:"type"`
	UserID   string `dynamodbav:"userId"`
	Codigo   string `dynamodbav:"codigo"`
	Pontos   int    `dynamodbav:"pontos"`
	CriadoEm string `dynamodbav:"criadoEm"`
	// Contado: the conquista's member count (conquistas_count.go) holds this
	// award; items written before the count have none until the migration
	// contagem-de-conquistas counts them.
	Contado bool `dynamodbav:"contado"`
	// The bonus is a row of the member's points history (ledger.go).
	GSI1PK string `dynamodbav:"GSI1PK"`
	GSI1SK string `dynamodbav:"GSI1SK"`
}

func (pl progressPlan) earn(t *txn, uid string, now time.Time) {
	for _, c := range pl.unlocks {
		bonus := pl.bonuses[c.Codigo]
		t.putItem("conq:"+c.Codigo, earnedItem{
			PK: UserPK(uid), SK: EarnedSK(c.Codigo), Type: "conquista", UserID: uid, Codigo: c.Codigo,
			Pontos: bonus, CriadoEm: fmtTime(now), Contado: true,
			GSI1PK: ledgerPK(uid), GSI1SK: ledgerSK(now, domain.MotivoConquista, c.Codigo),
		}, "attribute_not_exists(PK)")
		t.conquistaCounted(c.Codigo, 1, now)
		t.notify(NewNotification(uid, domain.NotifConquista, domain.TextoConquista(c, bonus), domain.LinkConquistas(), now))
	}
}

// Earned is a conquista a user has, with when it was earned.
type Earned struct {
	Codigo string
	Em     time.Time
}

// Progress is what a profile page shows: the profile, its counters and the
// conquistas earned with their dates.
type Progress struct {
	Profile domain.Profile
	Counts  map[string]int
	Earned  []Earned
}

// ReadProgress reads a user's progress: one GetItem of the profile and one
// Query of the earned items (at most the catalogue's size). found is false
// when the user has no profile.
func (s *Store) ReadProgress(ctx context.Context, uid string) (Progress, bool, error) {
	item, err := s.getItem(ctx, UserPK(uid), skProfile, "profile")
	if err != nil || item == nil {
		return Progress{}, false, err
	}
	ps, err := readProfileState(uid, item)
	if err != nil {
		return Progress{}, false, err
	}
	out, err := s.DB.Query(ctx, &dynamodb.QueryInput{
		TableName:              aws.String(s.Table),
		KeyConditionExpression: aws.String("PK = :pk AND begins_with(SK, :sk)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":pk": str(UserPK(uid)), ":sk": str(prefixEarned),
		},
		ProjectionExpression: aws.String("codigo, criadoEm"),
	})
	if err != nil {
		return Progress{}, false, fmt.Errorf("query conquistas: %w", err)
	}
	p := Progress{Profile: ps.profile, Counts: countsOf(ps)}
	for _, it := range out.Items {
		c, _ := it["codigo"].(*types.AttributeValueMemberS)
		e, _ := it["criadoEm"].(*types.AttributeValueMemberS)
		if c == nil || e == nil {
			continue
		}
		p.Earned = append(p.Earned, Earned{Codigo: c.Value, Em: parseTime(e.Value)})
	}
	return p, true, nil
}

// colheitaCounts is what a harvest adds to its author's counters.
func colheitaCounts(h domain.Colheita) map[string]int {
	c := map[string]int{domain.ContaColheitas: 1, domain.ContaColheitaGramas: domain.ColheitaGrams(h)}
	if h.Foto != "" {
		c[domain.ContaFotos] = 1
	}
	return c
}

// leaderProgress adds to a join's transaction what it does for the group's
// dono: a join that brings the group to Líder de Horta's goal unlocks it for
// them (ContaMaiorGrupoLiderado set to the new count). It reads the dono's
// profile (one GetItem) only on joins into a group at or past the goal.
func (s *Store) leaderProgress(ctx context.Context, t *txn, g domain.Group, joiner string, now time.Time) error {
	c, ok := domain.ConquistaByCode("lider-de-horta")
	n := g.MemberCount + 1
	if !ok || n < c.Meta || g.OwnerID == "" || g.OwnerID == joiner {
		return nil
	}
	item, err := s.getItem(ctx, UserPK(g.OwnerID), skProfile, "owner profile")
	if err != nil {
		return err
	}
	ps, err := readProfileState(g.OwnerID, item)
	if err != nil || !ps.found || slices.Contains(ps.profile.Conquistas, c.Codigo) || ps.counts[domain.ContaMaiorGrupoLiderado] >= n {
		return err
	}
	_, _, err = s.applyProfile(ctx, t, ps, profileChange{counts: map[string]int{domain.ContaMaiorGrupoLiderado: n}}, false, nil, now)
	return err
}
