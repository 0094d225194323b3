package store

import (
	"context"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
)

// BackfillUserIndexPage gives one page of profiles (from after) the admin
// member-search items they lack (admin.go: name words and e-mail), for
// members created before the index existed: it reads the page
// (ScanEntityPage), the page's existing index items (BatchGetItem) and
// writes only the missing or different ones, so running it twice writes
// nothing the second time. It returns the next page's position (nil at the
// end) and the items written. The "busca-de-membros" migration
// (shared/migrations) runs it page by page.
func (s *Store) BackfillUserIndexPage(ctx context.Context, after map[string]string) (map[string]string, int, error) {
	written := 0
	rows, next, err := s.ScanEntityPage(ctx, []string{"profile"}, 200, after)
	if err != nil {
		return after, written, err
	}
	var want []userIndexItem
	for _, row := range rows {
		uid, _ := row["id"].(string)
		nome, _ := row["nome"].(string)
		email, _ := row["email"].(string)
		if uid == "" {
			continue
		}
		want = append(want, userNameIndex(uid, nome)...)
		if it, ok := userEmailIndex(uid, email); ok {
			want = append(want, it)
		}
	}
	for start := 0; start < len(want); start += 100 {
		chunk := want[start:min(start+100, len(want))]
		keys := make([]itemKey, len(chunk))
		for i, it := range chunk {
			keys[i] = itemKey{it.PK, it.SK}
		}
		have, err := s.batchGet(ctx, keys...)
		if err != nil {
			return after, written, err
		}
		var pending []record
		for _, it := range chunk {
			item, err := attributevalue.MarshalMap(it)
			if err != nil {
				return after, written, fmt.Errorf("encode index item: %w", err)
			}
			if cur := have[itemKey{it.PK, it.SK}]; cur != nil && sOf(cur[attrGSI1SK]) == it.GSI1SK && sOf(cur["texto"]) == it.Texto {
				continue
			}
			pending = append(pending, item)
		}
		for b := 0; b < len(pending); b += batchWriteMax {
			if err := s.batchPut(ctx, pending[b:min(b+batchWriteMax, len(pending))]); err != nil {
				return after, written, err
			}
		}
		written += len(pending)
	}
	return next, written, nil
}
