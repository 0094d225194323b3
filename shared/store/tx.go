package store

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/verde-app/verde/shared/domain"
)

// The transaction kit every multi-item write uses: an update expression
// builder that merges several contributions to one item, a named transaction
// whose items go out in a fixed order and whose cancellation says which
// item's condition failed, and a bounded retry of read-decide-write.

// upd builds one UpdateItem / ConditionCheck expression. Several parts of a
// transaction may add to the same upd (a join and a request approval both
// change the group's counters), since a transaction may touch an item once.
type upd struct {
	sets, adds, removes, deletes, conds []string
	names                               map[string]string
	values                              map[string]types.AttributeValue
}

func newUpd() *upd {
	return &upd{names: map[string]string{}, values: map[string]types.AttributeValue{}}
}

// v binds a value and returns its placeholder.
func (u *upd) v(av types.AttributeValue) string {
	p := ":v" + strconv.Itoa(len(u.values))
	u.values[p] = av
	return p
}

// n binds an attribute name (or one map key) and returns its placeholder.
func (u *upd) n(name string) string {
	for k, v := range u.names {
		if v == name {
			return k
		}
	}
	p := "#n" + strconv.Itoa(len(u.names))
	u.names[p] = name
	return p
}

func (u *upd) set(format string, args ...any) { u.sets = append(u.sets, fmt.Sprintf(format, args...)) }
func (u *upd) add(format string, args ...any) { u.adds = append(u.adds, fmt.Sprintf(format, args...)) }
func (u *upd) remove(path string)             { u.removes = append(u.removes, path) }
func (u *upd) del(format string, args ...any) {
	u.deletes = append(u.deletes, fmt.Sprintf(format, args...))
}
func (u *upd) cond(format string, args ...any) {
	u.conds = append(u.conds, "("+fmt.Sprintf(format, args...)+")")
}

// pin conditions u on the number attribute attr (its name or a u.n
// placeholder) as read: n when the read found it, absent when it did not.
func (u *upd) pin(attr string, found bool, n int) {
	if found {
		u.cond("%s = %s", attr, u.v(num(n)))
	} else {
		u.cond("attribute_not_exists(%s)", attr)
	}
}

// incr adds delta to a number attribute (top level).
func (u *upd) incr(attr string, delta int) {
	if delta != 0 {
		u.add("%s %s", u.n(attr), u.v(num(delta)))
	}
}

func (u *upd) expression() *string {
	var parts []string
	if len(u.sets) > 0 {
		parts = append(parts, "SET "+strings.Join(u.sets, ", "))
	}
	if len(u.adds) > 0 {
		parts = append(parts, "ADD "+strings.Join(u.adds, ", "))
	}
	if len(u.removes) > 0 {
		parts = append(parts, "REMOVE "+strings.Join(u.removes, ", "))
	}
	if len(u.deletes) > 0 {
		parts = append(parts, "DELETE "+strings.Join(u.deletes, ", "))
	}
	if len(parts) == 0 {
		return nil
	}
	return aws.String(strings.Join(parts, " "))
}

func (u *upd) condition() *string {
	if len(u.conds) == 0 {
		return nil
	}
	return aws.String(strings.Join(u.conds, " AND "))
}

func (u *upd) attrNames() map[string]string {
	if len(u.names) == 0 {
		return nil
	}
	return u.names
}

func (u *upd) attrValues() map[string]types.AttributeValue {
	if len(u.values) == 0 {
		return nil
	}
	return u.values
}

