package store

import (
	"context"
	"maps"
	"math/rand/v2"
	"slices"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/verde-app/verde/shared/domain"
)

// Site statistics (the admin dashboard's KPIs, /admin/analytics and
// /admin/dados' counts), written by the acts themselves inside their own
// transactions, so a chart or a count reads a bounded number of items and
// never scans.
//
// Items. A day (Brasília's calendar date, UTC−3: Brazil has no daylight
// saving since 2019) is STATS#<yyyy-mm-dd> / SHARD#<n>; the running totals are
// STATS#TOTAL / SHARD#<n>, n in [0, StatsShards). A day item holds one number
// per metric (novos, ativos, cultivos, colheitas, gramas, posts, comentarios),
// the same metric per region as "<metric>#<UF>" ("<metric>#-" when the member
// has no UF), the net change of each total that day as "t:<total>" (so a total
// as it stood N days ago is the total minus N days of changes) and the 30-day
// window's entries and exits (below). A totals item holds membros, grupos,
// lotes, cultivos, cultivosAtivos, colheitas, gramas, posts, comentarios and
// denuncias (open reports), and desde: the first day the acts wrote stats
// (numbers before it were never written; the screens say "dados desde").
//
// Hot items. Every act in the community writes today's item, so one item
// would make concurrent transactions conflict (TransactionConflict). Each
// transaction picks one shard at random (StatsShards = 4) and writes all its
// stats items in that shard; a read adds the shards up. Any delta may go to
// any shard (only sums are read), so a retried transaction may pick another.
// One helper, txn.stats, collects a transaction's deltas and merges them
// into one ADD per item when the transaction is built: a transaction never
// touches the same stats item twice.
//
// Active members. A member is active on a day when they make any act that
// goes through their profile (the acts that earn points or join, post,
// comment, harvest, write the diary…) or open Verde signed in (the SPA's
// first GET /api/me of the day). The first of these each day counts them:
// the profile keeps diaAtivo (the last active day, Brasília), and the act
// moves it to today under a condition on the value it read, so ten
// concurrent acts of one member count one (the others fail the condition
// and retry, or find today already there).
//
// Active in 30 days (a distinct count, never a sum of days). The window
// ending on day D holds the members whose last active day L is in
// [D−29, D]; such a member leaves the window on L+30. When a member's first
// act of day d comes after a gap (no L, or d ≥ L+30) the act records an
// entry on d ("janelaEntra") and an exit on d+30 ("janelaSai"); otherwise it
// moves the scheduled exit from L+30 to d+30 (−1 there, +1 here). Every
// entry has exactly one exit, so entries and exits ever recorded are equal,
// and the window's count on day D is
//
//	Σ janelaSai over days D+1 … today+30 − Σ janelaEntra over days D+1 … today
//
// (the members entered by D whose exit is after D). Moves only ever push an
// exit from a day after the act to a later one, so they never change a past
// day's count. Today's count reads days today+1 … today+30; the previous
// period's (D = today−30) reads today−29 … today+30: at most 60 days.
//
// Bounds. The KPIs read the totals and the days from the first of last month
// (at most 61 days back) to today+30: at most 92 days × 4 shards + 4 = 372
// keys, 4 BatchGetItem calls of ≤ 100. The analytics read ≤ 366 days × 4
// shards + 4 = 1,468 keys: at most 15 BatchGetItem calls. The totals: one.

// StatsShards is the number of shards of every stats item.
const StatsShards = 4

// Stats metric names (attributes of a day item).
const (
	StatNovos       = "novos"
	StatAtivos      = "ativos"
	StatCultivos    = "cultivos"
	StatColheitas   = "colheitas"
	StatGramas      = "gramas"
	StatPosts       = "posts"
	StatComentarios = "comentarios"
	statEntra       = "janelaEntra"
	statSai         = "janelaSai"
)

// Totals (attributes of the totals items).
const (
	TotalMembros        = "membros"
	TotalGrupos         = "grupos"
	TotalLotes          = "lotes"
	TotalCultivos       = "cultivos"
	TotalCultivosAtivos = "cultivosAtivos"
	TotalColheitas      = "colheitas"
	TotalGramas         = "gramas"
	TotalPosts          = "posts"
	TotalComentarios    = "comentarios"
	TotalDenuncias      = "denuncias"
)

// attrDiaAtivo is the profile's last active day (Brasília, yyyy-mm-dd).
const attrDiaAtivo = "diaAtivo"

