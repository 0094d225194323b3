// Package triggers holds the Cognito user-pool triggers.
package triggers

import (
	"context"
	"errors"

	"github.com/aws/aws-lambda-go/events"

	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/triggers/presignup"
)

// PreSignUpFunc is the PreSignUp trigger's Lambda signature.
type PreSignUpFunc = presignup.Func

// PostConfirmationFunc is the PostConfirmation trigger's Lambda signature.
type PostConfirmationFunc func(context.Context, events.CognitoEventUserPoolsPostConfirmation) (events.CognitoEventUserPoolsPostConfirmation, error)

// PreSignUp is presignup.PreSignUp: it lives in its own package so that its
// function links no AWS client.
var PreSignUp = presignup.PreSignUp

// PostConfirmation writes the new user's profile (domain.NewProfile's initial values).
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
		p := domain.ProfileFromIdentity(sub, attrs["name"], attrs["email"], attrs["picture"], d.Now())
		p.EmailVerificado = attrs["email_verified"] == "true"
		_, _, err := d.Store.CreateProfile(ctx, p)
		return ev, err
	}
}
