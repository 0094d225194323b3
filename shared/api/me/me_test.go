package me_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	cip "github.com/aws/aws-sdk-go-v2/service/cognitoidentityprovider"
	"github.com/aws/aws-sdk-go-v2/service/cognitoidentityprovider/types"
	"github.com/google/uuid"

	"github.com/verde-app/verde/infra/local/cloud"
	"github.com/verde-app/verde/infra/local/testcloud"
	"github.com/verde-app/verde/infra/testkit"
)

// The seed is kept for the demo admin, whose token the ownership test uses.
func TestMain(m *testing.M) { testcloud.Run(m, cloud.Options{}) }

type tokens struct{ access, id string }

// signUp registers through the public Cognito API, so PreSignUp and
// PostConfirmation run through the local cloud's Lambda-invoke endpoint.
func signUp(t *testing.T, name string) (email string, tok tokens) {
	t.Helper()
	c := testcloud.Get()
	ctx := context.Background()
	email = fmt.Sprintf("me-%s@example.com", uuid.NewString()[:8])
	_, err := c.Cognito().SignUp(ctx, &cip.SignUpInput{
		ClientId: aws.String(c.ClientID), Username: aws.String(email), Password: aws.String("segredo1"),
		UserAttributes: []types.AttributeType{{Name: aws.String("email"), Value: aws.String(email)}, {Name: aws.String("name"), Value: aws.String(name)}},
	})
	if err != nil {
		t.Fatalf("sign up: %v", err)
	}
	return email, signIn(t, email, "segredo1")
}

// adminCreate makes a confirmed user without any trigger: no profile exists,
// as after a Google sign-in whose PostConfirmation did not run.
func adminCreate(t *testing.T, name string) tokens {
	t.Helper()
	c := testcloud.Get()
	ctx := context.Background()
	email := fmt.Sprintf("admin-created-%s@example.com", uuid.NewString()[:8])
	_, err := c.Cognito().AdminCreateUser(ctx, &cip.AdminCreateUserInput{
		UserPoolId: aws.String(c.UserPoolID), Username: aws.String(email), MessageAction: types.MessageActionTypeSuppress,
		UserAttributes: []types.AttributeType{{Name: aws.String("email"), Value: aws.String(email)}, {Name: aws.String("name"), Value: aws.String(name)}},
	})
	if err != nil {
		t.Fatalf("admin create: %v", err)
	}
	if _, err := c.Cognito().AdminSetUserPassword(ctx, &cip.AdminSetUserPasswordInput{
		UserPoolId: aws.String(c.UserPoolID), Username: aws.String(email), Password: aws.String("segredo1"), Permanent: true,
	}); err != nil {
		t.Fatalf("set password: %v", err)
	}
	return signIn(t, email, "segredo1")
}

func signIn(t *testing.T, email, password string) tokens {
	t.Helper()
	c := testcloud.Get()
	out, err := c.SignIn(context.Background(), email, password, c.AdminTOTPSecret) // the demo admin has TOTP
	if err != nil {
		t.Fatalf("sign in: %v", err)
	}
	return tokens{access: aws.ToString(out.AccessToken), id: aws.ToString(out.IdToken)}
}

func call(t *testing.T, method, token, body string) (int, map[string]any) {
	t.Helper()
	req, _ := http.NewRequest(method, testcloud.Get().URL+"/api/me", strings.NewReader(body))
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	status, raw := testkit.Live(t, req)
	var out map[string]any
	if err := json.Unmarshal(raw, &out); err != nil {
		t.Fatalf("%s /api/me: not JSON (%d): %s", method, status, raw)
	}
	return status, out
}

