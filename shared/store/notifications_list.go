package store

import (
	"context"
	"encoding/binary"
	"fmt"
	"maps"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/google/uuid"

	"github.com/verde-app/verde/shared/domain"
)

// The notifications page (/notificacoes): unread first, newest first within
// each, paged; mark one read, mark all read. The unread counter (NOTIFSTATE)
// moves in the same transaction as each change, so it always equals the
// unread notifications whatever runs at once.
//
// Mark all read is two writes whatever the number of notifications: the
// counter item's read watermark lidasAte (a key, notifByTime) with every
// counter zeroed, and a marker item at that key in the unread index (GSI1
// UNREAD#uid). A notification is read when it was marked read one by one
// (read true) or when its key is at or under the watermark. So:
//   - the unread phase of the list reads the unread index newest first and
//     stops at the newest marker (what is under it was read all at once);
//   - the read phase reads the user's notifications (the table, NOTIF#)
//     newest first with a filter (read, or under the watermark) and no
//     Limit, keeping the first page of matches: it passes over at most the
//     unread ones (firstOf);
//   - the counter's version (v) is bumped by every change of it: a mark all
//     read made from an older version reads again; and a notification whose
//     key is under a watermark that committed first is refused by the
//     counter's condition and written again, dated after it (tx.go).

func unreadPK(uid string) string                { return "UNREAD#" + uid }
func readPK(uid string) string                  { return "READ#" + uid }
func notifByTime(t time.Time, id string) string { return fmtTime(t) + "#" + id }

const (
	attrLidasAte     = "lidasAte" // NOTIFSTATE: the read watermark (a notifByTime key)
	attrNotifVersion = "v"        // NOTIFSTATE: bumped by every change of the counters
	prefixNotifMark  = "NOTIFMARK#"
	itemNotifMark    = "notifMark"
)

// uuidAt is a fresh UUIDv7 whose 48-bit time is t's Unix millisecond.
func uuidAt(t time.Time) string {
	u := uuid.Must(uuid.NewV7())
	var ms [8]byte
	binary.BigEndian.PutUint64(ms[:], uint64(t.UnixMilli()))
	copy(u[0:6], ms[2:8])
	return u.String()
}

// notificationKey is the sort key of notification id (a UUIDv7 made by
// NewNotification), or false when id is not one.
func notificationKey(id string) (string, bool) {
	u, err := uuid.Parse(id)
	if err != nil || u.Version() != 7 || u.String() != strings.ToLower(id) {
		return "", false
	}
	var ms [8]byte
	copy(ms[2:8], u[0:6])
	t := time.UnixMilli(int64(binary.BigEndian.Uint64(ms[:])))
	return NotificationSK(t, u.String()), true
}

func decodeNotification(it record) (domain.Notification, error) {
	n, err := unmarshal[notificationItem](it, "notification")
	if err != nil {
		return domain.Notification{}, err
	}
	return domain.Notification{ID: n.ID, UserID: n.UserID, Read: n.Read, Tipo: n.Tipo, Texto: n.Texto, Link: n.Link, CriadoEm: parseTime(n.CriadoEm)}, nil
}

// notifState is what the list and the marks read of the counter item.
type notifState struct {
	found    bool
	lidasAte string
	version  int
	unread   int
	kinds    []string // the per-kind counters it holds (UnreadOfKind)
}

func readNotifState(it record) notifState {
	st := notifState{found: it != nil, lidasAte: sOf(it[attrLidasAte]), version: nInt(it[attrNotifVersion]), unread: nInt(it["unread"])}
	for name := range it {
		if strings.HasPrefix(name, UnreadOfKind("")) {
			st.kinds = append(st.kinds, name)
		}
	}
	return st
}

// isRead says whether a notification is read: marked read, or under the watermark.
func isRead(n domain.Notification, lidasAte string) bool {
	return n.Read || (lidasAte != "" && notifByTime(n.CriadoEm, n.ID) <= lidasAte)
}

// The list's cursor: a position in the unread index (GSI1), or the read phase's
// start ({"fase":"lidas"}) or position in the table (PK, SK), each with the
// watermark the unread phase met ("w").
const (
	cursorPhase     = "fase"
	cursorWatermark = "w"
)

