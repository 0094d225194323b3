package store

import (
	"context"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
)

// BackfillUserIndex gives every profile the admin member-search items it
// lacks (admin.go: name words and e-mail), for members created before the
// index existed. It reads the profiles page by page (ScanEntityPage: the
// export job's function runs it, `make backfill-search` locally, a one-off
// invoke in AWS), reads each page's existing index items (BatchGetItem) and
// writes only the missing or different ones: running it twice writes
// nothing the second time. Returns the items written.
func (s *Store) BackfillUserIndex(ctx context.Context) (int, error) {
	written := 0
	var after map[string]string
	for {
		rows, next, err := s.ScanEntityPage(ctx, []string{"profile"}, 200, after)
		if err != nil {
			return written, err
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
				return written, err
			}
			var pending []record
			for _, it := range chunk {
				item, err := attributevalue.MarshalMap(it)
				if err != nil {
					return written, fmt.Errorf("encode index item: %w", err)
				}
				if cur := have[itemKey{it.PK, it.SK}]; cur != nil && sOf(cur[attrGSI1SK]) == it.GSI1SK && sOf(cur["texto"]) == it.Texto {
					continue
				}
				pending = append(pending, item)
			}
			for b := 0; b < len(pending); b += batchWriteMax {
				if err := s.batchPut(ctx, pending[b:min(b+batchWriteMax, len(pending))]); err != nil {
					return written, err
				}
			}
			written += len(pending)
		}
		if next == nil {
			return written, nil
		}
		after = next
	}
}
