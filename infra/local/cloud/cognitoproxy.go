package cloud

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httputil"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"
)

// cognitoProxy stands in front of cognito-local (behind TLS, since Amplify wants an https OAuth
// domain) and fills two gaps: the GetTokensFromRefreshToken API, which Amplify's token refresh
// calls, becomes InitiateAuth REFRESH_TOKEN_AUTH; and /logout redirects like the hosted UI does.
type cognitoProxy struct {
	upstream   *url.URL
	proxy      *httputil.ReverseProxy
	clientID   string
	logoutURLs []string
	logger     *slog.Logger
	// dbDir is cognito-local's data (<pool>.json files); announce prints to the developer.
	dbDir    string
	announce func(format string, args ...any)
	// mailed completes the local mailbox's pending Cognito e-mail to an address with the code
	// (and username) Cognito filled in (mailbox.go).
	mailed func(address, code, username string)
	unsent func(address string)

	mu    sync.Mutex
	links []LinkedIdentity
	codes map[string]string // e-mail → last verification code sent
	// resetCodes: e-mail (lower case) → last "Esqueci minha senha" code (passwordreset.go).
	resetCodes map[string]string
	// passwordMin is the pool's minimum password length (cognito_policy.go).
	passwordMin int
}

// LinkedIdentity is one AdminLinkProviderForUser the proxy answered: from then on, in AWS, the
// federated identity (Provider, Subject) signs in as the pool user Username.
type LinkedIdentity struct {
	PoolID, Username, Provider, Subject string
}

func newCognitoProxy(upstream string, clientID string, logoutURLs []string, logger *slog.Logger) (*cognitoProxy, error) {
	u, err := url.Parse(upstream)
	if err != nil {
		return nil, err
	}
	rp := &httputil.ReverseProxy{
		Rewrite: func(r *httputil.ProxyRequest) {
			r.SetURL(u)
			r.SetXForwarded()
		},
	}
	return &cognitoProxy{upstream: u, proxy: rp, clientID: clientID, logoutURLs: logoutURLs, logger: logger}, nil
}

const amzTargetPrefix = "AWSCognitoIdentityProviderService."

// CognitoPathPrefix mounts the same proxy on the product's own port, where
// /config.json's userPoolEndpoint points.
const CognitoPathPrefix = "/cognito/"

// proxyOps are the operations the proxy answers itself (or before
// cognito-local), by X-Amz-Target.
var proxyOps = map[string]func(*cognitoProxy, http.ResponseWriter, *http.Request){
	amzTargetPrefix + "GetTokensFromRefreshToken":        (*cognitoProxy).getTokensFromRefreshToken,
	amzTargetPrefix + "GetUserAttributeVerificationCode": (*cognitoProxy).getUserAttributeVerificationCode,
	amzTargetPrefix + "GlobalSignOut":                    (*cognitoProxy).globalSignOut,
	amzTargetPrefix + "AdminUserGlobalSignOut":           (*cognitoProxy).adminUserGlobalSignOut,
	amzTargetPrefix + "AdminLinkProviderForUser":         (*cognitoProxy).adminLinkProviderForUser,
	amzTargetPrefix + "ForgotPassword":                   (*cognitoProxy).forgotPassword,
	amzTargetPrefix + "ChangePassword":                   (*cognitoProxy).changePassword,
}

func (p *cognitoProxy) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if p.enforcePolicy(w, r) {
		return // the pool's password policy, a disabled user's sign-in (cognito_policy.go)
	}
	post, target := r.Method == http.MethodPost && r.URL.Path == "/", r.Header.Get("X-Amz-Target")
	if post && takesUsername(target) && !p.refuseSubAsUsername(w, r) {
		return // AWS's answer to a federated member named by their sub (cognito_usernames.go)
	}
	op, emulated := proxyOps[target]
	switch {
	case post && emulated:
		op(p, w, r)
	case post && sendsCode(target):
		p.codeSent(w, r)
	case r.URL.Path == "/logout" && (r.Method == http.MethodGet || r.Method == http.MethodHead):
		p.logout(w, r)
	default:
		p.proxy.ServeHTTP(w, r)
	}
}

