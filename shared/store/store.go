// Package store is Verde's single-table DynamoDB access; the only production
// package that imports the DynamoDB SDK (shared/boundaries_test.go).
package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// Store reads and writes the one table.
type Store struct {
	DB    *dynamodb.Client
	Table string
	Now   func() time.Time

	rulesCache     rulesCache     // domain.Rules read at most once a minute (rules.go)
	catalogueCache catalogueCache // the members' catalogue (catalog_cache.go)
	// DisabledTTL, when set, replaces how long this container keeps the
	// access list (access.go, AccessTTL): tests that count a request's calls
	// set it long, so a refresh falling inside the measured request is not
	// counted as the request's own.
	DisabledTTL time.Duration
	// deadline bounds one call, retries included (deadline.go: New reads it; callDeadline).
	deadline time.Duration
}

// New builds a Store from an SDK config; the endpoint comes from the SDK's
// standard variables (AWS_ENDPOINT_URL_DYNAMODB locally). Each call has its
// own deadline and bounded retries (deadline.go).
func New(cfg aws.Config, table string) *Store {
	attempt, call := deadlines()
	return &Store{DB: dynamodb.NewFromConfig(cfg, withDeadlines(attempt, call)), Table: table, Now: time.Now, deadline: call}
}

// TableInput is the table as template.yaml declares it; tests and the local
// cloud create it from here.
func TableInput(name string) *dynamodb.CreateTableInput {
	s := func(n string) types.AttributeDefinition {
		return types.AttributeDefinition{AttributeName: aws.String(n), AttributeType: types.ScalarAttributeTypeS}
	}
	key := func(pk, sk string) []types.KeySchemaElement {
		return []types.KeySchemaElement{
			{AttributeName: aws.String(pk), KeyType: types.KeyTypeHash},
			{AttributeName: aws.String(sk), KeyType: types.KeyTypeRange},
		}
	}
	all := &types.Projection{ProjectionType: types.ProjectionTypeAll}
	return &dynamodb.CreateTableInput{
		TableName:            aws.String(name),
		BillingMode:          types.BillingModePayPerRequest,
		AttributeDefinitions: []types.AttributeDefinition{s(attrPK), s(attrSK), s(attrGSI1PK), s(attrGSI1SK), s(attrGSI2PK), s(attrGSI2SK)},
		KeySchema:            key(attrPK, attrSK),
		GlobalSecondaryIndexes: []types.GlobalSecondaryIndex{
			{IndexName: aws.String(IndexGSI1), KeySchema: key(attrGSI1PK, attrGSI1SK), Projection: all},
			{IndexName: aws.String(IndexGSI2), KeySchema: key(attrGSI2PK, attrGSI2SK), Projection: all},
		},
	}
}

// CreateTable creates the table if it does not exist and waits until it is active.
func CreateTable(ctx context.Context, db *dynamodb.Client, name string) error {
	_, err := db.CreateTable(ctx, TableInput(name))
	var inUse *types.ResourceInUseException
	if err != nil && !errors.As(err, &inUse) {
		return err
	}
	created := err == nil
	err = dynamodb.NewTableExistsWaiter(db, func(o *dynamodb.TableExistsWaiterOptions) {
		o.MinDelay = 100 * time.Millisecond
		o.MaxDelay = time.Second
	}).Wait(ctx, &dynamodb.DescribeTableInput{TableName: aws.String(name)}, time.Minute)
	if err != nil || !created {
		return err
	}
	// As template.yaml's TimeToLiveSpecification: day counters and idempotency keys expire.
	_, err = db.UpdateTimeToLive(ctx, &dynamodb.UpdateTimeToLiveInput{
		TableName:               aws.String(name),
		TimeToLiveSpecification: &types.TimeToLiveSpecification{AttributeName: aws.String(attrExpiresAt), Enabled: aws.Bool(true)},
	})
	return err
}

func (s *Store) now() time.Time {
	if s.Now != nil {
		return s.Now().UTC()
	}
	return time.Now().UTC()
}

// isConditionFailed reports a failed ConditionExpression on a single write.
func isConditionFailed(err error) bool {
	var ccf *types.ConditionalCheckFailedException
	return errors.As(err, &ccf)
}

// conditionMet is a conditional write's answer: whether it was made, false
// (and no error) when its condition failed; what names it in other errors.
func conditionMet(err error, what string) (bool, error) {
	if isConditionFailed(err) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("%s: %w", what, err)
	}
	return true, nil
}
