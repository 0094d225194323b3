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

// Rankings. Every ranking lives in GSI2, write-sharded over
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
// rankAward in every award's transaction, AddColheita calls rankColheita. The
// profile also keeps its own score keys (rankChave, rankMesChave with
// pontosMes of mesRef) whether or not it is listed, so a member who opted out
// (ocultarDoRanking: no GSI2 keys) still gets their own standing.
//
// A ranking is read from its snapshot (ranking_snapshot.go), never by
// counting the entries above the caller: at most two calls whatever the
// number of entries (ranking_read.go).

// RankShards is the number of GSI2 partitions each ranking is spread over.
const RankShards = 4

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
		u.pin("version", r.hasVer, r.version)
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

// rankColheita moves its group's harvest rankings (all time and month mes) by
// a counted harvest's grams (negative: a harvest taken back) in the
// harvest's transaction t: one BatchGetItem of the two items, each then
// written under a condition on the value read. The score is the confirmed
// grams per active member: the members whose harvests counted in the
// period (ativos), so a large group is not ahead for its size alone.
func (s *Store) rankColheita(ctx context.Context, t *txn, gid string, grams int, author, mes string, now time.Time) error {
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

// rankItemNames are the names of rankColheita's items, for retryable.
const rankItemNames = "rankharv:*"

// Standing is the caller's own place in a ranking.
type Standing struct {
	Valor      int  // points, or grams for a group
	Posicao    int  // 0: not in the ranking (no points yet)
	Aproximada bool // Posicao is an estimate (ranking_snapshot.go says how close)
	AlemDe     bool // Posicao is a lower bound: "além da posição N" (no longer set)
	Oculto     bool // the caller opted out of the public rankings
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
