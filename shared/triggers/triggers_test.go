package triggers

import (
	"context"
	"testing"

	"github.com/aws/aws-lambda-go/events"
)

func preSignUpEvent(source string, attrs map[string]string) events.CognitoEventUserPoolsPreSignup {
	var ev events.CognitoEventUserPoolsPreSignup
	ev.TriggerSource = source
	ev.Request.UserAttributes = attrs
	return ev
}

func TestPreSignUpRequiresANameOnEmailSignUp(t *testing.T) {
	_, err := PreSignUp(true, nil)(context.Background(), preSignUpEvent("PreSignUp_SignUp", map[string]string{"email": "a@b.c", "name": "   "}))
	if err == nil || err.Error() != "O nome é obrigatório" {
		t.Fatalf("err = %v", err)
	}
	// Google accounts may come without a name: the profile falls back to the e-mail.
	if _, err := PreSignUp(true, nil)(context.Background(), preSignUpEvent("PreSignUp_ExternalProvider", map[string]string{"email": "a@b.c"})); err != nil {
		t.Fatalf("external provider refused: %v", err)
	}
}

// Confirmed so that registration lands on /dashboard, but the e-mail is never marked verified
// without its code: anyone may type any address at registration.
func TestPreSignUpConfirmsTheAccountButNeverVerifiesTheEmail(t *testing.T) {
	attrs := map[string]string{"email": "a@b.c", "name": "Ana"}
	on, err := PreSignUp(true, nil)(context.Background(), preSignUpEvent("PreSignUp_SignUp", attrs))
	if err != nil || !on.Response.AutoConfirmUser || on.Response.AutoVerifyEmail {
		t.Fatalf("auto-confirm on: %+v %v", on.Response, err)
	}
	off, err := PreSignUp(false, nil)(context.Background(), preSignUpEvent("PreSignUp_SignUp", attrs))
	if err != nil || off.Response.AutoConfirmUser || off.Response.AutoVerifyEmail {
		t.Fatalf("auto-confirm off: %+v %v", off.Response, err)
	}
}
