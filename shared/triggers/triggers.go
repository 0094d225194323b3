// Package triggers holds the Cognito user-pool triggers.
package triggers

import (
	"context"
	"errors"

	"github.com/aws/aws-lambda-go/events"

	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/domain"
)

// PreSignUpFunc is the PreSignUp trigger's Lambda signature.
type PreSignUpFunc func(context.Context, events.CognitoEventUserPoolsPreSignup) (events.CognitoEventUserPoolsPreSignup, error)

// PostConfirmationFunc is the PostConfirmation trigger's Lambda signature.
type PostConfirmationFunc func(context.Context, events.CognitoEventUserPoolsPostConfirmation) (events.CognitoEventUserPoolsPostConfirmation, error)

// PreSignUp requires a name on e-mail sign-up and, when autoConfirm is on,
// confirms the user and marks the e-mail verified (no code e-mail to wait for).
func PreSignUp(autoConfirm bool) PreSignUpFunc {
	return func(ctx context.Context, ev events.CognitoEventUserPoolsPreSignup) (events.CognitoEventUserPoolsPreSignup, error) {
		if ev.TriggerSource == "PreSignUp_SignUp" && domain.CleanText(ev.Request.UserAttributes["name"]) == "" {
			return ev, errors.New("O nome é obrigatório")
		}
		if autoConfirm {
			ev.Response.AutoConfirmUser = true
			if ev.Request.UserAttributes["email"] != "" {
				ev.Response.AutoVerifyEmail = true
			}
		}
		return ev, nil
	}
}

// PostConfirmation writes the users profile of SPEC §3 with its initial values.
// It is idempotent: Cognito retries triggers, and GET /api/me may have won.
func PostConfirmation(d app.Deps) PostConfirmationFunc {
	return func(ctx context.Context, ev events.CognitoEventUserPoolsPostConfirmation) (events.CognitoEventUserPoolsPostConfirmation, error) {
		if ev.TriggerSource != "PostConfirmation_ConfirmSignUp" {
			return ev, nil
		}
		attrs := ev.Request.UserAttributes
		sub := attrs["sub"]
		if sub == "" {
			return ev, errors.New("PostConfirmation without sub")
		}
		_, _, err := d.Store.CreateProfile(ctx, domain.ProfileFromIdentity(sub, attrs["name"], attrs["email"], attrs["picture"], d.Now()))
		return ev, err
	}
}
