package cloud_test

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	cip "github.com/aws/aws-sdk-go-v2/service/cognitoidentityprovider"
	cipTypes "github.com/aws/aws-sdk-go-v2/service/cognitoidentityprovider/types"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"github.com/verde-app/verde/infra/local/cloud"
	"github.com/verde-app/verde/infra/local/testcloud"
)

func TestMain(m *testing.M) {
	testcloud.Run(m, cloud.Options{SPADir: "testdata/dist"})
}

func ctx(t *testing.T) context.Context {
	c, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	return c
}

func get(t *testing.T, url string, header ...string) (*http.Response, string) {
	t.Helper()
	req, _ := http.NewRequest("GET", url, nil)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp, string(b)
}

func TestConfigJSONHasTheContractShape(t *testing.T) {
	c := testcloud.Get()
	resp, body := get(t, c.URL+"/config.json")
	if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
		t.Fatalf("%d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	var got map[string]any
	if err := json.Unmarshal([]byte(body), &got); err != nil {
		t.Fatal(err)
	}
	tlsHost := strings.TrimPrefix(c.CognitoTLSEndpoint, "https://")
	want := map[string]any{
		"region":           "us-east-1",
		"userPoolId":       c.UserPoolID,
		"userPoolClientId": c.ClientID,
		"userPoolEndpoint": c.URL + "/cognito/",
		"authFlowType":     "USER_PASSWORD_AUTH",
		"oauth": map[string]any{
			"domain":          tlsHost,
			"redirectSignIn":  c.URL + "/login",
			"redirectSignOut": c.URL + "/login",
			"providers":       []any{"Google"},
		},
		"apiBase": "/api",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("config.json\n got %v\nwant %v", got, want)
	}
	if c.UserPoolID == "" || c.ClientID == "" || !strings.HasPrefix(tlsHost, "localhost:") {
		t.Errorf("ids or domain missing: %v", got)
	}
}

func TestIndexHTMLCarriesTheSameConfigAsConfigJSON(t *testing.T) {
	c := testcloud.Get()
	_, page := get(t, c.URL+"/dashboard")
	_, configJSON := get(t, c.URL+"/config.json")
	const open = `<script id="verde-config" type="application/json">`
	start := strings.Index(page, open)
	end := strings.Index(page[max(start, 0):], "</script>")
	if start < 0 || end < 0 {
		t.Fatalf("no config in index.html: %q", page)
	}
	var inline, served map[string]any
	if err := json.Unmarshal([]byte(page[start+len(open):start+end]), &inline); err != nil {
		t.Fatal(err)
	}
	json.Unmarshal([]byte(configJSON), &served)
	if !reflect.DeepEqual(inline, served) || inline["userPoolId"] != c.UserPoolID {
		t.Errorf("index.html config %v\n/config.json %v", inline, served)
	}
}

func TestSiteServesTheSPALikeCloudFrontAndKeepsAPIPathsOut(t *testing.T) {
	c := testcloud.Get()
	cases := []struct {
		path   string
		status int
		body   string
	}{
		{"/", 200, `<div id="root">`},
		{"/dashboard", 200, `<div id="root">`},
		{"/grupos/abc/convite", 200, `<div id="root">`},
		{"/assets/app-abc123.js", 200, `console.log("verde")`},
		{"/assets/nope.js", 404, ""},
		{"/api/nothing/here", 404, `{"error":{"code":"not_found","message":"Rota não encontrada"}}`},
		{"/api", 404, `{"error":{"code":"not_found","message":"Rota não encontrada"}}`},
		{"/api/me", 401, `"code":"unauthenticated"`},
	}
	for _, tc := range cases {
		resp, body := get(t, c.URL+tc.path)
		if resp.StatusCode != tc.status || !strings.Contains(body, tc.body) {
			t.Errorf("GET %s: %d %.100q", tc.path, resp.StatusCode, body)
		}
		if strings.HasPrefix(tc.path, "/api") && strings.Contains(body, "<div") {
			t.Errorf("GET %s fell back to index.html", tc.path)
		}
	}
}

// The link previews' pages (/grupos/{groupId}/publico and /convite, GET) reach GroupsFunction
// through template.yaml's routes, as CloudFront's behaviours send them to the API in AWS: the
// SPA's index.html with the site's configuration, the preview's tags, the SPA's security
// headers and a minute's cache. Any other request of those paths is the site's, as CloudFront's
// default behaviour would serve it.
func TestLinkPreviewPagesAreTheSPAsPageFromGroupsFunction(t *testing.T) {
	c := testcloud.Get()
	_, configJSON := get(t, c.URL+"/config.json")
	var served map[string]any
	json.Unmarshal([]byte(configJSON), &served)
	for _, path := range []string{"/grupos/sem-grupo/publico", "/grupos/sem-grupo/convite?c=abc"} {
		resp, page := get(t, c.URL+path, "User-Agent", "WhatsApp/2.23.20.0 A")
		if resp.StatusCode != 200 || !strings.Contains(page, `<meta property="og:title" content="`) || !strings.Contains(page, `<div id="root">`) {
			t.Fatalf("GET %s: %d %.300q", path, resp.StatusCode, page)
		}
		if resp.Header.Get("Cache-Control") != "public, max-age=60, s-maxage=60" || resp.Header.Get("Apigw-Requestid") == "" ||
			!strings.Contains(resp.Header.Get("Content-Security-Policy"), "default-src 'self'") {
			t.Errorf("GET %s: headers %v", path, resp.Header)
		}
		const open = `<script id="verde-config" type="application/json">`
		start := strings.Index(page, open)
		end := strings.Index(page[max(start, 0):], "</script>")
		var inline map[string]any
		if start < 0 || end < 0 || json.Unmarshal([]byte(page[start+len(open):start+end]), &inline) != nil || !reflect.DeepEqual(inline, served) {
			t.Errorf("GET %s: the page's configuration is not /config.json's: %q", path, page)
		}
	}
	req, _ := http.NewRequest("HEAD", c.URL+"/grupos/sem-grupo/publico", nil)
	if resp, err := http.DefaultClient.Do(req); err != nil || resp.StatusCode != 200 || resp.Header.Get("Apigw-Requestid") != "" {
		t.Errorf("HEAD: the site's, not the API's: %v %v", err, resp)
	}
	if resp, page := get(t, c.URL+"/grupos/sem-grupo/publico/mais"); resp.StatusCode != 200 || strings.Contains(page, "og:title") {
		t.Errorf("a deeper path: %d %.200q", resp.StatusCode, page)
	}
}

func TestUnknownAPIRouteGetsTheExactEnvelope(t *testing.T) {
	c := testcloud.Get()
	for _, method := range []string{"GET", "POST", "DELETE"} {
		req, _ := http.NewRequest(method, c.URL+"/api/does-not-exist", strings.NewReader("{}"))
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 404 || strings.TrimSpace(string(b)) != `{"error":{"code":"not_found","message":"Rota não encontrada"}}` {
			t.Errorf("%s: %d %s", method, resp.StatusCode, b)
		}
	}
}

func signUp(t *testing.T, idp *cip.Client, email, name, password string) *cip.SignUpOutput {
	t.Helper()
	c := testcloud.Get()
	attrs := []cipTypes.AttributeType{{Name: aws.String("email"), Value: aws.String(email)}}
	if name != "" {
		attrs = append(attrs, cipTypes.AttributeType{Name: aws.String("name"), Value: aws.String(name)})
	}
	out, err := idp.SignUp(ctx(t), &cip.SignUpInput{
		ClientId: aws.String(c.ClientID), Username: aws.String(email), Password: aws.String(password), UserAttributes: attrs,
	})
	if err != nil {
		t.Fatalf("SignUp %s: %v", email, err)
	}
	return out
}

func signIn(t *testing.T, idp *cip.Client, email, password string) *cipTypes.AuthenticationResultType {
	t.Helper()
	c := testcloud.Get()
	out, err := c.SignIn(ctx(t), email, password, c.AdminTOTPSecret) // the demo admin has TOTP
	if err != nil {
		t.Fatalf("InitiateAuth %s: %v", email, err)
	}
	return out
}

func profileItem(t *testing.T, sub string) map[string]types.AttributeValue {
	t.Helper()
	c := testcloud.Get()
	out, err := c.DynamoDB().GetItem(ctx(t), &dynamodb.GetItemInput{
		TableName: aws.String(c.TableName), ConsistentRead: aws.Bool(true),
		Key: map[string]types.AttributeValue{
			"PK": &types.AttributeValueMemberS{Value: "USER#" + sub},
			"SK": &types.AttributeValueMemberS{Value: "PROFILE"},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	return out.Item
}

// Sign-up through the Cognito API runs PreSignUp and PostConfirmation through the local cloud's
// Lambda-invoke endpoint, and the profile has exactly domain.Profile's fields and NewProfile's initial values.
func TestSignUpRunsTheTriggersAndWritesTheInitialProfile(t *testing.T) {
	c := testcloud.Get()
	idp := c.Cognito()
	before := time.Now().UTC().Add(-time.Second)
	out := signUp(t, idp, "maria@example.com", "Maria da Horta", "segredo-1")
	if !out.UserConfirmed {
		t.Fatal("PreSignUp did not auto-confirm the user")
	}
	sub := aws.ToString(out.UserSub)
	tokens := signIn(t, idp, "maria@example.com", "segredo-1")
	if aws.ToString(tokens.AccessToken) == "" {
		t.Fatal("no access token")
	}

	item := profileItem(t, sub)
	if item == nil {
		t.Fatal("PostConfirmation wrote no profile")
	}
	bookkeeping := map[string]bool{"PK": true, "SK": true, "type": true, "version": true,
		"GSI1PK": true, "GSI1SK": true, "GSI2PK": true, "GSI2SK": true,
		"diaAtivo": true} // the site statistics' last active day (store/stats.go)
	var fields []string
	for k := range item {
		if !bookkeeping[k] {
			fields = append(fields, k)
		}
	}
	sort.Strings(fields)
	wantFields := []string{"bio", "conquistas", "dataCadastro", "email", "foto", "gruposParticipantes", "id", "nivel", "nome", "pontosTotais"}
	if !reflect.DeepEqual(fields, wantFields) {
		t.Errorf("profile fields = %v, want %v", fields, wantFields)
	}
	str := func(k string) string {
		v, _ := item[k].(*types.AttributeValueMemberS)
		if v == nil {
			t.Errorf("%s is not a string: %#v", k, item[k])
			return ""
		}
		return v.Value
	}
	num := func(k string) string {
		v, _ := item[k].(*types.AttributeValueMemberN)
		if v == nil {
			t.Errorf("%s is not a number: %#v", k, item[k])
			return ""
		}
		return v.Value
	}
	emptyList := func(k string) {
		v, _ := item[k].(*types.AttributeValueMemberL)
		if v == nil || len(v.Value) != 0 {
			t.Errorf("%s is not an empty list: %#v", k, item[k])
		}
	}
	if str("id") != sub || str("nome") != "Maria da Horta" || str("email") != "maria@example.com" || str("bio") != "" {
		t.Errorf("profile = %v", item)
	}
	if num("nivel") != "1" || num("pontosTotais") != "0" {
		t.Errorf("nivel %s pontosTotais %s", num("nivel"), num("pontosTotais"))
	}
	emptyList("conquistas")
	emptyList("gruposParticipantes")
	if v, ok := item["foto"].(*types.AttributeValueMemberNULL); !ok || !v.Value {
		t.Errorf("foto = %#v, want null", item["foto"])
	}
	created, err := time.Parse(time.RFC3339Nano, str("dataCadastro"))
	if err != nil || created.Before(before) || created.After(time.Now().Add(time.Second)) {
		t.Errorf("dataCadastro = %q (%v)", str("dataCadastro"), err)
	}

	// The same profile through the API, with the token the sign-in gave.
	resp, body := get(t, c.URL+"/api/me", "Authorization", "Bearer "+aws.ToString(tokens.AccessToken))
	if resp.StatusCode != 200 {
		t.Fatalf("GET /api/me: %d %s", resp.StatusCode, body)
	}
	var me map[string]any
	json.Unmarshal([]byte(body), &me)
	if me["id"] != sub || me["nome"] != "Maria da Horta" || me["foto"] != nil || me["nivel"] != 1.0 {
		t.Errorf("GET /api/me = %s", body)
	}
}

func TestPreSignUpRejectionReachesTheCaller(t *testing.T) {
	c := testcloud.Get()
	_, err := c.Cognito().SignUp(ctx(t), &cip.SignUpInput{
		ClientId: aws.String(c.ClientID), Username: aws.String("semnome@example.com"), Password: aws.String("segredo-1"),
		UserAttributes: []cipTypes.AttributeType{{Name: aws.String("email"), Value: aws.String("semnome@example.com")}},
	})
	var rejected *cipTypes.UserLambdaValidationException
	if !errors.As(err, &rejected) || !strings.Contains(err.Error(), "O nome é obrigatório") {
		t.Fatalf("SignUp without a name: %v", err)
	}
}

// tlsCognito is a Cognito client that talks to the TLS proxy, trusting its self-signed
// certificate as a browser does once the developer accepted it.
func tlsCognito(t *testing.T) (*cip.Client, *http.Client) {
	t.Helper()
	c := testcloud.Get()
	pem, err := os.ReadFile(filepath.Join(c.DataDir, "tls", "localhost.crt"))
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	if !pool.AppendCertsFromPEM(pem) {
		t.Fatal("bad certificate")
	}
	hc := &http.Client{
		Transport:     &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool}},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
	client := cip.New(cip.Options{
		Region: "us-east-1", Credentials: credentials.NewStaticCredentialsProvider("x", "x", ""),
		BaseEndpoint: aws.String(c.CognitoTLSEndpoint), HTTPClient: hc,
	})
	return client, hc
}

func TestTLSProxyMapsGetTokensFromRefreshToken(t *testing.T) {
	c := testcloud.Get()
	idp, _ := tlsCognito(t)
	signUp(t, idp, "joao@example.com", "João", "segredo-1")
	tokens := signIn(t, idp, "joao@example.com", "segredo-1")

	out, err := idp.GetTokensFromRefreshToken(ctx(t), &cip.GetTokensFromRefreshTokenInput{
		ClientId: aws.String(c.ClientID), RefreshToken: tokens.RefreshToken,
	})
	if err != nil {
		t.Fatalf("GetTokensFromRefreshToken: %v", err)
	}
	res := out.AuthenticationResult
	if res == nil || aws.ToString(res.AccessToken) == "" || aws.ToString(res.IdToken) == "" ||
		aws.ToString(res.TokenType) != "Bearer" || res.ExpiresIn != 3600 {
		t.Fatalf("result = %+v", res)
	}
	claims, err := c.Deps.Verifier.Verify(ctx(t), aws.ToString(res.AccessToken))
	if err != nil {
		t.Fatalf("refreshed access token does not verify: %v", err)
	}
	if claims.Sub == "" || claims.ClientID != c.ClientID {
		t.Errorf("claims = %+v", claims)
	}

	_, err = idp.GetTokensFromRefreshToken(ctx(t), &cip.GetTokensFromRefreshTokenInput{
		ClientId: aws.String(c.ClientID), RefreshToken: aws.String("not-a-refresh-token"),
	})
	var notAuthorized *cipTypes.NotAuthorizedException
	if !errors.As(err, &notAuthorized) {
		t.Errorf("bad refresh token: %v", err)
	}
}

func TestTLSProxyAnswersLogoutWithARedirect(t *testing.T) {
	c := testcloud.Get()
	_, hc := tlsCognito(t)
	signOut := c.URL + "/login"
	resp, err := hc.Get(c.CognitoTLSEndpoint + "/logout?client_id=" + c.ClientID + "&logout_uri=" + signOut)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusFound || resp.Header.Get("Location") != signOut {
		t.Errorf("logout: %d → %q", resp.StatusCode, resp.Header.Get("Location"))
	}
	resp, err = hc.Get(c.CognitoTLSEndpoint + "/logout?client_id=" + c.ClientID + "&logout_uri=https://elsewhere.example/")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusBadRequest {
		t.Errorf("logout to an unregistered URL: %d", resp.StatusCode)
	}
}

func TestDemoAdminSignsInAsAdminAndHasAProfile(t *testing.T) {
	c := testcloud.Get()
	if c.AdminEmail != "admin@verde.local" || c.AdminPassword == "" {
		t.Fatalf("admin %q %q", c.AdminEmail, c.AdminPassword)
	}
	tokens := signIn(t, c.Cognito(), c.AdminEmail, c.AdminPassword)
	claims, err := c.Deps.Verifier.Verify(ctx(t), aws.ToString(tokens.AccessToken))
	if err != nil {
		t.Fatal(err)
	}
	if !claims.IsAdmin() {
		t.Errorf("admin's access token lacks the admin group: %+v", claims)
	}
	if item := profileItem(t, claims.Sub); item == nil {
		t.Error("demo admin has no profile")
	}
	if !strings.HasPrefix(c.Issuer, c.CognitoEndpoint+"/") {
		t.Errorf("issuer %s does not follow cognito-local's port %s", c.Issuer, c.CognitoEndpoint)
	}
}

func TestInvokeEndpointAnswersLikeLambda(t *testing.T) {
	c := testcloud.Get()
	resp, err := http.Post(c.URL+"/2015-03-31/functions/NoSuchFunction/invocations", "application/json", strings.NewReader("{}"))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 404 || resp.Header.Get("X-Amzn-Errortype") != "ResourceNotFoundException" {
		t.Errorf("unknown function: %d %v", resp.StatusCode, resp.Header)
	}
	// A trigger that fails answers 200 with X-Amz-Function-Error, as Lambda does.
	event := `{"version":"1","triggerSource":"PreSignUp_SignUp","region":"local","userPoolId":"p","userName":"u",
		"callerContext":{},"request":{"userAttributes":{"email":"x@example.com"}},"response":{}}`
	resp, err = http.Post(c.URL+"/2015-03-31/functions/arn%3Aaws%3Alambda%3Alocal%3A0%3Afunction%3APreSignUpFunction/invocations", "application/json", strings.NewReader(event))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || resp.Header.Get("X-Amz-Function-Error") != "Unhandled" || !strings.Contains(string(b), `"errorMessage"`) {
		t.Errorf("failing trigger: %d %v %s", resp.StatusCode, resp.Header, b)
	}
}

func TestUploadsBucketAcceptsObjects(t *testing.T) {
	c := testcloud.Get()
	s3c := c.S3()
	_, err := s3c.PutObject(ctx(t), &s3.PutObjectInput{
		Bucket: aws.String(c.UploadsBucket), Key: aws.String("fotos/alface.txt"), Body: strings.NewReader("alface"),
	})
	if err != nil {
		t.Fatal(err)
	}
	out, err := s3c.GetObject(ctx(t), &s3.GetObjectInput{Bucket: aws.String(c.UploadsBucket), Key: aws.String("fotos/alface.txt")})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(out.Body)
	out.Body.Close()
	if string(b) != "alface" {
		t.Errorf("got %q", b)
	}
}

func TestHandlersSeeTheCloudsEnvironment(t *testing.T) {
	c := testcloud.Get()
	for k, v := range c.Env() {
		if os.Getenv(k) != v {
			t.Errorf("%s = %q, want %q", k, os.Getenv(k), v)
		}
	}
	for _, k := range []string{"AWS_ENDPOINT_URL_DYNAMODB", "AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER", "AWS_ENDPOINT_URL_S3",
		"TABLE_NAME", "USER_POOL_ID", "USER_POOL_CLIENT_ID", "COGNITO_ISSUER", "UPLOADS_BUCKET", "CURSOR_SECRET_ARN", "ORIGIN_SECRET_ARN", "AWS_ENDPOINT_URL_SECRETS_MANAGER", "AUTO_CONFIRM_SIGNUP"} {
		if os.Getenv(k) == "" {
			t.Errorf("%s is not set", k)
		}
	}
}

func TestCognitoAPIIsReachableOnTheProductPort(t *testing.T) {
	c := testcloud.Get()
	req, _ := http.NewRequest("POST", c.URL+"/cognito/", strings.NewReader(`{"ClientId":"`+c.ClientID+`","AuthFlow":"USER_PASSWORD_AUTH","AuthParameters":{"USERNAME":"nobody@example.com","PASSWORD":"errada1"}}`))
	req.Header.Set("Content-Type", "application/x-amz-json-1.1")
	req.Header.Set("X-Amz-Target", "AWSCognitoIdentityProviderService.InitiateAuth")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	// cognito-local itself answers: an unknown user is its NotAuthorized/UserNotFound error, not our 404.
	if resp.StatusCode != 400 || !strings.Contains(string(body), "Exception") {
		t.Fatalf("%d %s", resp.StatusCode, body)
	}
}
