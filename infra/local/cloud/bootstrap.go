package cloud

import (
	"context"
	"crypto/hmac"
	"crypto/sha1"
	"encoding/base32"
	"encoding/binary"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	cip "github.com/aws/aws-sdk-go-v2/service/cognitoidentityprovider"
	"github.com/aws/aws-sdk-go-v2/service/cognitoidentityprovider/types"
)

const (
	poolName   = "verde-local"
	clientName = "verde-spa"
	adminGroup = "admin"
	// AdminEmail is the demo admin's sign-in e-mail.
	AdminEmail = "admin@verde.local"
	adminName  = "Admin Verde"
)

// ensureUserPool finds the pool recorded in state or creates it as template.yaml does: e-mail
// as username, a `name` attribute, passwords of at least 6 characters with no other rule.
func ensureUserPool(ctx context.Context, idp *cip.Client, st *state, passwordMin int) error {
	if st.UserPoolID != "" {
		_, err := idp.DescribeUserPool(ctx, &cip.DescribeUserPoolInput{UserPoolId: aws.String(st.UserPoolID)})
		var notFound *types.ResourceNotFoundException
		if err == nil {
			return ensureMFA(ctx, idp, st.UserPoolID) // a pool made before MFA
		}
		if !errors.As(err, &notFound) {
			return fmt.Errorf("describe user pool: %w", err)
		}
		// cognito-local's data went away (someone removed .local/cognito): start a new pool.
		st.UserPoolID, st.ClientID = "", ""
	}
	out, err := idp.CreateUserPool(ctx, &cip.CreateUserPoolInput{
		PoolName:               aws.String(poolName),
		UsernameAttributes:     []types.UsernameAttributeType{types.UsernameAttributeTypeEmail},
		AutoVerifiedAttributes: []types.VerifiedAttributeType{types.VerifiedAttributeTypeEmail},
		Policies: &types.UserPoolPolicyType{PasswordPolicy: &types.PasswordPolicyType{
			MinimumLength:    aws.Int32(int32(passwordMin)),
			RequireLowercase: false, RequireUppercase: false, RequireNumbers: false, RequireSymbols: false,
		}},
		Schema: []types.SchemaAttributeType{
			{Name: aws.String("email"), AttributeDataType: types.AttributeDataTypeString, Required: aws.Bool(true), Mutable: aws.Bool(true)},
			{Name: aws.String("name"), AttributeDataType: types.AttributeDataTypeString, Required: aws.Bool(false), Mutable: aws.Bool(true)},
		},
	})
	if err != nil {
		return fmt.Errorf("create user pool: %w", err)
	}
	st.UserPoolID = aws.ToString(out.UserPool.Id)
	return ensureMFA(ctx, idp, st.UserPoolID)
}

// ensureMFA sets the pool's MFA as template.yaml does: optional, TOTP (authenticator apps).
func ensureMFA(ctx context.Context, idp *cip.Client, pool string) error {
	_, err := idp.SetUserPoolMfaConfig(ctx, &cip.SetUserPoolMfaConfigInput{UserPoolId: aws.String(pool), MfaConfiguration: types.UserPoolMfaTypeOptional,
		SoftwareTokenMfaConfiguration: &types.SoftwareTokenMfaConfigType{Enabled: true}})
	if err != nil {
		return fmt.Errorf("pool MFA: %w", err)
	}
	return nil
}

