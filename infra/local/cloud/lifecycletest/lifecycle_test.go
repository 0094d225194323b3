package lifecycletest

import (
	"context"
	"io"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	cip "github.com/aws/aws-sdk-go-v2/service/cognitoidentityprovider"
	cipTypes "github.com/aws/aws-sdk-go-v2/service/cognitoidentityprovider/types"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"github.com/verde-app/verde/infra/local/cloud"
)

func start(t *testing.T, opts cloud.Options) *cloud.Cloud {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	c, err := cloud.Start(ctx, opts)
	if err != nil {
		t.Fatalf("start: %v", err)
	}
	return c
}

func testCtx(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	return ctx
}

func key(pk, sk string) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{"PK": &types.AttributeValueMemberS{Value: pk}, "SK": &types.AttributeValueMemberS{Value: sk}}
}

func countVegetais(t *testing.T, c *cloud.Cloud) int {
	t.Helper()
	out, err := c.DynamoDB().Query(testCtx(t), &dynamodb.QueryInput{
		TableName: aws.String(c.TableName), IndexName: aws.String("GSI1"),
		KeyConditionExpression:    aws.String("GSI1PK = :k"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":k": &types.AttributeValueMemberS{Value: "CATALOG#VEG"}},
		Select:                    types.SelectCount,
	})
	if err != nil {
		t.Fatal(err)
	}
	return int(out.Count)
}

// Everything a developer made survives a stop and a start: table items, users, uploads, and
// the pool and client the SPA's config points at.
func TestRestartKeepsData(t *testing.T) {
	dir := t.TempDir()
	c := start(t, cloud.Options{DataDir: dir})
	stopped := false
	defer func() {
		if !stopped {
			c.Stop()
		}
	}()
	ctx := testCtx(t)
	_, err := c.DynamoDB().PutItem(ctx, &dynamodb.PutItemInput{
		TableName: aws.String(c.TableName),
		Item: map[string]types.AttributeValue{
			"PK": &types.AttributeValueMemberS{Value: "TEST#restart"}, "SK": &types.AttributeValueMemberS{Value: "META"},
			"valor": &types.AttributeValueMemberS{Value: "persistido"},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Cognito().SignUp(ctx, &cip.SignUpInput{
		ClientId: aws.String(c.ClientID), Username: aws.String("lia@example.com"), Password: aws.String("segredo-1"),
		UserAttributes: []cipTypes.AttributeType{{Name: aws.String("name"), Value: aws.String("Lia")}},
	})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.S3().PutObject(ctx, &s3.PutObjectInput{Bucket: aws.String(c.UploadsBucket), Key: aws.String("a/b.txt"), Body: strings.NewReader("foto")})
	if err != nil {
		t.Fatal(err)
	}
	first := struct{ UserPoolID, ClientID, AdminPassword string }{c.UserPoolID, c.ClientID, c.AdminPassword}
	vegetais := countVegetais(t, c)
	c.Stop()
	stopped = true

	c = start(t, cloud.Options{DataDir: dir})
	defer c.Stop()
	if c.UserPoolID != first.UserPoolID || c.ClientID != first.ClientID || c.AdminPassword != first.AdminPassword {
		t.Errorf("pool/client/admin changed: %s %s → %s %s", first.UserPoolID, first.ClientID, c.UserPoolID, c.ClientID)
	}
	ctx = testCtx(t)
	got, err := c.DynamoDB().GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String(c.TableName), Key: key("TEST#restart", "META")})
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := got.Item["valor"].(*types.AttributeValueMemberS); v == nil || v.Value != "persistido" {
		t.Errorf("item after restart = %v", got.Item)
	}
	auth, err := c.Cognito().InitiateAuth(ctx, &cip.InitiateAuthInput{
		ClientId: aws.String(c.ClientID), AuthFlow: cipTypes.AuthFlowTypeUserPasswordAuth,
		AuthParameters: map[string]string{"USERNAME": "lia@example.com", "PASSWORD": "segredo-1"},
	})
	if err != nil {
		t.Fatalf("sign-in after restart: %v", err)
	}
	claims, err := c.Deps.Verifier.Verify(ctx, aws.ToString(auth.AuthenticationResult.AccessToken))
	if err != nil {
		t.Fatalf("token after restart: %v", err)
	}
	if got, err := c.DynamoDB().GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String(c.TableName), Key: key("USER#"+claims.Sub, "PROFILE")}); err != nil || got.Item == nil {
		t.Errorf("profile after restart: %v %v", got, err)
	}
	obj, err := c.S3().GetObject(ctx, &s3.GetObjectInput{Bucket: aws.String(c.UploadsBucket), Key: aws.String("a/b.txt")})
	if err != nil {
		t.Fatalf("upload after restart: %v", err)
	}
	b, _ := io.ReadAll(obj.Body)
	obj.Body.Close()
	if string(b) != "foto" {
		t.Errorf("upload after restart = %q", b)
	}
	if n := countVegetais(t, c); n != vegetais || n == 0 {
		t.Errorf("vegetables: %d before, %d after the second bootstrap", vegetais, n)
	}
	// The second bootstrap made no second admin.
	users, err := c.Cognito().ListUsers(ctx, &cip.ListUsersInput{UserPoolId: aws.String(c.UserPoolID), Filter: aws.String(`email = "admin@verde.local"`)})
	if err != nil {
		t.Fatal(err)
	}
	if len(users.Users) != 1 {
		t.Errorf("%d demo admins", len(users.Users))
	}
}

func TestBusyPortGetsAOneLineErrorThatSaysWhatToDo(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	port := l.Addr().(*net.TCPAddr).Port
	c, err := cloud.Start(context.Background(), cloud.Options{DataDir: t.TempDir(), Port: port})
	if err == nil {
		c.Stop()
		t.Fatal("started on a busy port")
	}
	msg := err.Error()
	if strings.Contains(msg, "\n") || !strings.Contains(msg, "already in use") || !strings.Contains(msg, "PORT=") {
		t.Errorf("error = %q", msg)
	}
}

func TestDynamoOnlyStartsTheTableAlone(t *testing.T) {
	c := start(t, cloud.Options{DataDir: t.TempDir(), DynamoOnly: true, SkipSeed: true})
	defer c.Stop()
	if c.URL != "" || c.CognitoEndpoint != "" || c.DynamoEndpoint == "" {
		t.Errorf("DynamoOnly cloud: %+v", c)
	}
	out, err := c.DynamoDB().DescribeTable(testCtx(t), &dynamodb.DescribeTableInput{TableName: aws.String(c.TableName)})
	if err != nil {
		t.Fatal(err)
	}
	if len(out.Table.GlobalSecondaryIndexes) != 2 {
		t.Errorf("indexes: %v", out.Table.GlobalSecondaryIndexes)
	}
	if c.Deps.Store == nil {
		t.Error("no store in Deps")
	}
	if n := countVegetais(t, c); n != 0 {
		t.Errorf("SkipSeed seeded %d vegetables", n)
	}
}