const (
	statsTotalPK = "STATS#TOTAL"
	attrDesde    = "desde"
	semUF        = "-"
	// windowDays is the "active in 30 days" window.
	windowDays = 30
)

// brasilia is Brasília's time (UTC−3, no daylight saving since 2019).
var brasilia = time.FixedZone("BRT", -3*60*60)

// StatsDay is the Brasília date of t, yyyy-mm-dd.
func StatsDay(t time.Time) string { return t.In(brasilia).Format(time.DateOnly) }

// statsDayPK is a day's stats partition.
func statsDayPK(day string) string { return "STATS#" + day }

func statsShardSK(n int) string { return "SHARD#" + strconv.Itoa(n) }

// addDays moves a yyyy-mm-dd date by n days.
func statsAddDays(day string, n int) string {
	t, err := time.Parse(time.DateOnly, day)
	if err != nil {
		return day
	}
	return t.AddDate(0, 0, n).Format(time.DateOnly)
}

// daysBetween is b − a in days.
func daysBetween(a, b string) int {
	ta, err1 := time.Parse(time.DateOnly, a)
	tb, err2 := time.Parse(time.DateOnly, b)
	if err1 != nil || err2 != nil {
		return 0
	}
	return int(tb.Sub(ta).Hours() / 24)
}

// statsTx is one transaction's pending stats deltas (txn.stats).
type statsTx struct {
	today  string
	shard  int
	deltas map[string]map[string]int // PK -> attribute -> delta
}

// stats returns t's pending stats, for the act happening at now.
func (t *txn) stats(now time.Time) *statsTx {
	if t.st == nil {
		t.st = &statsTx{today: StatsDay(now), shard: rand.IntN(StatsShards), deltas: map[string]map[string]int{}}
	}
	return t.st
}

func (st *statsTx) add(pk, attr string, delta int) {
	if delta == 0 {
		return
	}
	m := st.deltas[pk]
	if m == nil {
		m = map[string]int{}
		st.deltas[pk] = m
	}
	m[attr] += delta
}

// day adds delta to today's metric, overall and for the region uf.
func (st *statsTx) day(metric, uf string, delta int) {
	if uf == "" {
		uf = semUF
	}
	pk := statsDayPK(st.today)
	st.add(pk, metric, delta)
	st.add(pk, metric+"#"+uf, delta)
}

// total moves a running total, and today's net change of it.
func (st *statsTx) total(name string, delta int) {
	st.add(statsTotalPK, name, delta)
	st.add(statsDayPK(st.today), "t:"+name, delta)
}

// flush turns the pending deltas into one update per item (build calls it
// with the number of items the transaction has without them). Deltas that
// would take it past DynamoDB's 100 items (a bulk creation of 98 lotes) are
// returned instead, for writeLater.
func (st *statsTx) flush(t *txn, others int) *statsTx {
	if st == nil {
		return nil
	}
	if st.deltas[statsTotalPK] == nil {
		st.deltas[statsTotalPK] = map[string]int{} // for desde
	}
	if others+len(st.deltas) > 100 {
		return st
	}
	st.into(t)
	return nil
}

// into adds the deltas to t, one update per item.
func (st *statsTx) into(t *txn) {
	sk := statsShardSK(st.shard)
	for _, pk := range slices.Sorted(maps.Keys(st.deltas)) {
		attrs := st.deltas[pk]
		var u *upd
		if pk == statsTotalPK {
			u = t.update("stats:"+pk, pk, sk)
		}
		for _, a := range slices.Sorted(maps.Keys(attrs)) {
			if attrs[a] == 0 {
				continue
			}
			if u == nil {
				u = t.update("stats:"+pk, pk, sk)
			}
			u.incr(a, attrs[a])
		}
		if pk == statsTotalPK && u != nil {
			d := u.n(attrDesde)
			u.set("%s = if_not_exists(%s, %s)", d, d, u.v(str(st.today)))
		}
	}
}

// writeLater writes the stats a full transaction had no room for, once it
// succeeded, in a transaction of their own (retried on conflicts). Only
// totals and counts without conditions go this way (the active-member count
// conditions the profile, an item the act's own transaction holds).
func (s *Store) writeLater(ctx context.Context, t *txn) error {
	st := t.later
	t.later = nil
	if st == nil {
		return nil
	}
	return attempt(ctx, func() error {
		lt := newTxn(s.Table)
		st.into(lt)
		if err := s.writeTxn(ctx, lt); err != nil {
			if c, ok := isCancelled(err); ok && c.transient() {
				return errRetry
			}
			return err
		}
		return nil
	})
}

