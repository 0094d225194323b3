package admin_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	cip "github.com/aws/aws-sdk-go-v2/service/cognitoidentityprovider"
	ciptypes "github.com/aws/aws-sdk-go-v2/service/cognitoidentityprovider/types"
	"github.com/google/uuid"

	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/auth/cognitoadmin"
	"github.com/verde-app/verde/shared/domain"
)

// TestAdminActionsReachAGoogleMemberByUsername: a member who came with Google has a Cognito
// username other than their sub (google_<id> in AWS). The local Cognito answers as AWS does
// (a sub is no username: UserNotFoundException), and /admin/usuarios still makes them admin,
// disables and enables them, through their username.
func TestAdminActionsReachAGoogleMemberByUsername(t *testing.T) {
	setup(t)
	ctx := context.Background()
	adm := env.NewAdmin(t, "Alice Administra")
	sub, address := uuid.NewString(), "gabi."+uuid.NewString()[:8]+"@example.org"
	// cognito-local gives a user created with its own sub another username, as AWS does a federated one.
	created, err := env.Cloud.Cognito().AdminCreateUser(ctx, &cip.AdminCreateUserInput{
		UserPoolId: aws.String(env.Cloud.UserPoolID), Username: aws.String(address), MessageAction: ciptypes.MessageActionTypeSuppress,
		UserAttributes: []ciptypes.AttributeType{
			{Name: aws.String("sub"), Value: aws.String(sub)},
			{Name: aws.String("email"), Value: aws.String(address)},
			{Name: aws.String("email_verified"), Value: aws.String("true")},
			{Name: aws.String("name"), Value: aws.String("Gabi Google")},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	username := aws.ToString(created.User.Username)
	if username == sub {
		t.Fatalf("the federated-style user's username is its sub (%s): the test proves nothing", username)
	}
	if _, _, err := env.Deps.Store.CreateProfile(ctx, domain.ProfileFromIdentity(sub, "Gabi Google", address, "", time.Now())); err != nil {
		t.Fatal(err)
	}
	// Through the functions' Cognito endpoint, the sub is no username, as in AWS.
	_, err = cognitoadmin.Client(env.Deps).AdminGetUser(ctx, &cip.AdminGetUserInput{UserPoolId: aws.String(env.Cloud.UserPoolID), Username: aws.String(sub)})
	var nf *ciptypes.UserNotFoundException
	if !errors.As(err, &nf) {
		t.Fatalf("AdminGetUser by a federated member's sub: %v, want UserNotFoundException", err)
	}

	if res := testkit.Do(t, h, "PUT", "/api/admin/users/"+sub+"/admin", adm, map[string]any{"admin": true}); res.Status != 200 {
		t.Fatalf("make admin: %d %s", res.Status, res.Body)
	}
	groups, err := env.Cloud.Cognito().AdminListGroupsForUser(ctx, &cip.AdminListGroupsForUserInput{UserPoolId: aws.String(env.Cloud.UserPoolID), Username: aws.String(username)})
	if err != nil || !slices.ContainsFunc(groups.Groups, func(g ciptypes.GroupType) bool { return aws.ToString(g.GroupName) == "admin" }) {
		t.Fatalf("groups %+v %v", groups, err)
	}
	if res := testkit.Do(t, h, "GET", "/api/admin/users/"+sub, adm, nil); res.Status != 200 || res.Map(t)["admin"] != true {
		t.Fatalf("member page: %d %s", res.Status, res.Body)
	}
	gabi := testkit.User{ID: sub, Email: address}
	if res := testkit.Do(t, h, "PUT", "/api/admin/users/"+sub+"/status", adm, map[string]any{"desativado": true}); res.Status != 200 {
		t.Fatalf("disable: %d %s", res.Status, res.Body)
	}
	if enabled(t, gabi) {
		t.Fatal("the Google member is still enabled in Cognito")
	}
	if res := testkit.Do(t, h, "PUT", "/api/admin/users/"+sub+"/status", adm, map[string]any{"desativado": false}); res.Status != 200 || !enabled(t, gabi) {
		t.Fatalf("enable: %d %s", res.Status, res.Body)
	}
}
