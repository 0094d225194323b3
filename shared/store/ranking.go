package store

import (
	"context"
	"fmt"
	"hash/fnv"
	"log/slog"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/verde-app/verde/shared/domain"
)

// Rankings (issue 13). Every ranking lives in GSI2, write-sharded over
// RankShards partitions so no partition is hot, and each entry's sort key is
// its score key: the value (points or grams) zero-padded, then the time it
// was reached inverted (whoever got there first ranks above on a tie), then
// the id (a last, deterministic tie-break).
//
//	item                          PK            SK                 GSI2PK / GSI2SK
//	user profile (all time)       USER#<uid>    PROFILE            RANK#ALL#<shard> / <score key>
//	monthly points                USER#<uid>    POINTS#<yyyy-mm>   RANK#MES#<yyyy-mm>#<shard> / <score key>
//	group harvest, all time       GROUP#<gid>   RANKHARV#ALL       GRANK#ALL#<shard> / <score key of grams>
//	group harvest of a month      GROUP#<gid>   RANKHARV#<yyyy-mm> GRANK#MES#<yyyy-mm>#<shard> / <score key>
//
// The keys are written by the act itself: applyProfile (award.go) calls
// rankAward in every award's transaction, AddColheita calls rankHarvest. The
// profile also keeps its own score keys (rankChave, rankMesChave with
// pontosMes of mesRef) whether or not it is listed, so a member who opted out
// (ocultarDoRanking: no GSI2 keys) still gets their own standing.
//
// A ranking view costs at most 12 calls whatever the number of entries: the
// caller's own item (1), the top of each shard (RankShards Queries, merged
// here), the entries above the caller in each shard (RankShards COUNT
// Queries, each evaluating at most domain.RankingExact items, so a position
// within the first 1,000 is exact), past that at most 2 more COUNT pages of
// the caller's shard for an estimate, and one BatchGetItem for the names.

// RankShards is the number of GSI2 partitions each ranking is spread over.
const RankShards = 4

// rankExtraPages bounds the estimate's extra COUNT pages (1 MB each).
const rankExtraPages = 2

const (
	attrOcultar      = "ocultarDoRanking"
	attrPontosMes    = "pontosMes"
	attrMesRef       = "mesRef"
	attrRankChave    = "rankChave"
	attrRankMesChave = "rankMesChave"
	prefixPoints     = "POINTS#"
	prefixRankHarv   = "RANKHARV#"
	itemRankMonth    = "rank:month"
)

func rankShard(id string) int {
	h := fnv.New32a()
	h.Write([]byte(id))
	return int(h.Sum32() % RankShards)
}

const maxMillis = 9999999999999

// scoreKey sorts by value, then earliest first, then id (all descending).
func scoreKey(v int, at time.Time, id string) string {
	if v < 0 {
		v = 0
	}
	inv := int64(maxMillis) - at.UnixMilli()
	if at.IsZero() || inv < 0 || inv > maxMillis {
		inv = 0
	}
	return fmt.Sprintf("%012d#%013d#%s", v, inv, id)
}

// scoreOf is the value and id of a score key.
func scoreOf(k string) (int, string) {
	parts := strings.SplitN(k, "#", 3)
	if len(parts) != 3 {
		return 0, ""
	}
	v, _ := strconv.Atoi(parts[0])
	return v, parts[2]
}

func rankAllPK(shard int) string                 { return fmt.Sprintf("RANK#ALL#%d", shard) }
func rankMonthPK(month string, shard int) string { return fmt.Sprintf("RANK#MES#%s#%d", month, shard) }
func grankAllPK(shard int) string                { return fmt.Sprintf("GRANK#ALL#%d", shard) }
func grankMonthPK(month string, shard int) string {
	return fmt.Sprintf("GRANK#MES#%s#%d", month, shard)
}

// PointsSK is a member's points of one month; RankHarvSK a group's harvest
// of one month ("ALL": all time).
func PointsSK(month string) string   { return prefixPoints + month }
func RankHarvSK(month string) string { return prefixRankHarv + month }

// rankState is the ranking part of a stored profile.
type rankState struct {
	hidden    bool
	pontosMes int
	mesRef    string
	chave     string
	chaveMes  string
	version   int
	hasVer    bool
	pendentes int // points not yet in the derived attributes (points_settle.go)
}

