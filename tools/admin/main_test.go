package main

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	cip "github.com/aws/aws-sdk-go-v2/service/cognitoidentityprovider"
	ciptypes "github.com/aws/aws-sdk-go-v2/service/cognitoidentityprovider/types"
	"github.com/google/uuid"

	"github.com/verde-app/verde/infra/local/cloud"
	"github.com/verde-app/verde/infra/local/testcloud"
	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/auth/cognitoadmin"
	"github.com/verde-app/verde/shared/store"
)

func TestMain(m *testing.M) { testcloud.Run(m, cloud.Options{SkipSeed: true}) }

func groupsOf(t *testing.T, env *testkit.Env, username string) []string {
	t.Helper()
	out, err := env.Cloud.Cognito().AdminListGroupsForUser(context.Background(), &cip.AdminListGroupsForUserInput{
		UserPoolId: aws.String(env.Cloud.UserPoolID), Username: aws.String(username)})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, g := range out.Groups {
		names = append(names, aws.ToString(g.GroupName))
	}
	return names
}

// TestMakeAdminGrantsByEmailOnceAndAudits: the member with the e-mail joins the admin group
// (through the functions' Cognito endpoint, which answers as AWS does), once, audited; a
// Google-style member (username other than the sub) too; an unknown e-mail says to sign up first.
func TestMakeAdminGrantsByEmailOnceAndAudits(t *testing.T) {
	env := testkit.NewEnv(t)
	ctx := context.Background()
	tgt := target{cognito: cognitoadmin.Client(env.Deps), store: env.Deps.Store, pool: env.Cloud.UserPoolID, where: "the test cloud"}

	u := env.NewUser(t, "Primeira Admin")
	if err := grant(ctx, tgt, u.Email); err != nil {
		t.Fatal(err)
	}
	if got := groupsOf(t, env, u.ID); !slices.Contains(got, "admin") {
		t.Fatalf("groups %v", got)
	}
	entries, _, err := env.Deps.Store.AuditPage(ctx, store.AuditFilter{AdminID: "make-admin"}, 100, nil)
	if err != nil || !slices.ContainsFunc(entries, func(e store.AuditRecord) bool { return e.EntidadeID == u.ID }) {
		t.Fatalf("audit %+v %v", entries, err)
	}
	n := len(entries)
	if err := grant(ctx, tgt, u.Email); err != nil { // already an admin: nothing more
		t.Fatal(err)
	}
	if again, _, _ := env.Deps.Store.AuditPage(ctx, store.AuditFilter{AdminID: "make-admin"}, 100, nil); len(again) != n {
		t.Fatalf("a second grant wrote %d audit entries", len(again)-n)
	}

	address := "google." + uuid.NewString()[:8] + "@example.org"
	created, err := env.Cloud.Cognito().AdminCreateUser(ctx, &cip.AdminCreateUserInput{
		UserPoolId: aws.String(env.Cloud.UserPoolID), Username: aws.String(address), MessageAction: ciptypes.MessageActionTypeSuppress,
		UserAttributes: []ciptypes.AttributeType{{Name: aws.String("sub"), Value: aws.String(uuid.NewString())}, {Name: aws.String("email"), Value: aws.String(address)}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := grant(ctx, tgt, address); err != nil {
		t.Fatal(err)
	}
	if got := groupsOf(t, env, aws.ToString(created.User.Username)); !slices.Contains(got, "admin") {
		t.Fatalf("the Google-style member's groups %v", got)
	}

	if err := grant(ctx, tgt, "ninguem@example.org"); err == nil || !strings.Contains(err.Error(), "signs up first") {
		t.Fatalf("an unknown e-mail: %v", err)
	}
	if err := run(ctx, "not-an-email", "", "", "", "", 0); err == nil {
		t.Fatal("a malformed EMAIL was accepted")
	}
}
