package store

import (
	"context"
	"time"
)

func (s *Store) escalaReminder(ctx context.Context, t *txn, gid, eid, day string, at, now time.Time) (bool, error) {
	return false, nil
}