// adminLinkProviderForUser emulates the operation cognito-local lacks: the destination user
// must exist (asked of cognito-local with AdminGetUser), the source must be a federated
// identity by Cognito_Subject; the link is remembered and logged. cognito-local's hosted UI
// has no real Google, so nothing signs in through the link locally; PreSignUp's decision to
// make it is what the local cloud exercises.
func (p *cognitoProxy) adminLinkProviderForUser(w http.ResponseWriter, r *http.Request) {
	var in struct {
		UserPoolID      string `json:"UserPoolId"`
		DestinationUser struct {
			ProviderName, ProviderAttributeValue string
		}
		SourceUser struct {
			ProviderName, ProviderAttributeName, ProviderAttributeValue string
		}
	}
	if err := json.NewDecoder(io.LimitReader(r.Body, 1<<16)).Decode(&in); err != nil {
		writeAmzError(w, http.StatusBadRequest, "InvalidParameterException", "malformed request body")
		return
	}
	if in.DestinationUser.ProviderName != "Cognito" || in.DestinationUser.ProviderAttributeValue == "" ||
		in.SourceUser.ProviderName == "" || in.SourceUser.ProviderName == "Cognito" ||
		in.SourceUser.ProviderAttributeName != "Cognito_Subject" || in.SourceUser.ProviderAttributeValue == "" {
		writeAmzError(w, http.StatusBadRequest, "InvalidParameterException", "a Cognito destination user and a federated Cognito_Subject source are required")
		return
	}
	body, _ := json.Marshal(map[string]string{"UserPoolId": in.UserPoolID, "Username": in.DestinationUser.ProviderAttributeValue})
	resp, ok := p.callUpstream(w, r, "AdminGetUser", body)
	if !ok {
		return
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		writeAmzError(w, http.StatusBadRequest, "UserNotFoundException", "User does not exist.")
		return
	}
	link := LinkedIdentity{PoolID: in.UserPoolID, Username: in.DestinationUser.ProviderAttributeValue,
		Provider: in.SourceUser.ProviderName, Subject: in.SourceUser.ProviderAttributeValue}
	p.mu.Lock()
	p.links = append(p.links, link)
	p.mu.Unlock()
	if p.logger != nil {
		p.logger.Info("AdminLinkProviderForUser (emulated)", "pool", link.PoolID, "user", link.Username, "identity", link.Provider+"_"+link.Subject)
	}
	w.Header().Set("Content-Type", "application/x-amz-json-1.1")
	w.Write([]byte("{}"))
}

// getUserAttributeVerificationCode passes the call to cognito-local, then shows the code it
// "e-mailed" where the developer looks: the local cloud's own output (cognito-local's log is
// written in buffered chunks, so a code could show there only seconds later).
func (p *cognitoProxy) getUserAttributeVerificationCode(w http.ResponseWriter, r *http.Request) {
	body, ok := readAmzBody(w, r)
	if !ok {
		return
	}
	rec := &statusRecorder{ResponseWriter: w, status: http.StatusOK}
	p.proxy.ServeHTTP(rec, r)
	if rec.status != http.StatusOK {
		return
	}
	var in struct{ AccessToken string }
	json.Unmarshal(body, &in)
	email, code := p.storedCode(in.AccessToken)
	if code == "" {
		return
	}
	p.tellCode(&p.codes, email, email, code, "local cloud: código de verificação do e-mail %s: %s")
}

// readAmzBody reads a request's body (answering InvalidParameterException when it cannot)
// and puts it back for the proxy to pass on.
func readAmzBody(w http.ResponseWriter, r *http.Request) ([]byte, bool) {
	body, err := io.ReadAll(io.LimitReader(r.Body, 1<<16))
	if err != nil {
		writeAmzError(w, http.StatusBadRequest, "InvalidParameterException", "unreadable request body")
		return nil, false
	}
	r.Body = io.NopCloser(bytes.NewReader(body))
	return body, true
}

// relayFailure writes cognito-local's answer as it came when it is not a success, and
// reports whether it did.
func relayFailure(w http.ResponseWriter, resp *http.Response) bool {
	if resp.StatusCode == http.StatusOK {
		return false
	}
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<16))
	w.Header().Set("Content-Type", resp.Header.Get("Content-Type"))
	w.WriteHeader(resp.StatusCode)
	w.Write(raw)
	return true
}

// tellCode keeps a code cognito-local "e-mailed" (in codes, under key), then shows it where
// the developer looks (announce, with the e-mail and the code) and hands it to the mailbox.
func (p *cognitoProxy) tellCode(codes *map[string]string, key, email, code, announce string) {
	p.mu.Lock()
	if *codes == nil {
		*codes = map[string]string{}
	}
	(*codes)[key] = code
	p.mu.Unlock()
	if p.announce != nil {
		p.announce(announce, email, code)
	}
	if p.mailed != nil {
		p.mailed(email, code, "")
	}
}

