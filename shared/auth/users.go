package auth

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/aws"
	cip "github.com/aws/aws-sdk-go-v2/service/cognitoidentityprovider"
)

// UserAttributes are the Cognito attributes a profile is made from.
type UserAttributes struct {
	Sub, Email, Name, Picture string
	EmailVerified             bool // Cognito's email_verified
}

// Directory looks a user up in Cognito with their own access token (GetUser
// needs no IAM permission).
type Directory interface {
	UserAttributes(ctx context.Context, accessToken string) (UserAttributes, error)
}

// CognitoDirectory is the Directory backed by the Cognito API.
type CognitoDirectory struct {
	Client *cip.Client
}

func (d CognitoDirectory) UserAttributes(ctx context.Context, accessToken string) (UserAttributes, error) {
	out, err := d.Client.GetUser(ctx, &cip.GetUserInput{AccessToken: aws.String(accessToken)})
	if err != nil {
		return UserAttributes{}, err
	}
	var ua UserAttributes
	for _, a := range out.UserAttributes {
		v := aws.ToString(a.Value)
		switch aws.ToString(a.Name) {
		case "sub":
			ua.Sub = v
		case "email":
			ua.Email = v
		case "name":
			ua.Name = v
		case "picture":
			ua.Picture = v
		case "email_verified":
			ua.EmailVerified = v == "true"
		}
	}
	return ua, nil
}
