package store

import (
	"context"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/verde-app/verde/shared/domain"
)

// DirectoryQuery is a search of the public groups. Q and Cidade are already
// folded with domain.SearchKey; UF is upper case.
type DirectoryQuery struct {
	Q, Cidade, UF string
	Limit         int
	After         map[string]string // cursor position, nil for the first page
}

// Scope binds a cursor to this search, so a cursor of one search cannot be
// replayed against another (or another index).
func (q DirectoryQuery) Scope() string {
	return "groups:dir|" + q.UF + "|" + q.Cidade + "|" + q.Q
}

// Directory lists public groups: one Query, whatever the table holds.
//
//   - no UF: GSI1 DIR#PUBLIC, name-key prefix Q (exact pages, by name);
//   - UF: GSI2 DIR#UF#<UF>, city-key prefix Cidade (by city, then name); a Q
//     there is a contains() filter on the name key, applied within the page
//     the key condition read, so such a page may hold fewer than Limit items
//     (even none) while a next cursor exists. The read stays bounded by Limit.
//
// A city without a UF is refused by the API (cities repeat across states).
func (s *Store) Directory(ctx context.Context, q DirectoryQuery) ([]domain.Group, map[string]string, error) {
	in := &dynamodb.QueryInput{
		TableName: aws.String(s.Table), Limit: aws.Int32(int32(q.Limit)), ExclusiveStartKey: startKey(q.After),
		ExpressionAttributeValues: map[string]types.AttributeValue{},
	}
	if q.UF == "" {
		in.IndexName = aws.String(IndexGSI1)
		in.KeyConditionExpression = aws.String("GSI1PK = :pk")
		in.ExpressionAttributeValues[":pk"] = str(dirPublic)
		if q.Q != "" {
			in.KeyConditionExpression = aws.String("GSI1PK = :pk AND begins_with(GSI1SK, :prefix)")
			in.ExpressionAttributeValues[":prefix"] = str(q.Q)
		}
	} else {
		in.IndexName = aws.String(IndexGSI2)
		in.KeyConditionExpression = aws.String("GSI2PK = :pk")
		in.ExpressionAttributeValues[":pk"] = str(dirUFPrefix + q.UF)
		if q.Cidade != "" {
			in.KeyConditionExpression = aws.String("GSI2PK = :pk AND begins_with(GSI2SK, :prefix)")
			in.ExpressionAttributeValues[":prefix"] = str(q.Cidade)
		}
		if q.Q != "" {
			in.FilterExpression = aws.String("contains(nomeBusca, :q)")
			in.ExpressionAttributeValues[":q"] = str(q.Q)
		}
	}
	out, err := s.DB.Query(ctx, in)
	if err != nil {
		return nil, nil, fmt.Errorf("query directory: %w", err)
	}
	groups := make([]domain.Group, 0, len(out.Items))
	for _, item := range out.Items {
		g, err := decodeGroup(item)
		if err != nil {
			return nil, nil, err
		}
		groups = append(groups, g)
	}
	return groups, lastKey(out.LastEvaluatedKey), nil
}

// MyGroup is one of the caller's groups with their role.
type MyGroup struct {
	Group      domain.Group
	Membership domain.Membership
}

// MyGroupsScope binds a "my groups" cursor to its user.
func MyGroupsScope(uid string) string { return "groups:mine|" + uid }

// MyGroups lists the user's memberships (GSI1 USER#uid / GROUP#…) and reads
// their groups in one BatchGetItem: two calls per page (limit ≤ 100 keeps
// the batch in one call). The group is read fresh rather than trusting the
// membership's snapshot, so renames show at once.
func (s *Store) MyGroups(ctx context.Context, uid string, limit int, after map[string]string) ([]MyGroup, map[string]string, error) {
	out, err := s.DB.Query(ctx, &dynamodb.QueryInput{
		TableName: aws.String(s.Table), IndexName: aws.String(IndexGSI1),
		KeyConditionExpression: aws.String("GSI1PK = :pk AND begins_with(GSI1SK, :g)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":pk": str(UserPK(uid)), ":g": str("GROUP#"),
		},
		Limit: aws.Int32(int32(limit)), ExclusiveStartKey: startKey(after),
	})
	if err != nil {
		return nil, nil, fmt.Errorf("query my groups: %w", err)
	}
	var members []domain.Membership
	var keys []itemKey
	for _, item := range out.Items {
		m, err := decodeMember(item)
		if err != nil {
			return nil, nil, err
		}
		members = append(members, m)
		keys = append(keys, itemKey{GroupPK(m.GroupID), skMeta})
	}
	next := lastKey(out.LastEvaluatedKey)
	if len(keys) == 0 {
		return []MyGroup{}, next, nil
	}
	metas, err := s.batchGet(ctx, keys...)
	if err != nil {
		return nil, nil, err
	}
	res := make([]MyGroup, 0, len(members))
	for _, m := range members {
		item := metas[itemKey{GroupPK(m.GroupID), skMeta}]
		if item == nil {
			continue // deleted while we read
		}
		g, err := decodeGroup(item)
		if err != nil {
			return nil, nil, err
		}
		if g.Deleting {
			continue
		}
		res = append(res, MyGroup{Group: g, Membership: m})
	}
	return res, next, nil
}

// MembersScope binds a members cursor to its group.
func MembersScope(gid string) string { return "groups:members|" + gid }

// Members lists a group's members, one Query (a group has at most 500).
func (s *Store) Members(ctx context.Context, gid string, limit int, after map[string]string) ([]domain.Membership, map[string]string, error) {
	items, next, err := s.queryPrefix(ctx, GroupPK(gid), "MEMBER#", limit, after)
	if err != nil {
		return nil, nil, err
	}
	out := make([]domain.Membership, 0, len(items))
	for _, item := range items {
		m, err := decodeMember(item)
		if err != nil {
			return nil, nil, err
		}
		out = append(out, m)
	}
	return out, next, nil
}

// RequestsScope binds a join-requests cursor to its group.
func RequestsScope(gid string) string { return "groups:requests|" + gid }

// Requests lists a group's open join requests, one Query.
func (s *Store) Requests(ctx context.Context, gid string, limit int, after map[string]string) ([]domain.JoinRequest, map[string]string, error) {
	items, next, err := s.queryPrefix(ctx, GroupPK(gid), "REQUEST#", limit, after)
	if err != nil {
		return nil, nil, err
	}
	out := make([]domain.JoinRequest, 0, len(items))
	for _, item := range items {
		r, err := decodeRequest(item)
		if err != nil {
			return nil, nil, err
		}
		out = append(out, r)
	}
	return out, next, nil
}

// queryPrefix is one Query of the items of pk whose SK starts with prefix.
func (s *Store) queryPrefix(ctx context.Context, pk, prefix string, limit int, after map[string]string) ([]map[string]types.AttributeValue, map[string]string, error) {
	in := &dynamodb.QueryInput{
		TableName:              aws.String(s.Table),
		KeyConditionExpression: aws.String("PK = :pk AND begins_with(SK, :prefix)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":pk": str(pk), ":prefix": str(prefix),
		},
		ExclusiveStartKey: startKey(after),
	}
	if limit > 0 {
		in.Limit = aws.Int32(int32(limit))
	}
	out, err := s.DB.Query(ctx, in)
	if err != nil {
		return nil, nil, fmt.Errorf("query %s: %w", prefix, err)
	}
	return out.Items, lastKey(out.LastEvaluatedKey), nil
}
