package cloud_test

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/config"
	cip "github.com/aws/aws-sdk-go-v2/service/cognitoidentityprovider"

	"github.com/verde-app/verde/infra/local/cloud"
	"github.com/verde-app/verde/infra/local/testcloud"
	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/email"
	"github.com/verde-app/verde/shared/email/sesmail"
)

func mailsTo(t *testing.T, address string) []cloud.Mail {
	return testkit.MailsTo(t, testcloud.Get().URL, address)
}

// TestCognitosEmailsLandInTheMailboxInPortuguese: what Cognito would e-mail goes through the
// CustomMessage trigger (as in AWS) into the local mailbox, with the code Cognito filled in.
// A sign-up that PreSignUp confirmed sends nothing, as in AWS.
func TestCognitosEmailsLandInTheMailboxInPortuguese(t *testing.T) {
	c := testcloud.Get()
	idp := c.CognitoAsSite()
	signUp(t, idp, "caixa@example.com", "Cecília Caixa", "segredo-1")
	if got := mailsTo(t, "caixa@example.com"); len(got) != 0 {
		t.Fatalf("a confirmed sign-up sent %d e-mails: %+v", len(got), got)
	}
	tok := aws.ToString(signIn(t, idp, "caixa@example.com", "segredo-1").AccessToken)
	if _, err := idp.GetUserAttributeVerificationCode(ctx(t), &cip.GetUserAttributeVerificationCodeInput{
		AccessToken: aws.String(tok), AttributeName: aws.String("email"),
	}); err != nil {
		t.Fatal(err)
	}
	code := c.EmailCode("caixa@example.com")
	mails := mailsTo(t, "caixa@example.com")
	if len(mails) != 1 {
		t.Fatalf("%d e-mails after asking for the code", len(mails))
	}
	m := mails[0]
	if m.Via != "Cognito" || m.Subject != "Confirme seu e-mail no Verde" || !strings.Contains(m.Text, "Olá, Cecília!") ||
		!strings.Contains(m.Text, code) || !strings.Contains(m.HTML, code) || strings.Contains(m.HTML, "{####}") {
		t.Errorf("the verification e-mail (code %s): %+v", code, m)
	}
	if _, err := idp.ForgotPassword(ctx(t), &cip.ForgotPasswordInput{ClientId: aws.String(c.ClientID), Username: aws.String("caixa@example.com")}); err != nil {
		t.Fatal(err)
	}
	mails = mailsTo(t, "caixa@example.com")
	if len(mails) != 2 || mails[1].Subject != "Redefinição de senha do Verde" || strings.Contains(mails[1].Text, "{####}") {
		t.Fatalf("the reset e-mail: %+v", mails)
	}
	// The page lists them, newest first, and shows one with its HTML.
	_, page := get(t, c.URL+cloud.MailboxPath)
	if !strings.Contains(page, "Caixa de e-mails local") || strings.Index(page, "Redefinição de senha") > strings.Index(page, "Confirme seu e-mail") {
		t.Errorf("mailbox page:\n%s", page)
	}
	if _, one := get(t, c.URL+cloud.MailboxPath+"/"+strconv.Itoa(mails[1].ID)+".html"); !strings.Contains(one, `lang="pt-BR"`) {
		t.Errorf("the message's HTML:\n%s", one)
	}
}

// TestProductEmailsThroughSESLandInTheMailbox: the functions' SES client (AWS_ENDPOINT_URL_SESV2)
// reaches the mailbox, both parts and the one-click headers kept.
func TestProductEmailsThroughSESLandInTheMailbox(t *testing.T) {
	testcloud.Get()
	cfg, err := config.LoadDefaultConfig(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	m, err := email.New("produto@example.com", "resumo", email.Content{Subject: "Resumo da semana nos seus grupos", Greeting: "Olá!", Intro: []string{"Novidades na horta"}},
		"http://localhost/api/emails/descadastro?t=x")
	if err != nil {
		t.Fatal(err)
	}
	if err := sesmail.NewSES(cfg, "Verde <nao-responda@verde.local>").Send(ctx(t), m); err != nil {
		t.Fatal(err)
	}
	got := mailsTo(t, "produto@example.com")
	if len(got) != 1 || got[0].Via != "SES" || got[0].Subject != "Resumo da semana nos seus grupos" ||
		!strings.Contains(got[0].Text, "Novidades na horta") || !strings.Contains(got[0].HTML, "Novidades na horta") ||
		got[0].ListUnsubscribe != "<http://localhost/api/emails/descadastro?t=x>" || got[0].ListUnsubscribePost != "List-Unsubscribe=One-Click" {
		t.Fatalf("mailbox %+v", got)
	}
}
