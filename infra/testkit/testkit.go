// Package testkit is what the API tests share: real users in the local
// cloud's cognito-local (with real access tokens), dependencies whose
// DynamoDB calls are counted, and a small HTTP client for handlers. Use it
// from a test binary whose TestMain runs testcloud.Run.
package testkit

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	cip "github.com/aws/aws-sdk-go-v2/service/cognitoidentityprovider"
	"github.com/aws/aws-sdk-go-v2/service/cognitoidentityprovider/types"
	"github.com/google/uuid"

	"github.com/verde-app/verde/infra/local/cloud"
	"github.com/verde-app/verde/infra/local/testcloud"
	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/auth"
	"github.com/verde-app/verde/shared/auth/cognitoadmin"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/uploads/bucket"
)

// Env is one test's view of the local cloud: Deps built from the cloud's
// environment exactly as a Lambda builds them, plus a DynamoDB call counter.
type Env struct {
	Cloud *cloud.Cloud
	Deps  app.Deps
	Calls *CallCounter
}

// NewEnv builds dependencies with a call counter attached (app.NewDeps with
// counter.Attach), against the cloud testcloud.Run started.
func NewEnv(t testing.TB) *Env {
	t.Helper()
	calls := &CallCounter{}
	d, err := app.NewDeps(context.Background(), app.ConfigFromEnv(), calls.Attach)
	if err != nil {
		t.Fatalf("deps: %v", err)
	}
	// The handlers of every area are built from these Deps: wire what any function adds.
	cognitoadmin.Wire(&d)
	bucket.Wire(&d)
	if err := d.Store.SaveRules(context.Background(), FixtureRules(), "testkit"); err != nil && domain.ErrorCode(err) != domain.EConflict {
		t.Fatalf("fixture rules: %v", err)
	}
	// The auth middleware's disabled set (store/admin.go) is read once a minute
	// per container: read it now, as a warm container has, and keep it for the
	// whole test run, so call counts are the request's own (a disable made
	// through this env changes the copy at once).
	d.Store.DisabledTTL = time.Hour
	// An account deletion waits for requests admitted before it (api.RequestDeadline); a
	// test's requests are all in this process and end before its next call.
	d.DeletionSettle = time.Millisecond
	if _, err := d.Store.IsDisabled(context.Background(), ""); err != nil {
		t.Fatalf("disabled set: %v", err)
	}
	calls.Reset()
	return &Env{Cloud: testcloud.Get(), Deps: d, Calls: calls}
}

// NewEnvWith is a test's own NewEnv and the handler server makes from its
// Deps (an area's NewServer), for a test that shares no world with the
// others of its package.
func NewEnvWith(t testing.TB, server func(app.Deps) http.Handler) (*Env, http.Handler) {
	t.Helper()
	env := NewEnv(t)
	return env, server(env.Deps)
}

// NewContainer is another Lambda container's view of the same cloud: its own
// Deps with the production ages of every per-container copy (the access list
// is kept store.AccessTTL), nothing read yet. Tests of how soon a change made
// through one container reaches the others use it.
func NewContainer(t testing.TB) *Env {
	t.Helper()
	calls := &CallCounter{}
	d, err := app.NewDeps(context.Background(), app.ConfigFromEnv(), calls.Attach)
	if err != nil {
		t.Fatalf("deps: %v", err)
	}
	return &Env{Cloud: testcloud.Get(), Deps: d, Calls: calls}
}

// FixtureRules are domain.Defaults with the per-member caps that fixtures
// would exhaust raised to their maximum: the authorization matrices build a
// fresh group for every row and role, all owned by Cast.Owner, in one day.
// Every other number is the default. The tests of the caps themselves
// (shared/api/limits) set the rules they need.
func FixtureRules() domain.Rules {
	r := domain.Defaults()
	r.Version = 2
	l := &r.Limites
	l.GruposPorDono = domain.MaxGruposPorDono
	for _, n := range []*int{&l.GruposPorDia, &l.EntradasPorDia, &l.ConvitesPorDia, &l.PedidosLotePorDia, &l.AcoesCoordenacaoPorDia,
		&l.CultivosPorDia, &l.RegistrosDiarioPorDia, &l.ColheitasPorDia, &l.FotosPorDia,
		&l.PostsPorDia, &l.ComentariosPorDia, &l.CurtidasPorDia, &l.DenunciasPorDia, &l.ParticipacoesPorDia} {
		*n = domain.MaxAtosDiariosPorMembro
	}
	// The cast earns points all day long across the matrices; the ceiling's
	// own tests set it.
	r.Pontos.TetoDiario = domain.MaxTetoDiario
	return r
}