func rankStateOf(item record) rankState {
	var r rankState
	if b, ok := item[attrOcultar].(*types.AttributeValueMemberBOOL); ok {
		r.hidden = b.Value
	}
	if n, ok := item[attrPontosMes].(*types.AttributeValueMemberN); ok {
		r.pontosMes, _ = strconv.Atoi(n.Value)
	}
	if n, ok := item["version"].(*types.AttributeValueMemberN); ok {
		r.version, _ = strconv.Atoi(n.Value)
		r.hasVer = true
	}
	r.pendentes = pendingPoints(item)
	r.mesRef = sOf(item[attrMesRef])
	r.chave = sOf(item[attrRankChave])
	r.chaveMes = sOf(item[attrRankMesChave])
	return r
}

// monthPoints is the member's points in month (0 when the stored month is older).
func (r rankState) monthPoints(month string) int {
	if r.mesRef == month {
		return r.pontosMes
	}
	return 0
}

// allKey is the profile's all-time score key (profiles that predate the
// rankings have none stored: their total, reached at no particular time).
func (r rankState) allKey(uid string, total int) string {
	if r.chave != "" {
		return r.chave
	}
	return scoreKey(total, time.Time{}, uid)
}

type pointsMonthItem struct {
	PK     string `dynamodbav:"PK"`
	SK     string `dynamodbav:"SK"`
	GSI2PK string `dynamodbav:"GSI2PK,omitempty"`
	GSI2SK string `dynamodbav:"GSI2SK,omitempty"`
	Type   string `dynamodbav:"type"`
	UserID string `dynamodbav:"userId"`
	Mes    string `dynamodbav:"mes"`
	Pontos int    `dynamodbav:"pontos"`
	Chave  string `dynamodbav:"chave"`
}

// rankAward adds an award's ranking keys to its transaction: the profile's
// all-time key (u, the profile's update) and this month's points item. The
// profile's optimistic condition on pontosTotais (applyProfile) orders
// concurrent awards, so the values written here are never stale.
func (s *Store) rankAward(t *txn, u *upd, ps profileState, total, pts int, now time.Time) {
	r := ps.rank
	// Points a like added without settling yet (points_settle.go) are folded
	// in here: the profile's condition on the total pins them.
	if r.pendentes != 0 {
		pts += r.pendentes
		u.set("%s = %s", u.n(attrPendentes), u.v(num(0)))
	}
	if pts == 0 {
		return
	}
	rankMove(t, u, ps, total, pts, now)
}

// rankNewProfile adds the ranking attributes to a profile created by an award.
func rankNewProfile(t *txn, item record, uid string, total, pts int, now time.Time) {
	if pts == 0 {
		return
	}
	month := domain.RankingMonth(now)
	all, mk := scoreKey(total, now, uid), scoreKey(pts, now, uid)
	item[attrPontosMes], item[attrMesRef] = num(pts), str(month)
	item[attrRankChave], item[attrRankMesChave] = str(all), str(mk)
	if total > 0 {
		item[attrGSI2PK], item[attrGSI2SK] = str(rankAllPK(rankShard(uid))), str(all)
	}
	t.putItem(itemRankMonth+":"+uid, monthItemOf(uid, month, pts, mk, false), "")
}

func monthItemOf(uid, month string, pontos int, chave string, hidden bool) pointsMonthItem {
	it := pointsMonthItem{PK: UserPK(uid), SK: PointsSK(month), Type: "pointsMonth", UserID: uid, Mes: month, Pontos: pontos, Chave: chave}
	if !hidden && pontos > 0 {
		it.GSI2PK, it.GSI2SK = rankMonthPK(month, rankShard(uid)), chave
	}
	return it
}

