package store

import (
	"context"
	"fmt"
	"strconv"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// Notification preferences (in-app). A muted kind is still stored (so
// unmuting shows its history and nothing is lost), but neither listed nor
// counted. The counter item USER#uid / NOTIFSTATE keeps, beside `unread`,
// one counter per kind (UnreadOfKind, moved by the same transaction as the
// notification: txn.countKind) and the muted kinds (`silenciados`); the
// badge is unread minus the muted kinds' counters, still one GetItem and
// exact. Whoever marks notifications read takes them off `unread` and off
// their kind's counter (MarkReadUpdate).

const attrSilenciados = "silenciados"

// UnreadOfKind is the counter attribute of one kind's unread notifications.
func UnreadOfKind(tipo string) string { return "unread_" + tipo }

// countKind adds one unread of tipo for uid to the transaction's counters.
func (t *txn) countKind(uid, tipo string) {
	if tipo == "" {
		return
	}
	if t.unreadTipo == nil {
		t.unreadTipo = map[string]map[string]int{}
	}
	if t.unreadTipo[uid] == nil {
		t.unreadTipo[uid] = map[string]int{}
	}
	t.unreadTipo[uid][tipo]++
}

// unreadOf is the badge of a NOTIFSTATE item: unread minus the muted kinds.
func unreadOf(item record) int {
	v := nInt(item["unread"])
	if l, ok := item[attrSilenciados].(*types.AttributeValueMemberSS); ok {
		for _, tipo := range l.Value {
			v -= nInt(item[UnreadOfKind(tipo)])
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

// MarkReadUpdate is what marking n read of kind tipo takes off the counter
// item (for the notifications area's mark-read transaction): `unread` and
// the kind's counter, both by n.
func MarkReadUpdate(tipo string, n int) (unreadDelta map[string]int) {
	return map[string]int{"unread": -n, UnreadOfKind(tipo): -n}
}
