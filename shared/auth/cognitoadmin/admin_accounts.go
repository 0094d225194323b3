// Package cognitoadmin is the user pool's administration through the Cognito API (the SDK's
// client, signed with the function's role): auth.AccountAdmin for /admin/usuarios and the
// account area's password check and deletion. Only the functions that administer accounts link
// it (functions/admin, functions/account: Wire); the others read a user with their own token
// through auth.TokenDirectory, without the SDK's Cognito client.
package cognitoadmin

import (
	"context"
	"slices"
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

// Client is the Cognito client of a function wired with Wire (one made for this call
// otherwise: shared/areas' test holds that every function that needs it is wired).
func Client(d app.Deps) *cip.Client {
	if c, ok := d.Users.(CognitoDirectory); ok {
		return c.client()
	}
	return cip.NewFromConfig(awsenv.For(d.AWS, "COGNITO_IDENTITY_PROVIDER"))
}

func (d CognitoDirectory) IsAdminUser(ctx context.Context, pool, sub string) (bool, error) {
	out, err := d.client().AdminListGroupsForUser(ctx, &cip.AdminListGroupsForUserInput{UserPoolId: aws.String(pool), Username: aws.String(sub), Limit: aws.Int32(60)})
	if err != nil {
		return false, err
	}
	return slices.ContainsFunc(out.Groups, func(g types.GroupType) bool { return aws.ToString(g.GroupName) == auth.AdminGroup }), nil
}

func (d CognitoDirectory) SetAdminGroup(ctx context.Context, pool, sub string, admin bool) error {
	if admin {
		_, err := d.client().AdminAddUserToGroup(ctx, &cip.AdminAddUserToGroupInput{UserPoolId: aws.String(pool), Username: aws.String(sub), GroupName: aws.String(auth.AdminGroup)})
		return err
	}
	_, err := d.client().AdminRemoveUserFromGroup(ctx, &cip.AdminRemoveUserFromGroupInput{UserPoolId: aws.String(pool), Username: aws.String(sub), GroupName: aws.String(auth.AdminGroup)})
	return err
}

// SetEnabled enables the user, or disables them and signs them out
// everywhere (their refresh tokens stop working).
func (d CognitoDirectory) SetEnabled(ctx context.Context, pool, sub string, enabled bool) error {
	if enabled {
		_, err := d.client().AdminEnableUser(ctx, &cip.AdminEnableUserInput{UserPoolId: aws.String(pool), Username: aws.String(sub)})
		return err
	}
	if _, err := d.client().AdminDisableUser(ctx, &cip.AdminDisableUserInput{UserPoolId: aws.String(pool), Username: aws.String(sub)}); err != nil {
		return err
	}
	_, err := d.client().AdminUserGlobalSignOut(ctx, &cip.AdminUserGlobalSignOutInput{UserPoolId: aws.String(pool), Username: aws.String(sub)})
	return err
}