// txn is one TransactWriteItems whose items carry names, so a cancellation
// tells which condition failed. Updates to the same key are merged (see upd);
// notifications to the same user share one counter update. build emits the
// items in a fixed order (puts and deletes as added, then updates as first
// touched, unread counters by user id), so the same write always sends the
// same transaction and reports the same failure.
type txn struct {
	table   string
	names   []string
	items   []types.TransactWriteItem
	updates map[string]*pendingUpdate // by PK|SK, built at the end
	order   []string
	unread  map[string]int
	daily   *dailyCount // the act countDaily counted (daily.go), for a 429
	err     error       // the first item that could not be encoded; write returns it

	// unreadTipo counts the unread by kind too (notification_prefs.go: a muted kind is
	// subtracted from the badge).
	unreadTipo map[string]map[string]int
	// notifAfter is the oldest key (notifByTime) of the notifications the
	// transaction gives each user, and readUnder the read watermark a mark
	// read saw (notifications_list.go): each a condition on the counter item.
	notifAfter map[string]string
	readUnder  map[string]string

	st    *statsTx // the site statistics the act moves (stats.go)
	later *statsTx // those that did not fit in the transaction, written after it

	joinLeague []leagueJoin // members to put in this month's league after the write (liga.go)
}

type pendingUpdate struct {
	name  string
	key   map[string]types.AttributeValue
	u     *upd
	check bool // a ConditionCheck unless something is also SET
}

func newTxn(table string) *txn {
	return &txn{table: table, updates: map[string]*pendingUpdate{}, unread: map[string]int{}}
}

// update returns the upd of the item (pk, sk), creating it under name.
func (t *txn) update(name, pk, sk string) *upd {
	k := pk + "|" + sk
	if p, ok := t.updates[k]; ok {
		return p.u
	}
	p := &pendingUpdate{name: name, key: keyOf(pk, sk), u: newUpd()}
	t.updates[k] = p
	t.order = append(t.order, k)
	return p.u
}

// check is a condition on an item the transaction does not change; it merges
// into an update of the same item when there is one.
func (t *txn) check(name, pk, sk string) *upd { return t.update(name, pk, sk) }

func (t *txn) put(name string, item map[string]types.AttributeValue, cond string) {
	p := &types.Put{TableName: aws.String(t.table), Item: item}
	if cond != "" {
		p.ConditionExpression = aws.String(cond)
	}
	t.names = append(t.names, name)
	t.items = append(t.items, types.TransactWriteItem{Put: p})
}

// putItem is put of an item struct (the item types of this package). An item
// that does not encode fails the write instead of panicking.
func (t *txn) putItem(name string, v any, cond string) {
	item, err := attributevalue.MarshalMap(v)
	if err != nil {
		if t.err == nil {
			t.err = fmt.Errorf("encode %s: %w", name, err)
		}
		return
	}
	t.put(name, item, cond)
}

// putWhen is putItem under u's condition (with its names and values): a
// put over the version an edit read.
func (t *txn) putWhen(name string, v any, u *upd) {
	n := len(t.items)
	t.putItem(name, v, "")
	if len(t.items) == n {
		return
	}
	p := t.items[n].Put
	p.ConditionExpression, p.ExpressionAttributeNames, p.ExpressionAttributeValues = u.condition(), u.attrNames(), u.attrValues()
}

func (t *txn) delete(name, pk, sk string, u *upd) {
	d := &types.Delete{TableName: aws.String(t.table), Key: keyOf(pk, sk)}
	if u != nil {
		d.ConditionExpression = u.condition()
		d.ExpressionAttributeNames = u.attrNames()
		d.ExpressionAttributeValues = u.attrValues()
	}
	t.names = append(t.names, name)
	t.items = append(t.items, types.TransactWriteItem{Delete: d})
}

