package store

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/verde-app/verde/shared/domain"
)

// The reads every repository shares: a consistent BatchGetItem of known
// keys, and one Query loop that decodes its items.

// record is one stored item as the SDK returns it.
type record = map[string]types.AttributeValue

// itemKey identifies an item in a batch result.
type itemKey struct{ PK, SK string }

func keyOf(pk, sk string) record {
	return record{attrPK: str(pk), attrSK: str(sk)}
}

// getItem reads one item with a strongly consistent read (nil when absent).
func (s *Store) getItem(ctx context.Context, pk, sk, what string) (record, error) {
	out, err := s.DB.GetItem(ctx, &dynamodb.GetItemInput{
		TableName: aws.String(s.Table), Key: keyOf(pk, sk), ConsistentRead: aws.Bool(true),
	})
	if err != nil {
		return nil, fmt.Errorf("get %s: %w", what, err)
	}
	return out.Item, nil
}

// getMeta reads the META item of entity id (pk makes its partition, what
// names it in errors) and decodes it: an id that could not be a key, and an
// absent item, are notFound. One GetItem (none for such an id).
func getMeta[T any](ctx context.Context, s *Store, pk func(string) string, id, what string, notFound func() *domain.Error, decode func(record) (T, error)) (T, error) {
	var zero T
	if !validID(id) {
		return zero, notFound()
	}
	r, err := s.getItem(ctx, pk(id), skMeta, what)
	if err != nil {
		return zero, err
	}
	if r == nil {
		return zero, notFound()
	}
	return decode(r)
}

// keysOf is the key of each of xs, in their order.
func keysOf[T any](xs []T, key func(T) itemKey) []itemKey {
	keys := make([]itemKey, 0, len(xs))
	for _, x := range xs {
		keys = append(keys, key(x))
	}
	return keys
}

// cultivoMetaOf is the key of the cultivo an item names (its cultivoId).
func cultivoMetaOf(r record) itemKey { return itemKey{CultivoPK(sOf(r["cultivoId"])), skMeta} }

// batchGet reads up to 100 items with strongly consistent reads: one call,
// plus (rarely) a bounded retry of unprocessed keys. Duplicate keys are read once.
func (s *Store) batchGet(ctx context.Context, keys ...itemKey) (map[itemKey]record, error) {
	return s.batchGetAs(ctx, true, keys...)
}

// readFound is batchGet of main and keys, main first: main's item apart and
// all of them, or notFound when main has none.
func (s *Store) readFound(ctx context.Context, notFound func() *domain.Error, main itemKey, keys ...itemKey) (record, map[itemKey]record, error) {
	items, err := s.batchGet(ctx, append([]itemKey{main}, keys...)...)
	if err != nil {
		return nil, nil, err
	}
	it := items[main]
	if it == nil {
		return nil, nil, notFound()
	}
	return it, items, nil
}

// batchGetEventually is batchGet with eventually consistent reads (half the
// units): for what a reader only shows, such as the names of a ranking's lines.
func (s *Store) batchGetEventually(ctx context.Context, keys ...itemKey) (map[itemKey]record, error) {
	return s.batchGetAs(ctx, false, keys...)
}

func (s *Store) batchGetAs(ctx context.Context, consistent bool, keys ...itemKey) (map[itemKey]record, error) {
	out := map[itemKey]record{}
	seen := map[itemKey]bool{}
	var req []record
	for _, k := range keys {
		if seen[k] || k.PK == "" {
			continue
		}
		seen[k] = true
		req = append(req, keyOf(k.PK, k.SK))
	}
	if len(req) > 100 {
		return nil, fmt.Errorf("batch of %d keys exceeds DynamoDB's 100", len(req))
	}
	for round := 0; len(req) > 0; round++ {
		if round == 5 {
			return nil, fmt.Errorf("batch get: keys still unprocessed after %d rounds", round)
		}
		if round > 0 {
			time.Sleep(time.Duration(20*round) * time.Millisecond)
		}
		res, err := s.DB.BatchGetItem(ctx, &dynamodb.BatchGetItemInput{
			RequestItems: map[string]types.KeysAndAttributes{s.Table: {Keys: req, ConsistentRead: aws.Bool(consistent)}},
		})
		if err != nil {
			return nil, fmt.Errorf("batch get: %w", err)
		}
		for _, it := range res.Responses[s.Table] {
			out[itemKey{sOf(it[attrPK]), sOf(it[attrSK])}] = it
		}
		req = res.UnprocessedKeys[s.Table].Keys
	}
	return out, nil
}