// activeState is what an act read of its member's profile for the active
// count: the last active day and the region.
type activeState struct {
	last, uf string
}

func activeOf(item map[string]types.AttributeValue) activeState {
	return activeState{last: sOf(item[attrDiaAtivo]), uf: sOf(item["uf"])}
}

// active counts uid active today when their profile (read as a) says they
// were not yet: the profile's diaAtivo moves to today under a condition on
// the value read, daily actives +1 and the 30-day window moved (see above).
// The profile must be an item t updates (or a check), not one it puts.
func (t *txn) active(uid string, a activeState, now time.Time) {
	st := t.stats(now)
	if a.last == st.today {
		return
	}
	u := t.update(itemProfile, UserPK(uid), skProfile)
	n := u.n(attrDiaAtivo)
	if a.last == "" {
		u.cond("attribute_not_exists(%s)", n)
	} else {
		u.cond("%s = %s", n, u.v(str(a.last)))
	}
	u.set("%s = %s", n, u.v(str(st.today)))
	st.day(StatAtivos, a.uf, 1)
	st.window(a.last)
}

// window records today's first act in the 30-day window given the last
// active day before it.
func (st *statsTx) window(last string) {
	if last == "" || daysBetween(last, st.today) >= windowDays {
		st.add(statsDayPK(st.today), statEntra, 1)
	} else {
		st.add(statsDayPK(statsAddDays(last, windowDays)), statSai, -1)
	}
	st.add(statsDayPK(statsAddDays(st.today, windowDays)), statSai, 1)
}

// newMember counts a profile created now (its item gets diaAtivo = today:
// creating the account is its first act).
func (t *txn) newMember(item map[string]types.AttributeValue, uf string, now time.Time) {
	st := t.stats(now)
	st.day(StatNovos, uf, 1)
	st.total(TotalMembros, 1)
	st.day(StatAtivos, uf, 1)
	st.window("")
	item[attrDiaAtivo] = str(st.today)
}

// ---- reading ----

// StatsDays is the sum of the shards of a run of days, by day.
type StatsDays map[string]map[string]int

// Get is a day's metric (0 when nothing was written).
func (d StatsDays) Get(day, attr string) int { return d[day][attr] }

// Sum adds a metric over days from..to (inclusive).
func (d StatsDays) Sum(from, to, attr string) int {
	n := 0
	for day := from; day <= to; day = statsAddDays(day, 1) {
		n += d[day][attr]
	}
	return n
}

// Totals are the running totals and the first day they were written.
type Totals struct {
	Values map[string]int
	Desde  string // "" when no act has written stats yet
}

// readStats reads the totals and the days from..to (inclusive), every
// shard, in BatchGetItem calls of at most 100 keys.
func (s *Store) readStats(ctx context.Context, from, to string) (Totals, StatsDays, error) {
	var keys []itemKey
	for n := 0; n < StatsShards; n++ {
		keys = append(keys, itemKey{statsTotalPK, statsShardSK(n)})
	}
	if from != "" {
		for day := from; day <= to; day = statsAddDays(day, 1) {
			for n := 0; n < StatsShards; n++ {
				keys = append(keys, itemKey{statsDayPK(day), statsShardSK(n)})
			}
		}
	}
	tot := Totals{Values: map[string]int{}}
	days := StatsDays{}
	for start := 0; start < len(keys); start += 100 {
		items, err := s.batchGet(ctx, keys[start:min(start+100, len(keys))]...)
		if err != nil {
			return Totals{}, nil, err
		}
		for k, it := range items {
			target := tot.Values
			if k.PK != statsTotalPK {
				day := k.PK[len("STATS#"):]
				if days[day] == nil {
					days[day] = map[string]int{}
				}
				target = days[day]
			} else if d := sOf(it[attrDesde]); d != "" && (tot.Desde == "" || d < tot.Desde) {
				tot.Desde = d
			}
			for a, v := range it {
				if nv, ok := v.(*types.AttributeValueMemberN); ok && a != attrPK && a != attrSK {
					n, _ := strconv.Atoi(nv.Value)
					target[a] += n
				}
			}
		}
	}
	return tot, days, nil
}

// StatsTotals reads the running totals: one BatchGetItem of StatsShards keys.
func (s *Store) StatsTotals(ctx context.Context) (Totals, error) {
	t, _, err := s.readStats(ctx, "", "")
	return t, err
}

