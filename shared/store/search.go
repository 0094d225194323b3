package store

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"

	"github.com/verde-app/verde/shared/domain"
)

// The directory's word index. Every public group has one item per word of its
// name and city (domain.SearchWords), in its own partition, so everything that
// writes the group keeps them in the same transaction and deleting the group
// deletes them with the rest of the partition:
//
//	PK GROUP#<gid>  SK WORD#<word>  GSI1PK DIRWORD#<first 3 letters>  GSI1SK <word>#<name key>#<gid>
//
// A search reads one GSI1 partition by its longest word's start (begins_with
// on the sort key), filters it by its other words (texto holds every word
// after a space: contains ' vila'), UF and city (reading up to 1 MB and
// keeping the first page of matches, never a page thinned after Limit),
// then reads the page's groups in one BatchGetItem: two calls per page.

const (
	prefixWord    = "WORD#"
	dirWordPrefix = "DIRWORD#"
	itemWordPut   = "word:"
	skDirWordsRun = "MIGRATION#DIRWORDS" // under CONFIG: the backfill ran
)

type wordItem struct {
	PK          string `dynamodbav:"PK"`
	SK          string `dynamodbav:"SK"`
	Type        string `dynamodbav:"type"`
	GroupID     string `dynamodbav:"groupId"`
	Texto       string `dynamodbav:"texto"`
	UF          string `dynamodbav:"uf"`
	CidadeBusca string `dynamodbav:"cidadeBusca"`
	GSI1PK      string `dynamodbav:"GSI1PK"`
	GSI1SK      string `dynamodbav:"GSI1SK"`
}

// wordItems are the index items a group should have (none unless it is
// public and not being deleted), by sort key.
func wordItems(g *domain.Group) map[string]wordItem {
	out := map[string]wordItem{}
	if g == nil || g.Visibilidade != domain.Publico || g.Deleting {
		return out
	}
	nameKey, texto, cidade := domain.SearchKey(g.Nome), domain.SearchText(g.Nome, g.Cidade), domain.SearchKey(g.Cidade)
	for _, w := range domain.SearchWords(g.Nome, g.Cidade) {
		sk := prefixWord + w
		out[sk] = wordItem{
			PK: GroupPK(g.ID), SK: sk, Type: "dirword", GroupID: g.ID, Texto: texto, UF: g.UF, CidadeBusca: cidade,
			GSI1PK: dirWordPrefix + domain.SearchPrefix(w), GSI1SK: w + "#" + nameKey + "#" + g.ID,
		}
	}
	return out
}

// indexWords adds to t what moves the group's index from prev's items (nil
// for a new group) to next's: deletes of words gone, puts of words new or
// changed. At most 2 × domain.MaxSearchWords items.
func indexWords(t *txn, prev *domain.Group, next domain.Group) {
	old, now := wordItems(prev), wordItems(&next)
	for sk := range old {
		if _, ok := now[sk]; !ok {
			t.delete(itemWordPut+sk, GroupPK(next.ID), sk, nil)
		}
	}
	for sk, it := range now {
		if o, ok := old[sk]; ok && o == it {
			continue
		}
		t.putItem(itemWordPut+sk, it, "")
	}
}

