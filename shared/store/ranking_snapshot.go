package store

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/verde-app/verde/shared/domain"
)

// Ranking snapshots: what makes every ranking read flat. A read never counts
// the entries above the caller (that cost grew with the members ranked: 7
// calls and 297 RCU at 20,000). The views job (shared/views) walks each
// ranking's GSI2 partitions every 15 minutes and stores its snapshot:
//
//	RANKSNAP     ALL | MES#<yyyy-mm>           members by points, all time | this month
//	RANKSNAP     GALL | GMES#<yyyy-mm>         groups by harvest (grams)
//	GROUP#<gid>  RANKSNAP#ALL | RANKSNAP#MES#<yyyy-mm>   that group's members
//
// each holding the best snapshotTop score keys (value, time reached, id) and
// a histogram of every entry's value in at most snapshotBuckets buckets. The
// all-time and per-group snapshots, which read every ranked profile, are
// rebuilt when an hour old; the monthly and the groups' ones on every run.
//
// A read is one BatchGetItem of the caller's item and the snapshot, and for
// a list one more of the listed entries' items as they are now (names,
// opt-outs, current points): two calls and a few kB whatever the number of
// entries. The list is the snapshot's best, re-sorted by their current score,
// with the caller's own line placed by their current score. How exact:
//   - the caller's own value is always current; their position counts the
//     others as the snapshot saw them (at most an hour old for all time and a
//     group's members, 15 minutes for the month and the groups' harvest);
//   - among the snapshot's best (the list's 50 and a margin) the position
//     follows the rankings' order exactly (value, then who got there first);
//   - past them, it is 1 + the entries with more points than the caller:
//     ties share a position. The histogram keeps one bucket per value
//     while the ranking has at most snapshotBuckets values, so the count is
//     exact; a larger one merges neighbouring values into buckets of about
//     entries/snapshotBuckets (0.1 % of the ranking), and within the caller's
//     bucket the count is interpolated: the position is then said to be an
//     estimate (Aproximada), off by less than that bucket's entries.
//
// A month without a snapshot yet (its first minutes) ranks the caller alone.

const (
	pkRankSnap      = "RANKSNAP"
	snapshotTop     = domain.RankingTop + 10
	snapshotBuckets = 1000
	// snapshotHeavyAge is how old the all-time and groups' member snapshots may grow.
	snapshotHeavyAge = time.Hour
	// snapshotReadPage is how many entries one Query of a rebuild reads.
	snapshotReadPage = 400
)

func snapAllSK() string               { return "ALL" }
func snapMonthSK(month string) string { return "MES#" + month }
func snapGAllSK() string              { return "GALL" }
func snapGMonthSK(m string) string    { return "GMES#" + m }
func groupSnapSK(periodo, month string) string {
	if periodo == domain.PeriodoMes {
		return "RANKSNAP#MES#" + month
	}
	return "RANKSNAP#ALL"
}

type snapshotItem struct {
	PK   string   `dynamodbav:"PK"`
	SK   string   `dynamodbav:"SK"`
	Type string   `dynamodbav:"type"`
	Em   string   `dynamodbav:"em"`
	N    int      `dynamodbav:"n"`
	Top  []string `dynamodbav:"top"`  // score keys, best first
	Hist string   `dynamodbav:"hist"` // buckets, best first: "hi-lo:n" or "v:n", comma-separated
}

// bucket counts the entries whose value is in [lo, hi].
type bucket struct{ lo, hi, n int }

// snapshot is a decoded snapshot (the zero value: no entries).
type snapshot struct {
	em   time.Time
	top  []string
	hist []bucket
}

func decodeSnapshot(r record) (snapshot, error) {
	if r == nil {
		return snapshot{}, nil
	}
	it, err := unmarshal[snapshotItem](r, "ranking snapshot")
	if err != nil {
		return snapshot{}, err
	}
	s := snapshot{em: parseTime(it.Em), top: it.Top}
	for _, part := range strings.Split(it.Hist, ",") {
		if part == "" {
			continue
		}
		rng, n, ok := strings.Cut(part, ":")
		hi, lo, isRange := strings.Cut(rng, "-")
		if !isRange {
			lo = hi
		}
		b := bucket{}
		var e1, e2, e3 error
		b.hi, e1 = strconv.Atoi(hi)
		b.lo, e2 = strconv.Atoi(lo)
		b.n, e3 = strconv.Atoi(n)
		if !ok || e1 != nil || e2 != nil || e3 != nil {
			return snapshot{}, fmt.Errorf("ranking snapshot %s: bad bucket %q", it.SK, part)
		}
		s.hist = append(s.hist, b)
	}
	return s, nil
}

