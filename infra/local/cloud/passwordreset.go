package cloud

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strings"
)

// "Esqueci minha senha" locally: cognito-local answers ForgotPassword and keeps the code it
// would e-mail on the user; the proxy reads it back, prints it in the local cloud's output
// ("código para redefinir a senha …") and keeps it for the dev-only endpoint
// DevPasswordCodePath (?email=), which the local cloud serves and AWS never has.

// DevPasswordCodePath answers {"codigo": "…"} with the last reset code sent to ?email=.
const DevPasswordCodePath = "/dev/codigo-senha"

// forgotPassword passes the call to cognito-local, then finds and announces the code. An
// unknown user gets what AWS answers with PreventUserExistenceErrors: a delivery that never
// happens, so the page cannot tell who has an account.
func (p *cognitoProxy) forgotPassword(w http.ResponseWriter, r *http.Request) {
	body, ok := readAmzBody(w, r)
	if !ok {
		return
	}
	var in struct{ ClientId, Username string }
	json.Unmarshal(body, &in)
	rec := &bufferedRecorder{header: http.Header{}, status: http.StatusOK}
	p.proxy.ServeHTTP(rec, r)
	if rec.status != http.StatusOK && strings.Contains(rec.body.String(), "UserNotFoundException") {
		w.Header().Set("Content-Type", "application/x-amz-json-1.1")
		w.Write([]byte(`{"CodeDeliveryDetails":{"AttributeName":"email","DeliveryMedium":"EMAIL","Destination":"***"}}`))
		return
	}
	for k, v := range rec.header {
		w.Header()[k] = v
	}
	w.WriteHeader(rec.status)
	w.Write(rec.body.Bytes())
	if rec.status != http.StatusOK {
		return
	}
	email, code := p.resetCode(in.Username)
	if code == "" {
		return
	}
	p.tellCode(&p.resetCodes, strings.ToLower(email), email, code, "local cloud: código para redefinir a senha de %s: %s")
}

// resetCode reads the user's pending ForgotPassword code from cognito-local's data.
func (p *cognitoProxy) resetCode(username string) (email, code string) {
	if p.dbDir == "" || username == "" {
		return "", ""
	}
	u, ok := p.findLocalUser(func(name string, u localUser) bool {
		return (name == username || strings.EqualFold(u.attr("email"), username)) && u.ConfirmationCode != ""
	})
	if !ok {
		return "", ""
	}
	return u.attr("email"), u.ConfirmationCode
}

// PasswordCode is the last reset code sent to email.
func (p *cognitoProxy) PasswordCode(email string) string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.resetCodes[strings.ToLower(email)]
}

// devPasswordCode serves DevPasswordCodePath.
func (p *cognitoProxy) devPasswordCode(w http.ResponseWriter, r *http.Request) {
	code := p.PasswordCode(r.URL.Query().Get("email"))
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	if code == "" {
		w.WriteHeader(http.StatusNotFound)
		w.Write([]byte(`{"codigo":null}`))
		return
	}
	json.NewEncoder(w).Encode(map[string]string{"codigo": code})
}

// PasswordCode is the last "Esqueci minha senha" code the local cloud "sent" to email.
func (c *Cloud) PasswordCode(email string) string {
	if c.cognitoProxy == nil {
		return ""
	}
	return c.cognitoProxy.PasswordCode(email)
}

// bufferedRecorder holds a whole upstream answer so the proxy may replace it.
type bufferedRecorder struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (b *bufferedRecorder) Header() http.Header         { return b.header }
func (b *bufferedRecorder) Write(p []byte) (int, error) { return b.body.Write(p) }
func (b *bufferedRecorder) WriteHeader(status int)      { b.status = status }

// changePassword passes the call to cognito-local and answers a wrong previous password as
// AWS does (NotAuthorizedException "Incorrect username or password."): cognito-local calls it
// InvalidPasswordException, which in AWS means a new password the policy refuses.
func (p *cognitoProxy) changePassword(w http.ResponseWriter, r *http.Request) {
	rec := &bufferedRecorder{header: http.Header{}, status: http.StatusOK}
	p.proxy.ServeHTTP(rec, r)
	if rec.status == http.StatusBadRequest && strings.Contains(rec.body.String(), "InvalidPasswordException") {
		writeAmzError(w, http.StatusBadRequest, "NotAuthorizedException", "Incorrect username or password.")
		return
	}
	for k, v := range rec.header {
		w.Header()[k] = v
	}
	w.WriteHeader(rec.status)
	w.Write(rec.body.Bytes())
}
