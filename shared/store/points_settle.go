package store

import (
	"context"
	"errors"
	"log/slog"
	"math/rand/v2"
	"strconv"
	"time"

	"github.com/verde-app/verde/shared/domain"
)

// Points that arrive by an unconditional ADD (a like received, an unlike) and
// the attributes derived from them.
//
// A like must not condition on its author's total: 50 members liking one post
// at once would all conflict on it. So the like's transaction only ADDs the
// point to pontosTotais and to pontosPendentes, the points the derived
// attributes (nivel, pontosMes of mesRef, the all-time and monthly score keys
// with their GSI2 keys, this month's POINTS# item) do not reflect yet. After
// the transaction commits, settlePoints folds the pending points in:
//
//  1. read the profile (GetItem, consistent): total T, pending P, version V;
//  2. recompute from them: nivel = LevelFor(T), pontosMes += P, the score keys
//     of T and of the new month's points; a level-up notification when the
//     level rises above the stored one;
//  3. write it all in one transaction conditioned on pontosTotais = T,
//     pontosPendentes = P and version = V, setting pontosPendentes to 0.
//
// If the condition fails because another like changed the points (P read
// again differs), that like's own settle, which starts after its commit,
// reads a state that includes this one's points, so this one stops. If it
// failed for another reason (a concurrent settle of the same state, a profile
// edit, a transient conflict, a call past its deadline), the next round reads
// again. At most
// SettleRounds rounds: a like costs its own reads and transaction plus at most
// SettleRounds GetItems and transactions, whatever the contention.
//
// An award through applyProfile (award.go) folds the pending points into its
// own ranking update (rankAward), since it conditions on the total anyway. A
// settle lost to a crash between the commit and the settle is made up by the
// next like, award, or the member's next GET /api/me (Profile).
//
// The level-up notification is sent once: only by the write that raises the
// stored nivel, which the version condition makes unique.

const (
	attrPendentes = "pontosPendentes"
	itemSettle    = "settle"
	SettleRounds  = 6 // the most rounds of one settle (a GetItem and a transaction each)
)

// pendingPoints is the profile's unsettled points.
func pendingPoints(item record) int {
	n, _ := strconv.Atoi(nOf(item[attrPendentes]))
	return n
}

// addPending is the like's part: delta points added without a condition on
// the total (a debit only while the total covers it: never negative), and
// the same delta left for settlePoints.
func addPending(t *txn, uid string, delta int) {
	u := t.update(itemAuthor, UserPK(uid), skProfile)
	u.cond("attribute_exists(PK)")
	if delta < 0 {
		u.cond("pontosTotais >= %s", u.v(num(-delta)))
	}
	u.incr("pontosTotais", delta)
	u.incr(attrPendentes, delta)
}

// settlePoints makes a profile's derived attributes agree with its points
// (see above). Errors are logged, not returned: the act already happened.
func (s *Store) settlePoints(ctx context.Context, uid string) {
	prev, read := 0, false
	for round := 0; round < SettleRounds; round++ {
		item, err := s.getItem(ctx, UserPK(uid), skProfile, "profile")
		if err != nil || item == nil {
			if err != nil {
				slog.Warn("settle points: read", "uid", uid, "err", err)
			}
			return
		}
		p := pendingPoints(item)
		if read && p != prev {
			return // another like moved the points after our read: its settle follows
		}
		prev, read = p, true
		t, ok, err := s.settleTxn(uid, item)
		if err != nil {
			slog.Warn("settle points: decode", "uid", uid, "err", err)
			return
		}
		if !ok {
			return // nothing to settle
		}
		err = s.write(ctx, t)
		if err == nil {
			return
		}
		// A cancellation (a condition, a conflict) or a call that outlived its
		// deadline (it may or may not have been applied): read again.
		var c *cancelled
		if !errors.As(err, &c) && !errors.Is(err, context.DeadlineExceeded) {
			slog.Warn("settle points: write", "uid", uid, "err", err)
			return
		}
		if round == SettleRounds-1 {
			slog.Warn("settle points: left for the next settle", "uid", uid, "err", err)
		}
		d := time.Duration(rand.Int64N(int64(min(20*time.Millisecond<<round, 250*time.Millisecond)))) + time.Millisecond
		select {
		case <-ctx.Done():
			return
		case <-time.After(d):
		}
	}
}

// settleTxn is the settle's transaction for the profile item read; ok is
// false when there is nothing to settle.
func (s *Store) settleTxn(uid string, item record) (*txn, bool, error) {
	ps, err := readProfileState(uid, item)
	if err != nil {
		return nil, false, err
	}
	pend := pendingPoints(item)
	total := ps.profile.PontosTotais
	lvl := domain.LevelFor(total)
	if pend == 0 && lvl == ps.profile.Nivel {
		return nil, false, nil
	}
	now := s.now()
	t := newTxn(s.Table)
	u := t.update(itemSettle, UserPK(uid), skProfile)
	u.cond("attribute_exists(PK)")
	u.cond("pontosTotais = %s", u.v(num(total)))
	if pend == 0 {
		u.cond("attribute_not_exists(%s) OR %s = %s", u.n(attrPendentes), u.n(attrPendentes), u.v(num(0)))
	} else {
		u.cond("%s = %s", u.n(attrPendentes), u.v(num(pend)))
	}
	r := ps.rank
	u.pin("version", r.hasVer, r.version)
	u.incr("version", 1)
	if lvl != ps.profile.Nivel {
		u.set("nivel = %s", u.v(num(lvl)))
		if lvl > ps.profile.Nivel {
			t.notify(NewNotification(uid, domain.NotifNivel, domain.TextoNivel(lvl), domain.LinkPerfil(), now))
		}
	}
	if pend != 0 {
		u.set("%s = %s", u.n(attrPendentes), u.v(num(0)))
		rankMove(t, u, ps, total, pend, now)
	}
	return t, true, nil
}

// rankMove moves the ranking attributes by pts points already in total
// (rankAward's and the settle's work; a debit never takes the month below 0):
// the profile's all-time and monthly keys, its GSI2 keys unless it opted out,
// and this month's POINTS# item.
func rankMove(t *txn, u *upd, ps profileState, total, pend int, now time.Time) {
	uid, r := ps.uid, ps.rank
	month := domain.RankingMonth(now)
	mes := max(0, r.monthPoints(month)+pend)
	all, mk := scoreKey(total, now, uid), scoreKey(mes, now, uid)
	u.set("%s = %s", u.n(attrPontosMes), u.v(num(mes)))
	u.set("%s = %s", u.n(attrMesRef), u.v(str(month)))
	u.set("%s = %s", u.n(attrRankChave), u.v(str(all)))
	u.set("%s = %s", u.n(attrRankMesChave), u.v(str(mk)))
	if !r.hidden && total > 0 {
		u.set("%s = %s", u.n(attrGSI2PK), u.v(str(rankAllPK(rankShard(uid)))))
		u.set("%s = %s", u.n(attrGSI2SK), u.v(str(all)))
	} else {
		u.remove(u.n(attrGSI2PK))
		u.remove(u.n(attrGSI2SK))
	}
	t.putItem(itemRankMonth+":"+uid, monthItemOf(uid, month, mes, mk, r.hidden), "")
	leagueMove(t, ps, mes, mk, now)
}

// settleIfPending settles a profile read elsewhere (Profile) that still
// holds pending points (a settle lost between a like's commit and its settle).
func (s *Store) settleIfPending(ctx context.Context, uid string, item record) {
	if pendingPoints(item) != 0 {
		s.settlePoints(ctx, uid)
	}
}
