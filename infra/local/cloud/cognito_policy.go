package cloud

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
)

// What Cognito enforces and cognito-local does not, enforced by the proxy in front of it (so
// the SPA, the API and tests meet the same pool as in AWS):
//   - the pool's password policy (template.yaml's PasswordPolicy.MinimumLength) on every
//     operation that sets a password: InvalidPasswordException, as Cognito answers;
//   - a disabled user (AdminDisableUser) cannot sign in, nor refresh their tokens:
//     NotAuthorizedException "User is disabled.".

// passwordFields are the operations that set a password, and where the password is.
var passwordFields = map[string]func(map[string]any) string{
	"SignUp":                func(b map[string]any) string { return str(b["Password"]) },
	"AdminSetUserPassword":  func(b map[string]any) string { return str(b["Password"]) },
	"AdminCreateUser":       func(b map[string]any) string { return str(b["TemporaryPassword"]) },
	"ChangePassword":        func(b map[string]any) string { return str(b["ProposedPassword"]) },
	"ConfirmForgotPassword": func(b map[string]any) string { return str(b["Password"]) },
	"RespondToAuthChallenge": func(b map[string]any) string {
		cr, _ := b["ChallengeResponses"].(map[string]any)
		return str(cr["NEW_PASSWORD"])
	},
}

func str(v any) string { s, _ := v.(string); return s }

// enforcePolicy answers (and returns true) when the request breaks the pool's rules; the
// request's body is left readable for the proxy otherwise.
func (p *cognitoProxy) enforcePolicy(w http.ResponseWriter, r *http.Request) bool {
	if r.Method != http.MethodPost || r.URL.Path != "/" {
		return false
	}
	op := strings.TrimPrefix(r.Header.Get("X-Amz-Target"), amzTargetPrefix)
	field, setsPassword := passwordFields[op]
	signsIn := op == "InitiateAuth" || op == "AdminInitiateAuth"
	if !setsPassword && !signsIn {
		return false
	}
	raw, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err != nil {
		writeAmzError(w, http.StatusBadRequest, "InvalidParameterException", "unreadable request body")
		return true
	}
	r.Body = io.NopCloser(bytes.NewReader(raw))
	var body map[string]any
	if json.Unmarshal(raw, &body) != nil {
		return false // cognito-local answers a malformed body
	}
	if setsPassword {
		if pw := field(body); pw != "" && p.passwordMin > 0 && len([]rune(pw)) < p.passwordMin {
			writeAmzError(w, http.StatusBadRequest, "InvalidPasswordException", "Password did not conform with policy: Password not long enough")
			return true
		}
		return false
	}
	params, _ := body["AuthParameters"].(map[string]any)
	user := str(params["USERNAME"])
	if user == "" {
		user = refreshTokenUser(str(params["REFRESH_TOKEN"]))
	}
	if user != "" && p.userDisabled(user) {
		writeAmzError(w, http.StatusBadRequest, "NotAuthorizedException", "User is disabled.")
		return true
	}
	return false
}

// refreshTokenUser reads the username cognito-local puts in its refresh tokens (JWTs).
func refreshTokenUser(tok string) string {
	var c struct {
		Username string `json:"cognito:username"`
	}
	UnverifiedClaims(tok, &c)
	return c.Username
}

// userDisabled finds the user (by username, sub or e-mail) in cognito-local's data and
// reports Enabled false.
func (p *cognitoProxy) userDisabled(user string) bool {
	if p.dbDir == "" {
		return false
	}
	u, ok := p.findLocalUser(func(_ string, u localUser) bool {
		match := strings.EqualFold(u.Username, user)
		for _, a := range u.Attributes {
			if (a.Name == "sub" || a.Name == "email") && strings.EqualFold(a.Value, user) {
				match = true
			}
		}
		return match
	})
	return ok && u.Enabled != nil && !*u.Enabled
}
