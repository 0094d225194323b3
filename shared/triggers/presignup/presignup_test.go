package presignup

import (
	"context"
	"strings"
	"testing"

	"github.com/aws/aws-lambda-go/events"
)

func signUp(source, name string) events.CognitoEventUserPoolsPreSignup {
	var ev events.CognitoEventUserPoolsPreSignup
	ev.TriggerSource = source
	ev.Request.UserAttributes = map[string]string{"email": "a@b.c", "name": name}
	return ev
}

// TestPreSignUpRefusesANameLongerThanTheProfileTakes: the limit /perfil
// holds (80 characters) holds at registration too.
func TestPreSignUpRefusesANameLongerThanTheProfileTakes(t *testing.T) {
	run := PreSignUp(true, nil)
	if _, err := run(context.Background(), signUp("PreSignUp_SignUp", strings.Repeat("a", 300))); err == nil || err.Error() != "O nome deve ter no máximo 80 caracteres" {
		t.Fatalf("300 characters: %v", err)
	}
	// 80 characters, counted as characters (not bytes), and spaces folded first.
	if _, err := run(context.Background(), signUp("PreSignUp_SignUp", "  "+strings.Repeat("ã", 80)+"  ")); err != nil {
		t.Fatalf("80 characters refused: %v", err)
	}
	if _, err := run(context.Background(), signUp("PreSignUp_SignUp", strings.Repeat("ã", 81))); err == nil {
		t.Fatal("81 characters accepted")
	}
	// A Google account's long name is not refused (the profile cuts it to fit).
	if _, err := run(context.Background(), signUp("PreSignUp_ExternalProvider", strings.Repeat("a", 300))); err != nil {
		t.Fatalf("external provider refused: %v", err)
	}
}
