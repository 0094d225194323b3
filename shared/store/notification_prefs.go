package store

import (
	"context"
	"fmt"
	"strconv"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// Notification preferences (in-app). A muted kind is still stored and
// listed (so nothing is lost), but never counted in the bell's badge. The counter item USER#uid / NOTIFSTATE keeps, beside `unread`,
// one counter per kind (UnreadOfKind, moved by the same transaction as the
// notification: txn.countKind) and the muted kinds (`silenciados`); the
// badge is unread minus the muted kinds' counters, still one GetItem and
// exact. Whoever marks notifications read takes them off `unread` and off
// their kind's counter (MarkReadUpdate).

const attrSilenciados = "silenciados"

// UnreadOfKind is the counter attribute of one kind's unread notifications.
func UnreadOfKind(tipo string) string { return "unread_" + tipo }

// countKind adds one unread of tipo for uid to the transaction's counters.
func (t *txn) countKind(uid, tipo string) { t.moveKind(uid, tipo, 1) }

// moveKind moves uid's unread counter of tipo by delta in the transaction
// (a notification marked read: -1).
func (t *txn) moveKind(uid, tipo string, delta int) {
	if tipo == "" {
		return
	}
	if t.unreadTipo == nil {
		t.unreadTipo = map[string]map[string]int{}
	}
	if t.unreadTipo[uid] == nil {
		t.unreadTipo[uid] = map[string]int{}
	}
	t.unreadTipo[uid][tipo] += delta
}

// unreadOf is the badge of a NOTIFSTATE item: unread minus the muted kinds.
func unreadOf(item record) int {
	v := nInt(item["unread"])
	if l, ok := item[attrSilenciados].(*types.AttributeValueMemberSS); ok {
		for _, tipo := range l.Value {
			v -= max(nInt(item[UnreadOfKind(tipo)]), 0) // 0 for notifications older than the per-kind counters
		}
	}
	return max(v, 0)
}

func nInt(av types.AttributeValue) int {
	n, ok := av.(*types.AttributeValueMemberN)
	if !ok {
		return 0
	}
	v, err := strconv.Atoi(n.Value)
	if err != nil {
		return 0
	}
	return v
}

// MutedNotifications are the kinds uid muted (one GetItem).
func (s *Store) MutedNotifications(ctx context.Context, uid string) ([]string, error) {
	out, err := s.DB.GetItem(ctx, &dynamodb.GetItemInput{
		TableName: aws.String(s.Table), Key: keyOf(UserPK(uid), skNotifState),
		ProjectionExpression: aws.String(attrSilenciados),
	})
	if err != nil {
		return nil, fmt.Errorf("get notification preferences: %w", err)
	}
	if l, ok := out.Item[attrSilenciados].(*types.AttributeValueMemberSS); ok {
		return l.Value, nil
	}
	return []string{}, nil
}

// SetMutedNotifications saves the muted kinds (one UpdateItem; none: removed).
func (s *Store) SetMutedNotifications(ctx context.Context, uid string, muted []string) error {
	in := &dynamodb.UpdateItemInput{
		TableName: aws.String(s.Table), Key: keyOf(UserPK(uid), skNotifState),
		UpdateExpression:         aws.String("REMOVE #s"),
		ExpressionAttributeNames: map[string]string{"#s": attrSilenciados},
	}
	if len(muted) > 0 {
		in.UpdateExpression = aws.String("SET #s = :s")
		in.ExpressionAttributeValues = record{":s": &types.AttributeValueMemberSS{Value: muted}}
	}
	if _, err := s.DB.UpdateItem(ctx, in); err != nil {
		return fmt.Errorf("save notification preferences: %w", err)
	}
	return nil
}
