// Package cognitoaccounts is presignup.Accounts over the Cognito API (ListUsers,
// AdminLinkProviderForUser). Locally the SDK reaches cognito-local through the local cloud's
// proxy, which emulates AdminLinkProviderForUser (cognito-local has no such operation).
package cognitoaccounts

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"github.com/aws/aws-sdk-go-v2/aws"
	cip "github.com/aws/aws-sdk-go-v2/service/cognitoidentityprovider"
	"github.com/aws/aws-sdk-go-v2/service/cognitoidentityprovider/types"

	"github.com/verde-app/verde/shared/awsenv"
	"github.com/verde-app/verde/shared/triggers/presignup"
)

// Accounts is presignup.Accounts with a Cognito client.
type Accounts struct{ Client *cip.Client }

// Lazy makes the client on first use: most PreSignUp invocations (e-mail sign-ups) need none,
// and loading the SDK configuration at start would lengthen every cold start.
func Lazy() func() presignup.Accounts {
	var once sync.Once
	var a presignup.Accounts
	return func() presignup.Accounts {
		once.Do(func() {
			a = Accounts{Client: cip.NewFromConfig(awsenv.For(awsenv.Config(), "COGNITO_IDENTITY_PROVIDER"))}
		})
		return a
	}
}

// ByEmail implements presignup.Accounts.
func (a Accounts) ByEmail(ctx context.Context, poolID, email string) ([]presignup.Account, error) {
	if strings.ContainsAny(email, `"\`) {
		return nil, nil // no such address can be a pool's e-mail; never build a filter from it
	}
	out, err := a.Client.ListUsers(ctx, &cip.ListUsersInput{
		UserPoolId: aws.String(poolID), Filter: aws.String(`email = "` + email + `"`), Limit: aws.Int32(10),
	})
	if err != nil {
		return nil, err
	}
	var found []presignup.Account
	for _, u := range out.Users {
		acc := presignup.Account{Username: aws.ToString(u.Username), External: u.UserStatus == types.UserStatusTypeExternalProvider}
		for _, at := range u.Attributes {
			if aws.ToString(at.Name) == "email_verified" {
				acc.EmailVerified = aws.ToString(at.Value) == "true"
			}
		}
		found = append(found, acc)
	}
	return found, nil
}

// Link implements presignup.Accounts.
func (a Accounts) Link(ctx context.Context, poolID, username, provider, subject string) error {
	_, err := a.Client.AdminLinkProviderForUser(ctx, &cip.AdminLinkProviderForUserInput{
		UserPoolId:      aws.String(poolID),
		DestinationUser: &types.ProviderUserIdentifierType{ProviderName: aws.String("Cognito"), ProviderAttributeValue: aws.String(username)},
		SourceUser: &types.ProviderUserIdentifierType{
			ProviderName: aws.String(provider), ProviderAttributeName: aws.String("Cognito_Subject"), ProviderAttributeValue: aws.String(subject),
		},
	})
	if err != nil {
		return fmt.Errorf("link %s_%s to %s: %w", provider, subject, username, err)
	}
	return nil
}