// localUser is a user as cognito-local's data files keep it (the fields the proxy reads).
type localUser struct {
	Username                  string
	Enabled                   *bool
	Attributes                []struct{ Name, Value string }
	ConfirmationCode          string
	AttributeVerificationCode string
}

// attr is the user's attribute of that name ("" without one).
func (u localUser) attr(name string) string {
	v := ""
	for _, a := range u.Attributes {
		if a.Name == name {
			v = a.Value
		}
	}
	return v
}

// findLocalUser is the first user (by key and data) of cognito-local's data files that
// match accepts; a file it cannot read or parse is passed over.
func (p *cognitoProxy) findLocalUser(match func(name string, u localUser) bool) (localUser, bool) {
	files, _ := filepath.Glob(filepath.Join(p.dbDir, "*.json"))
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		var db struct{ Users map[string]localUser }
		if json.Unmarshal(raw, &db) != nil {
			continue
		}
		for name, u := range db.Users {
			if match(name, u) {
				return u, true
			}
		}
	}
	return localUser{}, false
}

// storedCode reads the user's pending attribute verification code from cognito-local's data.
func (p *cognitoProxy) storedCode(accessToken string) (email, code string) {
	var claims struct{ Iss, Sub, Username string }
	if p.dbDir == "" || UnverifiedClaims(accessToken, &claims) != nil {
		return "", ""
	}
	pool := claims.Iss[strings.LastIndex(claims.Iss, "/")+1:]
	db, err := os.ReadFile(filepath.Join(p.dbDir, filepath.Base(pool)+".json"))
	if err != nil {
		return "", ""
	}
	var data struct{ Users map[string]localUser }
	if json.Unmarshal(db, &data) != nil {
		return "", ""
	}
	for _, name := range []string{claims.Username, claims.Sub} {
		if u, ok := data.Users[name]; ok {
			return u.attr("email"), u.AttributeVerificationCode
		}
	}
	return "", ""
}

// EmailCode is the last verification code sent to email (tests, and the e2e journeys through
// the local cloud's output).
func (p *cognitoProxy) EmailCode(email string) string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.codes[email]
}

// globalSignOut emulates the operation cognito-local lacks: the access token must be one
// cognito-local accepts (asked with GetUser, so a forged or unknown one gets its
// NotAuthorizedException); the answer is Cognito's empty success. cognito-local keeps no
// sessions to end beyond the refresh token, which Amplify's sign-out revokes (RevokeToken).
func (p *cognitoProxy) globalSignOut(w http.ResponseWriter, r *http.Request) {
	var in struct{ AccessToken string }
	if err := json.NewDecoder(io.LimitReader(r.Body, 1<<16)).Decode(&in); err != nil || in.AccessToken == "" {
		writeAmzError(w, http.StatusBadRequest, "InvalidParameterException", "AccessToken is required")
		return
	}
	body, _ := json.Marshal(map[string]string{"AccessToken": in.AccessToken})
	resp, ok := p.callUpstream(w, r, "GetUser", body)
	if !ok {
		return
	}
	defer resp.Body.Close()
	w.Header().Set("Access-Control-Allow-Origin", "*")
	if relayFailure(w, resp) {
		return
	}
	w.Header().Set("Content-Type", "application/x-amz-json-1.1")
	w.Write([]byte("{}"))
}

// callUpstream sends one Cognito API call to cognito-local; on a transport failure it has
// already answered w with the error (ok false).
func (p *cognitoProxy) callUpstream(w http.ResponseWriter, r *http.Request, operation string, body []byte) (*http.Response, bool) {
	req, err := http.NewRequestWithContext(r.Context(), http.MethodPost, p.upstream.String()+"/", bytes.NewReader(body))
	if err != nil {
		writeAmzError(w, http.StatusInternalServerError, "InternalErrorException", err.Error())
		return nil, false
	}
	req.Header.Set("Content-Type", "application/x-amz-json-1.1")
	req.Header.Set("X-Amz-Target", amzTargetPrefix+operation)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		writeAmzError(w, http.StatusBadGateway, "InternalErrorException", "cognito-local: "+err.Error())
		return nil, false
	}
	return resp, true
}

// Links are the identities linked so far (tests).
func (p *cognitoProxy) Links() []LinkedIdentity {
	p.mu.Lock()
	defer p.mu.Unlock()
	return slices.Clone(p.links)
}