// ensureClient finds or creates the SPA's app client and points its callback and sign-out URLs
// at the current port.
func ensureClient(ctx context.Context, idp *cip.Client, st *state, callbackURL string) error {
	flows := []types.ExplicitAuthFlowsType{
		types.ExplicitAuthFlowsTypeAllowUserSrpAuth,
		types.ExplicitAuthFlowsTypeAllowUserPasswordAuth,
		types.ExplicitAuthFlowsTypeAllowRefreshTokenAuth,
	}
	urls := []string{callbackURL}
	if st.ClientID != "" {
		_, err := idp.UpdateUserPoolClient(ctx, &cip.UpdateUserPoolClientInput{
			UserPoolId:   aws.String(st.UserPoolID),
			ClientId:     aws.String(st.ClientID),
			CallbackURLs: urls,
			LogoutURLs:   urls,
		})
		var notFound *types.ResourceNotFoundException
		if err == nil {
			return ensureMFA(ctx, idp, st.UserPoolID) // a pool made before MFA
		}
		if !errors.As(err, &notFound) {
			return fmt.Errorf("update user pool client: %w", err)
		}
	}
	out, err := idp.CreateUserPoolClient(ctx, &cip.CreateUserPoolClientInput{
		UserPoolId:                      aws.String(st.UserPoolID),
		ClientName:                      aws.String(clientName),
		GenerateSecret:                  false,
		ExplicitAuthFlows:               flows,
		AllowedOAuthFlowsUserPoolClient: true,
		AllowedOAuthFlows:               []types.OAuthFlowType{types.OAuthFlowTypeCode},
		AllowedOAuthScopes:              []string{"openid", "email", "profile", "aws.cognito.signin.user.admin"},
		SupportedIdentityProviders:      []string{"COGNITO", "Google"},
		CallbackURLs:                    urls,
		LogoutURLs:                      urls,
		AccessTokenValidity:             aws.Int32(60),
		IdTokenValidity:                 aws.Int32(60),
		RefreshTokenValidity:            30,
		TokenValidityUnits: &types.TokenValidityUnitsType{
			AccessToken: types.TimeUnitsTypeMinutes, IdToken: types.TimeUnitsTypeMinutes, RefreshToken: types.TimeUnitsTypeDays,
		},
		PreventUserExistenceErrors: types.PreventUserExistenceErrorTypesEnabled,
		EnableTokenRevocation:      aws.Bool(true),
	})
	if err != nil {
		return fmt.Errorf("create user pool client: %w", err)
	}
	st.ClientID = aws.ToString(out.UserPoolClient.ClientId)
	return nil
}

// ensureGroup creates group unless the pool has it. (ListGroups, because cognito-local's
// GetGroup fails with a 500 on a pool that has no group yet.)
func ensureGroup(ctx context.Context, idp *cip.Client, poolID, group string) error {
	pages := cip.NewListGroupsPaginator(idp, &cip.ListGroupsInput{UserPoolId: aws.String(poolID)})
	for pages.HasMorePages() {
		page, err := pages.NextPage(ctx)
		if err != nil {
			return fmt.Errorf("list groups: %w", err)
		}
		for _, g := range page.Groups {
			if aws.ToString(g.GroupName) == group {
				return nil
			}
		}
	}
	_, err := idp.CreateGroup(ctx, &cip.CreateGroupInput{
		UserPoolId:  aws.String(poolID),
		GroupName:   aws.String(group),
		Description: aws.String("Administradores do Verde"),
	})
	if err != nil {
		return fmt.Errorf("create group %s: %w", group, err)
	}
	return nil
}

// ensureAdmin makes the demo admin (confirmed, with a permanent password, in group admin) and
// returns its attributes. An existing admin keeps whatever password it has now.
func ensureAdmin(ctx context.Context, idp *cip.Client, poolID, password string) (map[string]string, error) {
	get := func() (*cip.AdminGetUserOutput, error) {
		return idp.AdminGetUser(ctx, &cip.AdminGetUserInput{UserPoolId: aws.String(poolID), Username: aws.String(AdminEmail)})
	}
	user, err := get()
	var notFound *types.UserNotFoundException
	if errors.As(err, &notFound) {
		_, err = idp.AdminCreateUser(ctx, &cip.AdminCreateUserInput{
			UserPoolId:    aws.String(poolID),
			Username:      aws.String(AdminEmail),
			MessageAction: types.MessageActionTypeSuppress,
			UserAttributes: []types.AttributeType{
				{Name: aws.String("email"), Value: aws.String(AdminEmail)},
				{Name: aws.String("email_verified"), Value: aws.String("true")},
				{Name: aws.String("name"), Value: aws.String(adminName)},
			},
			TemporaryPassword: aws.String(password),
		})
		if err != nil {
			return nil, fmt.Errorf("create demo admin: %w", err)
		}
		_, err = idp.AdminSetUserPassword(ctx, &cip.AdminSetUserPasswordInput{
			UserPoolId: aws.String(poolID), Username: aws.String(AdminEmail),
			Password: aws.String(password), Permanent: true,
		})
		if err != nil {
			return nil, fmt.Errorf("set demo admin password: %w", err)
		}
		user, err = get()
	}
	if err != nil {
		return nil, fmt.Errorf("get demo admin: %w", err)
	}
	_, err = idp.AdminAddUserToGroup(ctx, &cip.AdminAddUserToGroupInput{
		UserPoolId: aws.String(poolID), Username: user.Username, GroupName: aws.String(adminGroup),
	})
	if err != nil {
		return nil, fmt.Errorf("add demo admin to group %s: %w", adminGroup, err)
	}
	attrs := map[string]string{}
	for _, a := range user.UserAttributes {
		attrs[aws.ToString(a.Name)] = aws.ToString(a.Value)
	}
	attrs["cognito:user_status"] = string(user.UserStatus)
	attrs["username"] = aws.ToString(user.Username)
	return attrs, nil
}

