package store

import (
	"context"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
)

// BackfillLedger gives the ledger rows written before the history's index
// (ledger.go) their GSI1 keys, so a member's history lists them and adds up
// to their total: a paged Scan of the members' AWARD# and CONQ# items that
// lack them, and one conditional UpdateItem each. Offline (the migration
// historico-de-pontos, shared/migrations), idempotent; the number of rows it
// indexed.
func (s *Store) BackfillLedger(ctx context.Context) (int, error) {
	written := 0
	err := s.scanPages(ctx, &dynamodb.ScanInput{
		TableName: aws.String(s.Table),
		FilterExpression: aws.String("begins_with(PK, :user) AND attribute_not_exists(GSI1PK) AND " +
			"((#type = :points AND begins_with(SK, :award)) OR (#type = :conq AND begins_with(SK, :earned)))"),
		ExpressionAttributeNames: map[string]string{"#type": "type"},
		ExpressionAttributeValues: record{":user": str("USER#"), ":points": str("points"), ":award": str(prefixAward),
			":conq": str("conquista"), ":earned": str(prefixEarned)},
		Limit: aws.Int32(1000),
	}, "ledger rows", func(items []record) error {
		for _, it := range items {
			uid := sOf(it["userId"])
			motivo, ref := sOf(it["motivo"]), sOf(it["ref"])
			if code := sOf(it["codigo"]); code != "" {
				motivo, ref = "CONQ", code
			}
			if uid == "" || motivo == "" {
				continue
			}
			_, err := s.DB.UpdateItem(ctx, &dynamodb.UpdateItemInput{
				TableName: aws.String(s.Table), Key: keyOf(sOf(it[attrPK]), sOf(it[attrSK])),
				ConditionExpression:       aws.String("attribute_exists(PK) AND attribute_not_exists(GSI1PK)"),
				UpdateExpression:          aws.String("SET GSI1PK = :pk, GSI1SK = :sk"),
				ExpressionAttributeValues: record{":pk": str(ledgerPK(uid)), ":sk": str(ledgerSK(parseTime(sOf(it["criadoEm"])), motivo, ref))},
			})
			if err != nil && !isConditionFailed(err) {
				return fmt.Errorf("index ledger row: %w", err)
			}
			if err == nil {
				written++
			}
		}
		return nil
	})
	return written, err
}
