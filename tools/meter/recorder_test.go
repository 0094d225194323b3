package meter_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/verde-app/verde/infra/local/testcloud"
	"github.com/verde-app/verde/shared/store"
	"github.com/verde-app/verde/tools/meter"
)

func TestMain(m *testing.M) { testcloud.RunDynamo(m) }

func s(v string) types.AttributeValue { return &types.AttributeValueMemberS{Value: v} }

// The recorder bills a real call by AWS's rules, from the items themselves: a 10-item
// transaction of small items is 20 WRU (DynamoDB Local reports 2), plus one index write for each
// item that enters an index; reading them back with a Query is one page of their summed sizes.
func TestRecorderBillsByAWSRules(t *testing.T) {
	c := testcloud.Get()
	cfg := aws.Config{Region: "us-east-1", Credentials: credentials.NewStaticCredentialsProvider("local", "local", "")}
	raw := c.DynamoDB()
	rec := meter.NewRecorder(raw, c.TableName, meter.IndexesOf(store.TableInput(c.TableName)))
	rec.Attach("TestFunction")(&cfg)
	db := dynamodb.NewFromConfig(cfg, func(o *dynamodb.Options) { o.BaseEndpoint = aws.String(c.DynamoEndpoint) })
	ctx := context.Background()

	var items []types.TransactWriteItem
	for i := range 10 {
		item := map[string]types.AttributeValue{"PK": s("METER#T"), "SK": s(fmt.Sprintf("I#%02d", i)), "v": s("x")}
		if i < 3 {
			item["GSI1PK"], item["GSI1SK"] = s("METER#IX"), s(fmt.Sprint(i))
		}
		items = append(items, types.TransactWriteItem{Put: &types.Put{TableName: aws.String(c.TableName), Item: item}})
	}
	if _, err := db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: items}); err != nil {
		t.Fatal(err)
	}
	calls := rec.TakeAll()
	if len(calls) != 1 || calls[0].Op != "TransactWriteItems" {
		t.Fatalf("recorded %+v, want one TransactWriteItems", calls)
	}
	if got := calls[0].Units; got.Write != 23 || got.IndexWrite != 3 {
		t.Errorf("10 small items in a transaction, 3 of them in GSI1: %+v, want 23 WRU (20 + 3 index writes)", got)
	}

	out, err := db.Query(ctx, &dynamodb.QueryInput{TableName: aws.String(c.TableName), KeyConditionExpression: aws.String("PK = :p"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":p": s("METER#T")}, Select: types.SelectCount})
	if err != nil || out.Count != 10 {
		t.Fatalf("count: %v %v", out, err)
	}
	calls = rec.TakeAll()
	if len(calls) != 1 || calls[0].Items != 10 || calls[0].Units.Read != 0.5 {
		t.Errorf("a COUNT query of 10 small items: %+v, want 10 items read for 0.5 RRU (eventually consistent, under 4 KB)", calls)
	}
}
