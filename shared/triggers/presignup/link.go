package presignup

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/verde-app/verde/shared/domain"
)

// ErrUnverifiedAccountExists refuses a Google sign-in whose e-mail belongs to a password
// account that never proved it owns that e-mail: linking would hand that account to whoever
// registered the address first. Cognito shows the message to the SPA (after "PreSignUp failed
// with error "), and /login shows it.
var ErrUnverifiedAccountExists = errors.New(domain.MsgContaSenhaNaoConfirmada)

// Account is what linking needs of an existing user of the pool.
type Account struct {
	Username      string
	External      bool // made by a federated sign-in (UserStatus EXTERNAL_PROVIDER)
	EmailVerified bool
}

// Accounts is the user pool, as linking sees it (a Cognito client in Lambda and locally).
type Accounts interface {
	// ByEmail lists the pool's users whose email attribute is email.
	ByEmail(ctx context.Context, poolID, email string) ([]Account, error)
	// Link makes the federated identity (provider, subject) sign in as username.
	Link(ctx context.Context, poolID, username, provider, subject string) error
}

// linkExternal runs for PreSignUp_ExternalProvider: a first Google sign-in. With no password
// account for the e-mail, Cognito creates the Google user as usual. With one whose e-mail is
// verified, the Google identity is linked to it, so the person keeps one account, profile and
// points. With one whose e-mail is not verified, the sign-in is refused.
func linkExternal(ctx context.Context, accounts Accounts, poolID, userName, email string) error {
	provider, subject, ok := strings.Cut(userName, "_")
	if !ok || provider == "" || subject == "" || email == "" {
		return nil
	}
	found, err := accounts.ByEmail(ctx, poolID, email)
	if err != nil {
		return fmt.Errorf("look up %s: %w", email, err)
	}
	for _, a := range found {
		if a.External {
			continue
		}
		if !a.EmailVerified {
			return ErrUnverifiedAccountExists
		}
		return accounts.Link(ctx, poolID, a.Username, provider, subject)
	}
	return nil
}