// window30 is the count of members active in the 30 days ending on day d,
// from days read through today+30.
func window30(days StatsDays, d, today string) int {
	return days.Sum(statsAddDays(d, 1), statsAddDays(today, windowDays), statSai) - days.Sum(statsAddDays(d, 1), today, statEntra)
}

// KPI is one dashboard figure and the same figure over the previous period.
type KPI struct {
	Valor, Anterior float64
}

// KPIs are the admin dashboard's figures (GET /api/admin/kpis).
type KPIs struct {
	Membros, AtivosHoje, Ativos30, Grupos, CultivosAtivos, ColheitaKgMes, PostsSemana, Denuncias KPI
	Desde                                                                                        string
	Hoje                                                                                         string
}

// StatsKPIs reads the dashboard's figures: at most 4 BatchGetItem calls
// (the totals and the days from the first of last month to today+30),
// whatever the size of the community.
func (s *Store) StatsKPIs(ctx context.Context) (KPIs, error) {
	today := StatsDay(s.now())
	tt, _ := time.Parse(time.DateOnly, today)
	monthStart := tt.AddDate(0, 0, 1-tt.Day())
	lastMonthStart := monthStart.AddDate(0, -1, 0)
	from := min(lastMonthStart.Format(time.DateOnly), statsAddDays(today, -(2*windowDays-1)))
	tot, days, err := s.readStats(ctx, from, statsAddDays(today, windowDays))
	if err != nil {
		return KPIs{}, err
	}
	// A total as it stood n days before today: minus the days' net changes.
	before := func(name string, n int) float64 {
		return float64(tot.Values[name] - days.Sum(statsAddDays(today, 1-n), today, "t:"+name))
	}
	k := KPIs{Desde: tot.Desde, Hoje: today}
	k.Membros = KPI{float64(tot.Values[TotalMembros]), before(TotalMembros, windowDays)}
	k.Grupos = KPI{float64(tot.Values[TotalGrupos]), before(TotalGrupos, windowDays)}
	k.CultivosAtivos = KPI{float64(tot.Values[TotalCultivosAtivos]), before(TotalCultivosAtivos, windowDays)}
	k.Denuncias = KPI{float64(tot.Values[TotalDenuncias]), before(TotalDenuncias, 1)}
	k.AtivosHoje = KPI{float64(days.Get(today, StatAtivos)), float64(days.Get(statsAddDays(today, -1), StatAtivos))}
	k.Ativos30 = KPI{float64(window30(days, today, today)), float64(window30(days, statsAddDays(today, -windowDays), today))}
	// This month so far against the same days of last month.
	lastSameDay := lastMonthStart.AddDate(0, 0, tt.Day()-1)
	if lastSameDay.Month() != lastMonthStart.Month() {
		lastSameDay = monthStart.AddDate(0, 0, -1)
	}
	k.ColheitaKgMes = KPI{
		float64(days.Sum(monthStart.Format(time.DateOnly), today, StatGramas)) / 1000,
		float64(days.Sum(lastMonthStart.Format(time.DateOnly), lastSameDay.Format(time.DateOnly), StatGramas)) / 1000,
	}
	k.PostsSemana = KPI{float64(days.Sum(statsAddDays(today, -6), today, StatPosts)), float64(days.Sum(statsAddDays(today, -13), statsAddDays(today, -7), StatPosts))}
	return k, nil
}

// AnalyticsPoint is one day's (or week's, month's) figures.
type AnalyticsPoint struct {
	Inicio, Fim                                            string
	Novos, Ativos, Cultivos, Colheitas, Posts, Comentarios int
	ColheitaKg                                             float64
	AtivosMedia                                            float64 // daily actives, average over the period's days
}

// Analytics is a range of points.
type Analytics struct {
	Pontos []AnalyticsPoint
	Desde  string
}

// MaxAnalyticsDays bounds an analytics range (domain.ParseAnalytics).
const MaxAnalyticsDays = domain.MaxAnalyticsDays

