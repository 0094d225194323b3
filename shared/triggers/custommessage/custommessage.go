// Package custommessage is the Cognito CustomMessage trigger: it words every
// e-mail Cognito sends (the sign-up and e-mail codes, the password reset, an
// admin-made account's temporary password, the sign-in code) in Portuguese,
// in Verde's look (shared/email). It calls nothing: Cognito passes the
// placeholders of the code and the username ({####}, {username}) and fills
// them in after. Cognito takes one body, sent as HTML; the plain-text
// rendering of the same words is what the local cloud's mailbox shows beside
// it, and what a mail client without HTML falls back to reading (the HTML is
// plain paragraphs, readable as text).
package custommessage

import (
	"context"
	"strings"

	"github.com/aws/aws-lambda-go/events"

	"github.com/verde-app/verde/shared/email"
)

// Func is the trigger's Lambda signature.
type Func func(context.Context, events.CognitoEventUserPoolsCustomMessage) (events.CognitoEventUserPoolsCustomMessage, error)

// Trigger sources Cognito calls the trigger with.
const (
	SourceSignUp              = "CustomMessage_SignUp"
	SourceResendCode          = "CustomMessage_ResendCode"
	SourceForgotPassword      = "CustomMessage_ForgotPassword"
	SourceAdminCreateUser     = "CustomMessage_AdminCreateUser"
	SourceUpdateUserAttribute = "CustomMessage_UpdateUserAttribute"
	SourceVerifyUserAttribute = "CustomMessage_VerifyUserAttribute"
	SourceAuthentication      = "CustomMessage_Authentication"
)

// Sources are every trigger source the trigger words.
var Sources = []string{SourceSignUp, SourceResendCode, SourceForgotPassword, SourceAdminCreateUser,
	SourceUpdateUserAttribute, SourceVerifyUserAttribute, SourceAuthentication}

// Handler is the trigger for a site at siteURL (the links in the e-mails).
func Handler(siteURL string) Func {
	return func(_ context.Context, ev events.CognitoEventUserPoolsCustomMessage) (events.CognitoEventUserPoolsCustomMessage, error) {
		c, ok := Content(ev, siteURL)
		if !ok {
			return ev, nil // a source Verde does not word (an SMS-only one): Cognito's own text
		}
		html, _, err := email.Render(c)
		if err != nil {
			return ev, err
		}
		ev.Response.EmailSubject = c.Subject
		ev.Response.EmailMessage = html
		return ev, nil
	}
}

// Content is what the e-mail of ev says; false for a source it does not word.
func Content(ev events.CognitoEventUserPoolsCustomMessage, siteURL string) (email.Content, bool) {
	code := ev.Request.CodeParameter
	if code == "" {
		code = "{####}"
	}
	user := ev.Request.UsernameParameter
	if user == "" {
		user = "{username}"
	}
	site := strings.TrimRight(siteURL, "/")
	greeting := "Olá!"
	if name, _ := ev.Request.UserAttributes["name"].(string); strings.TrimSpace(name) != "" {
		greeting = "Olá, " + firstName(name) + "!"
	}
	notYou := "Se não foi você, pode ignorar este e-mail."
	switch ev.TriggerSource {
	case SourceSignUp, SourceResendCode:
		return email.Content{
			Subject:   "Seu código de confirmação do Verde",
			Preheader: "Confirme seu e-mail para começar a cultivar com a gente.",
			Greeting:  greeting,
			Intro:     []string{"Boas-vindas ao Verde! Para confirmar seu e-mail, digite este código no aplicativo:"},
			Code:      code,
			Outro:     []string{"O código vale por 24 horas.", "Se você não criou uma conta no Verde, pode ignorar este e-mail."},
			Why:       "Você recebeu este e-mail porque este endereço foi usado para criar uma conta no Verde.",
		}, true
	case SourceForgotPassword:
		return email.Content{
			Subject:   "Redefinição de senha do Verde",
			Preheader: "Use o código para criar uma nova senha.",
			Greeting:  greeting,
			Intro:     []string{"Recebemos um pedido para redefinir a senha da sua conta no Verde. Digite este código na tela \"Esqueci minha senha\":"},
			Code:      code,
			Button:    &email.Link{Label: "Redefinir minha senha", URL: site + "/login"},
			Outro:     []string{"O código vale por 1 hora.", "Se não foi você, pode ignorar este e-mail: sua senha continua a mesma."},
			Why:       "Você recebeu este e-mail porque alguém pediu para redefinir a senha desta conta no Verde.",
		}, true
	case SourceAdminCreateUser:
		return email.Content{
			Subject:   "Sua conta no Verde foi criada",
			Preheader: "Entre com a senha temporária e escolha a sua.",
			Greeting:  greeting,
			Intro:     []string{"Uma pessoa da administração do Verde criou uma conta para você. Entre com estes dados e escolha uma nova senha no primeiro acesso:"},
			Lines:     []email.Line{{Label: "Usuário", Value: user}, {Label: "Senha temporária", Value: code}},
			Button:    &email.Link{Label: "Entrar no Verde", URL: site + "/login"},
			Outro:     []string{"A senha temporária vale por 7 dias."},
			Why:       "Você recebeu este e-mail porque uma conta do Verde foi criada com este endereço.",
		}, true
	case SourceUpdateUserAttribute:
		return email.Content{
			Subject:   "Confirme seu novo e-mail no Verde",
			Preheader: "Falta só confirmar o novo endereço.",
			Greeting:  greeting,
			Intro:     []string{"Você pediu para trocar o e-mail da sua conta no Verde. Para confirmar este novo endereço, digite o código:"},
			Code:      code,
			Outro:     []string{"Até a confirmação, o e-mail anterior continua valendo para entrar e recuperar a senha.", notYou},
			Why:       "Você recebeu este e-mail porque este endereço foi indicado para uma conta do Verde.",
		}, true
	case SourceVerifyUserAttribute:
		return email.Content{
			Subject:   "Confirme seu e-mail no Verde",
			Preheader: "Digite o código no aplicativo para confirmar seu e-mail.",
			Greeting:  greeting,
			Intro:     []string{"Para confirmar o e-mail da sua conta no Verde, digite este código no aplicativo:"},
			Code:      code,
			Outro:     []string{"O código vale por 24 horas.", notYou},
			Why:       "Você recebeu este e-mail porque este endereço está em uma conta do Verde.",
		}, true
	case SourceAuthentication:
		return email.Content{
			Subject:   "Seu código de acesso ao Verde",
			Preheader: "Digite o código para concluir a entrada.",
			Greeting:  greeting,
			Intro:     []string{"Para concluir a entrada na sua conta do Verde, digite este código:"},
			Code:      code,
			Outro:     []string{"O código vale por 3 minutos.", "Se não foi você, troque sua senha em Configurações."},
			Why:       "Você recebeu este e-mail porque alguém está entrando na sua conta do Verde.",
		}, true
	}
	return email.Content{}, false
}

// firstName is the name's first word (the greeting is friendly, not formal).
func firstName(name string) string {
	f := strings.Fields(name)
	return f[0]
}
