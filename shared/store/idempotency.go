package store

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/uuid"

	"github.com/verde-app/verde/shared/domain"
)

// Idempotent creates. A client sends an Idempotency-Key with every create;
// the API kit (kit.Idempotent) puts a claim for it in the request's context,
// and the first transaction the create writes under that context also puts
// IDEM#<uid>#<key> with the condition that it does not exist yet (or has
// expired). So the key is taken in the same atomic write as the act: a
// repeat of the request either finds the item (and the kit answers with the
// first answer, which Remember stored after the act) or loses the race
// inside DynamoDB (its transaction is refused as a whole and the store says
// ErrRepeatedRequest). Nothing is created twice, whatever the timing.
//
// The item lives a day (TTL attribute expiraEm, as the daily counters; DynamoDB deletes expired
// items within a few days, so reads and the condition also treat an expired
// item as absent).

// IdempotencyTTL is how long a create's key is remembered.
const IdempotencyTTL = 24 * time.Hour

const (
	itemIdempotency = "idempotency"
	prefixIdem      = "IDEM#"
	attrExpiresAt   = attrExpiraEm // the table's one TTL attribute (epoch seconds)
)

// IdemPK is the partition of one user's key for one create (SK META).
func IdemPK(uid, key string) string { return prefixIdem + uid + "#" + key }

// IdempotencyClaim is one request's key, carried in its context. The store
// reports through it whether the act was written under the key, or whether
// another request with the same key had taken it.
type IdempotencyClaim struct {
	UserID, Key string
	// Fingerprint identifies the request (method, path, body): the same key
	// sent with another request is refused, not answered with another's reply.
	Fingerprint string

	// Resource, when the create's handler sets it before acting (kit.Creates),
	// is the GET path of what the create makes: stored with the key in the
	// act's transaction, it lets a repeat rebuild the answer when the first
	// request committed but never answered (its process ended).
	Resource string

	mu                sync.Mutex
	written, repeated bool
	nonce             string // this request's mark on the key item
}

// Written reports that the act's transaction took the key.
func (c *IdempotencyClaim) Written() bool { c.mu.Lock(); defer c.mu.Unlock(); return c.written }

// Repeated reports that the key was already taken when the act tried to write.
func (c *IdempotencyClaim) Repeated() bool { c.mu.Lock(); defer c.mu.Unlock(); return c.repeated }

type claimKey struct{}

// WithIdempotency returns ctx carrying c: the first transaction written under
// it takes the key.
func WithIdempotency(ctx context.Context, c *IdempotencyClaim) context.Context {
	return context.WithValue(ctx, claimKey{}, c)
}

// ClaimFrom is the claim ctx carries (nil: the request has no key).
func ClaimFrom(ctx context.Context) *IdempotencyClaim { return claimFrom(ctx) }

func claimFrom(ctx context.Context) *IdempotencyClaim {
	c, _ := ctx.Value(claimKey{}).(*IdempotencyClaim)
	return c
}

// idemItem is the stored key: what the request was and, once answered, the
// answer.
type idemItem struct {
	PK          string `dynamodbav:"PK"`
	SK          string `dynamodbav:"SK"`
	Type        string `dynamodbav:"type"`
	Fingerprint string `dynamodbav:"fingerprint"`
	CreatedAt   string `dynamodbav:"createdAt"`
	ExpiresAt   int64  `dynamodbav:"expiraEm"`
	Status      int    `dynamodbav:"status,omitempty"`
	Body        []byte `dynamodbav:"body,omitempty"`
	Location    string `dynamodbav:"location,omitempty"`
	Resource    string `dynamodbav:"recurso,omitempty"`
	// Nonce marks the request that wrote the key: after an ambiguous failure
	// (a timeout) that request reads the key to learn whether its act committed.
	Nonce string `dynamodbav:"marca"`
	// GSI1 IDEMOF#<uid> / <key>: a user's keys (account deletion).
	GSI1PK string `dynamodbav:"GSI1PK,omitempty"`
	GSI1SK string `dynamodbav:"GSI1SK,omitempty"`
}