// query is one Query of the table or an index: a partition, optionally only
// the sort keys that start with Prefix, from a cursor position.
type query struct {
	Index       string // "" (the table), IndexGSI1 or IndexGSI2
	PK, Prefix  string
	Limit       int               // 0: DynamoDB's own page size (1 MB)
	After       map[string]string // cursor position; nil for the first page
	NewestFirst bool              // descending sort keys
	Consistent  bool              // strongly consistent (the table only)
	KeysOnly    bool              // project PK and SK
	// Contains, when set, keeps the items whose ContainsAttr contains it: a
	// filter, so queryPage reads without Limit (up to 1 MB) and keeps the
	// first Limit matches (firstOf).
	ContainsAttr, Contains string
	// NotTrue, when set, skips the items whose attribute of that name is true
	// (a filter as Contains is).
	NotTrue string
	What    string // names the query in errors
}

// keyAttrs are the partition and sort key attributes of the query's table or index.
func (q query) keyAttrs() (pk, sk string) {
	switch q.Index {
	case IndexGSI1:
		return attrGSI1PK, attrGSI1SK
	case IndexGSI2:
		return attrGSI2PK, attrGSI2SK
	}
	return attrPK, attrSK
}

func (q query) input(table string) *dynamodb.QueryInput {
	pk, sk := q.keyAttrs()
	in := &dynamodb.QueryInput{
		TableName:                 aws.String(table),
		KeyConditionExpression:    aws.String(pk + " = :pk"),
		ExpressionAttributeValues: record{":pk": str(q.PK)},
		ExclusiveStartKey:         startKey(q.After),
	}
	if q.Index != "" {
		in.IndexName = aws.String(q.Index)
	}
	if q.Prefix != "" {
		in.KeyConditionExpression = aws.String(pk + " = :pk AND begins_with(" + sk + ", :prefix)")
		in.ExpressionAttributeValues[":prefix"] = str(q.Prefix)
	}
	if q.Limit > 0 {
		in.Limit = aws.Int32(int32(q.Limit))
	}
	if q.NewestFirst {
		in.ScanIndexForward = aws.Bool(false)
	}
	if q.Consistent {
		in.ConsistentRead = aws.Bool(true)
	}
	if q.KeysOnly {
		in.ProjectionExpression = aws.String(attrPK + ", " + attrSK)
	}
	var filters []string
	if q.Contains != "" {
		filters = append(filters, "contains(#contains, :contains)")
		in.ExpressionAttributeNames = map[string]string{"#contains": q.ContainsAttr}
		in.ExpressionAttributeValues[":contains"] = str(q.Contains)
	}
	if q.NotTrue != "" {
		filters = append(filters, "(attribute_not_exists(#nottrue) OR #nottrue <> :true)")
		if in.ExpressionAttributeNames == nil {
			in.ExpressionAttributeNames = map[string]string{}
		}
		in.ExpressionAttributeNames["#nottrue"] = q.NotTrue
		in.ExpressionAttributeValues[":true"] = boolean(true)
	}
	if len(filters) > 0 {
		in.FilterExpression = aws.String(strings.Join(filters, " AND "))
	}
	return in
}

// errBadCursor is the answer to a position that is not one of this query's
// (a cursor sealed for another list): the API's one "bad cursor" 400.
func errBadCursor() error { return domain.ErrBadCursor() }

