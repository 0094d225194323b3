package store

import (
	"context"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/verde-app/verde/shared/domain"
)

// The weekly digest's bookkeeping (shared/digest):
//
//	item                          PK                     SK            (TTL expiraEm)
//	the job's progress of a week  DIGEST#<monday>        STATE         cursor (of EMAILS#resumo), concluido
//	a member's digest, taken      DIGEST#<monday>        SENT#<uid>
//
// A member's digest is taken (attribute_not_exists) before it is sent, so a
// retried or overlapping run never mails anyone twice in a week.

func digestPK(week string) string { return "DIGEST#" + week }

// DigestWeek is the week of now: the date of its Monday in Brasília.
func DigestWeek(now time.Time) string { return emailWeek(now) }

// DigestState is where the week's run stopped: the subscribers' cursor, and
// whether the week is done.
func (s *Store) DigestState(ctx context.Context, week string) (map[string]string, bool, error) {
	it, err := s.getItem(ctx, digestPK(week), "STATE", "digest state")
	if err != nil {
		return nil, false, err
	}
	if b, ok := it["concluido"].(*types.AttributeValueMemberBOOL); ok && b.Value {
		return nil, true, nil
	}
	var cursor map[string]string
	if m, ok := it["cursor"].(*types.AttributeValueMemberM); ok {
		cursor = map[string]string{}
		for k, v := range m.Value {
			cursor[k] = sOf(v)
		}
	}
	return cursor, false, nil
}

// SaveDigestState records the run's position (nil and done at the end).
func (s *Store) SaveDigestState(ctx context.Context, week string, cursor map[string]string, done bool) error {
	now := s.now()
	item := record{attrPK: str(digestPK(week)), attrSK: str("STATE"), "type": str("digestState"),
		"concluido": boolean(done), "atualizadoEm": str(fmtTime(now)), "expiraEm": num(int(now.AddDate(0, 0, 21).Unix()))}
	if len(cursor) > 0 {
		m := record{}
		for k, v := range cursor {
			m[k] = str(v)
		}
		item["cursor"] = &types.AttributeValueMemberM{Value: m}
	}
	if _, err := s.DB.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(s.Table), Item: item}); err != nil {
		return fmt.Errorf("save digest state: %w", err)
	}
	return nil
}

// TakeDigest marks uid's digest of week as sent; false when it already was.
func (s *Store) TakeDigest(ctx context.Context, week, uid string) (bool, error) {
	_, err := s.DB.PutItem(ctx, &dynamodb.PutItemInput{
		TableName: aws.String(s.Table),
		Item: record{attrPK: str(digestPK(week)), attrSK: str("SENT#" + uid), "type": str("digestSent"),
			"expiraEm": num(int(s.now().AddDate(0, 0, 21).Unix()))},
		ConditionExpression: aws.String("attribute_not_exists(PK)"),
	})
	return conditionMet(err, "take digest")
}

// GroupWeek is a group's posts since (newest first, hidden ones left out):
// the first max of them and how many there were, counting at most 50 (one
// Query of the group's feed in GSI1).
func (s *Store) GroupWeek(ctx context.Context, gid string, since time.Time, max int) ([]domain.Post, int, error) {
	out, err := s.DB.Query(ctx, &dynamodb.QueryInput{
		TableName: aws.String(s.Table), IndexName: aws.String(IndexGSI1),
		KeyConditionExpression:    aws.String(attrGSI1PK + " = :pk AND " + attrGSI1SK + " > :since"),
		ExpressionAttributeValues: record{":pk": str(feedGroup(gid)), ":since": str(fmtTime(since))},
		ScanIndexForward:          aws.Bool(false),
		Limit:                     aws.Int32(50),
	})
	if err != nil {
		return nil, 0, fmt.Errorf("query group week: %w", err)
	}
	var posts []domain.Post
	total := 0
	for _, it := range out.Items {
		p, err := decodePost(it)
		if err != nil {
			return nil, 0, err
		}
		if p.Oculto {
			continue
		}
		total++
		if len(posts) < max {
			posts = append(posts, p)
		}
	}
	return posts, total, nil
}
