package store

import (
	"context"
	"time"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/google/uuid"

	"github.com/verde-app/verde/shared/domain"
)

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
}

// sortableTime is RFC 3339 with a fixed-width fraction, so that keys sort in
// time order (RFC3339Nano trims trailing zeros, which breaks that).
const sortableTime = "2006-01-02T15:04:05.000000000Z07:00"

// NotificationSK is the sort key of a notification made at t.
func NotificationSK(t time.Time, id string) string {
	return "NOTIF#" + t.UTC().Format(sortableTime) + "#" + id
}

// NewNotification is an unread notification with a fresh id.
func NewNotification(userID, tipo, texto, link string, now time.Time) domain.Notification {
	return domain.NewNotification(uuid.Must(uuid.NewV7()).String(), userID, tipo, texto, link, now)
}

// notify adds n to the transaction: the notification item and one ADD on the
// user's unread counter (merged when the transaction notifies a user twice).
// Every write that notifies someone does it in its own transaction this way.
func (t *txn) notify(n domain.Notification) {
	it := notificationItem{
		PK: UserPK(n.UserID), SK: NotificationSK(n.CriadoEm, n.ID), Type: "notification",
		ID: n.ID, UserID: n.UserID, Read: false, Tipo: n.Tipo, Texto: n.Texto, Link: n.Link,
		CriadoEm: n.CriadoEm.UTC().Format(time.RFC3339Nano),
	}
	item, err := attributevalue.MarshalMap(it)
	if err != nil {
		panic(err) // a flat struct of strings and a bool always marshals
	}
	t.put("notif:"+n.ID, item, "attribute_not_exists(PK)")
	t.unread[n.UserID]++
}

// Notify stores notifications on their own (for writes that have no other
// item to change): one TransactWriteItems.
func (s *Store) Notify(ctx context.Context, ns ...domain.Notification) error {
	t := newTxn(s.Table)
	for _, n := range ns {
		t.notify(n)
	}
	return s.write(ctx, t)
}