// claimInto adds the key to t when ctx carries a claim not yet written, and
// returns the claim (nil when none).
func (s *Store) claimInto(ctx context.Context, t *txn) *IdempotencyClaim {
	c := claimFrom(ctx)
	if c == nil || c.Written() {
		return nil
	}
	now := s.now()
	c.mu.Lock()
	c.nonce = uuid.NewString()
	nonce := c.nonce
	c.mu.Unlock()
	item, err := attributevalue.MarshalMap(idemItem{
		PK: IdemPK(c.UserID, c.Key), SK: skMeta, Type: "idempotency", Fingerprint: c.Fingerprint,
		CreatedAt: fmtTime(now), ExpiresAt: now.Add(IdempotencyTTL).Unix(), GSI1PK: idemOf(c.UserID), GSI1SK: c.Key,
		Resource: c.Resource, Nonce: nonce,
	})
	if err != nil {
		if t.err == nil {
			t.err = fmt.Errorf("encode %s: %w", itemIdempotency, err)
		}
		return nil
	}
	t.names = append(t.names, itemIdempotency)
	t.items = append(t.items, types.TransactWriteItem{Put: &types.Put{
		TableName: aws.String(t.table), Item: item,
		ConditionExpression:       aws.String("attribute_not_exists(PK) OR #exp < :now"),
		ExpressionAttributeNames:  map[string]string{"#exp": attrExpiresAt},
		ExpressionAttributeValues: record{":now": &types.AttributeValueMemberN{Value: strconv.FormatInt(now.Unix(), 10)}},
	}})
	return c
}

// committedDespite reports whether the transaction that carried c's key
// committed although its call failed (a timeout or a dropped connection
// after DynamoDB applied it): the key item holds this request's mark. It
// reads under a context of its own, since the request's may be what ended.
func (s *Store) committedDespite(ctx context.Context, c *IdempotencyClaim, err error) bool {
	var cc *cancelled
	if c == nil || errors.As(err, &cc) || domain.ErrorCode(err) != domain.EInternal {
		return false // refused, not ambiguous
	}
	c.mu.Lock()
	nonce := c.nonce
	c.mu.Unlock()
	rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), s.callDeadline())
	defer cancel()
	it, gerr := s.getItem(rctx, IdemPK(c.UserID, c.Key), skMeta, "idempotency key")
	return gerr == nil && it != nil && sOf(it["marca"]) == nonce
}

// settleClaim records on the claim what the transaction did with the key.
func settleClaim(ctx context.Context, err error) error {
	c := claimFrom(ctx)
	if c == nil || c.Written() {
		return err
	}
	var cc *cancelled
	switch {
	case err == nil:
		c.mu.Lock()
		c.written = true
		c.mu.Unlock()
	case errors.As(err, &cc) && cc.failed(itemIdempotency):
		c.mu.Lock()
		c.repeated = true
		c.mu.Unlock()
		return domain.ErrRepeatedRequest()
	}
	return err
}

// Answer is a create's first answer, as the API sent it.
type Answer struct {
	Fingerprint string
	Status      int    // 0 while the first request has not answered yet
	Body        []byte // the JSON body
	Location    string // its Location header, if any
	Resource    string // the GET path of what the create made, when its handler named it
	CreatedAt   time.Time
}

// Remembered reads the key (one consistent GetItem); found is false when the
// key was never used or has expired.
func (s *Store) Remembered(ctx context.Context, uid, key string) (a Answer, found bool, err error) {
	it, err := s.getItem(ctx, IdemPK(uid, key), skMeta, "idempotency key")
	if err != nil || it == nil {
		return Answer{}, false, err
	}
	im, err := unmarshal[idemItem](it, "idempotency key")
	if err != nil {
		return Answer{}, false, err
	}
	if im.ExpiresAt < s.now().Unix() {
		return Answer{}, false, nil
	}
	return Answer{Fingerprint: im.Fingerprint, Status: im.Status, Body: im.Body, Location: im.Location,
		Resource: im.Resource, CreatedAt: parseTime(im.CreatedAt)}, true, nil
}

// Remember stores the first answer of the create that took the key (one
// UpdateItem), for its repeats to send again.
func (s *Store) Remember(ctx context.Context, uid, key string, a Answer) error {
	_, err := s.DB.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName:                aws.String(s.Table),
		Key:                      keyOf(IdemPK(uid, key), skMeta),
		UpdateExpression:         aws.String("SET #s = :s, #b = :b, #l = :l"),
		ConditionExpression:      aws.String("attribute_exists(PK)"),
		ExpressionAttributeNames: map[string]string{"#s": "status", "#b": "body", "#l": "location"},
		ExpressionAttributeValues: record{
			":s": num(a.Status), ":b": &types.AttributeValueMemberB{Value: nonEmpty(a.Body)}, ":l": str(a.Location),
		},
	})
	if err != nil {
		return fmt.Errorf("remember answer: %w", err)
	}
	return nil
}

// nonEmpty keeps a binary attribute valid (DynamoDB refuses an empty one).
func nonEmpty(b []byte) []byte {
	if len(b) == 0 {
		return []byte("null")
	}
	return b
}
