package custommessage

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/aws/aws-lambda-go/events"

	"github.com/verde-app/verde/shared/email"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

func event(source string) events.CognitoEventUserPoolsCustomMessage {
	var ev events.CognitoEventUserPoolsCustomMessage
	ev.TriggerSource = source
	ev.UserPoolID = "sa-east-1_pool"
	ev.Request.UserAttributes = map[string]interface{}{"email": "ana@example.org", "name": "Ana Souza"}
	ev.Request.CodeParameter = "{####}"
	ev.Request.UsernameParameter = "{username}"
	return ev
}

// TestEachSourceIsPortugueseGolden pins every e-mail Cognito sends through the
// trigger: subject, HTML and plain text, against testdata/<source>.golden
// (go test ./shared/triggers/custommessage -update rewrites them).
func TestEachSourceIsPortugueseGolden(t *testing.T) {
	h := Handler("https://verde.example.org/")
	for _, source := range Sources {
		t.Run(source, func(t *testing.T) {
			out, err := h(context.Background(), event(source))
			if err != nil {
				t.Fatal(err)
			}
			c, _ := Content(event(source), "https://verde.example.org")
			_, text, err := email.Render(c)
			if err != nil {
				t.Fatal(err)
			}
			got := "Subject: " + out.Response.EmailSubject + "\n\n--- text ---\n" + text + "\n--- html ---\n" + out.Response.EmailMessage
			path := filepath.Join("testdata", source+".golden")
			if *update {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update to write it)", err)
			}
			if got != string(want) {
				t.Errorf("%s differs from %s:\n%s", source, path, got)
			}
			// What Cognito requires of the answer.
			msg := out.Response.EmailMessage
			if !strings.Contains(msg, "{####}") {
				t.Error("the message lacks the code placeholder Cognito fills in")
			}
			if source == SourceAdminCreateUser && !strings.Contains(msg, "{username}") {
				t.Error("an admin-made account's message must carry the username placeholder")
			}
			if n := len([]rune(msg)); n > 20000 {
				t.Errorf("message of %d characters; Cognito takes at most 20,000", n)
			}
			if !strings.Contains(msg, `lang="pt-BR"`) || !strings.Contains(text, "Ana") {
				t.Error("not the Portuguese, personal message")
			}
		})
	}
}

func TestWithoutANameTheGreetingIsPlain(t *testing.T) {
	ev := event(SourceForgotPassword)
	delete(ev.Request.UserAttributes, "name")
	c, ok := Content(ev, "https://verde.example.org")
	if !ok || c.Greeting != "Olá!" {
		t.Fatalf("greeting %q", c.Greeting)
	}
}

func TestAnUnknownSourceKeepsCognitosMessage(t *testing.T) {
	ev := event("CustomMessage_SomethingNew")
	ev.Response.EmailMessage = "cognito's"
	out, err := Handler("https://verde.example.org")(context.Background(), ev)
	if err != nil || out.Response.EmailMessage != "cognito's" || out.Response.EmailSubject != "" {
		t.Fatalf("out %+v err %v", out.Response, err)
	}
}