func TestSignUpCreatesProfileWithSpecInitialValues(t *testing.T) {
	email, tok := signUp(t, "  Maria   Clara Souza ")
	// The profile must exist before any API call: PostConfirmation wrote it.
	c := testcloud.Get()
	user, err := c.Cognito().GetUser(context.Background(), &cip.GetUserInput{AccessToken: aws.String(tok.access)})
	if err != nil {
		t.Fatal(err)
	}
	var sub string
	for _, a := range user.UserAttributes {
		if aws.ToString(a.Name) == "sub" {
			sub = aws.ToString(a.Value)
		}
	}
	if stored, found, err := c.Deps.Store.Profile(context.Background(), sub); err != nil || !found || stored.Nome != "Maria Clara Souza" {
		t.Fatalf("PostConfirmation did not write the profile: %+v found=%v err=%v", stored, found, err)
	}
	status, p := call(t, "GET", tok.access, "")
	if status != 200 {
		t.Fatalf("status %d: %v", status, p)
	}
	want := []string{"id", "nome", "email", "foto", "bio", "nivel", "conquistas", "dataCadastro", "gruposParticipantes", "pontosTotais", "uf", "cidade", "ocultarDoRanking"}
	if len(p) != len(want) {
		t.Fatalf("fields %v, want exactly %v", keys(p), want)
	}
	for _, k := range want {
		if _, ok := p[k]; !ok {
			t.Fatalf("missing field %s in %v", k, p)
		}
	}
	if p["nome"] != "Maria Clara Souza" || p["email"] != email || p["foto"] != nil || p["bio"] != "" ||
		p["nivel"] != 1.0 || p["pontosTotais"] != 0.0 || len(p["conquistas"].([]any)) != 0 || len(p["gruposParticipantes"].([]any)) != 0 {
		t.Fatalf("initial values wrong: %v", p)
	}
	ts, err := time.Parse(time.RFC3339, p["dataCadastro"].(string))
	if err != nil || time.Since(ts) > time.Minute {
		t.Fatalf("dataCadastro %v (%v)", p["dataCadastro"], err)
	}
}

func TestGetMeCreatesAMissingProfileOnceUnderConcurrency(t *testing.T) {
	tok := adminCreate(t, "Joana Google")
	const n = 8
	var wg sync.WaitGroup
	results := make([]map[string]any, n)
	statuses := make([]int, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			statuses[i], results[i] = call(t, "GET", tok.access, "")
		}()
	}
	wg.Wait()
	for i := range n {
		if statuses[i] != 200 {
			t.Fatalf("call %d: %d %v", i, statuses[i], results[i])
		}
		if results[i]["dataCadastro"] != results[0]["dataCadastro"] || results[i]["id"] != results[0]["id"] {
			t.Fatalf("concurrent calls saw different profiles: %v vs %v", results[i], results[0])
		}
	}
	if results[0]["nome"] != "Joana Google" || results[0]["nivel"] != 1.0 {
		t.Fatalf("created profile %v", results[0])
	}
	// A later call reads the same stored profile.
	if _, again := call(t, "GET", tok.access, ""); again["dataCadastro"] != results[0]["dataCadastro"] {
		t.Fatalf("profile re-created: %v", again)
	}
}

func TestMeRefusesIDTokensAndMissingTokens(t *testing.T) {
	_, tok := signUp(t, "Pedro")
	for name, header := range map[string]string{"no token": "", "id token": tok.id, "garbage": "abc.def.ghi"} {
		status, body := call(t, "GET", header, "")
		errBody, _ := body["error"].(map[string]any)
		if status != 401 || errBody["code"] != "unauthenticated" {
			t.Fatalf("%s: %d %v", name, status, body)
		}
	}
}

