package store

import (
	"context"
	"fmt"
	"strings"
)

// A member's name has one index item per word (admin.go), so a member whose
// name has two words starting with the query ("Pedro Pedido" for "ped") is
// in the index twice. A search keeps, of each member, only the item of the
// first such word in the index's order (the smallest): every member once
// across all pages, whatever the cursor, as the item alone decides. Pages
// stay full: a page short of duplicates reads on (at most
// maxUserSearchReads Queries) and its cursor is the last item it kept.

const maxUserSearchReads = 3

// firstMatchingWord reports whether the index item it (of word, under the
// query word w) is the member's first word starting with w.
func firstMatchingWord(it record, w string) bool {
	word, _, _ := strings.Cut(sOf(it[attrGSI1SK]), "#")
	for _, other := range strings.Fields(sOf(it["texto"])) {
		if other != word && strings.HasPrefix(other, w) && other < word {
			return false
		}
	}
	return true
}

// userNameIDs reads the ids of a name search's page: members once each,
// limit of them unless the index ends first.
func (s *Store) userNameIDs(ctx context.Context, qq query, w string) ([]string, map[string]string, error) {
	if !qq.positionFits() {
		return nil, nil, errBadCursor()
	}
	limit := qq.Limit
	var ids []string
	for read := 0; ; read++ {
		in := qq.input(s.Table)
		out, err := s.DB.Query(ctx, in)
		if err != nil {
			return nil, nil, fmt.Errorf("query %s: %w", qq.What, err)
		}
		for i, it := range out.Items {
			if !firstMatchingWord(it, w) {
				continue
			}
			ids = append(ids, sOf(it["userId"]))
			if len(ids) == limit {
				if i == len(out.Items)-1 && len(out.LastEvaluatedKey) == 0 {
					return ids, nil, nil
				}
				return ids, map[string]string{
					attrPK: sOf(it[attrPK]), attrSK: sOf(it[attrSK]),
					attrGSI1PK: sOf(it[attrGSI1PK]), attrGSI1SK: sOf(it[attrGSI1SK]),
				}, nil
			}
		}
		next := lastKey(out.LastEvaluatedKey)
		if next == nil || read+1 == maxUserSearchReads {
			return ids, next, nil
		}
		qq.After = next
		qq.Limit = limit - len(ids) + 1 // the rest, and one to spare for a duplicate
	}
}
