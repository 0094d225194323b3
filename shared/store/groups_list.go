package store

import (
	"context"

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

// Directory lists public groups, in a bounded number of calls whatever the
// table holds. A query with a word of 3 letters or more reads the word index
// (search.go: any word of the name or city, from its start; one Query and
// one BatchGetItem per page). Otherwise one Query:
//
//   - no UF: GSI1 DIR#PUBLIC, name-key prefix Q (exact pages, by name);
//   - UF: GSI2 DIR#UF#<UF>, city-key prefix Cidade (by city, then name); a Q
//     there is a contains() filter on the name key, applied within the page
//     the key condition read, so such a page may hold fewer than Limit items
//     (even none) while a next cursor exists. The read stays bounded by Limit.
//
// A city without a UF is refused by the API (cities repeat across states).
func (s *Store) Directory(ctx context.Context, q DirectoryQuery) ([]domain.Group, map[string]string, error) {
	if groups, next, ok, err := s.directoryByWords(ctx, q); ok {
		return groups, next, err
	}
	dq := query{Index: IndexGSI1, PK: dirPublic, Prefix: q.Q, Limit: q.Limit, After: q.After, What: "directory"}
	if q.UF != "" {
		dq = query{Index: IndexGSI2, PK: dirUFPrefix + q.UF, Prefix: q.Cidade, Limit: q.Limit, After: q.After, What: "directory"}
		dq.ContainsAttr, dq.Contains = "nomeBusca", q.Q
	}
	return queryPage(ctx, s, dq, decodeGroup)
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
	members, next, err := queryPage(ctx, s, query{
		Index: IndexGSI1, PK: UserPK(uid), Prefix: prefixGroup, Limit: limit, After: after, What: "my groups",
	}, decodeMember)
	if err != nil {
		return nil, nil, err
	}
	keys := keysOf(members, func(m domain.Membership) itemKey { return itemKey{GroupPK(m.GroupID), skMeta} })
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
	return queryPage(ctx, s, query{PK: GroupPK(gid), Prefix: prefixMember, Limit: limit, After: after, What: "members"}, decodeMember)
}

// RequestsScope binds a join-requests cursor to its group.
func RequestsScope(gid string) string { return "groups:requests|" + gid }

// Requests lists a group's open join requests, one Query.
func (s *Store) Requests(ctx context.Context, gid string, limit int, after map[string]string) ([]domain.JoinRequest, map[string]string, error) {
	return queryPage(ctx, s, query{PK: GroupPK(gid), Prefix: prefixRequest, Limit: limit, After: after, What: "join requests"}, decodeRequest)
}