// build returns the items in a stable order, names alongside.
func (t *txn) build() ([]types.TransactWriteItem, []string) {
	items := append([]types.TransactWriteItem(nil), t.items...)
	names := append([]string(nil), t.names...)
	t.later = t.st.flush(t, len(t.items)+len(t.order)+len(t.unread))
	t.st = nil
	for _, uid := range slices.Sorted(maps.Keys(t.unread)) {
		if t.unread[uid] == 0 && !slices.ContainsFunc(slices.Collect(maps.Values(t.unreadTipo[uid])), func(d int) bool { return d != 0 }) {
			continue // a notification replaced by another (comment_notices.go): nothing moves
		}
		u := t.update("unread:"+uid, UserPK(uid), skNotifState)
		u.incr("unread", t.unread[uid])
		// The counter's version: a mark-all-read made from an older one is refused and read again.
		u.incr(attrNotifVersion, 1)
		if k, ok := t.notifAfter[uid]; ok {
			// Only a notification newer than the read watermark counts as unread: one dated
			// before a mark-all-read that committed first is dated again (watermarkMoved).
			u.cond("attribute_not_exists(%s) OR %s < %s", u.n(attrLidasAte), u.n(attrLidasAte), u.v(str(k)))
		}
		if w, ok := t.readUnder[uid]; ok {
			if w == "" {
				u.cond("attribute_not_exists(%s)", u.n(attrLidasAte))
			} else {
				u.cond("%s = %s", u.n(attrLidasAte), u.v(str(w)))
			}
		}
		for _, tipo := range slices.Sorted(maps.Keys(t.unreadTipo[uid])) {
			u.incr(UnreadOfKind(tipo), t.unreadTipo[uid][tipo])
		}
	}
	t.unread = map[string]int{}
	t.unreadTipo = nil
	t.notifAfter, t.readUnder = nil, nil
	for _, k := range t.order {
		p := t.updates[k]
		expr := p.u.expression()
		if expr == nil {
			items = append(items, types.TransactWriteItem{ConditionCheck: &types.ConditionCheck{
				TableName: aws.String(t.table), Key: p.key, ConditionExpression: p.u.condition(),
				ExpressionAttributeNames: p.u.attrNames(), ExpressionAttributeValues: p.u.attrValues(),
			}})
		} else {
			items = append(items, types.TransactWriteItem{Update: &types.Update{
				TableName: aws.String(t.table), Key: p.key, UpdateExpression: expr, ConditionExpression: p.u.condition(),
				ExpressionAttributeNames: p.u.attrNames(), ExpressionAttributeValues: p.u.attrValues(),
			}})
		}
		names = append(names, p.name)
	}
	return items, names
}

// cancelled is a transaction DynamoDB refused, by item name.
type cancelled struct {
	codes map[string]string // item name -> reason code (None, ConditionalCheckFailed, TransactionConflict …)
	order []string          // item names in transaction order, so reports are deterministic
	err   error
}

func (c *cancelled) Error() string { return "transaction cancelled: " + c.err.Error() }

// Transient tells the API's error classes (api.WriteError) that the write
// conflicted with others or was throttled: the client should retry (503).
func (c *cancelled) Transient() bool { return c.transient() }
func (c *cancelled) Unwrap() error   { return c.err }

// failed reports a condition failure of the named item.
func (c *cancelled) failed(name string) bool { return c.codes[name] == "ConditionalCheckFailed" }

// failedPrefix reports a condition failure of any item whose name starts with prefix.
// When several do (a bulk create over A3–A5), it names the first in
// transaction order, the one a person reading the request expects.
func (c *cancelled) failedPrefix(prefix string) (string, bool) {
	for _, n := range c.order {
		if c.codes[n] == "ConditionalCheckFailed" && strings.HasPrefix(n, prefix) {
			return n, true
		}
	}
	return "", false
}

// transient reports a cancellation worth retrying as is (another
// transaction held an item, or throttling).
func (c *cancelled) transient() bool {
	for _, code := range c.codes {
		if code == "TransactionConflict" || code == "ThrottlingError" || code == "ProvisionedThroughputExceeded" || code == watermarkMoved {
			return true
		}
	}
	return false
}

// watermarkMoved is the reason given to a counter item's refusal: a
// mark-all-read committed first (notifications_list.go), so the act is run
// again, as after a conflict, with its notifications dated after it.
const watermarkMoved = "WatermarkMoved"

// reasonsInMessage reads the reasons from the message, for emulators that
// leave CancellationReasons empty: "... reasons [None, ConditionalCheckFailed]".
var reasonsInMessage = domain.LazyRegexp(`\[([A-Za-z, ]+)\]`)

// writeElse writes t; the cancellation of its write named item is the
// error instead, any other error is as it came.
func (s *Store) writeElse(ctx context.Context, t *txn, item string, instead error) error {
	err := s.write(ctx, t)
	if c, ok := isCancelled(err); ok && c.failed(item) {
		return instead
	}
	return err
}

