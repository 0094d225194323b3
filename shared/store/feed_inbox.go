package store

import (
	"context"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/verde-app/verde/shared/domain"
)

// "Meus grupos" (the feed of the caller's groups) is read from the member's
// own partition: each group post leaves a pointer with every member of its
// group,
//
//	USER#<uid>  MGFEED#<time>#<pid>  postId, grupoId, expiraEm (a year)
//
// so a page is one Query of the newest pointers and one BatchGetItem of the
// posts, the caller's likes and profile: two calls and a full page whatever
// the other groups post (the old read walked the whole community's group
// posts, GSI2 FEED#GRUPOS, in windows of 90 and kept the caller's). The
// author's pointer is written in the post's own transaction; the other
// members' by the views job (FanOutPost, invoked by the feed's API after the
// post commits: one Query of the group's member keys, capped at 500, and a
// BatchWriteItem per 25). Joining a group copies its newest posts' pointers
// (FillGroupFeed); leaving takes the group's pointers away (WithdrawGroupFeed).
// A page keeps only the posts of the caller's groups (the profile read with
// it) that still exist and are visible, so a post deleted, or a group left
// while the job has not run yet, shortens a page by that post.

const (
	prefixMeusGrupos = "MGFEED#"
	itemInbox        = "inbox"
	inboxTTL         = 365 * 24 * time.Hour
	// inboxFill is how many of a group's newest posts a new member's feed receives.
	inboxFill = 30
	// maxInboxPage bounds a page: its posts, likes and the profile in one BatchGetItem.
	maxInboxPage = 49
)

func inboxSK(t time.Time, pid string) string { return prefixMeusGrupos + fmtTime(t) + "#" + pid }

type inboxItem struct {
	PK       string `dynamodbav:"PK"`
	SK       string `dynamodbav:"SK"`
	Type     string `dynamodbav:"type"`
	PostID   string `dynamodbav:"postId"`
	GrupoID  string `dynamodbav:"grupoId"`
	ExpiraEm int64  `dynamodbav:"expiraEm"`
}

func inboxItemOf(uid, gid, pid string, at time.Time) inboxItem {
	return inboxItem{PK: UserPK(uid), SK: inboxSK(at, pid), Type: "feedPointer", PostID: pid, GrupoID: gid, ExpiraEm: at.Add(inboxTTL).Unix()}
}

// MyGroupsFeed is "Meus grupos": one page of the caller's pointers, newest
// first, and one BatchGetItem of their posts, likes and the caller's profile.
func (s *Store) MyGroupsFeed(ctx context.Context, actor Actor, limit int, after map[string]string) ([]FeedPost, map[string]string, error) {
	ptrs, next, err := queryPage(ctx, s, query{PK: UserPK(actor.ID), Prefix: prefixMeusGrupos, Limit: min(limit, maxInboxPage), After: after, NewestFirst: true, What: "my groups feed"},
		func(r record) (inboxItem, error) { return unmarshal[inboxItem](r, "feed pointer") })
	if err != nil {
		return nil, nil, err
	}
	pids := make([]string, len(ptrs))
	for i, p := range ptrs {
		pids[i] = p.PostID
	}
	items, grupos, err := s.readPosts(ctx, actor.ID, pids)
	if err != nil {
		return nil, nil, err
	}
	posts := make([]domain.Post, 0, len(ptrs))
	for _, ptr := range ptrs {
		pi := items[itemKey{PostPK(ptr.PostID), skMeta}]
		if pi == nil || !containsID(grupos, ptr.GrupoID) {
			continue
		}
		p, err := decodePost(pi)
		if err != nil {
			return nil, nil, err
		}
		if p.GrupoID == ptr.GrupoID && p.VisibleTo(actor.ID, false, grupos) {
			posts = append(posts, p)
		}
	}
	return withLikes(posts, items, actor.ID), next, nil
}

// FanOutPost leaves post pid's pointer with every member of its group (the
// author has theirs from the post's transaction): a GetItem of the post, the
// group's member keys (one Query page: at most 500 members), and one
// BatchWriteItem per 25 members. Running it twice writes the same items.
func (s *Store) FanOutPost(ctx context.Context, pid string) (int, error) {
	if !validID(pid) {
		return 0, domain.ErrPostNotFound()
	}
	pi, err := s.getItem(ctx, PostPK(pid), skMeta, "post")
	if err != nil || pi == nil {
		return 0, err // deleted meanwhile: nothing to point at
	}
	return s.fanOut(ctx, pi, false)
}

