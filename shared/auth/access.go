package auth

import (
	"context"
	"crypto/sha256"
	"errors"
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
	if a.Admin && v.totp != nil {
		has, err := v.hasTOTP(ctx, c.Token)
		if errors.Is(err, ErrRevoked) {
			return domain.ErrSessaoInvalida()
		}
		if err != nil {
			return err
		}
		if !has {
			c.setAdmin(false)
			c.AdminNeedsTOTP = true
		}
	}
	return nil
}

// TOTPCheck asks Cognito, with the caller's own access token (GetUser needs
// no IAM permission), whether their account has TOTP MFA enabled. A token
// Cognito no longer accepts (a global sign-out, a deleted or disabled user)
// is ErrRevoked.
type TOTPCheck func(ctx context.Context, accessToken string) (bool, error)

// ErrRevoked is a token Cognito itself refuses now.
var ErrRevoked = errors.New("access token revoked")

// MFATTL bounds how long a container trusts an admin token's TOTP answer.
const MFATTL = 10 * time.Second

// SetTOTPCheck makes the admin role need TOTP MFA: an admin whose account
// has none is an ordinary member (and RequireAdmin says why) until they set
// it up in /configuracoes.
func (v *Verifier) SetTOTPCheck(f TOTPCheck) { v.totp = f }

type totpAnswer struct {
	ok    bool
	until time.Time
}

// hasTOTP is f's answer for the token, kept MFATTL per container.
func (v *Verifier) hasTOTP(ctx context.Context, token string) (bool, error) {
	key := sha256.Sum256([]byte(token))
	now := v.now()
	v.totpMu.Lock()
	a, ok := v.totpCache[key]
	v.totpMu.Unlock()
	if ok && now.Before(a.until) {
		return a.ok, nil
	}
	has, err := v.totp(ctx, token)
	if err != nil {
		return false, err
	}
	v.totpMu.Lock()
	if v.totpCache == nil || len(v.totpCache) > MaxCachedTokens {
		v.totpCache = map[[32]byte]totpAnswer{}
	}
	v.totpCache[key] = totpAnswer{ok: has, until: now.Add(MFATTL)}
	v.totpMu.Unlock()
	return has, nil
}
