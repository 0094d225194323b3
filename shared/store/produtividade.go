package store

import (
	"context"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/verde-app/verde/shared/domain"
)

// A vegetable's plausible yield (domain.Produtividade) is the produtividade
// attribute of its VEG#<id> item, written by SeedYields from the seed's
// table (infra/seed/produtividade.json) at every local start and deploy: the
// catalogue's seed only inserts new vegetables, while yields are ours to
// correct. A cultivo copies it when it is created (CreateCultivo).

const attrProdutividade = "produtividade"

// yieldOf is the yield on a vegetable item (nil: none, the default applies).
func yieldOf(vi record) *domain.Produtividade {
	av, ok := vi[attrProdutividade]
	if !ok {
		return nil
	}
	var p domain.Produtividade
	if err := attributevalue.Unmarshal(av, &p); err != nil || p.KgPorM2 <= 0 {
		return nil
	}
	return &p
}

// SeedYields writes each vegetable's yield onto its item, when the vegetable
// exists: one UpdateItem per vegetable (deploy and local start only).
func (s *Store) SeedYields(ctx context.Context, yields map[string]domain.Produtividade) error {
	for id, y := range yields {
		av, err := attributevalue.Marshal(y)
		if err != nil {
			return err
		}
		_, err = s.DB.UpdateItem(ctx, &dynamodb.UpdateItemInput{
			TableName: aws.String(s.Table), Key: keyOf(VegetalPK(id), skMeta),
			ConditionExpression:       aws.String("attribute_exists(PK)"),
			UpdateExpression:          aws.String("SET #p = :p"),
			ExpressionAttributeNames:  map[string]string{"#p": attrProdutividade},
			ExpressionAttributeValues: record{":p": av},
		})
		if err != nil && !isConditionFailed(err) {
			return fmt.Errorf("seed yield of %s: %w", id, err)
		}
	}
	return nil
}