// fanOut writes post item pi's pointers to its group's members (the author
// too when withAuthor).
func (s *Store) fanOut(ctx context.Context, pi record, withAuthor bool) (int, error) {
	p, err := decodePost(pi)
	if err != nil || p.GrupoID == "" {
		return 0, err
	}
	members, err := s.memberIDs(ctx, p.GrupoID)
	if err != nil {
		return 0, err
	}
	var batch []record
	for _, uid := range members {
		if uid == p.AutorID && !withAuthor {
			continue
		}
		it, err := attributevalue.MarshalMap(inboxItemOf(uid, p.GrupoID, p.ID, p.CriadoEm))
		if err != nil {
			return 0, fmt.Errorf("encode feed pointer: %w", err)
		}
		batch = append(batch, it)
	}
	return len(batch), s.putAll(ctx, batch)
}

// FillGroupFeed gives member uid the pointers of group gid's newest posts
// (after joining it): one Query of the group's Mural and BatchWriteItems.
func (s *Store) FillGroupFeed(ctx context.Context, gid, uid string) (int, error) {
	if !validID(gid) {
		return 0, domain.ErrGroupNotFound()
	}
	posts, _, err := queryPage(ctx, s, query{Index: IndexGSI1, PK: feedGroup(gid), Limit: inboxFill, NewestFirst: true, What: "group feed"}, decodePost)
	if err != nil {
		return 0, err
	}
	var batch []record
	for _, p := range posts {
		it, err := attributevalue.MarshalMap(inboxItemOf(uid, gid, p.ID, p.CriadoEm))
		if err != nil {
			return 0, fmt.Errorf("encode feed pointer: %w", err)
		}
		batch = append(batch, it)
	}
	return len(batch), s.putAll(ctx, batch)
}

// WithdrawGroupFeed takes group gid's pointers out of uid's feed (after
// leaving it, unless they are a member again): pages of the member's
// pointers, the group's deleted 25 a call. A job's work: its cost is the
// member's feed, never a request's.
func (s *Store) WithdrawGroupFeed(ctx context.Context, gid, uid string) (int, error) {
	if m, err := s.membership(ctx, gid, uid); err != nil || m != nil {
		return 0, err
	}
	n := 0
	var after map[string]string
	for {
		ptrs, next, err := queryPage(ctx, s, query{PK: UserPK(uid), Prefix: prefixMeusGrupos, After: after, What: "feed pointers"},
			func(r record) (inboxItem, error) { return unmarshal[inboxItem](r, "feed pointer") })
		if err != nil {
			return n, err
		}
		var keys []map[string]types.AttributeValue
		for _, p := range ptrs {
			if p.GrupoID == gid {
				keys = append(keys, keyOf(p.PK, p.SK))
			}
		}
		if err := s.batchDelete(ctx, keys); err != nil {
			return n, err
		}
		n += len(keys)
		if next == nil {
			return n, nil
		}
		after = next
	}
}

// memberIDs are the ids of group gid's members: one KEYS_ONLY Query page
// (a group holds at most domain.MaxMaxMembros, some 40 kB of keys).
func (s *Store) memberIDs(ctx context.Context, gid string) ([]string, error) {
	keys, err := queryAll(ctx, s, query{PK: GroupPK(gid), Prefix: prefixMember, KeysOnly: true, What: "members"}, 3, keyRecord)
	if err != nil {
		return nil, err
	}
	out := make([]string, 0, len(keys))
	for _, k := range keys {
		if m, ok := memberOfKey(sOf(k[attrSK])); ok {
			out = append(out, m)
		}
	}
	return out, nil
}

// putAll writes items 25 a call (batchPut retries what DynamoDB left unprocessed).
func (s *Store) putAll(ctx context.Context, items []record) error {
	for i := 0; i < len(items); i += batchWriteMax {
		if err := s.batchPut(ctx, items[i:min(i+batchWriteMax, len(items))]); err != nil {
			return err
		}
	}
	return nil
}