// SetRankingHidden turns a member's opt-out of the public rankings on or
// off: the flag, and the GSI2 keys of the profile and of this month's points
// taken away or put back, in one transaction over the profile read.
func (s *Store) SetRankingHidden(ctx context.Context, uid string, hidden bool) error {
	return attempt(ctx, func() error {
		now := s.now()
		item, err := s.getItem(ctx, UserPK(uid), skProfile, "profile")
		if err != nil {
			return err
		}
		if item == nil {
			return domain.ErrProfileNotFound()
		}
		ps, err := readProfileState(uid, item)
		if err != nil {
			return err
		}
		r := ps.rank
		if r.hidden == hidden {
			return nil
		}
		t := newTxn(s.Table)
		u := t.update(itemProfile, UserPK(uid), skProfile)
		u.cond("attribute_exists(PK)")
		if r.hasVer {
			u.cond("version = %s", u.v(num(r.version)))
		} else {
			u.cond("attribute_not_exists(version)")
		}
		u.incr("version", 1)
		u.set("%s = %s", u.n(attrOcultar), u.v(boolean(hidden)))
		total := ps.profile.PontosTotais
		if hidden || total <= 0 {
			u.remove(u.n(attrGSI2PK))
			u.remove(u.n(attrGSI2SK))
		} else {
			k := r.allKey(uid, total)
			u.set("%s = %s", u.n(attrGSI2PK), u.v(str(rankAllPK(rankShard(uid)))))
			u.set("%s = %s", u.n(attrGSI2SK), u.v(str(k)))
			u.set("%s = %s", u.n(attrRankChave), u.v(str(k)))
		}
		month := domain.RankingMonth(now)
		if mes := r.monthPoints(month); mes != 0 && r.chaveMes != "" {
			t.putItem(itemRankMonth+":"+uid, monthItemOf(uid, month, mes, r.chaveMes, hidden), "")
		}
		return retryable(s.write(ctx, t), itemProfile)
	})
}

// rankHarvest moves its group's harvest rankings (all time and month mes) by
// a counted harvest's grams (negative: a harvest taken back) in the
// harvest's transaction t: one BatchGetItem of the two items, each then
// written under a condition on the value read. The score is the confirmed
// grams per active member: the members whose harvests counted in the
// period (ativos), so a large group is not ahead for its size alone.
func (s *Store) rankHarvest(ctx context.Context, t *txn, gid string, grams int, author, mes string, now time.Time) error {
	if gid == "" || grams == 0 {
		return nil
	}
	all, mk := itemKey{GroupPK(gid), RankHarvSK("ALL")}, itemKey{GroupPK(gid), RankHarvSK(mes)}
	stats := itemKey{GroupPK(gid), skCultStats}
	items, err := s.batchGet(ctx, all, mk, stats)
	if err != nil {
		return err
	}
	shard := rankShard(gid)
	for _, k := range []struct {
		key  itemKey
		gsi  string
		mes  string
		name string
	}{{all, grankAllPK(shard), "", "rankharv:all"}, {mk, grankMonthPK(mes, shard), mes, "rankharv:mes"}} {
		prev := 0
		ativos := []string{}
		u := t.update(k.name, k.key.PK, k.key.SK)
		if it := items[k.key]; it != nil {
			prev, _ = strconv.Atoi(nOf(it["gramas"]))
			u.cond("%s = %s", u.n("gramas"), u.v(num(prev)))
			if ss, ok := it["ativos"].(*types.AttributeValueMemberSS); ok {
				ativos = ss.Value
			}
		} else {
			u.cond("attribute_not_exists(PK)")
			// A group that harvested before the rankings existed starts from its
			// harvest totals (CULTSTATS, before this harvest's own ADD).
			if st := items[stats]; st != nil && k.mes == "" {
				f, _ := strconv.ParseFloat(nOf(st["kg"]), 64)
				prev = domain.Grams(f)
			}
		}
		if !slices.Contains(ativos, author) {
			ativos = append(ativos, author)
			u.add("%s %s", u.n("ativos"), u.v(stringSet(author)))
		}
		next := max(prev+grams, 0)
		chave := scoreKey(domain.PorMembro(next, len(ativos)), now, gid)
		u.set("%s = %s", u.n("gramas"), u.v(num(next)))
		u.set("%s = %s", u.n("grupoId"), u.v(str(gid)))
		u.set("%s = %s", u.n("type"), u.v(str("rankHarvest")))
		u.set("%s = %s", u.n("chave"), u.v(str(chave)))
		u.set("%s = %s", u.n(attrGSI2PK), u.v(str(k.gsi)))
		u.set("%s = %s", u.n(attrGSI2SK), u.v(str(chave)))
		if k.mes != "" {
			u.set("%s = %s", u.n("mes"), u.v(str(k.mes)))
		}
	}
	return nil
}

