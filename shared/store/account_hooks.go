package store

import "context"

// EraseFeedOfUser is the feed's part of an account deletion (the hook the
// feed area fills at merge): the user's likes deleted (with the posts'
// counts), their posts and comments kept as RemovedUserName with no id,
// name or photo that leads back to them. It runs as an ErasePhase
// (AccountErasers, account.go): erase at most budget items, report done when
// none is left. Until the feed exists, a user has nothing there.
func EraseFeedOfUser(ctx context.Context, s *Store, uid string, budget int) (erased int, done bool, err error) {
	return 0, true, nil
}

// ExportFeedOfUser is the feed's part of the export (the hook the feed area
// fills at merge): the user's posts, comments and likes, a page at a time,
// as ExportItems under "posts", "comentarios" and "curtidas" (an
// ExportSection of AccountExport, account_export.go).
func ExportFeedOfUser(ctx context.Context, s *Store, uid string, limit int, after map[string]string) ([]ExportItem, map[string]string, error) {
	return nil, nil, nil
}
