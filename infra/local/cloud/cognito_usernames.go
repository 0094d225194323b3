package cloud

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
)

// Cognito's admin operations take a user's username (or an alias: the e-mail). In an e-mail
// pool a password member's username is their sub, so the sub works for them; a federated
// member's username is <provider>_<id> (google_1234…), and AWS answers UserNotFoundException to
// their sub. cognito-local finds a user by sub whatever its username, which would let code that
// passes the sub pass every local test and fail in AWS for Google members. The proxy answers as
// AWS does: a Username that is the sub of a user whose username is something else is refused.
// (A federated-style user is made in cognito-local by AdminCreateUser with its own sub
// attribute: cognito-local then gives it a username other than that sub.)

// takesUsername lists the admin operations the proxy holds to AWS's rule.
func takesUsername(target string) bool {
	switch strings.TrimPrefix(target, amzTargetPrefix) {
	case "AdminGetUser", "AdminAddUserToGroup", "AdminRemoveUserFromGroup", "AdminListGroupsForUser",
		"AdminDisableUser", "AdminEnableUser", "AdminUserGlobalSignOut", "AdminDeleteUser",
		"AdminSetUserPassword", "AdminUpdateUserAttributes", "AdminResetUserPassword", "AdminLinkProviderForUser":
		return true
	}
	return false
}

// refuseSubAsUsername answers UserNotFoundException (and false) when the request names a user by
// a sub that is not its username; otherwise it restores the body and returns true.
func (p *cognitoProxy) refuseSubAsUsername(w http.ResponseWriter, r *http.Request) bool {
	body, ok := readAmzBody(w, r)
	if !ok {
		return false
	}
	var in struct {
		UserPoolID string `json:"UserPoolId"`
		Username   string
	}
	if json.Unmarshal(body, &in) != nil || in.UserPoolID == "" || in.Username == "" || strings.Contains(in.Username, "@") {
		return true // cognito-local gives its own answer; an e-mail is an alias AWS accepts
	}
	q, _ := json.Marshal(map[string]string{"UserPoolId": in.UserPoolID, "Username": in.Username})
	resp, ok := p.callUpstream(w, r, "AdminGetUser", q)
	if !ok {
		return false
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return true
	}
	var user struct {
		Username       string
		UserAttributes []struct{ Name, Value string }
	}
	json.NewDecoder(io.LimitReader(resp.Body, 1<<16)).Decode(&user)
	for _, a := range user.UserAttributes {
		if a.Name == "sub" && a.Value == in.Username && user.Username != in.Username {
			writeAmzError(w, http.StatusBadRequest, "UserNotFoundException", "User does not exist.")
			return false
		}
	}
	return true
}