// rankItemNames are the names of rankHarvest's items, for retryable.
const rankItemNames = "rankharv:*"

// Standing is the caller's own place in a ranking.
type Standing struct {
	Valor      int  // points, or grams for a group
	Posicao    int  // 0: not in the ranking (no points yet)
	Aproximada bool // Posicao is an estimate (past the first 1,000)
	AlemDe     bool // Posicao is a lower bound: "além da posição N"
	Oculto     bool // the caller opted out of the public rankings
}

// rankTop is the merged top of a ranking's shards and, for a score key, its
// position among them.
type rankTop struct {
	rows []record // best first, at most domain.RankingTop
}

// readRanking reads the top of the sharded partitions pks and, when myKey is
// set, the position of that score key: at most 2·len(pks)+rankExtraPages calls.
func (s *Store) readRanking(ctx context.Context, pks []string, myKey string, myShard int) (rankTop, Standing, error) {
	return s.readRankingTop(ctx, pks, myKey, myShard, domain.RankingTop)
}

// readRankingTop is readRanking with a top of at most topN entries (0: the
// position alone, with no top read: at most len(pks)+rankExtraPages calls).
func (s *Store) readRankingTop(ctx context.Context, pks []string, myKey string, myShard, topN int) (rankTop, Standing, error) {
	type shardTop struct {
		rows     []record
		complete bool
	}
	tops := make([]shardTop, len(pks))
	var all []record
	for i, pk := range pks {
		if topN <= 0 {
			break // known[i] stays false: the count below tells the position
		}
		out, err := s.DB.Query(ctx, &dynamodb.QueryInput{
			TableName: aws.String(s.Table), IndexName: aws.String(IndexGSI2),
			KeyConditionExpression:    aws.String("GSI2PK = :pk"),
			ExpressionAttributeValues: record{":pk": str(pk)},
			ScanIndexForward:          aws.Bool(false),
			Limit:                     aws.Int32(int32(topN)),
		})
		if err != nil {
			return rankTop{}, Standing{}, fmt.Errorf("query ranking: %w", err)
		}
		tops[i] = shardTop{rows: out.Items, complete: len(out.LastEvaluatedKey) == 0}
		all = append(all, out.Items...)
	}
	slices.SortFunc(all, func(a, b record) int { return strings.Compare(sOf(b[attrGSI2SK]), sOf(a[attrGSI2SK])) })
	if len(all) > topN {
		all = all[:max(topN, 0)]
	}
	top := rankTop{rows: all}
	if myKey == "" {
		return top, Standing{}, nil
	}
	// The shards' tops already answer when every shard either ended or
	// reached below the caller.
	above := make([]int, len(pks))
	known := make([]bool, len(pks))
	for i, st := range tops {
		for _, it := range st.rows {
			if sOf(it[attrGSI2SK]) > myKey {
				above[i]++
			}
		}
		last := ""
		if n := len(st.rows); n > 0 {
			last = sOf(st.rows[n-1][attrGSI2SK])
		}
		known[i] = topN > 0 && (st.complete || last <= myKey)
	}
	next := make([]map[string]types.AttributeValue, len(pks))
	saturated := false
	for i, pk := range pks {
		if known[i] {
			continue
		}
		out, err := s.countAbove(ctx, pk, myKey, domain.RankingExact, nil)
		if err != nil {
			return rankTop{}, Standing{}, err
		}
		above[i] = int(out.Count)
		if len(out.LastEvaluatedKey) > 0 {
			next[i], saturated = out.LastEvaluatedKey, true
		}
	}
	sum := 0
	for _, n := range above {
		sum += n
	}
	if !saturated {
		return top, Standing{Posicao: sum + 1}, nil
	}
	// Past the first 1,000: the caller's shard, a uniform sample of the
	// entries (ids are hashed to shards), counted on for an estimate.
	mine := above[myShard]
	lek := next[myShard]
	for range rankExtraPages {
		if lek == nil {
			break
		}
		out, err := s.countAbove(ctx, pks[myShard], myKey, 0, lek)
		if err != nil {
			return rankTop{}, Standing{}, err
		}
		mine += int(out.Count)
		lek = out.LastEvaluatedKey
		if len(lek) == 0 {
			lek = nil
		}
	}
	if lek != nil {
		lower := sum - above[myShard] + mine
		return top, Standing{Posicao: lower + 1, AlemDe: true}, nil
	}
	est := max(mine*len(pks), sum) + 1
	return top, Standing{Posicao: domain.RoundPosition(est), Aproximada: true}, nil
}

