// Package presignup is the Cognito PreSignUp trigger. It needs no AWS client, so it imports
// nothing that links one (no shared/app, no store): its function stays small and starts fast.
// shared/areas/deps_test.go holds that line.
package presignup

import (
	"context"
	"errors"
	"os"

	"github.com/aws/aws-lambda-go/events"

	"github.com/verde-app/verde/shared/domain"
)

// Func is the PreSignUp trigger's Lambda signature.
type Func func(context.Context, events.CognitoEventUserPoolsPreSignup) (events.CognitoEventUserPoolsPreSignup, error)

// AutoConfirmFromEnv reads AUTO_CONFIRM_SIGNUP as app.ConfigFromEnv does.
func AutoConfirmFromEnv() bool { return os.Getenv("AUTO_CONFIRM_SIGNUP") == "true" }

// PreSignUp requires a name on e-mail sign-up and, when autoConfirm is on,
// confirms the user and marks the e-mail verified (no code e-mail to wait for).
func PreSignUp(autoConfirm bool) Func {
	return func(ctx context.Context, ev events.CognitoEventUserPoolsPreSignup) (events.CognitoEventUserPoolsPreSignup, error) {
		if err := checkName(ev); err != nil {
			return ev, err
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

// checkName holds an e-mail sign-up's name to the profile's rule (required,
// at most domain.MaxNomeLength characters), so no account gets a name that
// /perfil would refuse. A Google account's name is cut to fit instead
// (domain.FitNome, when its profile is made).
func checkName(ev events.CognitoEventUserPoolsPreSignup) error {
	if ev.TriggerSource != "PreSignUp_SignUp" {
		return nil
	}
	if err := domain.NomeError("name", domain.CleanText(ev.Request.UserAttributes["name"])); err != nil {
		return errors.New(err.Message)
	}
	return nil
}
