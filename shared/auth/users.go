package auth

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/verde-app/verde/shared/awsenv"
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

// AccountAdmin is what /admin/usuarios asks of Cognito about a member (by
// their sub, Verde's user id): the admin group kept in step with the
// server's record (the SPA's token shows it), disable and enable, global
// sign-out. Cognito's admin operations take the user's username, which is the
// sub only for a member who signed up with e-mail and password; a member who
// came with Google is google_<Google's id> (Cognito names federated users
// after their provider), so each operation first finds the username of the
// sub (ListUsers filtered on sub: one call). cognitoadmin.CognitoDirectory
// implements it.
type AccountAdmin interface {
	SetAdminGroup(ctx context.Context, pool, sub string, admin bool) error
	SetEnabled(ctx context.Context, pool, sub string, enabled bool) error
	SignOut(ctx context.Context, pool, sub string) error
}

// TokenDirectory is the Directory over Cognito's GetUser, called as the user: an HTTPS request
// authorised by their access token alone (GetUser is not signed with the function's role), so a
// function reads a user without linking the SDK's Cognito client.
type TokenDirectory struct {
	Endpoint string // https://cognito-idp.<region>.amazonaws.com/, or the emulator's
	HTTP     *http.Client
}

// NewTokenDirectory is a TokenDirectory for region, or for the endpoint the environment sets
// (AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER, locally).
func NewTokenDirectory(region string) TokenDirectory {
	e := awsenv.Endpoint("COGNITO_IDENTITY_PROVIDER")
	if e == "" {
		e = "https://cognito-idp." + region + ".amazonaws.com/"
	}
	return TokenDirectory{Endpoint: strings.TrimSuffix(e, "/") + "/", HTTP: &http.Client{Timeout: 5 * time.Second}}
}

// getUserOutput is what Verde reads of Cognito's GetUser answer.
type getUserOutput struct {
	UserAttributes     []struct{ Name, Value string }
	UserMFASettingList []string
}

// getUser calls Cognito's GetUser with the user's own access token. A token
// Cognito refuses (signed out, deleted or disabled user) is ErrRevoked.
func (d TokenDirectory) getUser(ctx context.Context, accessToken string) (getUserOutput, error) {
	body, _ := json.Marshal(map[string]string{"AccessToken": accessToken})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, d.Endpoint, bytes.NewReader(body))
	if err != nil {
		return getUserOutput{}, err
	}
	req.Header.Set("Content-Type", "application/x-amz-json-1.1")
	req.Header.Set("X-Amz-Target", "AWSCognitoIdentityProviderService.GetUser")
	res, err := d.HTTP.Do(req)
	if err != nil {
		return getUserOutput{}, err
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(res.Body, 1<<20))
	if err != nil {
		return getUserOutput{}, err
	}
	var out struct {
		getUserOutput
		Type    string `json:"__type"`
		Message string `json:"message"`
	}
	if err := json.Unmarshal(raw, &out); err != nil {
		return getUserOutput{}, fmt.Errorf("cognito GetUser: %d %s", res.StatusCode, raw)
	}
	if res.StatusCode != http.StatusOK {
		// The type may carry a namespace prefix ("...#NotAuthorizedException").
		switch t := out.Type[strings.LastIndex(out.Type, "#")+1:]; t {
		case "NotAuthorizedException", "UserNotFoundException":
			return getUserOutput{}, ErrRevoked
		}
		return getUserOutput{}, fmt.Errorf("cognito GetUser: %d %s %s", res.StatusCode, out.Type, out.Message)
	}
	return out.getUserOutput, nil
}

// HasTOTP reports whether the caller's account has TOTP MFA enabled (GetUser
// with their own token: no IAM permission needed). A token Cognito refuses is
// ErrRevoked.
func (d TokenDirectory) HasTOTP(ctx context.Context, accessToken string) (bool, error) {
	out, err := d.getUser(ctx, accessToken)
	if err != nil {
		return false, err
	}
	return slices.Contains(out.UserMFASettingList, "SOFTWARE_TOKEN_MFA"), nil
}

func (d TokenDirectory) UserAttributes(ctx context.Context, accessToken string) (UserAttributes, error) {
	out, err := d.getUser(ctx, accessToken)
	if err != nil {
		return UserAttributes{}, err
	}
	var ua UserAttributes
	for _, a := range out.UserAttributes {
		switch a.Name {
		case "sub":
			ua.Sub = a.Value
		case "email":
			ua.Email = a.Value
		case "name":
			ua.Name = a.Value
		case "picture":
			ua.Picture = a.Value
		case "email_verified":
			ua.EmailVerified = a.Value == "true"
		}
	}
	return ua, nil
}
