package auth

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	cip "github.com/aws/aws-sdk-go-v2/service/cognitoidentityprovider"
	"github.com/aws/aws-sdk-go-v2/service/cognitoidentityprovider/types"
)

// AccountAdmin is what /admin/usuarios asks of Cognito about a member (by
// their sub, Verde's user id): the admin group, disable and enable, global
// sign-out. Cognito's admin operations take the user's username, which is the
// sub only for a member who signed up with e-mail and password; a member who
// came with Google is google_<Google's id> (Cognito names federated users
// after their provider), so each operation first finds the username of the
// sub (ListUsers filtered on sub: one call).
type AccountAdmin interface {
	IsAdminUser(ctx context.Context, pool, sub string) (bool, error)
	SetAdminGroup(ctx context.Context, pool, sub string, admin bool) error
	SetEnabled(ctx context.Context, pool, sub string, enabled bool) error
}

// Username is the Cognito username of the user whose sub is sub; a
// *types.UserNotFoundException when the pool has none.
func (d CognitoDirectory) Username(ctx context.Context, pool, sub string) (string, error) {
	if sub == "" || strings.ContainsAny(sub, `"\`) {
		return "", &types.UserNotFoundException{Message: aws.String("no user with that sub")}
	}
	out, err := d.Client.ListUsers(ctx, &cip.ListUsersInput{
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

func (d CognitoDirectory) IsAdminUser(ctx context.Context, pool, sub string) (bool, error) {
	username, err := d.Username(ctx, pool, sub)
	if err != nil {
		return false, err
	}
	out, err := d.Client.AdminListGroupsForUser(ctx, &cip.AdminListGroupsForUserInput{UserPoolId: aws.String(pool), Username: aws.String(username), Limit: aws.Int32(60)})
	if err != nil {
		return false, err
	}
	return slices.ContainsFunc(out.Groups, func(g types.GroupType) bool { return aws.ToString(g.GroupName) == AdminGroup }), nil
}

func (d CognitoDirectory) SetAdminGroup(ctx context.Context, pool, sub string, admin bool) error {
	username, err := d.Username(ctx, pool, sub)
	if err != nil {
		return err
	}
	if admin {
		_, err := d.Client.AdminAddUserToGroup(ctx, &cip.AdminAddUserToGroupInput{UserPoolId: aws.String(pool), Username: aws.String(username), GroupName: aws.String(AdminGroup)})
		return err
	}
	_, err = d.Client.AdminRemoveUserFromGroup(ctx, &cip.AdminRemoveUserFromGroupInput{UserPoolId: aws.String(pool), Username: aws.String(username), GroupName: aws.String(AdminGroup)})
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
		_, err := d.Client.AdminEnableUser(ctx, &cip.AdminEnableUserInput{UserPoolId: aws.String(pool), Username: aws.String(username)})
		return err
	}
	if _, err := d.Client.AdminDisableUser(ctx, &cip.AdminDisableUserInput{UserPoolId: aws.String(pool), Username: aws.String(username)}); err != nil {
		return err
	}
	_, err = d.Client.AdminUserGlobalSignOut(ctx, &cip.AdminUserGlobalSignOutInput{UserPoolId: aws.String(pool), Username: aws.String(username)})
	return err
}