// positionFits reports whether the cursor position After could have come
// from this query: exactly the key attributes of its table or index, in its
// partition, under its prefix. Anything else would reach DynamoDB as a
// start key outside the query and come back as a 500.
func (q query) positionFits() bool {
	if len(q.After) == 0 {
		return true
	}
	want := map[string]bool{attrPK: true, attrSK: true}
	pk, sk := q.keyAttrs()
	want[pk], want[sk] = true, true
	if len(q.After) != len(want) {
		return false
	}
	for name, v := range q.After {
		if !want[name] || v == "" {
			return false
		}
	}
	return q.After[pk] == q.PK && strings.HasPrefix(q.After[sk], q.Prefix)
}

// queryPage runs one Query and decodes its items: a page, and the position
// the next page starts from (nil on the last page).
func queryPage[T any](ctx context.Context, s *Store, q query, decode func(record) (T, error)) ([]T, map[string]string, error) {
	if !q.positionFits() {
		return nil, nil, errBadCursor()
	}
	in := q.input(s.Table)
	filtered := in.FilterExpression != nil
	if filtered {
		// A filter after Limit thins a page, even to nothing with a cursor:
		// read up to DynamoDB's 1 MB instead and keep the first Limit matches.
		in.Limit = nil
	}
	out, err := s.DB.Query(ctx, in)
	if err != nil {
		return nil, nil, fmt.Errorf("query %s: %w", q.What, err)
	}
	raw, next := out.Items, lastKey(out.LastEvaluatedKey)
	if filtered {
		raw, next = firstOf(raw, next, q)
	}
	items, err := decodeAll(raw, decode)
	if err != nil {
		return nil, nil, err
	}
	return items, next, nil
}

// decodeAll decodes each of a page's items, in order.
func decodeAll[T any](raw []record, decode func(record) (T, error)) ([]T, error) {
	items := make([]T, 0, len(raw))
	for _, it := range raw {
		v, err := decode(it)
		if err != nil {
			return nil, err
		}
		items = append(items, v)
	}
	return items, nil
}

// firstOf keeps the first q.Limit of a filtered read's matches, with the
// position after the last one kept as the next page's (next, DynamoDB's,
// when it kept them all). Such a page is short only when DynamoDB stopped at
// 1 MB evaluated, and empty with a cursor only when none of that matched.
func firstOf(items []record, next map[string]string, q query) ([]record, map[string]string) {
	if q.Limit <= 0 || len(items) <= q.Limit {
		return items, next
	}
	items = items[:q.Limit]
	last := items[len(items)-1]
	pk, sk := q.keyAttrs()
	pos := map[string]string{}
	for _, a := range []string{attrPK, attrSK, pk, sk} {
		pos[a] = sOf(last[a])
	}
	return items, pos
}

// queryAll follows q's pages to the end, at most maxPages of them: every
// caller reads a partition that a domain cap keeps to a page or two, so more
// pages mean data past a cap, reported rather than read without end.
func queryAll[T any](ctx context.Context, s *Store, q query, maxPages int, decode func(record) (T, error)) ([]T, error) {
	out, more, err := followPages(q.After, maxPages, func(after map[string]string) ([]T, map[string]string, error) {
		q.After = after
		return queryPage(ctx, s, q, decode)
	})
	switch {
	case err != nil:
		return nil, err
	case more:
		return nil, fmt.Errorf("query %s: more than %d pages", q.What, maxPages)
	}
	return append([]T{}, out...), nil
}

// followPages reads the pages from after on (page reads the one at a
// position), at most maxPages of them: their items, and whether a page was
// left unread.
func followPages[T any](after map[string]string, maxPages int, page func(after map[string]string) ([]T, map[string]string, error)) ([]T, bool, error) {
	var out []T
	for range maxPages {
		items, next, err := page(after)
		if err != nil {
			return nil, false, err
		}
		out = append(out, items...)
		if next == nil {
			return out, false, nil
		}
		after = next
	}
	return out, true, nil
}

// keyRecord is the decode of a KeysOnly query: the item's primary key.
func keyRecord(it record) (record, error) { return keyOf(sOf(it[attrPK]), sOf(it[attrSK])), nil }
