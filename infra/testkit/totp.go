package testkit

import (
	"context"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	cip "github.com/aws/aws-sdk-go-v2/service/cognitoidentityprovider"
	"github.com/aws/aws-sdk-go-v2/service/cognitoidentityprovider/types"

	"github.com/verde-app/verde/infra/local/cloud"
)

// TOTP is the code an authenticator app shows for secret at t.
func TOTP(secret string, t time.Time) string { return cloud.TOTPCode(secret, t) }

// SetUpTOTP gives u's account TOTP MFA as /configuracoes does (associate,
// verify a code, prefer it) and returns the secret.
func (e *Env) SetUpTOTP(t testing.TB, u User) string {
	t.Helper()
	ctx := context.Background()
	idp := e.Cloud.Cognito()
	out, err := idp.AssociateSoftwareToken(ctx, &cip.AssociateSoftwareTokenInput{AccessToken: aws.String(u.Token)})
	if err != nil {
		t.Fatalf("associate TOTP of %s: %v", u.Name, err)
	}
	secret := aws.ToString(out.SecretCode)
	if _, err := idp.VerifySoftwareToken(ctx, &cip.VerifySoftwareTokenInput{AccessToken: aws.String(u.Token), UserCode: aws.String(TOTP(secret, time.Now()))}); err != nil {
		t.Fatalf("verify TOTP of %s: %v", u.Name, err)
	}
	if _, err := idp.SetUserMFAPreference(ctx, &cip.SetUserMFAPreferenceInput{AccessToken: aws.String(u.Token),
		SoftwareTokenMfaSettings: &types.SoftwareTokenMfaSettingsType{Enabled: true, PreferredMfa: true}}); err != nil {
		t.Fatalf("prefer TOTP of %s: %v", u.Name, err)
	}
	return secret
}

// SignIn signs u in again (USER_PASSWORD_AUTH), answering the TOTP challenge
// with secret when the account has one; it returns the new access token.
func (e *Env) SignIn(t testing.TB, u User, secret string) string {
	t.Helper()
	ctx := context.Background()
	idp := e.Cloud.Cognito()
	out, err := idp.InitiateAuth(ctx, &cip.InitiateAuthInput{ClientId: aws.String(e.Cloud.ClientID), AuthFlow: types.AuthFlowTypeUserPasswordAuth,
		AuthParameters: map[string]string{"USERNAME": u.Email, "PASSWORD": Password}})
	if err != nil {
		t.Fatalf("sign in %s: %v", u.Name, err)
	}
	if out.ChallengeName == types.ChallengeNameTypeSoftwareTokenMfa {
		res, err := idp.RespondToAuthChallenge(ctx, &cip.RespondToAuthChallengeInput{ClientId: aws.String(e.Cloud.ClientID), ChallengeName: out.ChallengeName,
			Session: out.Session, ChallengeResponses: map[string]string{"USERNAME": u.Email, "SOFTWARE_TOKEN_MFA_CODE": TOTP(secret, time.Now())}})
		if err != nil {
			t.Fatalf("TOTP of %s: %v", u.Name, err)
		}
		return aws.ToString(res.AuthenticationResult.AccessToken)
	}
	if out.AuthenticationResult == nil {
		t.Fatalf("sign in %s: challenge %s", u.Name, out.ChallengeName)
	}
	return aws.ToString(out.AuthenticationResult.AccessToken)
}
