package store

import (
	"context"
	"fmt"
	"strconv"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

const skNotifState = "NOTIFSTATE"

// UnreadCount reads the user's unread-notification counter: one GetItem.
func (s *Store) UnreadCount(ctx context.Context, uid string) (int, error) {
	out, err := s.DB.GetItem(ctx, &dynamodb.GetItemInput{
		TableName: aws.String(s.Table), Key: keyOf(UserPK(uid), skNotifState),
		ProjectionExpression: aws.String("unread"),
	})
	if err != nil {
		return 0, fmt.Errorf("get unread count: %w", err)
	}
	n, ok := out.Item["unread"].(*types.AttributeValueMemberN)
	if !ok {
		return 0, nil
	}
	v, err := strconv.Atoi(n.Value)
	if err != nil || v < 0 {
		return 0, nil
	}
	return v, nil
}
