package cloud_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-sdk-go-v2/aws"
	cip "github.com/aws/aws-sdk-go-v2/service/cognitoidentityprovider"

	"github.com/verde-app/verde/infra/local/testcloud"
)

func emailVerified(t *testing.T, idp *cip.Client, token string) bool {
	t.Helper()
	out, err := idp.GetUser(ctx(t), &cip.GetUserInput{AccessToken: aws.String(token)})
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range out.UserAttributes {
		if aws.ToString(a.Name) == "email_verified" {
			return aws.ToString(a.Value) == "true"
		}
	}
	return false
}

// verifyEmail asks Cognito for a code as the SPA does (through the site's /cognito/ proxy),
// takes it where a developer finds it (the local cloud prints it), and types it.
func verifyEmail(t *testing.T, token, email string) {
	t.Helper()
	c := testcloud.Get()
	idp := c.CognitoAsSite()
	before := c.EmailCode(email)
	if _, err := idp.GetUserAttributeVerificationCode(ctx(t), &cip.GetUserAttributeVerificationCodeInput{
		AccessToken: aws.String(token), AttributeName: aws.String("email"),
	}); err != nil {
		t.Fatalf("send code: %v", err)
	}
	code := c.EmailCode(email)
	if code == "" || code == before {
		t.Fatalf("the local cloud announced no new code for %s (%q)", email, code)
	}
	if _, err := idp.VerifyUserAttribute(ctx(t), &cip.VerifyUserAttributeInput{
		AccessToken: aws.String(token), AttributeName: aws.String("email"), Code: aws.String("000000"),
	}); err == nil && code != "000000" {
		t.Fatal("a wrong code verified the e-mail")
	}
	if _, err := idp.VerifyUserAttribute(ctx(t), &cip.VerifyUserAttributeInput{
		AccessToken: aws.String(token), AttributeName: aws.String("email"), Code: aws.String(code),
	}); err != nil {
		t.Fatalf("verify with %s: %v", code, err)
	}
}

// Registration confirms the account (it lands on /dashboard) but the e-mail stays
// unverified until the code Cognito sends is typed; locally the code is in the log.
func TestRegisteredEmailStartsUnverifiedUntilItsCodeIsTyped(t *testing.T) {
	c := testcloud.Get()
	idp := c.Cognito()
	out := signUp(t, idp, "bia@example.com", "Bia", "segredo-1")
	if !out.UserConfirmed {
		t.Fatal("registration no longer confirms the account")
	}
	tok := aws.ToString(signIn(t, idp, "bia@example.com", "segredo-1").AccessToken)
	if emailVerified(t, idp, tok) {
		t.Fatal("the e-mail is verified without any code")
	}
	verifyEmail(t, tok, "bia@example.com")
	if !emailVerified(t, idp, tok) {
		t.Fatal("the code did not verify the e-mail")
	}
}

// invokePreSignUp calls the trigger the way cognito-local (and Cognito) do, with the event of a
// first Google sign-in for email.
func invokePreSignUp(t *testing.T, email, googleSub string) (failed bool, message string) {
	t.Helper()
	c := testcloud.Get()
	var ev events.CognitoEventUserPoolsPreSignup
	ev.Version, ev.TriggerSource, ev.Region, ev.UserPoolID = "1", "PreSignUp_ExternalProvider", c.Region, c.UserPoolID
	ev.UserName = "Google_" + googleSub
	ev.CallerContext.ClientID = c.ClientID
	ev.Request.UserAttributes = map[string]string{"email": email, "email_verified": "true"}
	body, _ := json.Marshal(ev)
	resp, err := http.Post(c.URL+"/2015-03-31/functions/PreSignUpFunction/invocations", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	return resp.Header.Get("X-Amz-Function-Error") != "", string(raw)
}

func TestGoogleSignInLinksOnlyAVerifiedPasswordAccount(t *testing.T) {
	c := testcloud.Get()
	idp := c.Cognito()
	sub := aws.ToString(signUp(t, idp, "caio@example.com", "Caio", "segredo-1").UserSub)
	tok := aws.ToString(signIn(t, idp, "caio@example.com", "segredo-1").AccessToken)

	// Someone registered the address with a password and never proved owning it: refused.
	failed, msg := invokePreSignUp(t, "caio@example.com", "1001")
	if !failed || !strings.Contains(msg, "Este e-mail já tem uma conta com senha, ainda não confirmada") {
		t.Fatalf("unverified account: failed=%v %s", failed, msg)
	}
	if n := len(c.LinkedIdentities()); n != 0 {
		t.Fatalf("%d identities linked to an unverified account", n)
	}

	// Once the owner verified it, the Google identity is linked to the same account.
	verifyEmail(t, tok, "caio@example.com")
	if failed, msg := invokePreSignUp(t, "caio@example.com", "1001"); failed {
		t.Fatalf("verified account: %s", msg)
	}
	links := c.LinkedIdentities()
	if len(links) != 1 || links[0].Provider != "Google" || links[0].Subject != "1001" || links[0].PoolID != c.UserPoolID {
		t.Fatalf("links %+v", links)
	}
	user, err := idp.AdminGetUser(ctx(t), &cip.AdminGetUserInput{UserPoolId: aws.String(c.UserPoolID), Username: aws.String(links[0].Username)})
	if err != nil {
		t.Fatalf("linked to %q, which is not a user: %v", links[0].Username, err)
	}
	for _, a := range user.UserAttributes {
		if aws.ToString(a.Name) == "sub" && aws.ToString(a.Value) != sub {
			t.Fatalf("linked to another account (%s, want %s)", aws.ToString(a.Value), sub)
		}
	}

	// A new e-mail is a new Google user: nothing to link, nothing refused.
	if failed, msg := invokePreSignUp(t, "nova@example.com", "2002"); failed {
		t.Fatalf("new Google user refused: %s", msg)
	}
	if len(c.LinkedIdentities()) != 1 {
		t.Fatal("a new Google user was linked to something")
	}
}

// GlobalSignOut, which cognito-local lacks, answers through the site's Cognito proxy as Cognito
// does: success for a real session, NotAuthorized for a made-up token.
func TestCognitoProxyAnswersGlobalSignOut(t *testing.T) {
	c := testcloud.Get()
	tok := aws.ToString(signIn(t, c.Cognito(), c.AdminEmail, c.AdminPassword).AccessToken)
	idp := c.CognitoAsSite()
	if _, err := idp.GlobalSignOut(ctx(t), &cip.GlobalSignOutInput{AccessToken: aws.String(tok)}); err != nil {
		t.Fatalf("GlobalSignOut: %v", err)
	}
	if _, err := idp.GlobalSignOut(ctx(t), &cip.GlobalSignOutInput{AccessToken: aws.String("not.a.token")}); err == nil {
		t.Fatal("GlobalSignOut accepted a made-up token")
	}
}
