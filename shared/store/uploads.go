package store

import (
	"context"
	"time"

	"github.com/verde-app/verde/shared/domain"
)

// CountUpload counts one photo upload of uid today (domain.ActFoto) under the rules in force:
// the rules' GetItem (cached a minute) and one transaction on the member's day item; over the
// cap it is domain.ErrDailyLimit (429).
func (s *Store) CountUpload(ctx context.Context, uid string, now time.Time) error {
	rules, err := s.Rules(ctx)
	if err != nil {
		return err
	}
	t := newTxn(s.Table)
	t.countDaily(uid, domain.ActFoto, rules, now)
	return s.writeTxn(ctx, t)
}
