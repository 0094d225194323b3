package store

import (
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/verde-app/verde/shared/domain"
)

// A member's day: USER#<uid> / DAY#<yyyy-mm-dd> (UTC) holds one number per
// domain.DailyAct done that day and the notifications already sent for
// acts that are told once a day (avisos, a string set), with a TTL
// (expiraEm, epoch seconds) two days on. Every write that creates content
// or notifies someone counts its act here, inside its own transaction:
// countDaily adds one only while the count is under the act's cap in
// domain.Rules, so the cap holds under concurrent requests, and a write
// over it is refused as a whole with a 429 (write turns the failed
// condition into domain.ErrDailyLimit). Areas to come (cultivos, posts)
// count their acts with the same call.

// itemDaily names the day item in cancellations.
const itemDaily = "daily"

// attrExpiraEm is the table's TTL attribute (template.yaml,
// TimeToLiveSpecification): epoch seconds. Invites keep an RFC 3339
// expiraEm string, which TTL ignores (only numbers expire items).
const attrExpiraEm = "expiraEm"

// dayTTL keeps a day item a day past its end, then DynamoDB removes it.
const dayTTL = 48 * time.Hour

// DaySK is the sort key of a member's counters for the UTC day of t.
func DaySK(t time.Time) string { return prefixDay + t.UTC().Format("2006-01-02") }

// dailyCount is the act a transaction counts, for the 429's message.
type dailyCount struct {
	act   domain.DailyAct
	limit int
}

// day returns the upd of uid's day item in t, with its TTL set once.
func (t *txn) day(uid string, now time.Time) *upd {
	k := UserPK(uid) + "|" + DaySK(now)
	_, seen := t.updates[k]
	u := t.update(itemDaily, UserPK(uid), DaySK(now))
	if !seen {
		u.set("%s = %s", u.n(attrExpiraEm), u.v(num(int(now.Add(dayTTL).Unix()))))
	}
	return u
}

// countDaily adds one act of uid today to t, only while the day's count
// is under rules' cap for it.
func (t *txn) countDaily(uid string, act domain.DailyAct, rules domain.Rules, now time.Time) {
	limit := rules.DailyLimit(act)
	u := t.day(uid, now)
	n := u.n(string(act))
	u.cond("attribute_not_exists(%s) OR %s < %s", n, n, u.v(num(limit)))
	u.incr(string(act), 1)
	if t.daily == nil {
		t.daily = &dailyCount{act: act, limit: limit}
	}
}

// noteOnce records in uid's day item that the notification tag was sent
// today (see notifiedToday).
func (t *txn) noteOnce(uid, tag string, now time.Time) {
	u := t.day(uid, now)
	u.add("%s %s", u.n("avisos"), u.v(&types.AttributeValueMemberSS{Value: []string{tag}}))
}

// notifiedToday reports whether a day item (read in the act's batch) holds tag.
func notifiedToday(day map[string]types.AttributeValue, tag string) bool {
	ss, ok := day["avisos"].(*types.AttributeValueMemberSS)
	if !ok {
		return false
	}
	for _, v := range ss.Value {
		if v == tag {
			return true
		}
	}
	return false
}
