package store

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/verde-app/verde/shared/domain"
)

// How many members earned each conquista (/admin/conquistas), without a
// Scan or a Query that grows with the members: a count per conquista kept
// in the site statistics' running totals (stats.go), attribute
// "conquistas#<code>" of STATS#TOTAL / SHARD#<n>, read with the totals'
// one BatchGetItem of StatsShards keys.
//
// The count is the number of earned items (USER#<uid> / CONQ#<code>) marked
// contado, and three writers keep it so, each in one transaction:
//
//   - an unlock (conquistas.go: earn) puts the earned item with contado and
//     adds 1 to a shard. The shard is the one the act's transaction already
//     writes its statistics to (txn.stats: one of four, at random, one merged
//     ADD per item), so the count costs no item most acts do not already
//     write, and two members unlocking the same conquista at once conflict
//     only when they draw the same shard, as any two acts do for the totals;
//     the conflict is transient and the act is retried (tx.go);
//   - an account's erasure (phase "conquistas", before "dados") deletes the
//     earned items under a condition on the contado it read and takes 1 off
//     for each one counted;
//   - the migration contagem-de-conquistas (BackfillConquistaCounts) marks
//     the items written before the count existed, adding them.
//
// A conquista once earned is never taken back (undo.go), so nothing else
// moves the count.

// conquistaStat is the totals' attribute of a conquista's count.
func conquistaStat(code string) string { return "conquistas#" + code }

const attrContado = "contado"

// conquistaCounted moves the member count of conquista code by delta in t.
func (t *txn) conquistaCounted(code string, delta int, now time.Time) {
	t.stats(now).add(statsTotalPK, conquistaStat(code), delta)
}

// ConquistaMembers is how many members hold each conquista, by code (one
// BatchGetItem of the totals' shards).
func (s *Store) ConquistaMembers(ctx context.Context) (map[string]int, error) {
	tot, err := s.StatsTotals(ctx)
	if err != nil {
		return nil, err
	}
	out := map[string]int{}
	for _, c := range domain.Conquistas {
		out[c.Codigo] = max(0, tot.Values[conquistaStat(c.Codigo)])
	}
	return out, nil
}

// earnedKey is an earned item as an erasure or the backfill read it.
type earnedKey struct {
	key     itemKey
	code    string
	contado bool
}

func earnedKeyOf(r record) earnedKey {
	b, _ := r[attrContado].(*types.AttributeValueMemberBOOL)
	return earnedKey{key: itemKey{sOf(r[attrPK]), sOf(r[attrSK])}, code: sOf(r["codigo"]), contado: b != nil && b.Value}
}

// eraseConquistas is an erasure phase: the member's earned items (at most
// the catalogue's size: one Query) deleted in one transaction that takes
// each counted one off its conquista's count.
func eraseConquistas(ctx context.Context, s *Store, uid string, _ int) (int, bool, error) {
	n := 0
	err := attempt(ctx, func() error {
		items, _, err := queryPage(ctx, s, query{PK: UserPK(uid), Prefix: prefixEarned, Consistent: true, What: "earned conquistas"},
			func(r record) (earnedKey, error) { return earnedKeyOf(r), nil })
		if err != nil || len(items) == 0 {
			return err
		}
		now := s.now()
		t := newTxn(s.Table)
		for i, e := range items {
			u := newUpd()
			if e.contado {
				u.cond("%s = %s", u.n(attrContado), u.v(boolean(true)))
				t.conquistaCounted(e.code, -1, now)
			} else {
				u.cond("attribute_exists(PK) AND attribute_not_exists(%s)", u.n(attrContado))
			}
			t.delete("earned:"+strconv.Itoa(i), e.key.PK, e.key.SK, u)
		}
		err = s.writeTxn(ctx, t)
		if c, ok := isCancelled(err); ok {
			if _, changed := c.failedPrefix("earned:"); changed || c.transient() {
				return errRetry // counted or deleted meanwhile: read again
			}
		}
		if err == nil {
			n = len(items)
		}
		return err
	})
	return n, err == nil, err
}

// BackfillConquistaCounts counts the conquistas earned before the member
// counts existed: a paged Scan of the members' earned items without
// contado, marked and added to the counts in transactions of up to 25
// items (a Scan only here, in the migration contagem-de-conquistas,
// offline). Idempotent: a marked item is never counted again, so a run cut
// short runs again from the start. Returns the items counted.
func (s *Store) BackfillConquistaCounts(ctx context.Context) (int, error) {
	counted := 0
	err := s.scanPages(ctx, &dynamodb.ScanInput{
		TableName: aws.String(s.Table),
		FilterExpression: aws.String("#type = :conq AND begins_with(PK, :user) AND begins_with(SK, :earned) AND " +
			"attribute_not_exists(#contado)"),
		ExpressionAttributeNames:  map[string]string{"#type": "type", "#contado": attrContado},
		ExpressionAttributeValues: record{":conq": str("conquista"), ":user": str("USER#"), ":earned": str(prefixEarned)},
		Limit:                     aws.Int32(1000),
	}, "earned conquistas", func(items []record) error {
		var batch []earnedKey
		for _, it := range items {
			e := earnedKeyOf(it)
			if _, ok := domain.ConquistaByCode(e.code); !ok || !strings.HasPrefix(e.key.SK, prefixEarned) {
				continue
			}
			batch = append(batch, e)
		}
		for i := 0; i < len(batch); i += 25 {
			n, err := s.countEarned(ctx, batch[i:min(i+25, len(batch))])
			counted += n
			if err != nil {
				return err
			}
		}
		return nil
	})
	return counted, err
}

// countEarned marks the items contado and adds them to their counts, in
// one transaction; an item deleted or counted meanwhile is left out and the
// rest written again.
func (s *Store) countEarned(ctx context.Context, items []earnedKey) (int, error) {
	pending := items
	n := 0
	err := attempt(ctx, func() error {
		if len(pending) == 0 {
			return nil
		}
		now := s.now()
		t := newTxn(s.Table)
		for i, e := range pending {
			u := t.update("earned:"+strconv.Itoa(i), e.key.PK, e.key.SK)
			u.cond("attribute_exists(PK) AND attribute_not_exists(%s)", u.n(attrContado))
			u.set("%s = %s", u.n(attrContado), u.v(boolean(true)))
			t.conquistaCounted(e.code, 1, now)
		}
		err := s.writeTxn(ctx, t)
		if c, ok := isCancelled(err); ok {
			var keep []earnedKey
			for i, e := range pending {
				if !c.failed("earned:" + strconv.Itoa(i)) {
					keep = append(keep, e)
				}
			}
			if len(keep) < len(pending) || c.transient() {
				pending = keep
				return errRetry
			}
		}
		if err == nil {
			n = len(pending)
		}
		return err
	})
	return n, err
}
