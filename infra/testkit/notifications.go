package testkit

import (
	"context"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
)

// Told reads uid's notifications of one tipo straight from the table, in
// one consistent Query through the cloud's own client (not counted in
// Calls).
func (e *Env) Told(t testing.TB, uid, tipo string) []domain.Notification {
	t.Helper()
	out, err := e.Cloud.DynamoDB().Query(context.Background(), &dynamodb.QueryInput{
		TableName:              aws.String(e.Deps.Store.Table),
		KeyConditionExpression: aws.String("PK = :pk AND begins_with(SK, :p)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":pk": &types.AttributeValueMemberS{Value: store.UserPK(uid)}, ":p": &types.AttributeValueMemberS{Value: "NOTIF#"},
		},
		ConsistentRead: aws.Bool(true),
	})
	if err != nil {
		t.Fatal(err)
	}
	var ns []domain.Notification
	for _, item := range out.Items {
		var n struct {
			UserID string `dynamodbav:"userId"`
			Read   bool   `dynamodbav:"read"`
			Tipo   string `dynamodbav:"tipo"`
			Texto  string `dynamodbav:"texto"`
			Link   string `dynamodbav:"link"`
		}
		if err := attributevalue.UnmarshalMap(item, &n); err != nil {
			t.Fatal(err)
		}
		if n.Tipo == tipo {
			ns = append(ns, domain.Notification{UserID: n.UserID, Read: n.Read, Tipo: n.Tipo, Texto: n.Texto, Link: n.Link})
		}
	}
	return ns
}
