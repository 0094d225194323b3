package auth

import (
	"context"
	"time"

	"github.com/verde-app/verde/shared/domain"
)

// Access is what the server's own record says of the caller (the store's
// access list, read on every request from a copy at most a few seconds old):
// whether they are disabled, deleting their account, or a site admin.
type Access struct {
	Disabled      bool
	Admin         bool
	DeletingSince time.Time
	Deleted       bool
}

// AccessCheck reads the record for sub.
type AccessCheck func(ctx context.Context, sub string) (Access, error)

// SetAccessCheck makes Require refuse disabled and deleted accounts with 401
// and take the admin role from the record, never from the token: a token's
// cognito:groups claim stays valid for its whole life after a demotion, the
// record changes at once.
func (v *Verifier) SetAccessCheck(f AccessCheck) { v.access = f }

// applyAccess refuses the caller or settles their admin role. duringDeletion
// lets a deleting account through (the deletion's own route).
func (v *Verifier) applyAccess(ctx context.Context, c *Claims, duringDeletion bool) error {
	if v.access == nil {
		return nil
	}
	a, err := v.access(ctx, c.Sub)
	if err != nil {
		return err
	}
	switch {
	case a.Disabled:
		return domain.ErrContaDesativada()
	case a.Deleted, !a.DeletingSince.IsZero() && !duringDeletion:
		return domain.ErrContaExcluida()
	}
	c.setAdmin(a.Admin)
	return nil
}
