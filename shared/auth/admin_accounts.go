package auth

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/aws"
	cip "github.com/aws/aws-sdk-go-v2/service/cognitoidentityprovider"
)

// AccountAdmin is what /admin/usuarios asks of Cognito about a member (by
// their sub, which Cognito accepts as the username of a pool whose users sign
// in by e-mail): the admin group kept in step with the server's record (the
// SPA's token shows it), disable and enable, global sign-out.
type AccountAdmin interface {
	SetAdminGroup(ctx context.Context, pool, sub string, admin bool) error
	SetEnabled(ctx context.Context, pool, sub string, enabled bool) error
	SignOut(ctx context.Context, pool, sub string) error
}

// SignOut revokes every token Cognito issued to the member (their refresh
// tokens stop working; the API refuses their access tokens by its record).
func (d CognitoDirectory) SignOut(ctx context.Context, pool, sub string) error {
	_, err := d.Client.AdminUserGlobalSignOut(ctx, &cip.AdminUserGlobalSignOutInput{UserPoolId: aws.String(pool), Username: aws.String(sub)})
	return err
}

// AdminGroupMembers lists the subs in Cognito's admin group (at most a few
// pages): what SyncAdmins copies into the server's record once.
func (d CognitoDirectory) AdminGroupMembers(ctx context.Context, pool string) ([]string, error) {
	var out []string
	var next *string
	for page := 0; page < 20; page++ {
		res, err := d.Client.ListUsersInGroup(ctx, &cip.ListUsersInGroupInput{UserPoolId: aws.String(pool), GroupName: aws.String(AdminGroup), NextToken: next, Limit: aws.Int32(60)})
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
	return d.SignOut(ctx, pool, sub)
}