// countAbove counts the entries of partition pk ranked above myKey (COUNT:
// nothing is returned), evaluating at most limit (0: one 1 MB page).
func (s *Store) countAbove(ctx context.Context, pk, myKey string, limit int, start map[string]types.AttributeValue) (*dynamodb.QueryOutput, error) {
	in := &dynamodb.QueryInput{
		TableName: aws.String(s.Table), IndexName: aws.String(IndexGSI2),
		KeyConditionExpression:    aws.String("GSI2PK = :pk AND GSI2SK > :me"),
		ExpressionAttributeValues: record{":pk": str(pk), ":me": str(myKey)},
		Select:                    types.SelectCount,
		ExclusiveStartKey:         start,
	}
	if limit > 0 {
		in.Limit = aws.Int32(int32(limit))
	}
	out, err := s.DB.Query(ctx, in)
	if err != nil {
		return nil, fmt.Errorf("count ranking: %w", err)
	}
	return out, nil
}

func shardPKs(f func(int) string) []string {
	out := make([]string, RankShards)
	for i := range out {
		out[i] = f(i)
	}
	return out
}

// MemberRank is one member's line in a ranking.
type MemberRank struct {
	Posicao int
	ID      string
	Nome    string
	Foto    *string
	Nivel   int
	Pontos  int
}

// MemberRanking is a members' ranking: the top and the caller's standing.
type MemberRanking struct {
	Itens []MemberRank
	Eu    Standing
	Mes   string // the month of a monthly ranking
}

// MembersRanking is the members' ranking of periodo (domain.PeriodoGeral or
// PeriodoMes) with uid's own standing: at most 12 calls.
func (s *Store) MembersRanking(ctx context.Context, periodo, uid string) (MemberRanking, error) {
	return s.MembersRankingTop(ctx, periodo, uid, domain.RankingTop)
}

// MembersRankingTop is MembersRanking with a top of at most limit members
// (0: uid's own standing alone, no top read: at most 1+RankShards+rankExtraPages calls).
func (s *Store) MembersRankingTop(ctx context.Context, periodo, uid string, limit int) (MemberRanking, error) {
	now := s.now()
	month := domain.RankingMonth(now)
	item, err := s.getItem(ctx, UserPK(uid), skProfile, "profile")
	if err != nil {
		return MemberRanking{}, err
	}
	var me Standing
	myKey := ""
	if item != nil {
		ps, err := readProfileState(uid, item)
		if err != nil {
			return MemberRanking{}, err
		}
		me.Oculto = ps.rank.hidden
		if periodo == domain.PeriodoMes {
			me.Valor = ps.rank.monthPoints(month)
			if me.Valor > 0 {
				myKey = ps.rank.chaveMes
			}
		} else {
			me.Valor = ps.profile.PontosTotais
			if me.Valor > 0 {
				myKey = ps.rank.allKey(uid, me.Valor)
			}
		}
	}
	pks := shardPKs(rankAllPK)
	if periodo == domain.PeriodoMes {
		pks = shardPKs(func(i int) string { return rankMonthPK(month, i) })
	}
	top, st, err := s.readRankingTop(ctx, pks, myKey, rankShard(uid), limit)
	if err != nil {
		return MemberRanking{}, err
	}
	st.Valor, st.Oculto = me.Valor, me.Oculto
	out := MemberRanking{Eu: st, Itens: []MemberRank{}}
	if periodo == domain.PeriodoMes {
		out.Mes = month
	}
	// The names, levels and opt-outs as they are now: the profiles (the
	// all-time index projects them already; the monthly items need a read).
	profiles := map[string]record{}
	if periodo == domain.PeriodoMes && len(top.rows) > 0 {
		keys := make([]itemKey, 0, len(top.rows))
		for _, it := range top.rows {
			keys = append(keys, itemKey{UserPK(sOf(it["userId"])), skProfile})
		}
		got, err := s.batchGet(ctx, keys...)
		if err != nil {
			return MemberRanking{}, err
		}
		for k, v := range got {
			profiles[strings.TrimPrefix(k.PK, "USER#")] = v
		}
	}
	for _, it := range top.rows {
		v, id := scoreOf(sOf(it[attrGSI2SK]))
		p := it
		if periodo == domain.PeriodoMes {
			if p = profiles[id]; p == nil {
				continue
			}
		}
		if rankStateOf(p).hidden {
			continue
		}
		prof, err := decodeProfile(p)
		if err != nil {
			return MemberRanking{}, err
		}
		out.Itens = append(out.Itens, MemberRank{
			Posicao: len(out.Itens) + 1, ID: id, Nome: prof.Nome, Foto: prof.Foto, Nivel: prof.Nivel, Pontos: v,
		})
	}
	return out, nil
}

