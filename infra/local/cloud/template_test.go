package cloud

import (
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/verde-app/verde/shared/areas"
)

func TestParseTemplateReadsHttpApiRoutesAndTriggersDespiteShortTags(t *testing.T) {
	tmpl, err := ParseTemplate("testdata/template.yaml")
	if err != nil {
		t.Fatal(err)
	}
	want := []Route{
		{Method: "PUT", Path: "/api/files/upload", FunctionID: "FilesFunction"},
		{Method: "ANY", Path: "/api/files/{proxy+}", FunctionID: "FilesFunction"},
		{Method: "GET", Path: "/api/items", FunctionID: "ItemsFunction"},
		{Method: "POST", Path: "/api/items", FunctionID: "ItemsFunction"},
		{Method: "GET", Path: "/api/items/mine", FunctionID: "ItemsFunction"},
		{Method: "GET", Path: "/api/items/{itemId}", FunctionID: "ItemsFunction"},
		{Method: "DELETE", Path: "/api/items/{itemId}/tags/{tag}", FunctionID: "ItemsFunction"},
	}
	if !reflect.DeepEqual(tmpl.Routes, want) {
		t.Errorf("routes\n got %v\nwant %v", tmpl.Routes, want)
	}
	wantTriggers := map[string]string{
		"PreSignUp":        "PreSignUpFunction",
		"PostConfirmation": "PostConfirmationFunction",
		"CustomMessage":    "CustomMessageFunction",
	}
	if !reflect.DeepEqual(tmpl.Triggers, wantTriggers) {
		t.Errorf("triggers = %v, want %v", tmpl.Triggers, wantTriggers)
	}
}

func TestParseTemplateRejectsATemplateWithoutResources(t *testing.T) {
	if _, err := parseTemplate([]byte("Description: nothing\n")); err == nil {
		t.Fatal("want an error")
	}
}

// The local cloud serves what template.yaml declares with what shared/areas registers: every
// routed function and every Cognito trigger must be there, or `make dev` would serve 500s.
func TestRepositoryTemplateFunctionsAreAllRegistered(t *testing.T) {
	if _, err := os.Stat("../../../template.yaml"); err != nil {
		t.Fatalf("template.yaml: %v", err)
	}
	tmpl, err := ParseTemplate("../../../template.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if len(tmpl.Routes) == 0 {
		t.Fatal("template.yaml has no HttpApi routes")
	}
	for _, r := range tmpl.Routes {
		if _, ok := areas.APIs[r.FunctionID]; !ok {
			t.Errorf("route %s: function %s is not in shared/areas.APIs", r.RouteKey(), r.FunctionID)
		}
	}
	for _, trigger := range []string{"PreSignUp", "PostConfirmation"} {
		if tmpl.Triggers[trigger] == "" {
			t.Errorf("template.yaml wires no %s trigger", trigger)
		}
	}
	for trigger, id := range tmpl.Triggers {
		if _, ok := areas.Triggers[id]; !ok {
			t.Errorf("trigger %s: function %s is not in shared/areas.Triggers", trigger, id)
		}
	}
}

// The local site sends CloudFront's security headers, read from template.yaml: the same
// Content-Security-Policy with the local origins in place of AWS's, and the pool's password
// policy is read for the Cognito proxy to enforce.
func TestRepositoryTemplateSecurityHeadersAndPasswordPolicyReachTheLocalCloud(t *testing.T) {
	tmpl, err := ParseTemplate("../../../template.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if tmpl.PasswordMinLength < 8 {
		t.Errorf("PasswordMinLength = %d, want at least 8", tmpl.PasswordMinLength)
	}
	h, err := LocalSecurityHeaders(tmpl, "http://localhost:8080", "https://localhost:8083")
	if err != nil {
		t.Fatal(err)
	}
	csp := h["Content-Security-Policy"]
	for _, want := range []string{"default-src 'self'", "script-src 'self';", "frame-ancestors 'none'", "object-src 'none'",
		"connect-src 'self' http://localhost:8080 https://localhost:8083 http://localhost:8080", "form-action 'self' https://localhost:8083"} {
		if !strings.Contains(csp, want) {
			t.Errorf("CSP lacks %q: %s", want, csp)
		}
	}
	if strings.Contains(csp, "${") || strings.Contains(csp, "amazonaws") {
		t.Errorf("CSP keeps an AWS origin: %s", csp)
	}
	if h["X-Frame-Options"] != "DENY" || h["X-Content-Type-Options"] != "nosniff" || h["Referrer-Policy"] != "strict-origin-when-cross-origin" ||
		!strings.HasPrefix(h["Strict-Transport-Security"], "max-age=") {
		t.Errorf("headers %v", h)
	}
	if _, err := LocalSecurityHeaders(Template{SecurityHeaders: map[string]string{"Content-Security-Policy": "img-src https://${Unknown}"}}, "x", "y"); err == nil {
		t.Error("an origin the local cloud cannot fill was let through")
	}
}
