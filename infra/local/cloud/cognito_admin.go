package cloud

import (
	"encoding/json"
	"io"
	"net/http"
)

// adminUserGlobalSignOut emulates the operation cognito-local lacks (/admin/usuarios disables
// a member with AdminDisableUser, which cognito-local has, then signs them out everywhere):
// the user must exist (AdminGetUser upstream); cognito-local keeps no refresh-token
// revocation list, so the sign-out is answered and logged. The API's own disabled set
// (store.IsDisabled) is what refuses the member's access tokens, locally as in AWS.
func (p *cognitoProxy) adminUserGlobalSignOut(w http.ResponseWriter, r *http.Request) {
	var in struct {
		UserPoolID string `json:"UserPoolId"`
		Username   string
	}
	if err := json.NewDecoder(io.LimitReader(r.Body, 1<<16)).Decode(&in); err != nil || in.UserPoolID == "" || in.Username == "" {
		writeAmzError(w, http.StatusBadRequest, "InvalidParameterException", "UserPoolId and Username are required")
		return
	}
	body, _ := json.Marshal(map[string]string{"UserPoolId": in.UserPoolID, "Username": in.Username})
	resp, ok := p.callUpstream(w, r, "AdminGetUser", body)
	if !ok {
		return
	}
	defer resp.Body.Close()
	if relayFailure(w, resp) {
		return
	}
	p.logger.Info("AdminUserGlobalSignOut (emulated)", "pool", in.UserPoolID, "user", in.Username)
	w.Header().Set("Content-Type", "application/x-amz-json-1.1")
	w.Write([]byte("{}"))
}