// GroupMembersRanking ranks the members of group gid (a group holds at most
// domain.MaxMaxMembros members: one Query and at most 5 BatchGetItems) by
// periodo; members who opted out are left out, except uid.
func (s *Store) GroupMembersRanking(ctx context.Context, gid, periodo, uid string) (MemberRanking, error) {
	month := domain.RankingMonth(s.now())
	keys, err := queryAll(ctx, s, query{PK: GroupPK(gid), Prefix: prefixMember, KeysOnly: true, What: "members"}, 3, keyRecord)
	if err != nil {
		return MemberRanking{}, err
	}
	type entry struct {
		key string
		r   MemberRank
		me  bool
	}
	var entries []entry
	var me Standing
	for i := 0; i < len(keys); i += 100 {
		chunk := keys[i:min(i+100, len(keys))]
		ks := make([]itemKey, 0, len(chunk))
		for _, k := range chunk {
			if m, ok := memberOfKey(sOf(k[attrSK])); ok {
				ks = append(ks, itemKey{UserPK(m), skProfile})
			}
		}
		got, err := s.batchGet(ctx, ks...)
		if err != nil {
			return MemberRanking{}, err
		}
		for k, it := range got {
			id := strings.TrimPrefix(k.PK, "USER#")
			ps, err := readProfileState(id, it)
			if err != nil {
				return MemberRanking{}, err
			}
			v, key := ps.profile.PontosTotais, ps.rank.allKey(id, ps.profile.PontosTotais)
			if periodo == domain.PeriodoMes {
				v, key = ps.rank.monthPoints(month), ps.rank.chaveMes
			}
			if id == uid {
				me.Valor, me.Oculto = v, ps.rank.hidden
			}
			if v <= 0 || (ps.rank.hidden && id != uid) {
				continue
			}
			p := ps.profile
			entries = append(entries, entry{key: key, me: id == uid, r: MemberRank{ID: id, Nome: p.Nome, Foto: p.Foto, Nivel: p.Nivel, Pontos: v}})
		}
	}
	slices.SortFunc(entries, func(a, b entry) int { return strings.Compare(b.key, a.key) })
	out := MemberRanking{Itens: []MemberRank{}}
	if periodo == domain.PeriodoMes {
		out.Mes = month
	}
	pos := 0
	for _, e := range entries {
		if e.me {
			me.Posicao = pos + 1
			if me.Oculto {
				continue // their own standing counts them; the list shows them to nobody
			}
		}
		pos++
		if len(out.Itens) < domain.RankingTop {
			e.r.Posicao = pos
			out.Itens = append(out.Itens, e.r)
		}
	}
	out.Eu = me
	return out, nil
}

// GroupRank is one group's line in the harvest ranking. A private group is
// named only to its members and site admins (Nome "" to others).
type GroupRank struct {
	Posicao int
	ID      string
	Nome    string
	Publico bool
	Meu     bool // the caller is a member
	Gramas  int
}

// GroupRanking is the groups' harvest ranking and one group's standing.
type GroupRanking struct {
	Itens []GroupRank
	Grupo *Standing // the standing of the group asked about, if any
	Mes   string
}

