package store

import (
	"context"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/verde-app/verde/shared/domain"
)

// BackfillFlatReads gives the items stored before the flat reads
// (docs/reads.md) the keys those reads list them by: an active cultivo's
// writers' CULTOF# items their CULTSA#USER# key, a group's cultivo its
// phase key, and each group post of the last year its "Meus grupos"
// pointers with the group's members (the author included). A paged Scan by
// type, offline: the migration leituras-planas runs it (shared/migrations).
// Puts only: running it twice changes nothing.
// Returns the items written.
func (s *Store) BackfillFlatReads(ctx context.Context) (int, error) {
	written := 0
	since := fmtTime(s.now().Add(-inboxTTL))
	err := s.scanType(ctx, []string{"cultivoRef", "cultivo", "post"}, func(it record) error {
		switch sOf(it["type"]) {
		case "cultivoRef":
			if b, ok := it["ativo"].(*types.AttributeValueMemberBOOL); !ok || !b.Value || sOf(it[attrGSI2PK]) != "" {
				return nil
			}
			uid := sOf(it[attrPK])[len("USER#"):]
			it[attrGSI2PK], it[attrGSI2SK] = str(activeCultsOfUser(uid)), it[attrGSI1SK]
			written++
			return s.batchPut(ctx, []record{it})
		case "cultivo":
			gid := sOf(it["grupoId"])
			if gid == "" || sOf(it[attrGSI2PK]) != "" || sOf(it[attrGSI1SK]) == "" {
				return nil
			}
			it[attrGSI2PK], it[attrGSI2SK] = str(cultsOfGroupFase(gid, domain.Fase(sOf(it["fase"])))), it[attrGSI1SK]
			written++
			return s.batchPut(ctx, []record{it})
		case "post":
			if sOf(it["grupoId"]) == "" || sOf(it["criadoEm"]) < since {
				return nil
			}
			n, err := s.fanOut(ctx, it, true)
			written += n
			return err
		}
		return nil
	})
	return written, err
}

// scanType pages through the table's items of the given types (a job's read).
func (s *Store) scanType(ctx context.Context, tipos []string, each func(record) error) error {
	values := record{}
	expr := ""
	for i, t := range tipos {
		p := fmt.Sprintf(":t%d", i)
		values[p] = str(t)
		if i > 0 {
			expr += " OR "
		}
		expr += "#type = " + p
	}
	return s.scanPages(ctx, &dynamodb.ScanInput{
		TableName: aws.String(s.Table), FilterExpression: aws.String(expr), Limit: aws.Int32(300),
		ExpressionAttributeNames: map[string]string{"#type": "type"}, ExpressionAttributeValues: values,
	}, fmt.Sprint(tipos), func(items []record) error {
		for _, it := range items {
			if err := each(it); err != nil {
				return err
			}
		}
		return nil
	})
}

// scanPages runs the Scan in page by page from its start, page on each
// page's items, until the table's end, an error or ctx's end (between
// pages); what names the scan in its error.
func (s *Store) scanPages(ctx context.Context, in *dynamodb.ScanInput, what string, page func([]record) error) error {
	for {
		out, err := s.DB.Scan(ctx, in)
		if err != nil {
			return fmt.Errorf("scan %s: %w", what, err)
		}
		if err := page(out.Items); err != nil {
			return err
		}
		if len(out.LastEvaluatedKey) == 0 {
			return nil
		}
		in.ExclusiveStartKey = out.LastEvaluatedKey
		if err := ctx.Err(); err != nil {
			return err
		}
	}
}