// User is a person in cognito-local with a valid access token.
type User struct {
	ID    string // the token's sub
	Email string
	Name  string
	Token string
	Admin bool
	// TOTPSecret is the account's authenticator secret (admins: their role needs it).
	TOTPSecret string
}

// Bearer is the Authorization header value ("" for the zero User: anonymous).
func (u User) Bearer() string {
	if u.Token == "" {
		return ""
	}
	return "Bearer " + u.Token
}

// Password of every test user.
const Password = "segredo-de-teste-1"

// NewUser creates a confirmed user with a permanent password (AdminCreateUser,
// AdminSetUserPassword), signs them in with USER_PASSWORD_AUTH and writes
// their profile as PostConfirmation would.
func (e *Env) NewUser(t testing.TB, name string) User {
	t.Helper()
	return e.newUser(t, name, false, true)
}

// NewAdmin is NewUser in the Cognito group admin.
func (e *Env) NewAdmin(t testing.TB, name string) User {
	t.Helper()
	return e.newUser(t, name, true, true)
}

// NewUserWithoutProfile is NewUser without the profile (a Google sign-in
// that never opened /api/me).
func (e *Env) NewUserWithoutProfile(t testing.TB, name string) User {
	t.Helper()
	return e.newUser(t, name, false, false)
}

// NewUnverifiedUser is NewUser whose e-mail is not verified (in Cognito and
// on the profile), registered ago before now: an account that costs nothing
// to make, whose likes pay nothing and whose reports weigh nothing.
func (e *Env) NewUnverifiedUser(t testing.TB, name string, ago time.Duration) User {
	t.Helper()
	u := e.createUser(t, name, false, false)
	p := domain.NewProfile(u.ID, name, u.Email, nil, e.Deps.Now().Add(-ago))
	if _, _, err := e.Deps.Store.CreateProfile(context.Background(), p); err != nil {
		t.Fatalf("profile of %s: %v", name, err)
	}
	return u
}

func (e *Env) newUser(t testing.TB, name string, admin, profile bool) User {
	t.Helper()
	u := e.createUser(t, name, admin, true)
	if profile {
		p := domain.NewProfile(u.ID, name, u.Email, nil, e.Deps.Now())
		p.EmailVerificado = true // as the Cognito user
		if _, _, err := e.Deps.Store.CreateProfile(context.Background(), p); err != nil {
			t.Fatalf("profile of %s: %v", name, err)
		}
	}
	return u
}

// createUser makes the Cognito user and signs them in.
func (e *Env) createUser(t testing.TB, name string, admin, verified bool) User {
	t.Helper()
	ctx := context.Background()
	idp := e.Cloud.Cognito()
	email := fmt.Sprintf("t-%s@example.com", strings.ReplaceAll(uuid.NewString(), "-", "")[:12])
	_, err := idp.AdminCreateUser(ctx, &cip.AdminCreateUserInput{
		UserPoolId: aws.String(e.Cloud.UserPoolID), Username: aws.String(email), MessageAction: types.MessageActionTypeSuppress,
		UserAttributes: []types.AttributeType{
			{Name: aws.String("email"), Value: aws.String(email)},
			{Name: aws.String("email_verified"), Value: aws.String(fmt.Sprint(verified))},
			{Name: aws.String("name"), Value: aws.String(name)},
		},
	})
	if err != nil {
		t.Fatalf("create user %s: %v", name, err)
	}
	if _, err := idp.AdminSetUserPassword(ctx, &cip.AdminSetUserPasswordInput{
		UserPoolId: aws.String(e.Cloud.UserPoolID), Username: aws.String(email), Password: aws.String(Password), Permanent: true,
	}); err != nil {
		t.Fatalf("set password of %s: %v", name, err)
	}
	if admin {
		if _, err := idp.AdminAddUserToGroup(ctx, &cip.AdminAddUserToGroupInput{
			UserPoolId: aws.String(e.Cloud.UserPoolID), Username: aws.String(email), GroupName: aws.String(auth.AdminGroup),
		}); err != nil {
			t.Fatalf("add %s to admin: %v", name, err)
		}
	}
	out, err := idp.InitiateAuth(ctx, &cip.InitiateAuthInput{
		ClientId: aws.String(e.Cloud.ClientID), AuthFlow: types.AuthFlowTypeUserPasswordAuth,
		AuthParameters: map[string]string{"USERNAME": email, "PASSWORD": Password},
	})
	if err != nil {
		t.Fatalf("sign in %s: %v", name, err)
	}
	tok := aws.ToString(out.AuthenticationResult.AccessToken)
	u := User{ID: subOf(t, tok), Email: email, Name: name, Token: tok, Admin: admin}
	if admin {
		// The role's record is the table's access list (store/access.go); the
		// Cognito group above is what the token shows the SPA; the role needs
		// TOTP MFA on the account.
		if err := e.Deps.Store.GrantAdminBootstrap(ctx, u.ID); err != nil {
			t.Fatalf("admin role of %s: %v", name, err)
		}
		u.TOTPSecret = e.SetUpTOTP(t, u)
	}
	return u
}

