package auth

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	cip "github.com/aws/aws-sdk-go-v2/service/cognitoidentityprovider"
	"github.com/aws/aws-sdk-go-v2/service/cognitoidentityprovider/types"
)

// AccountAdmin is what /admin/usuarios asks of Cognito about a member (by
// their sub, Verde's user id): the admin group kept in step with the
// server's record (the SPA's token shows it), disable and enable, global
// sign-out. Cognito's admin operations take the user's username, which is the
// sub only for a member who signed up with e-mail and password; a member who
// came with Google is google_<Google's id> (Cognito names federated users
// after their provider), so each operation first finds the username of the
// sub (ListUsers filtered on sub: one call).
type AccountAdmin interface {
	SetAdminGroup(ctx context.Context, pool, sub string, admin bool) error
	SetEnabled(ctx context.Context, pool, sub string, enabled bool) error
	SignOut(ctx context.Context, pool, sub string) error
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

// SignOut revokes every token Cognito issued to the member (their refresh
// tokens stop working; the API refuses their access tokens by its record).
func (d CognitoDirectory) SignOut(ctx context.Context, pool, sub string) error {
	username, err := d.Username(ctx, pool, sub)
	if err != nil {
		return err
	}
	_, err = d.Client.AdminUserGlobalSignOut(ctx, &cip.AdminUserGlobalSignOutInput{UserPoolId: aws.String(pool), Username: aws.String(username)})
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

// HasTOTP asks Cognito, with the caller's own token, whether their account
// has TOTP MFA enabled (GetUser: no IAM permission needed). A token Cognito
// refuses (signed out, deleted, disabled) is ErrRevoked.
func (d CognitoDirectory) HasTOTP(ctx context.Context, accessToken string) (bool, error) {
	out, err := d.Client.GetUser(ctx, &cip.GetUserInput{AccessToken: aws.String(accessToken)})
	var na *types.NotAuthorizedException
	var nf *types.UserNotFoundException
	if errors.As(err, &na) || errors.As(err, &nf) {
		return false, ErrRevoked
	}
	if err != nil {
		return false, err
	}
	return slices.Contains(out.UserMFASettingList, "SOFTWARE_TOKEN_MFA"), nil
}
