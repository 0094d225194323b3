package store

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/verde-app/verde/shared/domain"
)

// Photos in the table. Every upload handed out (POST /api/uploads) leaves an UPLOAD# item in
// the member's partition, also listed by day in GSI1 (UPLOADS#<day>). The item that first
// names the upload deletes it in its own transaction (the claim below), under the condition
// that it still exists: so an upload is used by one item, and an UPLOAD# item older than a day
// is an upload no item refers to. The photos job (shared/photojob) deletes such an item first,
// under the same condition, and only then the photo's objects: a photo an item refers to is
// never touched, whatever the timing.
//
// An item that stops showing a photo (a post deleted, a cover replaced) writes a RELEASED item
// in its transaction; the photos job deletes the photo's objects and invalidates its paths in
// CloudFront, in batches.

const (
	prefixUpload   = "UPLOAD#"
	prefixUploads  = "UPLOADS#"
	pkReleased     = "PHOTOS#RELEASED"
	itemUpload     = "upload"
	itemClaim      = "claim:"
	itemReleased   = "released:"
	releaseBatchOf = 100
)

type uploadItem struct {
	PK       string `dynamodbav:"PK"`
	SK       string `dynamodbav:"SK"`
	Type     string `dynamodbav:"type"`
	Key      string `dynamodbav:"key"`
	Dir      string `dynamodbav:"dir"`
	CriadoEm string `dynamodbav:"criadoEm"`
	GSI1PK   string `dynamodbav:"GSI1PK"`
	GSI1SK   string `dynamodbav:"GSI1SK"`
}

// StartUpload counts one photo upload of u's member today (domain.ActFoto) under the rules in
// force and records the upload as not yet used by any item: the rules' GetItem (cached a
// minute) and one transaction; over the cap it is domain.ErrDailyLimit (429).
func (s *Store) StartUpload(ctx context.Context, u domain.Upload, key string, now time.Time) error {
	rules, err := s.Rules(ctx)
	if err != nil {
		return err
	}
	t := newTxn(s.Table)
	t.countDaily(u.UserID, domain.ActFoto, rules, now)
	t.putItem(itemUpload, uploadItem{
		PK: UserPK(u.UserID), SK: prefixUpload + u.ID, Type: itemUpload, Key: key, Dir: u.FotoDir(), CriadoEm: fmtTime(now),
		GSI1PK: prefixUploads + now.UTC().Format("2006-01-02"), GSI1SK: u.UserID + "/" + u.ID,
	}, "attribute_not_exists(PK)")
	return s.writeTxn(ctx, t)
}

// PhotoClaim is the uploads an item's request names (field is the request's field), carried
// in its context like an idempotency claim: the first transaction written under it deletes
// their UPLOAD# items, each under the condition that it exists.
type PhotoClaim struct {
	Field   string
	Uploads []domain.Upload

	mu      sync.Mutex
	written bool
}

type photoClaimKey struct{}

// WithPhotoClaim returns ctx carrying c.
func WithPhotoClaim(ctx context.Context, c *PhotoClaim) context.Context {
	return context.WithValue(ctx, photoClaimKey{}, c)
}