// histogram buckets values (best first), one bucket per value while there
// are at most max distinct ones, else neighbours merged to about len/max each.
func histogram(values []int, max int) []bucket {
	var distinct []bucket
	for _, v := range values {
		if n := len(distinct); n > 0 && distinct[n-1].lo == v {
			distinct[n-1].n++
			continue
		}
		distinct = append(distinct, bucket{lo: v, hi: v, n: 1})
	}
	if len(distinct) <= max {
		return distinct
	}
	target := (len(values) + max - 1) / max
	var out []bucket
	for _, d := range distinct {
		if n := len(out); n > 0 && out[n-1].n < target && d.n < target {
			out[n-1].lo, out[n-1].n = d.lo, out[n-1].n+d.n
			continue
		}
		out = append(out, d)
	}
	return out
}

func encodeHist(hist []bucket) string {
	var b strings.Builder
	for i, h := range hist {
		if i > 0 {
			b.WriteByte(',')
		}
		if h.lo == h.hi {
			fmt.Fprintf(&b, "%d:%d", h.hi, h.n)
		} else {
			fmt.Fprintf(&b, "%d-%d:%d", h.hi, h.lo, h.n)
		}
	}
	return b.String()
}

// above is how many of the snapshot's entries have more than v, and whether
// that is an estimate (v inside a bucket of several values).
func (s snapshot) above(v int) (int, bool) {
	n := 0
	for _, b := range s.hist {
		switch {
		case b.lo > v:
			n += b.n
		case b.hi > v: // lo <= v < hi: part of a merged bucket
			w := b.hi - b.lo + 1
			return n + (b.n*(b.hi-v)+w/2)/w, b.n > 1
		default:
			return n, false
		}
	}
	return n, false
}

// position is the standing of score key myKey (value v, entry id) given the
// snapshot: exact among its best keys, counted from its histogram past them.
// Keys of id itself (the caller as the snapshot saw them) are not counted.
func (s snapshot) position(myKey string, v int, id string) (int, bool) {
	better := 0
	for _, k := range s.top {
		if _, kid := scoreOf(k); kid == id {
			continue
		}
		if k > myKey {
			better++
		}
	}
	if better < len(s.top) || len(s.top) < snapshotTop {
		return better + 1, false
	}
	n, approx := s.above(v)
	return max(n, better) + 1, approx
}

// rankEntry is one line of a ranking being built or re-sorted.
type rankEntry struct {
	key   string
	value int
	id    string
}

func snapshotItemOf(pk, sk string, entries []rankEntry, now time.Time) snapshotItem {
	slices.SortFunc(entries, func(a, b rankEntry) int { return strings.Compare(b.key, a.key) })
	it := snapshotItem{PK: pk, SK: sk, Type: "rankSnapshot", Em: fmtTime(now), N: len(entries), Top: []string{}}
	values := make([]int, len(entries))
	for i, e := range entries {
		values[i] = e.value
		if i < snapshotTop {
			it.Top = append(it.Top, e.key)
		}
	}
	slices.SortFunc(values, func(a, b int) int { return b - a })
	it.Hist = encodeHist(histogram(values, snapshotBuckets))
	return it
}

// readGSI2 reads every item of the sharded partitions pks, decoding each (a
// job's read: it grows with the ranking, never a request's).
func (s *Store) readGSI2(ctx context.Context, pks []string, each func(record) error) error {
	for _, pk := range pks {
		var start map[string]string
		for {
			out, err := s.DB.Query(ctx, &dynamodb.QueryInput{
				TableName: aws.String(s.Table), IndexName: aws.String(IndexGSI2),
				KeyConditionExpression:    aws.String("GSI2PK = :pk"),
				ExpressionAttributeValues: record{":pk": str(pk)},
				ExclusiveStartKey:         startKey(start),
				// Pages well under 1 MB: each call stays inside the store's per-call deadline.
				Limit: aws.Int32(snapshotReadPage),
			})
			if err != nil {
				return fmt.Errorf("read ranking %s: %w", pk, err)
			}
			for _, it := range out.Items {
				if err := each(it); err != nil {
					return err
				}
			}
			start = lastKey(out.LastEvaluatedKey)
			if start == nil {
				break
			}
		}
	}
	return nil
}

