package store

import (
	"context"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/verde-app/verde/shared/domain"
)

// UnreadCount reads the user's unread-notification counter: one GetItem. The
// kinds the user muted are not counted (unreadOf, notification_prefs.go).
func (s *Store) UnreadCount(ctx context.Context, uid string) (int, error) {
	out, err := s.DB.GetItem(ctx, &dynamodb.GetItemInput{
		TableName: aws.String(s.Table), Key: keyOf(UserPK(uid), skNotifState),
	})
	if err != nil {
		return 0, fmt.Errorf("get unread count: %w", err)
	}
	return unreadOf(out.Item), nil
}

// notificationItem is the stored shape of domain.Notification:
// USER#uid / NOTIF#<time>#<id>, next to the user's NOTIFSTATE counter.
type notificationItem struct {
	PK       string `dynamodbav:"PK"`
	SK       string `dynamodbav:"SK"`
	Type     string `dynamodbav:"type"`
	ID       string `dynamodbav:"id"`
	UserID   string `dynamodbav:"userId"`
	Read     bool   `dynamodbav:"read"`
	Tipo     string `dynamodbav:"tipo"`
	Texto    string `dynamodbav:"texto"`
	Link     string `dynamodbav:"link"`
	CriadoEm string `dynamodbav:"criadoEm"`
	// The member whose act the text tells (notification_actors.go).
	AtorID   string `dynamodbav:"atorId,omitempty"`
	AtorNome string `dynamodbav:"atorNome,omitempty"`
	// An unread notification is in GSI1 (UNREAD#uid / <time>#<id>), a read
	// one in GSI2 (READ#uid / <time>#<id>): the list reads unread first
	// (notifications_list.go).
	GSI1PK string `dynamodbav:"GSI1PK,omitempty"`
	GSI1SK string `dynamodbav:"GSI1SK,omitempty"`
}

// NewNotification is an unread notification with a fresh id: a UUIDv7
// whose time is now's millisecond, so the id alone finds the item's sort key
// (notificationKey in notifications_list.go).
func NewNotification(userID, tipo, texto, link string, now time.Time) domain.Notification {
	return domain.NewNotification(uuidAt(now), userID, tipo, texto, link, now)
}

// notify adds n to the transaction: the notification item and one ADD on the
// user's unread counter (merged when the transaction notifies a user twice).
// Every write that notifies someone does it in its own transaction this way.
func (t *txn) notify(n domain.Notification) {
	if n.UserID == "" {
		return // the author of a kept post or comment whose account was deleted
	}
	it := notificationItem{
		PK: UserPK(n.UserID), SK: NotificationSK(n.CriadoEm, n.ID), Type: "notification",
		ID: n.ID, UserID: n.UserID, Read: false, Tipo: n.Tipo, Texto: n.Texto, Link: n.Link,
		CriadoEm: fmtTime(n.CriadoEm), AtorID: n.AtorID, AtorNome: n.AtorNome,
		GSI1PK: unreadPK(n.UserID), GSI1SK: notifByTime(n.CriadoEm, n.ID),
	}
	t.putItem("notif:"+n.ID, it, "attribute_not_exists(PK)")
	t.notifiedBy(it)
	t.unread[n.UserID]++
	if k := notifByTime(n.CriadoEm, n.ID); t.notifAfter[n.UserID] == "" || k < t.notifAfter[n.UserID] {
		if t.notifAfter == nil {
			t.notifAfter = map[string]string{}
		}
		t.notifAfter[n.UserID] = k
	}
	t.countKind(n.UserID, n.Tipo)
}

// Notify stores notifications on their own (for writes that have no other
// item to change): one TransactWriteItems (again, dated now, if a
// mark-all-read committed after their time: notifications_list.go).
func (s *Store) Notify(ctx context.Context, ns ...domain.Notification) error {
	return attempt(ctx, func() error {
		t := newTxn(s.Table)
		for _, n := range ns {
			t.notify(n)
		}
		err := s.write(ctx, t)
		if c, ok := asCancelled(err); ok && c.transient() {
			now := s.now()
			for i := range ns {
				if ns[i].CriadoEm.Before(now) {
					ns[i] = NewNotification(ns[i].UserID, ns[i].Tipo, ns[i].Texto, ns[i].Link, now)
				}
			}
			return errRetry
		}
		return err
	})
}