// StatsAnalytics reads days from..to (≤ MaxAnalyticsDays) and groups them by
// granularity ("dia", "semana": weeks from Monday, "mes"), for one region
// (uf, "sem" for members without one) or all (""): at most 15 BatchGetItem
// calls.
func (s *Store) StatsAnalytics(ctx context.Context, from, to, granularity, uf string) (Analytics, error) {
	tot, days, err := s.readStats(ctx, from, to)
	if err != nil {
		return Analytics{}, err
	}
	suffix := ""
	switch uf {
	case "":
	case "sem":
		suffix = "#" + semUF
	default:
		suffix = "#" + uf
	}
	var pts []AnalyticsPoint
	var cur *AnalyticsPoint
	n := 0
	flush := func() {
		if cur != nil {
			cur.AtivosMedia = float64(cur.Ativos) / float64(n)
			cur.ColheitaKg = float64(days.Sum(cur.Inicio, cur.Fim, StatGramas+suffix)) / 1000
			pts = append(pts, *cur)
		}
	}
	for day := from; day <= to; day = statsAddDays(day, 1) {
		if cur == nil || periodStart(day, granularity) != periodStart(cur.Inicio, granularity) {
			flush()
			cur, n = &AnalyticsPoint{Inicio: day}, 0
		}
		cur.Fim = day
		n++
		g := func(m string) int { return days.Get(day, m+suffix) }
		cur.Novos += g(StatNovos)
		cur.Ativos += g(StatAtivos)
		cur.Cultivos += g(StatCultivos)
		cur.Colheitas += g(StatColheitas)
		cur.Posts += g(StatPosts)
		cur.Comentarios += g(StatComentarios)
	}
	flush()
	return Analytics{Pontos: pts, Desde: tot.Desde}, nil
}

func periodStart(day, granularity string) string {
	t, _ := time.Parse(time.DateOnly, day)
	switch granularity {
	case "semana":
		wd := (int(t.Weekday()) + 6) % 7 // Monday 0
		return t.AddDate(0, 0, -wd).Format(time.DateOnly)
	case "mes":
		return t.Format("2006-01")
	}
	return day
}

// actedBy counts the act's member active today (their profile as the act read it).
func (t *txn) actedBy(ps profileState, now time.Time) {
	if ps.found {
		t.active(ps.uid, ps.act, now)
	}
}

// cultivoMoved keeps the active cultivos' total in step with a cultivo's
// change (a phase closing it, archiving, reopening).
func (t *txn) cultivoMoved(before, after domain.Cultivo, now time.Time) {
	b, a := 0, 0
	if ativo(before) {
		b = 1
	}
	if ativo(after) {
		a = 1
	}
	if a != b {
		t.stats(now).total(TotalCultivosAtivos, a-b)
	}
}

// cultivoCreated counts a new cultivo of the member whose region is uf.
func (t *txn) cultivoCreated(c domain.Cultivo, uf string, now time.Time) {
	st := t.stats(now)
	st.day(StatCultivos, uf, 1)
	st.total(TotalCultivos, 1)
	if ativo(c) {
		st.total(TotalCultivosAtivos, 1)
	}
}

// colheitaAdded counts a harvest (grams: domain.ColheitaGrams).
func (t *txn) colheitaAdded(grams int, uf string, now time.Time) {
	st := t.stats(now)
	st.day(StatColheitas, uf, 1)
	st.day(StatGramas, uf, grams)
	st.total(TotalColheitas, 1)
	st.total(TotalGramas, grams)
}

// postRemoved counts out a post and its comments.
func (t *txn) postRemoved(it postItem, now time.Time) {
	st := t.stats(now)
	st.total(TotalPosts, -1)
	st.total(TotalComentarios, -it.Comentarios)
}

// content counts a new post or comment (metric StatPosts or StatComentarios,
// the same name as its total).
func (t *txn) content(metric, uf string, delta int, now time.Time) {
	st := t.stats(now)
	if delta > 0 {
		st.day(metric, uf, delta)
	}
	st.total(metric, delta)
}

// groupDeleted counts out a group and its lotes (its cultivos move to their
// members' Horta pessoal and stay counted).
func (t *txn) groupDeleted(g domain.Group, now time.Time) {
	st := t.stats(now)
	st.total(TotalGrupos, -1)
	st.total(TotalLotes, -g.Lotes.Total)
}

// memberLeft deletes an erased account's profile and counts the member out,
// in one transaction (done); a profile already gone is not counted twice.
// A transaction that cannot run (done false, no error) leaves the plain
// delete to the caller.
func (s *Store) memberLeft(ctx context.Context, uid string) (bool, error) {
	return true, attempt(ctx, func() error {
		t := newTxn(s.Table)
		t.delete(itemProfile, UserPK(uid), skProfile, existsCond())
		t.stats(s.now()).total(TotalMembros, -1)
		err := s.write(ctx, t)
		if c, ok := isCancelled(err); ok {
			if c.failed(itemProfile) {
				return nil
			}
			if c.transient() {
				return errRetry
			}
		}
		return err
	})
}

// Today is the store clock's Brasília date (the stats' day).
func (s *Store) Today() string { return StatsDay(s.now()) }