// directoryByWords is Directory for a query with a word of at least
// domain.MinSearchWord characters; ok is false for any other query.
func (s *Store) directoryByWords(ctx context.Context, q DirectoryQuery) (groups []domain.Group, next map[string]string, ok bool, err error) {
	words := domain.QueryWords(q.Q)
	if len(words) == 0 || domain.Length(words[0]) < domain.MinSearchWord {
		return nil, nil, false, nil
	}
	main := words[0]
	in := query{Index: IndexGSI1, PK: dirWordPrefix + domain.SearchPrefix(main), Prefix: main, Limit: q.Limit, After: q.After, What: "directory words"}.input(s.Table)
	var filters []string
	names := map[string]string{}
	bind := func(v string) string {
		p := ":f" + strconv.Itoa(len(in.ExpressionAttributeValues))
		in.ExpressionAttributeValues[p] = str(v)
		return p
	}
	for _, w := range words[1:] {
		names["#texto"] = "texto"
		filters = append(filters, "contains(#texto, "+bind(" "+w)+")")
	}
	if q.UF != "" {
		names["#uf"] = "uf"
		filters = append(filters, "#uf = "+bind(q.UF))
	}
	if q.Cidade != "" {
		names["#cidade"] = "cidadeBusca"
		filters = append(filters, "begins_with(#cidade, "+bind(q.Cidade)+")")
	}
	if len(filters) > 0 {
		in.FilterExpression = aws.String(strings.Join(filters, " AND "))
		in.ExpressionAttributeNames = names
		in.Limit = nil // the first Limit matches of up to 1 MB (firstOf), never a page thinned after Limit
	}
	out, err := s.DB.Query(ctx, in)
	if err != nil {
		return nil, nil, true, fmt.Errorf("query directory words: %w", err)
	}
	items, nextPos := out.Items, lastKey(out.LastEvaluatedKey)
	if len(filters) > 0 {
		items, nextPos = firstOf(items, nextPos, query{Index: IndexGSI1, Limit: q.Limit})
	}
	var ids []string
	seen := map[string]bool{}
	for _, it := range items {
		gid := sOf(it["groupId"])
		if gid != "" && !seen[gid] {
			seen[gid] = true
			ids = append(ids, gid)
		}
	}
	groups = make([]domain.Group, 0, len(ids))
	if len(ids) > 0 {
		keys := make([]itemKey, len(ids))
		for i, id := range ids {
			keys[i] = itemKey{GroupPK(id), skMeta}
		}
		metas, err := s.batchGet(ctx, keys...)
		if err != nil {
			return nil, nil, true, err
		}
		for _, k := range keys {
			meta := metas[k]
			if meta == nil {
				continue
			}
			g, err := decodeGroup(meta)
			if err != nil {
				return nil, nil, true, err
			}
			if g.Deleting || g.Visibilidade != domain.Publico {
				continue
			}
			groups = append(groups, g)
		}
	}
	return groups, nextPos, true, nil
}

// BackfillDirectoryWordsPage gives one page of public groups (GSI1
// DIR#PUBLIC, from after) their word items, for groups made before the word
// index existed: puts, 25 at a time, so running it twice changes nothing. It
// returns the next page's position (nil at the end) and the items written.
// The "palavras-do-diretorio" migration (shared/migrations) runs it page by
// page; a table whose backfill ran before migrations were recorded carries
// CONFIG/MIGRATION#DIRWORDS (DirectoryWordsBackfilled).
func (s *Store) BackfillDirectoryWordsPage(ctx context.Context, after map[string]string) (map[string]string, int, error) {
	groups, next, err := queryPage(ctx, s, query{Index: IndexGSI1, PK: dirPublic, Limit: 100, After: after, What: "public groups"}, decodeGroup)
	if err != nil {
		return after, 0, err
	}
	var pending []record
	for _, g := range groups {
		for _, it := range wordItems(&g) {
			item, err := attributevalue.MarshalMap(it)
			if err != nil {
				return after, 0, fmt.Errorf("encode word item: %w", err)
			}
			pending = append(pending, item)
		}
	}
	for b := 0; b < len(pending); b += batchWriteMax {
		if err := s.batchPut(ctx, pending[b:min(b+batchWriteMax, len(pending))]); err != nil {
			return after, b, err
		}
	}
	return next, len(pending), nil
}

// DirectoryWordsBackfilled reports whether the table's directory backfill
// ran before migrations were recorded (its old mark in CONFIG).
func (s *Store) DirectoryWordsBackfilled(ctx context.Context) (bool, error) {
	done, err := s.getItem(ctx, pkConfig, skDirWordsRun, "directory backfill mark")
	return done != nil, err
}