func TestPutMeValidatesEveryField(t *testing.T) {
	_, tok := signUp(t, "Ana")
	huge := `{"bio":"` + strings.Repeat("a", 70_000) + `"}`
	cases := []struct {
		name, body, field, message string
	}{
		{"unknown field", `{"nome":"Ana","email":"x@y.z"}`, "email", "Campo desconhecido: email"},
		{"nome too long", `{"nome":"` + strings.Repeat("é", 81) + `"}`, "nome", "O nome deve ter no máximo 80 caracteres"},
		{"nome blank", `{"nome":"   "}`, "nome", "O nome é obrigatório"},
		{"bio too long", `{"bio":"` + strings.Repeat("b", 501) + `"}`, "bio", "A bio deve ter no máximo 500 caracteres"},
		{"nome wrong type", `{"nome":42}`, "nome", "O campo nome deve ser um texto"},
		{"bio wrong type", `{"bio":["x"]}`, "bio", "O campo bio deve ser um texto"},
		{"body over 64 KiB", huge, "", "O corpo da requisição excede o limite de 64 KiB"},
		{"nothing to change", `{}`, "", "Informe ao menos um campo para alterar (nome, bio, uf, cidade ou foto)"},
		{"unknown UF", `{"uf":"XX"}`, "uf", "Informe uma UF válida (por exemplo, SP)"},
		{"cidade too long", `{"cidade":"` + strings.Repeat("c", 81) + `"}`, "cidade", "A cidade deve ter no máximo 80 caracteres"},
		{"not JSON", `nome=Ana`, "", "JSON inválido no corpo da requisição"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			status, body := call(t, "PUT", tok.access, c.body)
			e, _ := body["error"].(map[string]any)
			field, _ := e["field"].(string)
			if status != 400 || e["code"] != "validation" || field != c.field || e["message"] != c.message {
				t.Fatalf("got %d %v", status, body)
			}
		})
	}
	// Nothing was lost or changed by the refused writes.
	if _, p := call(t, "GET", tok.access, ""); p["nome"] != "Ana" || p["bio"] != "" {
		t.Fatalf("refused writes changed the profile: %v", p)
	}
}

func TestPutMeUpdatesNomeAndBio(t *testing.T) {
	_, tok := signUp(t, "Ana")
	status, p := call(t, "PUT", tok.access, `{"nome":"  Ana   Lima ","bio":"Cuido do canteiro de ervas.\n"}`)
	if status != 200 || p["nome"] != "Ana Lima" || p["bio"] != "Cuido do canteiro de ervas." {
		t.Fatalf("%d %v", status, p)
	}
	if _, again := call(t, "GET", tok.access, ""); again["nome"] != "Ana Lima" || again["pontosTotais"] != 0.0 {
		t.Fatalf("not persisted: %v", again)
	}
	status, p = call(t, "PUT", tok.access, `{"bio":""}`)
	if status != 200 || p["bio"] != "" || p["nome"] != "Ana Lima" {
		t.Fatalf("partial update: %d %v", status, p)
	}
}

func TestPutMeWithoutTokenIsRefused(t *testing.T) {
	status, body := call(t, "PUT", "", `{"nome":"x"}`)
	if status != 401 {
		t.Fatalf("%d %v", status, body)
	}
}

func keys(m map[string]any) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

// The profile is always the caller's own: there is no way to name another
// user, and a write by one user leaves every other profile as it was.
func TestMeIsAlwaysTheCallersOwnProfile(t *testing.T) {
	aliceEmail, alice := signUp(t, "Alice")
	bobEmail, bob := signUp(t, "Bob")
	c := testcloud.Get()
	admin := signIn(t, c.AdminEmail, c.AdminPassword)
	if _, p := call(t, "GET", alice.access, ""); p["email"] != aliceEmail || p["nome"] != "Alice" {
		t.Fatalf("alice sees %v", p)
	}
	if status, p := call(t, "PUT", bob.access, `{"bio":"Sou o Bob"}`); status != 200 || p["email"] != bobEmail {
		t.Fatalf("bob's write: %d %v", status, p)
	}
	if _, p := call(t, "GET", alice.access, ""); p["bio"] != "" {
		t.Fatalf("bob's write reached alice: %v", p)
	}
	if _, p := call(t, "GET", admin.access, ""); p["email"] != c.AdminEmail {
		t.Fatalf("admin sees %v", p)
	}
}
