package admin_test

import (
	"context"
	"errors"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/config"
	cip "github.com/aws/aws-sdk-go-v2/service/cognitoidentityprovider"
	"github.com/aws/aws-sdk-go-v2/service/cognitoidentityprovider/types"

	"github.com/verde-app/verde/infra/local/cloud"
	"github.com/verde-app/verde/infra/testkit"
)

// poolAsTheSPASeesIt is a Cognito client through the local cloud's proxy,
// where the SPA and the API reach the pool.
func poolAsTheSPASeesIt(t *testing.T) *cip.Client {
	t.Helper()
	cfg, err := config.LoadDefaultConfig(context.Background(), config.WithRegion(cloud.Region))
	if err != nil {
		t.Fatal(err)
	}
	return cip.NewFromConfig(cfg, func(o *cip.Options) { o.BaseEndpoint = aws.String(env.Cloud.URL + cloud.CognitoPathPrefix) })
}

// TestLocalPoolEnforcesPasswordPolicyAndDisabledUsers: as in AWS, a
// password shorter than the pool's policy (template.yaml: 8) is refused at
// sign-up, and a member an admin disabled cannot sign in.
func TestLocalPoolEnforcesPasswordPolicyAndDisabledUsers(t *testing.T) {
	setup(t)
	idp := poolAsTheSPASeesIt(t)
	ctx := context.Background()
	for _, pw := range []string{"a", "1234567"} {
		_, err := idp.SignUp(ctx, &cip.SignUpInput{ClientId: aws.String(env.Cloud.ClientID), Username: aws.String("curta@example.com"), Password: aws.String(pw),
			UserAttributes: []types.AttributeType{{Name: aws.String("email"), Value: aws.String("curta@example.com")}}})
		var ip *types.InvalidPasswordException
		if !errors.As(err, &ip) {
			t.Errorf("sign-up with a %d-character password: %v", len(pw), err)
		}
	}
	adm := env.NewAdmin(t, "Dora Desliga")
	m := env.NewUser(t, "Paulo Parado")
	if r := testkit.Do(t, h, "PUT", "/api/admin/users/"+m.ID+"/status", adm, map[string]any{"desativado": true}); r.Status != 200 {
		t.Fatalf("disable: %d %s", r.Status, r.Body)
	}
	_, err := idp.InitiateAuth(ctx, &cip.InitiateAuthInput{ClientId: aws.String(env.Cloud.ClientID), AuthFlow: types.AuthFlowTypeUserPasswordAuth,
		AuthParameters: map[string]string{"USERNAME": m.Email, "PASSWORD": testkit.Password}})
	var na *types.NotAuthorizedException
	if !errors.As(err, &na) {
		t.Fatalf("a disabled member signed in: %v", err)
	}
	if r := testkit.Do(t, h, "PUT", "/api/admin/users/"+m.ID+"/status", adm, map[string]any{"desativado": false}); r.Status != 200 {
		t.Fatalf("enable: %d %s", r.Status, r.Body)
	}
	if _, err := idp.InitiateAuth(ctx, &cip.InitiateAuthInput{ClientId: aws.String(env.Cloud.ClientID), AuthFlow: types.AuthFlowTypeUserPasswordAuth,
		AuthParameters: map[string]string{"USERNAME": m.Email, "PASSWORD": testkit.Password}}); err != nil {
		t.Fatalf("enabled again: %v", err)
	}
}
