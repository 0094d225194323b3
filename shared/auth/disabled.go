package auth

import (
	"context"

	"github.com/verde-app/verde/shared/domain"
)

// DisabledCheck reports whether a site admin disabled the member sub
// (/admin/usuarios). The store's answer comes from a per-container copy of
// the disabled set read at most once a minute (store.IsDisabled), so a
// disabled member's requests are refused by every container within a minute,
// whatever access token they still hold (Cognito's own disable and global
// sign-out stop new sign-ins and refreshes; the access token alone would
// otherwise work until it expires, 15 minutes).
type DisabledCheck func(ctx context.Context, sub string) (bool, error)

// SetDisabledCheck makes Require refuse disabled members with 401.
func (v *Verifier) SetDisabledCheck(f DisabledCheck) { v.disabled = f }

func errDisabled() error {
	return &domain.Error{Code: domain.EUnauthenticated, Message: "Sua conta está desativada. Fale com a equipe do Verde."}
}

func (v *Verifier) refuseDisabled(ctx context.Context, sub string) error {
	if v.disabled == nil {
		return nil
	}
	off, err := v.disabled(ctx, sub)
	if err != nil {
		return err
	}
	if off {
		return errDisabled()
	}
	return nil
}