// GroupsRanking ranks groups by harvest (grams) of periodo for caller uid,
// with the standing of group gid when set (one of the caller's groups, or any
// for a site admin; 403 otherwise): at most 12 calls. Deleted groups are left out.
func (s *Store) GroupsRanking(ctx context.Context, periodo, gid, uid string, admin bool) (GroupRanking, error) {
	month := domain.RankingMonth(s.now())
	sk := RankHarvSK("ALL")
	pks := shardPKs(grankAllPK)
	out := GroupRanking{Itens: []GroupRank{}}
	if periodo == domain.PeriodoMes {
		sk, out.Mes = RankHarvSK(month), month
		pks = shardPKs(func(i int) string { return grankMonthPK(month, i) })
	}
	if gid != "" && !validID(gid) {
		return GroupRanking{}, domain.Invalid("grupo", "Grupo inválido")
	}
	keys := []itemKey{{UserPK(uid), skProfile}}
	if gid != "" {
		keys = append(keys, itemKey{GroupPK(gid), sk})
	}
	got, err := s.batchGet(ctx, keys...)
	if err != nil {
		return GroupRanking{}, err
	}
	ps, err := readProfileState(uid, got[keys[0]])
	if err != nil {
		return GroupRanking{}, err
	}
	mine := ps.profile.GruposParticipantes
	myKey := ""
	var standing Standing
	if gid != "" {
		if !admin && !slices.Contains(mine, gid) {
			return GroupRanking{}, domain.Forbidden("Só os membros do grupo veem a posição dele")
		}
		if it := got[keys[1]]; it != nil {
			myKey = sOf(it["chave"])
			standing.Valor, _ = scoreOf(myKey) // grams per active member, as the ranking orders them
		}
	}
	top, st, err := s.readRanking(ctx, pks, myKey, rankShard(gid))
	if err != nil {
		return GroupRanking{}, err
	}
	if gid != "" {
		st.Valor = standing.Valor
		out.Grupo = &st
	}
	if len(top.rows) == 0 {
		return out, nil
	}
	metaKeys := make([]itemKey, 0, len(top.rows))
	for _, it := range top.rows {
		metaKeys = append(metaKeys, itemKey{GroupPK(sOf(it["grupoId"])), skMeta})
	}
	metas, err := s.batchGet(ctx, metaKeys...)
	if err != nil {
		return GroupRanking{}, err
	}
	for _, it := range top.rows {
		v, id := scoreOf(sOf(it[attrGSI2SK]))
		meta := metas[itemKey{GroupPK(id), skMeta}]
		if meta == nil {
			continue
		}
		g, err := decodeGroup(meta)
		if err != nil {
			return GroupRanking{}, err
		}
		if g.Deleting {
			continue
		}
		r := GroupRank{Posicao: len(out.Itens) + 1, ID: id, Nome: g.Nome, Publico: g.Visibilidade == domain.Publico, Meu: slices.Contains(mine, id), Gramas: v}
		if !r.Publico && !r.Meu && !admin {
			r.Nome, r.ID = "", ""
		}
		out.Itens = append(out.Itens, r)
	}
	return out, nil
}

// healRanking gives a profile stored before the rankings (points, but no
// score key) its all-time ranking keys, once: called by Profile, which every
// session reads first (GET /api/me), so the existing members enter the
// ranking as they come back, without a Scan of the table.
func (s *Store) healRanking(ctx context.Context, uid string, item record) {
	ps, err := readProfileState(uid, item)
	if err != nil || ps.rank.chave != "" || ps.profile.PontosTotais <= 0 {
		return
	}
	k := scoreKey(ps.profile.PontosTotais, time.Time{}, uid)
	in := &dynamodb.UpdateItemInput{
		TableName: aws.String(s.Table), Key: keyOf(UserPK(uid), skProfile),
		ConditionExpression:       aws.String("attribute_exists(PK) AND attribute_not_exists(rankChave) AND pontosTotais = :p"),
		UpdateExpression:          aws.String("SET rankChave = :k"),
		ExpressionAttributeValues: record{":k": str(k), ":p": num(ps.profile.PontosTotais)},
	}
	if !ps.rank.hidden {
		in.UpdateExpression = aws.String("SET rankChave = :k, GSI2PK = :pk, GSI2SK = :k")
		in.ExpressionAttributeValues[":pk"] = str(rankAllPK(rankShard(uid)))
	}
	if _, err := s.DB.UpdateItem(ctx, in); err != nil && !isConditionFailed(err) {
		slog.Warn("ranking keys of an older profile", "uid", uid, "err", err)
	}
}
