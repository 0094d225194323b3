package store

import (
	"context"
	"time"

	"github.com/verde-app/verde/shared/domain"
)

func (s *Store) escalaReminder(ctx context.Context, t *txn, gid, eid, day string, at, now time.Time) (bool, error) {
	return false, nil
}

func decodeEscalaAgenda(r record) (domain.AgendaItem, error) {
	return domain.AgendaItem{}, nil
}
