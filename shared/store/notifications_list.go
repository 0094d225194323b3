package store

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/uuid"

	"github.com/verde-app/verde/shared/domain"
)

// The notifications page (/notificacoes): unread first, newest first within
// each, paged; mark one read, mark all read. The unread counter (NOTIFSTATE)
// moves in the same transaction as each item that turns read, by exactly the
// items turned, so it always equals the unread items whatever runs at once.

func unreadPK(uid string) string                { return "UNREAD#" + uid }
func readPK(uid string) string                  { return "READ#" + uid }
func notifByTime(t time.Time, id string) string { return fmtTime(t) + "#" + id }
func notifPhaseRead() map[string]string         { return map[string]string{"fase": "lidas"} }
func isPhaseRead(after map[string]string) bool  { return after["fase"] == "lidas" && len(after) == 1 }
func inReadIndex(after map[string]string) bool  { return after[attrGSI2PK] != "" }

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

// Notifications is one page of uid's notifications: the unread ones (GSI1),
// newest first, then the read ones (GSI2), newest first. At most two Queries.
func (s *Store) Notifications(ctx context.Context, uid string, limit int, after map[string]string) ([]domain.Notification, map[string]string, error) {
	var out []domain.Notification
	if !isPhaseRead(after) && !inReadIndex(after) {
		items, next, err := queryPage(ctx, s, query{Index: IndexGSI1, PK: unreadPK(uid), Limit: limit, After: after, NewestFirst: true, What: "unread notifications"}, decodeNotification)
		if err != nil {
			return nil, nil, err
		}
		if next != nil {
			return items, next, nil
		}
		out, limit, after = items, limit-len(items), nil
		if limit == 0 {
			return out, notifPhaseRead(), nil
		}
	} else if isPhaseRead(after) {
		after = nil
	}
	items, next, err := queryPage(ctx, s, query{Index: IndexGSI2, PK: readPK(uid), Limit: limit, After: after, NewestFirst: true, What: "read notifications"}, decodeNotification)
	if err != nil {
		return nil, nil, err
	}
	return append(out, items...), next, nil
}

// markRead adds to t the change of one unread notification of kind tipo to
// read (under the condition that it still is unread), with its share of the
// counter and of its kind's counter (notification_prefs.go).
func markRead(t *txn, name, uid, sk, byTime, tipo string) {
	u := t.update(name, UserPK(uid), sk)
	u.cond("attribute_exists(PK) AND %s = %s", u.n("read"), u.v(boolean(false)))
	u.set("%s = %s", u.n("read"), u.v(boolean(true)))
	u.set("%s = %s, %s = %s", u.n(attrGSI2PK), u.v(str(readPK(uid))), u.n(attrGSI2SK), u.v(str(byTime)))
	u.remove(attrGSI1PK)
	u.remove(attrGSI1SK)
	t.unread[uid]--
	t.moveKind(uid, tipo, -1)
}

// MarkRead marks one of uid's notifications read: one TransactWriteItems (and
// a GetItem only when it was refused, to tell "already read" from "none").
func (s *Store) MarkRead(ctx context.Context, uid, id string) error {
	sk, ok := notificationKey(id)
	if !ok {
		return domain.NotFound("Notificação não encontrada")
	}
	// Its kind is read first: marking it read moves its kind's counter too.
	it, err := s.getItem(ctx, UserPK(uid), sk, "notification")
	if err != nil {
		return err
	}
	if it == nil {
		return domain.NotFound("Notificação não encontrada")
	}
	if b, ok := it["read"].(*types.AttributeValueMemberBOOL); ok && b.Value {
		return nil // already read
	}
	t := newTxn(s.Table)
	markRead(t, "notif", uid, sk, strings.TrimPrefix(sk, prefixNotification), sOf(it["tipo"]))
	err = s.write(ctx, t)
	var c *cancelled
	if err == nil || !errors.As(err, &c) || !c.failed("notif") {
		return err
	}
	return nil // read meanwhile
}

// markAllBatch is how many notifications one transaction turns read (the
// counter is the 100th item).
const markAllBatch = 99

// MarkAllRead marks every unread notification of uid read: pages of up to 99
// from GSI1, each in one transaction with the counter moved by exactly its
// size. A notification arriving meanwhile stays unread and counted; one read
// meanwhile (mark one) fails its page's condition, which is read again.
func (s *Store) MarkAllRead(ctx context.Context, uid string) (int, error) {
	total := 0
	for round := 0; ; round++ {
		if round == 50 {
			return total, domain.ErrBusy()
		}
		done := false
		err := attempt(ctx, func() error {
			items, _, err := queryPage(ctx, s, query{Index: IndexGSI1, PK: unreadPK(uid), Limit: markAllBatch, What: "unread notifications"},
				func(it record) ([2]string, error) { return [2]string{sOf(it[attrSK]), sOf(it["tipo"])}, nil })
			if err != nil {
				return err
			}
			if len(items) == 0 {
				done = true
				return nil
			}
			t := newTxn(s.Table)
			for i, it := range items {
				sk := it[0]
				markRead(t, fmt.Sprintf("notif:%d", i), uid, sk, strings.TrimPrefix(sk, prefixNotification), it[1])
			}
			if err := retryable(s.write(ctx, t), "notif:*"); err != nil {
				return err
			}
			total += len(items)
			done = len(items) < markAllBatch
			return nil
		})
		if err != nil || done {
			return total, err
		}
	}
}
