// Package presignup is the Cognito PreSignUp trigger. It links only the Cognito client (for
// Google account linking, made on the first federated sign-up, never at start), nothing of
// shared/app or the store: its function stays small and starts fast.
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

// PreSignUp requires a name on e-mail sign-up and, when autoConfirm is on, confirms the user
// so that registration lands on /dashboard; the e-mail stays unverified until the user types
// the code Cognito sends (anyone may type any address at registration). A first Google
// sign-in goes through linkExternal, with accounts made on first use (nil: no linking).
func PreSignUp(autoConfirm bool, accounts func() Accounts) Func {
	return func(ctx context.Context, ev events.CognitoEventUserPoolsPreSignup) (events.CognitoEventUserPoolsPreSignup, error) {
		if ev.TriggerSource == "PreSignUp_ExternalProvider" && accounts != nil {
			return ev, linkExternal(ctx, accounts(), ev.UserPoolID, ev.UserName, ev.Request.UserAttributes["email"])
		}
		if err := checkName(ev); err != nil {
			return ev, err
		}
		if autoConfirm {
			ev.Response.AutoConfirmUser = true
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
	// Cognito shows the error's text as it is: the Portuguese message alone.
	if _, err := domain.CheckNome("name", ev.Request.UserAttributes["name"]); err != nil {
		if de, ok := domain.AsError(err); ok {
			return errors.New(de.Message)
		}
	}
	return nil
}
