package notifications_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	cip "github.com/aws/aws-sdk-go-v2/service/cognitoidentityprovider"
	cipt "github.com/aws/aws-sdk-go-v2/service/cognitoidentityprovider/types"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	ddbt "github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/uuid"

	"github.com/verde-app/verde/infra/local/cloud"
	"github.com/verde-app/verde/infra/local/testcloud"
	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/api/notifications"
	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/store"
)

func TestMain(m *testing.M) { testcloud.Run(m, cloud.Options{SkipSeed: true}) }

func user(t *testing.T) (sub, token string) {
	t.Helper()
	c := testcloud.Get()
	ctx := context.Background()
	email := fmt.Sprintf("n-%s@example.com", uuid.NewString()[:8])
	if _, err := c.Cognito().SignUp(ctx, &cip.SignUpInput{
		ClientId: aws.String(c.ClientID), Username: aws.String(email), Password: aws.String("segredo1"),
		UserAttributes: []cipt.AttributeType{{Name: aws.String("email"), Value: aws.String(email)}, {Name: aws.String("name"), Value: aws.String("N")}},
	}); err != nil {
		t.Fatal(err)
	}
	out, err := c.Cognito().InitiateAuth(ctx, &cip.InitiateAuthInput{
		ClientId: aws.String(c.ClientID), AuthFlow: cipt.AuthFlowTypeUserPasswordAuth,
		AuthParameters: map[string]string{"USERNAME": email, "PASSWORD": "segredo1"},
	})
	if err != nil {
		t.Fatal(err)
	}
	token = aws.ToString(out.AuthenticationResult.AccessToken)
	u, err := c.Cognito().GetUser(ctx, &cip.GetUserInput{AccessToken: aws.String(token)})
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range u.UserAttributes {
		if aws.ToString(a.Name) == "sub" {
			sub = aws.ToString(a.Value)
		}
	}
	return sub, token
}

func setUnread(t *testing.T, sub string, n int) {
	t.Helper()
	c := testcloud.Get()
	_, err := c.DynamoDB().PutItem(context.Background(), &dynamodb.PutItemInput{
		TableName: aws.String(c.TableName),
		Item: map[string]ddbt.AttributeValue{
			"PK": &ddbt.AttributeValueMemberS{Value: store.UserPK(sub)}, "SK": &ddbt.AttributeValueMemberS{Value: "NOTIFSTATE"},
			"unread": &ddbt.AttributeValueMemberN{Value: fmt.Sprint(n)},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestUnreadCountIsTheCallersOwnCounterInOneGetItem(t *testing.T) {
	alice, aliceTok := user(t)
	bob, bobTok := user(t)
	setUnread(t, alice, 12)
	setUnread(t, bob, 3)

	var counter testkit.CallCounter
	deps, err := app.NewDeps(context.Background(), app.ConfigFromEnv(), counter.Attach)
	if err != nil {
		t.Fatal(err)
	}
	h := notifications.NewServer(deps)
	get := func(token string) (int, map[string]any) {
		req := httptest.NewRequest("GET", "/api/notifications/unread-count", nil)
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		var body map[string]any
		json.Unmarshal(rec.Body.Bytes(), &body)
		return rec.Code, body
	}
	// A warm container: the auth middleware's disabled set (read once a minute) is in memory.
	if _, err := deps.Store.IsDisabled(context.Background(), ""); err != nil {
		t.Fatal(err)
	}
	counter.Reset()
	if status, body := get(aliceTok); status != 200 || body["count"] != 12.0 {
		t.Fatalf("alice: %d %v", status, body)
	}
	if ops := counter.ByOperation(); counter.Total() != 1 || ops["GetItem"] != 1 {
		t.Fatalf("DynamoDB calls %v, want one GetItem", ops)
	}
	if status, body := get(bobTok); status != 200 || body["count"] != 3.0 {
		t.Fatalf("bob: %d %v", status, body)
	}
	if status, body := get(""); status != 401 {
		t.Fatalf("anonymous: %d %v", status, body)
	}

}

func TestUnreadCountIsZeroWithoutCounter(t *testing.T) {
	_, tok := user(t)
	req, _ := http.NewRequest("GET", testcloud.Get().URL+"/api/notifications/unread-count", nil)
	req.Header.Set("Authorization", "Bearer "+tok)
	status, raw := testkit.Live(t, req)
	var body map[string]any
	json.Unmarshal(raw, &body)
	if status != 200 || body["count"] != 0.0 {
		t.Fatalf("%d %v", status, body)
	}
}
