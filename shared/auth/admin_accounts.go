package auth

import (
	"context"
	"slices"

	"github.com/aws/aws-sdk-go-v2/aws"
	cip "github.com/aws/aws-sdk-go-v2/service/cognitoidentityprovider"
	"github.com/aws/aws-sdk-go-v2/service/cognitoidentityprovider/types"
)

// AccountAdmin is what /admin/usuarios asks of Cognito about a member (by
// their sub, which Cognito accepts as the username of a pool whose users sign
// in by e-mail): the admin group, disable and enable, global sign-out.
type AccountAdmin interface {
	IsAdminUser(ctx context.Context, pool, sub string) (bool, error)
	SetAdminGroup(ctx context.Context, pool, sub string, admin bool) error
	SetEnabled(ctx context.Context, pool, sub string, enabled bool) error
}

func (d CognitoDirectory) IsAdminUser(ctx context.Context, pool, sub string) (bool, error) {
	out, err := d.Client.AdminListGroupsForUser(ctx, &cip.AdminListGroupsForUserInput{UserPoolId: aws.String(pool), Username: aws.String(sub), Limit: aws.Int32(60)})
	if err != nil {
		return false, err
	}
	return slices.ContainsFunc(out.Groups, func(g types.GroupType) bool { return aws.ToString(g.GroupName) == AdminGroup }), nil
}

func (d CognitoDirectory) SetAdminGroup(ctx context.Context, pool, sub string, admin bool) error {
	if admin {
		_, err := d.Client.AdminAddUserToGroup(ctx, &cip.AdminAddUserToGroupInput{UserPoolId: aws.String(pool), Username: aws.String(sub), GroupName: aws.String(AdminGroup)})
		return err
	}
	_, err := d.Client.AdminRemoveUserFromGroup(ctx, &cip.AdminRemoveUserFromGroupInput{UserPoolId: aws.String(pool), Username: aws.String(sub), GroupName: aws.String(AdminGroup)})
	return err
}

// SetEnabled enables the user, or disables them and signs them out
// everywhere (their refresh tokens stop working).
func (d CognitoDirectory) SetEnabled(ctx context.Context, pool, sub string, enabled bool) error {
	if enabled {
		_, err := d.Client.AdminEnableUser(ctx, &cip.AdminEnableUserInput{UserPoolId: aws.String(pool), Username: aws.String(sub)})
		return err
	}
	if _, err := d.Client.AdminDisableUser(ctx, &cip.AdminDisableUserInput{UserPoolId: aws.String(pool), Username: aws.String(sub)}); err != nil {
		return err
	}
	_, err := d.Client.AdminUserGlobalSignOut(ctx, &cip.AdminUserGlobalSignOutInput{UserPoolId: aws.String(pool), Username: aws.String(sub)})
	return err
}