// subOf reads the sub claim (the signature is the API's business, not ours here).
func subOf(t testing.TB, token string) string {
	t.Helper()
	var c struct {
		Sub string `json:"sub"`
	}
	if err := cloud.UnverifiedClaims(token, &c); err != nil || c.Sub == "" {
		t.Fatalf("JWT sub of %q: %v", token, err)
	}
	return c.Sub
}

// Response is a handler's answer.
type Response struct {
	Status  int
	Header  http.Header
	Body    []byte
	Request string // "METHOD path", for messages
}

// Decode reads the body into v, failing the test on bad JSON.
func (r Response) Decode(t testing.TB, v any) {
	t.Helper()
	if err := json.Unmarshal(r.Body, v); err != nil {
		t.Fatalf("response (%d) is not the expected JSON: %v\n%s", r.Status, err, r.Body)
	}
}

// Map is the body as a JSON object.
func (r Response) Map(t testing.TB) map[string]any {
	t.Helper()
	var m map[string]any
	r.Decode(t, &m)
	return m
}

// ErrorCode and ErrorField read the error envelope ("" when absent).
func (r Response) ErrorCode() string  { return r.errorPart("code") }
func (r Response) ErrorField() string { return r.errorPart("field") }
func (r Response) ErrorMessage() string {
	return r.errorPart("message")
}

func (r Response) errorPart(k string) string {
	var e struct {
		Error map[string]string `json:"error"`
	}
	json.Unmarshal(r.Body, &e)
	return e.Error[k]
}

// Do sends one request to h as user (the zero User is anonymous). body is
// marshalled to JSON unless it is a string (sent as is) or nil.
func Do(t testing.TB, h http.Handler, method, path string, user User, body any) Response {
	t.Helper()
	return DoWithHeader(t, h, method, path, user, body, nil)
}

// Get is u's GET of path from h, which must answer 200, with its body
// decoded into a T.
func Get[T any](t testing.TB, h http.Handler, path string, u User) T {
	t.Helper()
	res := Do(t, h, "GET", path, u, nil)
	if res.Status != http.StatusOK {
		t.Fatalf("GET %s: %d %s", path, res.Status, res.Body)
	}
	var v T
	res.Decode(t, &v)
	return v
}

// DoWithHeader is Do with extra request headers (an Idempotency-Key).
func DoWithHeader(t testing.TB, h http.Handler, method, path string, user User, body any, header http.Header) Response {
	t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	default:
		raw, err := json.Marshal(b)
		if err != nil {
			t.Fatal(err)
		}
		rd = bytes.NewReader(raw)
	}
	req := httptest.NewRequest(method, path, rd)
	if rd != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if user.Token != "" {
		req.Header.Set("Authorization", user.Bearer())
	}
	for k, v := range header {
		req.Header[k] = v
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	CheckContract(t, req, rec)
	return Response{Status: rec.Code, Header: rec.Header(), Body: rec.Body.Bytes(), Request: method + " " + path}
}