type getTokensFromRefreshTokenInput struct {
	RefreshToken   string            `json:"RefreshToken"`
	ClientID       string            `json:"ClientId"`
	ClientSecret   string            `json:"ClientSecret,omitempty"`
	DeviceKey      string            `json:"DeviceKey,omitempty"`
	ClientMetadata map[string]string `json:"ClientMetadata,omitempty"`
}

type authenticationResult struct {
	AccessToken  string `json:"AccessToken,omitempty"`
	IDToken      string `json:"IdToken,omitempty"`
	RefreshToken string `json:"RefreshToken,omitempty"`
	ExpiresIn    int64  `json:"ExpiresIn,omitempty"`
	TokenType    string `json:"TokenType,omitempty"`
}

func (p *cognitoProxy) getTokensFromRefreshToken(w http.ResponseWriter, r *http.Request) {
	var in getTokensFromRefreshTokenInput
	if err := json.NewDecoder(io.LimitReader(r.Body, 1<<20)).Decode(&in); err != nil {
		writeAmzError(w, http.StatusBadRequest, "InvalidParameterException", "malformed request body")
		return
	}
	authParams := map[string]string{"REFRESH_TOKEN": in.RefreshToken}
	if in.DeviceKey != "" {
		authParams["DEVICE_KEY"] = in.DeviceKey
	}
	body, _ := json.Marshal(map[string]any{
		"AuthFlow":       "REFRESH_TOKEN_AUTH",
		"ClientId":       in.ClientID,
		"AuthParameters": authParams,
		"ClientMetadata": in.ClientMetadata,
	})
	resp, ok := p.callUpstream(w, r, "InitiateAuth", body)
	if !ok {
		return
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	w.Header().Set("Access-Control-Allow-Origin", "*")
	if resp.StatusCode != http.StatusOK {
		// Errors have the same shape for both operations.
		w.Header().Set("Content-Type", resp.Header.Get("Content-Type"))
		w.WriteHeader(resp.StatusCode)
		w.Write(raw)
		return
	}
	var out struct {
		AuthenticationResult authenticationResult `json:"AuthenticationResult"`
	}
	if err := json.Unmarshal(raw, &out); err != nil {
		writeAmzError(w, http.StatusBadGateway, "InternalErrorException", "cognito-local: unreadable InitiateAuth answer")
		return
	}
	res := out.AuthenticationResult
	res.TokenType = "Bearer"
	res.ExpiresIn = tokenLifetime(res.AccessToken)
	// Without rotation Cognito answers no new refresh token; the SDKs keep the one they sent.
	res.RefreshToken = ""
	w.Header().Set("Content-Type", "application/x-amz-json-1.1")
	json.NewEncoder(w).Encode(map[string]any{"AuthenticationResult": res})
}

// tokenLifetime reads exp-iat from a JWT's payload, or 3600 when it cannot.
func tokenLifetime(jwt string) int64 {
	var c struct{ Exp, Iat int64 }
	if UnverifiedClaims(jwt, &c) == nil && c.Exp > c.Iat && c.Iat > 0 {
		return c.Exp - c.Iat
	}
	return int64(time.Hour / time.Second)
}

func writeAmzError(w http.ResponseWriter, status int, code, message string) {
	w.Header().Set("Content-Type", "application/x-amz-json-1.1")
	w.Header().Set("Access-Control-Allow-Origin", "*")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]string{"__type": code, "message": message})
}

// logout answers the hosted UI's /logout: with logout_uri, a redirect there when the client
// lists it among its sign-out URLs; with redirect_uri (and response_type), a redirect to the
// sign-in page, as Cognito does. cognito-local keeps no session cookie, so there is none to end.
func (p *cognitoProxy) logout(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	if q.Get("client_id") != p.clientID {
		oauthError(w, "invalid client_id")
		return
	}
	if to := q.Get("logout_uri"); to != "" {
		if !slices.Contains(p.logoutURLs, to) {
			oauthError(w, "logout_uri is not a sign-out URL of this client")
			return
		}
		http.Redirect(w, r, to, http.StatusFound)
		return
	}
	if q.Get("redirect_uri") != "" {
		q.Del("logout_uri")
		if q.Get("response_type") == "" {
			q.Set("response_type", "code")
		}
		http.Redirect(w, r, "/oauth2/authorize?"+q.Encode(), http.StatusFound)
		return
	}
	oauthError(w, "missing logout_uri or redirect_uri")
}

func oauthError(w http.ResponseWriter, description string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusBadRequest)
	fmt.Fprintf(w, `{"error":"invalid_request","error_description":%q}`, description)
}