// ensureAdminTOTP gives the demo admin TOTP MFA (the API requires it of admins) and returns its
// secret: the one already set when the sign-in asks for its code, else a new one.
func ensureAdminTOTP(ctx context.Context, idp *cip.Client, clientID, password, secret string) (string, error) {
	out, err := idp.InitiateAuth(ctx, &cip.InitiateAuthInput{ClientId: aws.String(clientID), AuthFlow: types.AuthFlowTypeUserPasswordAuth,
		AuthParameters: map[string]string{"USERNAME": AdminEmail, "PASSWORD": password}})
	if err != nil {
		return "", fmt.Errorf("demo admin sign-in: %w", err)
	}
	if out.ChallengeName == types.ChallengeNameTypeSoftwareTokenMfa && secret != "" {
		return secret, nil
	}
	if out.AuthenticationResult == nil {
		return "", fmt.Errorf("demo admin sign-in: challenge %s", out.ChallengeName)
	}
	tok := out.AuthenticationResult.AccessToken
	as, err := idp.AssociateSoftwareToken(ctx, &cip.AssociateSoftwareTokenInput{AccessToken: tok})
	if err != nil {
		return "", fmt.Errorf("demo admin TOTP: %w", err)
	}
	secret = aws.ToString(as.SecretCode)
	if _, err := idp.VerifySoftwareToken(ctx, &cip.VerifySoftwareTokenInput{AccessToken: tok, UserCode: aws.String(TOTPCode(secret, time.Now()))}); err != nil {
		return "", fmt.Errorf("demo admin TOTP: %w", err)
	}
	if _, err := idp.SetUserMFAPreference(ctx, &cip.SetUserMFAPreferenceInput{AccessToken: tok,
		SoftwareTokenMfaSettings: &types.SoftwareTokenMfaSettingsType{Enabled: true, PreferredMfa: true}}); err != nil {
		return "", fmt.Errorf("demo admin TOTP: %w", err)
	}
	return secret, nil
}

// TOTPCode is the RFC 6238 code (SHA-1, 6 digits, 30 s) of a base32 secret at t: what an
// authenticator app shows (the demo admin's sign-in, testkit).
func TOTPCode(secret string, t time.Time) string {
	key, err := base32.StdEncoding.WithPadding(base32.NoPadding).DecodeString(strings.ToUpper(strings.TrimRight(secret, "=")))
	if err != nil {
		return ""
	}
	var msg [8]byte
	binary.BigEndian.PutUint64(msg[:], uint64(t.Unix()/30))
	m := hmac.New(sha1.New, key)
	m.Write(msg[:])
	sum := m.Sum(nil)
	off := sum[len(sum)-1] & 0x0f
	return fmt.Sprintf("%06d", (binary.BigEndian.Uint32(sum[off:off+4])&0x7fffffff)%1000000)
}

// SignIn signs a user in with USER_PASSWORD_AUTH, as the SPA does against the local cloud, and
// answers a TOTP challenge with the code of totpSecret (the demo admin's is AdminTOTPSecret).
func (c *Cloud) SignIn(ctx context.Context, email, password, totpSecret string) (*types.AuthenticationResultType, error) {
	idp := c.Cognito()
	out, err := idp.InitiateAuth(ctx, &cip.InitiateAuthInput{ClientId: aws.String(c.ClientID), AuthFlow: types.AuthFlowTypeUserPasswordAuth,
		AuthParameters: map[string]string{"USERNAME": email, "PASSWORD": password}})
	if err != nil {
		return nil, err
	}
	if out.ChallengeName == types.ChallengeNameTypeSoftwareTokenMfa {
		res, err := idp.RespondToAuthChallenge(ctx, &cip.RespondToAuthChallengeInput{ClientId: aws.String(c.ClientID), ChallengeName: out.ChallengeName,
			Session: out.Session, ChallengeResponses: map[string]string{"USERNAME": email, "SOFTWARE_TOKEN_MFA_CODE": TOTPCode(totpSecret, time.Now())}})
		if err != nil {
			return nil, fmt.Errorf("TOTP: %w", err)
		}
		return res.AuthenticationResult, nil
	}
	if out.AuthenticationResult == nil {
		return nil, fmt.Errorf("sign-in challenge %s", out.ChallengeName)
	}
	return out.AuthenticationResult, nil
}