// Notifications is one page of uid's notifications: the unread ones, newest
// first, then the read ones, newest first. At most two Queries.
func (s *Store) Notifications(ctx context.Context, uid string, limit int, after map[string]string) ([]domain.Notification, map[string]string, error) {
	var out []domain.Notification
	w := after[cursorWatermark]
	readPhase := after[cursorPhase] == "lidas" || after[attrSK] != "" && after[attrGSI1SK] == ""
	if !readPhase {
		// Unread, from the index, down to the newest marker.
		pos := maps.Clone(after)
		delete(pos, cursorWatermark)
		if len(pos) == 0 {
			pos = nil
		}
		raw, next, err := queryPage(ctx, s, query{Index: IndexGSI1, PK: unreadPK(uid), Limit: limit, After: pos, NewestFirst: true, What: "unread notifications"},
			func(it record) (record, error) { return it, nil })
		if err != nil {
			return nil, nil, err
		}
		marked := false
		for _, it := range raw {
			if sOf(it["type"]) == itemNotifMark {
				w, marked = sOf(it[attrGSI1SK]), true
				break
			}
			n, err := decodeNotification(it)
			if err != nil {
				return nil, nil, err
			}
			out = append(out, n)
		}
		if next != nil && !marked {
			next[cursorWatermark] = w
			return out, next, nil
		}
		limit -= len(out)
		if limit == 0 {
			return out, map[string]string{cursorPhase: "lidas", cursorWatermark: w}, nil
		}
		after = nil
	}
	// Read: the table's notifications that are marked read or under the watermark.
	q := query{PK: UserPK(uid), Prefix: prefixNotification, Limit: limit, NewestFirst: true, What: "read notifications"}
	if after[attrSK] != "" {
		q.After = map[string]string{attrPK: after[attrPK], attrSK: after[attrSK]}
	}
	if !q.positionFits() {
		return nil, nil, errBadCursor()
	}
	in := q.input(s.Table)
	in.Limit = nil
	in.ExpressionAttributeNames = map[string]string{"#read": "read"}
	in.ExpressionAttributeValues[":true"] = boolean(true)
	in.FilterExpression = aws.String("#read = :true")
	if w != "" {
		// An unread one keeps its unread index key (GSI1SK, notifByTime): under the watermark, read.
		in.ExpressionAttributeNames["#ukey"] = attrGSI1SK
		in.ExpressionAttributeValues[":w"] = str(w)
		in.FilterExpression = aws.String("(#read = :true OR #ukey <= :w)")
	}
	res, err := s.DB.Query(ctx, in)
	if err != nil {
		return nil, nil, fmt.Errorf("query read notifications: %w", err)
	}
	raw, next := firstOf(res.Items, lastKey(res.LastEvaluatedKey), q)
	for _, it := range raw {
		n, err := decodeNotification(it)
		if err != nil {
			return nil, nil, err
		}
		n.Read = true
		out = append(out, n)
	}
	if next != nil {
		next = map[string]string{attrPK: next[attrPK], attrSK: next[attrSK], cursorWatermark: w}
	}
	return out, next, nil
}

// markRead adds to t the change of one unread notification of kind tipo to
// read (under the condition that it still is unread and the watermark is
// still lidasAte), with its share of the counter and of its kind's counter
// (notification_prefs.go).
func markRead(t *txn, name, uid, sk, tipo, lidasAte string) {
	u := t.update(name, UserPK(uid), sk)
	u.cond("attribute_exists(PK) AND %s = %s", u.n("read"), u.v(boolean(false)))
	u.set("%s = %s", u.n("read"), u.v(boolean(true)))
	u.remove(attrGSI1PK)
	u.remove(attrGSI1SK)
	t.unread[uid]--
	t.moveKind(uid, tipo, -1)
	if t.readUnder == nil {
		t.readUnder = map[string]string{}
	}
	t.readUnder[uid] = lidasAte
}

// MarkRead marks one of uid's notifications read: one BatchGetItem (the
// notification and the counter item) and one TransactWriteItems. One read
// already (marked, or under the watermark) is left as it is.
func (s *Store) MarkRead(ctx context.Context, uid, id string) error {
	sk, ok := notificationKey(id)
	if !ok {
		return domain.ErrNotificacaoNotFound()
	}
	return attempt(ctx, func() error {
		nk, sk2 := itemKey{UserPK(uid), sk}, itemKey{UserPK(uid), skNotifState}
		got, err := s.batchGet(ctx, nk, sk2)
		if err != nil {
			return err
		}
		it := got[nk]
		if it == nil {
			return domain.ErrNotificacaoNotFound()
		}
		n, err := decodeNotification(it)
		if err != nil {
			return err
		}
		st := readNotifState(got[sk2])
		if isRead(n, st.lidasAte) {
			return nil // already read
		}
		t := newTxn(s.Table)
		markRead(t, "notif", uid, sk, sOf(it["tipo"]), st.lidasAte)
		err = s.write(ctx, t)
		if c, ok := asCancelled(err); ok && (c.failed("notif") || c.transient()) {
			return errRetry // read meanwhile, or all marked read: read again
		}
		return err
	})
}

// MarkAllRead marks every notification of uid read in two writes whatever
// their number: the watermark with the counters zeroed, under the counter's
// version read just before, and the marker in the unread index. It returns
// how many were unread.
func (s *Store) MarkAllRead(ctx context.Context, uid string) (int, error) {
	n := 0
	err := attempt(ctx, func() error {
		it, err := s.getItem(ctx, UserPK(uid), skNotifState, "notification state")
		if err != nil {
			return err
		}
		st := readNotifState(it)
		w := notifByTime(s.now(), "~") // after every notification of this millisecond
		if st.lidasAte >= w {
			w = st.lidasAte
		}
		t := newTxn(s.Table)
		u := t.update("state", UserPK(uid), skNotifState)
		switch {
		case st.found && st.version == 0:
			u.cond("attribute_not_exists(%s) OR %s = %s", u.n(attrNotifVersion), u.n(attrNotifVersion), u.v(num(0)))
		case st.found:
			u.cond("%s = %s", u.n(attrNotifVersion), u.v(num(st.version)))
		default:
			u.cond("attribute_not_exists(PK)")
		}
		u.set("%s = %s", u.n(attrLidasAte), u.v(str(w)))
		u.set("%s = %s", u.n("unread"), u.v(num(0)))
		for _, k := range st.kinds {
			u.set("%s = %s", u.n(k), u.v(num(0)))
		}
		u.incr(attrNotifVersion, 1)
		t.put(itemNotifMark, record{
			attrPK: str(UserPK(uid)), attrSK: str(prefixNotifMark + w), "type": str(itemNotifMark),
			attrGSI1PK: str(unreadPK(uid)), attrGSI1SK: str(w),
		}, "")
		if err := retryable(s.write(ctx, t), "state"); err != nil {
			return err
		}
		n = st.unread
		return nil
	})
	return n, err
}
