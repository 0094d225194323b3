// Package cognitoadmin is the user pool's administration through the Cognito API (the SDK's
// client, signed with the function's role): auth.AccountAdmin for /admin/usuarios, the account
// area's password check and deletion, and the admin group's members the migrations copy into
// the server's record. Only the functions that administer accounts link it (functions/admin,
// functions/account, functions/migrations: Wire); the others read a user with their own token
// through auth.TokenDirectory, without the SDK's Cognito client.
package cognitoadmin

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"github.com/aws/aws-sdk-go-v2/aws"
	cip "github.com/aws/aws-sdk-go-v2/service/cognitoidentityprovider"
	"github.com/aws/aws-sdk-go-v2/service/cognitoidentityprovider/types"

	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/auth"
	"github.com/verde-app/verde/shared/awsenv"
)

// CognitoDirectory is auth.Directory and auth.AccountAdmin over the Cognito API; its client is
// made on first use.
type CognitoDirectory struct {
	auth.Directory // a user's own attributes, by their token
	client         func() *cip.Client
}

// Wire gives d the pool's administration: d.Users becomes a CognitoDirectory (d.AWS with the
// function's SDK options, the endpoint from the environment).
func Wire(d *app.Deps) {
	cfg := awsenv.For(d.AWS, "COGNITO_IDENTITY_PROVIDER")
	d.Users = CognitoDirectory{Directory: d.Users, client: sync.OnceValue(func() *cip.Client { return cip.NewFromConfig(cfg) })}
}

// With is the administration through client (the local cloud's own, a tool's); its
// UserAttributes is not available.
func With(client *cip.Client) CognitoDirectory {
	return CognitoDirectory{client: func() *cip.Client { return client }}
}

// Client is the Cognito client of a function wired with Wire (one made for this call
// otherwise: shared/areas' test holds that every function that needs it is wired).
func Client(d app.Deps) *cip.Client {
	if c, ok := d.Users.(CognitoDirectory); ok {
		return c.client()
	}
	return cip.NewFromConfig(awsenv.For(d.AWS, "COGNITO_IDENTITY_PROVIDER"))
}

// Username is the Cognito username of the user whose sub is sub; a
// *types.UserNotFoundException when the pool has none.
func (d CognitoDirectory) Username(ctx context.Context, pool, sub string) (string, error) {
	if sub == "" || strings.ContainsAny(sub, `"\`) {
		return "", &types.UserNotFoundException{Message: aws.String("no user with that sub")}
	}
	out, err := d.client().ListUsers(ctx, &cip.ListUsersInput{
		UserPoolId: aws.String(pool), Filter: aws.String(`sub = "` + sub + `"`), Limit: aws.Int32(1),
		AttributesToGet: []string{"sub"},
	})
	if err != nil {
		return "", fmt.Errorf("find the user of sub %s: %w", sub, err)
	}
	if len(out.Users) == 0 {
		return "", &types.UserNotFoundException{Message: aws.String("no user with that sub")}
	}
	return aws.ToString(out.Users[0].Username), nil
}

// SignOut revokes every token Cognito issued to the member (their refresh
// tokens stop working; the API refuses their access tokens by its record).
func (d CognitoDirectory) SignOut(ctx context.Context, pool, sub string) error {
	username, err := d.Username(ctx, pool, sub)
	if err != nil {
		return err
	}
	_, err = d.client().AdminUserGlobalSignOut(ctx, &cip.AdminUserGlobalSignOutInput{UserPoolId: aws.String(pool), Username: aws.String(username)})
	return err
}

// AdminGroupMembers lists the subs in Cognito's admin group (at most a few
// pages): what SyncAdmins copies into the server's record once.
func (d CognitoDirectory) AdminGroupMembers(ctx context.Context, pool string) ([]string, error) {
	var out []string
	var next *string
	for page := 0; page < 20; page++ {
		res, err := d.client().ListUsersInGroup(ctx, &cip.ListUsersInGroupInput{UserPoolId: aws.String(pool), GroupName: aws.String(auth.AdminGroup), NextToken: next, Limit: aws.Int32(60)})
		if err != nil {
			return nil, err
		}
		for _, u := range res.Users {
			for _, a := range u.Attributes {
				if aws.ToString(a.Name) == "sub" {
					out = append(out, aws.ToString(a.Value))
				}
			}
		}
		if next = res.NextToken; next == nil {
			break
		}
	}
	return out, nil
}

func (d CognitoDirectory) SetAdminGroup(ctx context.Context, pool, sub string, admin bool) error {
	username, err := d.Username(ctx, pool, sub)
	if err != nil {
		return err
	}
	if admin {
		_, err := d.client().AdminAddUserToGroup(ctx, &cip.AdminAddUserToGroupInput{UserPoolId: aws.String(pool), Username: aws.String(username), GroupName: aws.String(auth.AdminGroup)})
		return err
	}
	_, err = d.client().AdminRemoveUserFromGroup(ctx, &cip.AdminRemoveUserFromGroupInput{UserPoolId: aws.String(pool), Username: aws.String(username), GroupName: aws.String(auth.AdminGroup)})
	return err
}

// SetEnabled enables the user, or disables them and signs them out
// everywhere (their refresh tokens stop working).
func (d CognitoDirectory) SetEnabled(ctx context.Context, pool, sub string, enabled bool) error {
	username, err := d.Username(ctx, pool, sub)
	if err != nil {
		return err
	}
	if enabled {
		_, err := d.client().AdminEnableUser(ctx, &cip.AdminEnableUserInput{UserPoolId: aws.String(pool), Username: aws.String(username)})
		return err
	}
	if _, err := d.client().AdminDisableUser(ctx, &cip.AdminDisableUserInput{UserPoolId: aws.String(pool), Username: aws.String(username)}); err != nil {
		return err
	}
	_, err = d.client().AdminUserGlobalSignOut(ctx, &cip.AdminUserGlobalSignOutInput{UserPoolId: aws.String(pool), Username: aws.String(username)})
	return err
}