// RebuildRankings stores every ranking's snapshot (the views job's
// schedule): the month's members and the groups' harvest every time, the
// all-time members and each group's members when an hour old, or when full
// is set. It returns the snapshots written.
func (s *Store) RebuildRankings(ctx context.Context, full bool) (int, error) {
	now := s.now()
	month := domain.RankingMonth(now)
	var items []record
	put := func(it snapshotItem) error {
		m, err := attributevalue.MarshalMap(it)
		if err != nil {
			return fmt.Errorf("encode ranking snapshot: %w", err)
		}
		items = append(items, m)
		return nil
	}
	// The month's members: their POINTS# items.
	var mes []rankEntry
	if err := s.readGSI2(ctx, shardPKs(func(i int) string { return rankMonthPK(month, i) }), func(r record) error {
		v, id := scoreOf(sOf(r[attrGSI2SK]))
		mes = append(mes, rankEntry{key: sOf(r[attrGSI2SK]), value: v, id: id})
		return nil
	}); err != nil {
		return 0, err
	}
	if err := put(snapshotItemOf(pkRankSnap, snapMonthSK(month), mes, now)); err != nil {
		return 0, err
	}
	// The groups' harvest, all time and this month, without groups being deleted.
	for _, g := range []struct{ sk, month string }{{snapGAllSK(), ""}, {snapGMonthSK(month), month}} {
		pks := shardPKs(grankAllPK)
		if g.month != "" {
			pks = shardPKs(func(i int) string { return grankMonthPK(month, i) })
		}
		var entries []rankEntry
		if err := s.readGSI2(ctx, pks, func(r record) error {
			v, id := scoreOf(sOf(r[attrGSI2SK]))
			entries = append(entries, rankEntry{key: sOf(r[attrGSI2SK]), value: v, id: id})
			return nil
		}); err != nil {
			return 0, err
		}
		entries, err := s.liveGroups(ctx, entries)
		if err != nil {
			return 0, err
		}
		if err := put(snapshotItemOf(pkRankSnap, g.sk, entries, now)); err != nil {
			return 0, err
		}
	}
	heavy := full
	if !heavy {
		prev, err := s.getItem(ctx, pkRankSnap, snapAllSK(), "ranking snapshot")
		if err != nil {
			return 0, err
		}
		snap, err := decodeSnapshot(prev)
		heavy = err != nil || prev == nil || now.Sub(snap.em) >= snapshotHeavyAge
	}
	if heavy {
		// Every ranked profile: the all-time ranking, and each group's members.
		var all []rankEntry
		byGroup := map[string]*[2][]rankEntry{}
		if err := s.readGSI2(ctx, shardPKs(rankAllPK), func(r record) error {
			key := sOf(r[attrGSI2SK])
			v, id := scoreOf(key)
			e := rankEntry{key: key, value: v, id: id}
			all = append(all, e)
			p, err := decodeProfile(r)
			if err != nil {
				return err
			}
			rs := rankStateOf(r)
			for _, gid := range p.GruposParticipantes {
				g := byGroup[gid]
				if g == nil {
					g = &[2][]rankEntry{}
					byGroup[gid] = g
				}
				g[0] = append(g[0], e)
				if m := rs.monthPoints(month); m > 0 && rs.chaveMes != "" {
					g[1] = append(g[1], rankEntry{key: rs.chaveMes, value: m, id: id})
				}
			}
			return nil
		}); err != nil {
			return 0, err
		}
		if err := put(snapshotItemOf(pkRankSnap, snapAllSK(), all, now)); err != nil {
			return 0, err
		}
		for gid, g := range byGroup {
			if err := put(snapshotItemOf(GroupPK(gid), groupSnapSK(domain.PeriodoGeral, month), g[0], now)); err != nil {
				return 0, err
			}
			if err := put(snapshotItemOf(GroupPK(gid), groupSnapSK(domain.PeriodoMes, month), g[1], now)); err != nil {
				return 0, err
			}
		}
	}
	return len(items), s.putAll(ctx, items)
}

// liveGroups keeps the entries of groups that exist and are not being deleted
// (their META items, 100 a BatchGetItem).
func (s *Store) liveGroups(ctx context.Context, entries []rankEntry) ([]rankEntry, error) {
	out := entries[:0]
	for i := 0; i < len(entries); i += 100 {
		chunk := entries[i:min(i+100, len(entries))]
		keys := make([]itemKey, len(chunk))
		for j, e := range chunk {
			keys[j] = itemKey{GroupPK(e.id), skMeta}
		}
		metas, err := s.batchGet(ctx, keys...)
		if err != nil {
			return nil, err
		}
		for j, e := range chunk {
			meta := metas[keys[j]]
			if meta == nil {
				continue
			}
			if g, err := decodeGroup(meta); err != nil || g.Deleting {
				continue
			}
			out = append(out, e)
		}
	}
	return out, nil
}