func photoClaimFrom(ctx context.Context) *PhotoClaim {
	c, _ := ctx.Value(photoClaimKey{}).(*PhotoClaim)
	if c == nil {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.written {
		return nil
	}
	return c
}

// photoClaimInto adds the claim's deletes to t.
func photoClaimInto(ctx context.Context, t *txn) {
	c := photoClaimFrom(ctx)
	if c == nil {
		return
	}
	seen := map[string]bool{}
	for _, u := range c.Uploads {
		if seen[u.ID] {
			continue
		}
		seen[u.ID] = true
		cond := newUpd()
		cond.cond("attribute_exists(PK)")
		t.delete(itemClaim+u.ID, UserPK(u.UserID), prefixUpload+u.ID, cond)
	}
}

// settlePhotoClaim marks the claim taken, or turns a vanished upload into the field's 400.
func settlePhotoClaim(ctx context.Context, err error) error {
	c := photoClaimFrom(ctx)
	if c == nil {
		return err
	}
	var cc *cancelled
	if err == nil {
		c.mu.Lock()
		c.written = true
		c.mu.Unlock()
		return nil
	}
	if errors.As(err, &cc) {
		if _, ok := cc.failedPrefix(itemClaim); ok {
			return domain.ErrFotoRefused(c.Field, domain.FotoMissing)
		}
	}
	return err
}

type releasedItem struct {
	PK       string `dynamodbav:"PK"`
	SK       string `dynamodbav:"SK"`
	Type     string `dynamodbav:"type"`
	Dir      string `dynamodbav:"dir"`
	CriadoEm string `dynamodbav:"criadoEm"`
}

// release records, in t, that the item no longer shows the photos stored under keys (the
// processed ones; a legacy key or an https:// address has nothing to release).
func (t *txn) release(now time.Time, keys ...string) {
	for _, k := range keys {
		p, ok := domain.ParseProcessedFoto(k)
		if !ok {
			continue
		}
		t.putItem(itemReleased+p.Dir, releasedItem{PK: pkReleased, SK: fmtTime(now) + "#" + p.Dir, Type: "released", Dir: p.Dir, CriadoEm: fmtTime(now)}, "")
	}
}

// ReleasePhotoDirs records that everything under each dir is to be deleted and invalidated
// (a whole account's photos: fotos/<uid>/) in one BatchWriteItem: what the account's erasure
// calls once its objects are deleted, so the photos job invalidates their paths in CloudFront.
func (s *Store) ReleasePhotoDirs(ctx context.Context, now time.Time, dirs ...string) error {
	var reqs []types.WriteRequest
	for _, d := range dirs {
		item, err := attributevalue.MarshalMap(releasedItem{PK: pkReleased, SK: fmtTime(now) + "#" + d, Type: "released", Dir: d, CriadoEm: fmtTime(now)})
		if err != nil {
			return err
		}
		reqs = append(reqs, types.WriteRequest{PutRequest: &types.PutRequest{Item: item}})
	}
	return s.batchWriteAll(ctx, reqs, "released photos")
}

// Released is one photo (or account) directory to delete and invalidate.
type Released struct {
	SK, Dir string
}

// ReleasedPhotos is the oldest page (at most releaseBatchOf) of released directories.
func (s *Store) ReleasedPhotos(ctx context.Context) ([]Released, error) {
	items, _, err := queryPage(ctx, s, query{PK: pkReleased, Limit: releaseBatchOf, Consistent: true, What: "released photos"}, func(r record) (Released, error) {
		var it releasedItem
		err := attributevalue.UnmarshalMap(r, &it)
		return Released{SK: it.SK, Dir: it.Dir}, err
	})
	return items, err
}

// ForgetReleased deletes released items once their objects are gone and their paths invalidated.
func (s *Store) ForgetReleased(ctx context.Context, rs []Released) error {
	var reqs []types.WriteRequest
	for _, r := range rs {
		reqs = append(reqs, types.WriteRequest{DeleteRequest: &types.DeleteRequest{Key: keyOf(pkReleased, r.SK)}})
	}
	return s.batchWriteAll(ctx, reqs, "released photos")
}

// Unused is an upload no item claimed.
type Unused struct {
	UserID, ID, Key, Dir string
}

// UnusedUploads is a page (at most 100) of the uploads handed out on day (yyyy-mm-dd) that no
// item claimed yet.
func (s *Store) UnusedUploads(ctx context.Context, day string) ([]Unused, error) {
	items, _, err := queryPage(ctx, s, query{Index: IndexGSI1, PK: prefixUploads + day, Limit: 100, What: "unused uploads"}, func(r record) (Unused, error) {
		var it uploadItem
		err := attributevalue.UnmarshalMap(r, &it)
		uid, _, _ := strings.Cut(it.GSI1SK, "/")
		return Unused{UserID: uid, ID: strings.TrimPrefix(it.SK, prefixUpload), Key: it.Key, Dir: it.Dir}, err
	})
	return items, err
}

// ForgetUpload deletes an unclaimed upload's item, under the condition that it still exists:
// false when an item claimed it first (then its photo is in use and must stay).
func (s *Store) ForgetUpload(ctx context.Context, u Unused) (bool, error) {
	_, err := s.DB.DeleteItem(ctx, &dynamodb.DeleteItemInput{
		TableName: aws.String(s.Table), Key: keyOf(UserPK(u.UserID), prefixUpload+u.ID),
		ConditionExpression: aws.String("attribute_exists(PK)"),
	})
	return conditionMet(err, "forget upload")
}

// batchWriteAll writes reqs in batches of 25, retrying what DynamoDB leaves unprocessed.
func (s *Store) batchWriteAll(ctx context.Context, reqs []types.WriteRequest, what string) error {
	for chunk := range slices.Chunk(reqs, 25) {
		pending := map[string][]types.WriteRequest{s.Table: chunk}
		for try := 0; len(pending[s.Table]) > 0; try++ {
			if try == 5 {
				return fmt.Errorf("write %s: items left unprocessed", what)
			}
			out, err := s.DB.BatchWriteItem(ctx, &dynamodb.BatchWriteItemInput{RequestItems: pending})
			if err != nil {
				return fmt.Errorf("write %s: %w", what, err)
			}
			pending = out.UnprocessedItems
		}
	}
	return nil
}