// write runs the transaction. A refusal comes back as *cancelled. Under a
// create's idempotency claim (idempotency.go) the first transaction also
// takes the key, and losing it is domain.ErrRepeatedRequest; under a photo
// claim (uploads.go) it also takes the uploads the item names.
//
// A create's transaction that failed ambiguously (a timeout, a dropped
// connection) may still have committed: the key item then holds this
// request's mark, and the write counts as done, so the create answers as
// usual and its answer is remembered for any retry.
func (s *Store) write(ctx context.Context, t *txn) error {
	c := s.claimInto(ctx, t)
	photoClaimInto(ctx, t)
	err := s.writeTxn(ctx, t)
	if err != nil && s.committedDespite(ctx, c, err) {
		err = s.writeLater(context.WithoutCancel(ctx), t)
	}
	return settlePhotoClaim(ctx, settleClaim(ctx, err))
}

func (s *Store) writeTxn(ctx context.Context, t *txn) error {
	if t.err != nil {
		return t.err
	}
	items, names := t.build()
	if len(items) == 0 {
		return nil
	}
	if len(items) > 100 {
		return fmt.Errorf("transaction of %d items exceeds DynamoDB's 100", len(items))
	}
	_, err := s.DB.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: items})
	if err == nil {
		s.joinLeagues(ctx, t)
		return s.writeLater(ctx, t)
	}
	var tce *types.TransactionCanceledException
	if !errors.As(err, &tce) {
		var tcf *types.TransactionConflictException
		if errors.As(err, &tcf) {
			return &cancelled{codes: map[string]string{"*": "TransactionConflict"}, err: err}
		}
		return fmt.Errorf("transact write: %w", err)
	}
	c := &cancelled{codes: map[string]string{}, err: err}
	reasons := make([]string, 0, len(names))
	for _, r := range tce.CancellationReasons {
		reasons = append(reasons, aws.ToString(r.Code))
	}
	if len(reasons) == 0 {
		if m := reasonsInMessage().FindStringSubmatch(tce.ErrorMessage()); m != nil {
			for _, r := range strings.Split(m[1], ",") {
				reasons = append(reasons, strings.TrimSpace(r))
			}
		}
	}
	for i, r := range reasons {
		if i < len(names) {
			if r == "ConditionalCheckFailed" && strings.HasPrefix(names[i], "unread:") {
				r = watermarkMoved
			}
			c.codes[names[i]] = r
			c.order = append(c.order, names[i])
		}
	}
	if t.daily != nil && c.failed(itemDaily) {
		return domain.ErrDailyLimit(t.daily.act, t.daily.limit)
	}
	if _, left := c.failedPrefix(itemWriterMember); left {
		return domain.ErrSaiuDoGrupo()
	}
	return c
}

// errRetry asks attempt to read again and decide again.
var errRetry = errors.New("retry")

// maxAttempts bounds read-decide-write retries: contention on one group
// (many joins at once) costs a few rounds, never an unbounded loop.
const maxAttempts = 12

// attempt runs f until it returns something other than errRetry, at most
// maxAttempts times, with jittered backoff between rounds.
func attempt(ctx context.Context, f func() error) error {
	for i := 0; i < maxAttempts; i++ {
		err := f()
		if !errors.Is(err, errRetry) {
			return err
		}
		d := time.Duration(10*(1<<min(i, 5))) * time.Millisecond
		d = d/2 + time.Duration(rand.Int64N(int64(d)))
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(d):
		}
	}
	return domain.ErrBusy()
}

// retryable turns a cancellation into errRetry when a fresh read may decide
// differently: a transient conflict, or one of the named items (whose state
// the decision read) changed in between.
func retryable(err error, names ...string) error {
	var c *cancelled
	if !errors.As(err, &c) {
		return err
	}
	if c.transient() {
		return errRetry
	}
	for _, n := range names {
		if strings.HasSuffix(n, "*") {
			if _, ok := c.failedPrefix(strings.TrimSuffix(n, "*")); ok {
				return errRetry
			}
			continue
		}
		if c.failed(n) {
			return errRetry
		}
	}
	return err
}
