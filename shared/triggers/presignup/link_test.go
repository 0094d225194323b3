package presignup

import (
	"context"
	"errors"
	"testing"

	"github.com/aws/aws-lambda-go/events"
)

type fakePool struct {
	accounts []Account
	links    []string
}

func (f *fakePool) ByEmail(_ context.Context, _, _ string) ([]Account, error) { return f.accounts, nil }
func (f *fakePool) Link(_ context.Context, _, username, provider, subject string) error {
	f.links = append(f.links, provider+"_"+subject+"->"+username)
	return nil
}

func googleEvent() events.CognitoEventUserPoolsPreSignup {
	var ev events.CognitoEventUserPoolsPreSignup
	ev.TriggerSource, ev.UserPoolID, ev.UserName = "PreSignUp_ExternalProvider", "pool", "Google_1234567890"
	ev.Request.UserAttributes = map[string]string{"email": "ana@example.com", "email_verified": "true"}
	return ev
}

// The decision in isolation; the integration test through cognito-local is in
// infra/local/cloud (TestGoogleSignInLinksOnlyAVerifiedPasswordAccount).
func TestGoogleSignInLinksToAPasswordAccountOnlyWhenItsEmailIsVerified(t *testing.T) {
	cases := map[string]struct {
		accounts []Account
		err      error
		links    int
	}{
		"no account":         {nil, nil, 0},
		"verified account":   {[]Account{{Username: "u-1", EmailVerified: true}}, nil, 1},
		"unverified account": {[]Account{{Username: "u-1"}}, ErrUnverifiedAccountExists, 0},
		"only a google user": {[]Account{{Username: "Google_9", External: true}}, nil, 0},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			pool := &fakePool{accounts: c.accounts}
			_, err := PreSignUp(true, func() Accounts { return pool })(context.Background(), googleEvent())
			if !errors.Is(err, c.err) || len(pool.links) != c.links {
				t.Fatalf("err %v links %v", err, pool.links)
			}
			if c.links == 1 && pool.links[0] != "Google_1234567890->u-1" {
				t.Fatalf("link %v", pool.links)
			}
		})
	}
}
