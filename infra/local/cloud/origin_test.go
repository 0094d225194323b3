package cloud_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-sdk-go-v2/aws"

	"github.com/verde-app/verde/infra/local/testcloud"
	"github.com/verde-app/verde/shared/api/me"
	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/lambdahttp"
)

// The API function as deployed, called the way API Gateway's execute-api endpoint calls it:
// without CloudFront's origin header it answers 403 with the envelope; through the site (the
// local cloud plays CloudFront) the same request is served.
func TestAPIRefusesRequestsThatBypassCloudFront(t *testing.T) {
	c := testcloud.Get()
	tok := aws.ToString(signIn(t, c.Cognito(), c.AdminEmail, c.AdminPassword).AccessToken)

	if resp, body := get(t, c.URL+"/api/me", "Authorization", "Bearer "+tok); resp.StatusCode != 200 {
		t.Fatalf("through the site: %d %s", resp.StatusCode, body)
	}

	d, err := app.NewDeps(ctx(t), app.ConfigFromEnv())
	if err != nil {
		t.Fatal(err)
	}
	lambda := lambdahttp.Handler(d.Origin.Require(me.NewServer(d)))
	raw, err := os.ReadFile(filepath.Join(c.DataDir, "state.json"))
	if err != nil {
		t.Fatal(err)
	}
	var st struct {
		OriginSecret string `json:"originSecret"`
	}
	json.Unmarshal(raw, &st)
	if st.OriginSecret == "" {
		t.Fatal("the local cloud keeps no origin secret")
	}
	call := func(origin string) (int, map[string]any) {
		headers := map[string]string{"authorization": "Bearer " + tok}
		if origin != "" {
			headers["x-verde-origin-verify"] = origin
		}
		resp, err := lambda(ctx(t), events.APIGatewayV2HTTPRequest{
			Version: "2.0", RouteKey: "GET /api/me", RawPath: "/api/me", Headers: headers,
			RequestContext: events.APIGatewayV2HTTPRequestContext{
				RequestID: "direct", HTTP: events.APIGatewayV2HTTPRequestContextHTTPDescription{Method: "GET", Path: "/api/me"},
			},
		})
		if err != nil {
			t.Fatal(err)
		}
		var body map[string]any
		json.Unmarshal([]byte(resp.Body), &body)
		return resp.StatusCode, body
	}
	for name, origin := range map[string]string{"no header": "", "wrong secret": "guessed-" + st.OriginSecret[:4]} {
		code, body := call(origin)
		e, _ := body["error"].(map[string]any)
		if code != 403 || e["code"] != "forbidden" || e["message"] != "Acesso permitido somente pelo site" {
			t.Errorf("%s: %d %v, want 403 forbidden envelope", name, code, body)
		}
	}
	if code, body := call(st.OriginSecret); code != 200 || body["id"] == nil {
		t.Errorf("with CloudFront's header: %d %v", code, body)
	}
}

// The cursor and origin secrets come from Secrets Manager (the local cloud answers its API),
// read once per function container, not on every request, and never sit in the environment.
func TestSecretsAreReadFromSecretsManagerOncePerContainer(t *testing.T) {
	c := testcloud.Get()
	if _, plain := c.Env()["CURSOR_SECRET"]; plain {
		t.Error("the cursor secret's value is in the functions' environment")
	}
	tok := aws.ToString(signIn(t, c.Cognito(), c.AdminEmail, c.AdminPassword).AccessToken)
	list := func() {
		if resp, body := get(t, c.URL+"/api/me/groups?limit=1", "Authorization", "Bearer "+tok); resp.StatusCode != 200 {
			t.Fatalf("GET /api/me/groups: %d %s", resp.StatusCode, body)
		}
	}
	list()
	after := c.SecretReads()
	if after == 0 {
		t.Fatal("no secret was read from Secrets Manager")
	}
	for range 5 {
		list()
	}
	if got := c.SecretReads(); got != after {
		t.Errorf("five more lists read secrets %d more times, want 0", got-after)
	}
}
