package testkit

import (
	"context"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// A call the SDK sends twice (a 500, then an answer) counts once in
// ByOperation and once in Retries; after Reset both are zero again.
func TestCallCounterCountsRetriedAttempts(t *testing.T) {
	var served atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/x-amz-json-1.0")
		if served.Add(1) == 1 {
			w.WriteHeader(http.StatusInternalServerError)
			w.Write([]byte(`{"__type":"com.amazonaws.dynamodb.v20120810#InternalServerError","message":"busy"}`))
			return
		}
		w.Write([]byte(`{}`))
	}))
	defer srv.Close()

	var c CallCounter
	cfg := aws.Config{Region: "sa-east-1", Credentials: aws.AnonymousCredentials{}, BaseEndpoint: aws.String(srv.URL)}
	c.Attach(&cfg)
	db := dynamodb.NewFromConfig(cfg)
	get := &dynamodb.GetItemInput{TableName: aws.String("t"), Key: map[string]types.AttributeValue{"PK": &types.AttributeValueMemberS{Value: "a"}}}

	if _, err := db.GetItem(context.Background(), get); err != nil {
		t.Fatal(err)
	}
	if got := c.ByOperation()["GetItem"]; got != 1 {
		t.Fatalf("GetItem counted %d times, want 1", got)
	}
	if got := c.Retries(); got != 1 {
		t.Fatalf("Retries = %d after a 500 and an answer, want 1", got)
	}
	c.Reset()
	if _, err := db.GetItem(context.Background(), get); err != nil {
		t.Fatal(err)
	}
	if got := c.Retries(); got != 0 {
		t.Fatalf("Retries = %d after one answered attempt, want 0", got)
	}
}
