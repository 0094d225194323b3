package cloud

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/mail"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"github.com/verde-app/verde/shared/email"
	"github.com/verde-app/verde/shared/triggers/custommessage"
)

// The local mailbox: every e-mail Verde would send lands here instead. The product's own
// (reminders, the digest) come through the SES v2 API the functions call (AWS_ENDPOINT_URL_SESV2
// points at the product's port, sesv2Path); Cognito's come from cognito-local invoking the same
// CustomMessage trigger as in AWS, and the code Cognito fills in is added by the Cognito proxy once
// it knows it. Each message is printed in the local cloud's output (subject and plain text) and
// listed at MailboxPath, newest first, with its HTML as a member would see it.

// MailboxPath is the local mailbox page; MailboxPath+".json" lists the messages as JSON.
const MailboxPath = "/dev/emails"

// sesv2Path is the SES v2 SendEmail operation.
const sesv2Path = "/v2/email/outbound-emails"

// Mail is one message in the local mailbox.
type Mail struct {
	ID      int       `json:"id"`
	At      time.Time `json:"at"`
	Via     string    `json:"via"` // "SES" (the product) or "Cognito"
	From    string    `json:"from"`
	To      string    `json:"to"`
	Subject string    `json:"subject"`
	Text    string    `json:"text"`
	HTML    string    `json:"html"`
	// ListUnsubscribe and ListUnsubscribePost are the RFC 8058 headers of a product e-mail.
	ListUnsubscribe     string `json:"listUnsubscribe,omitempty"`
	ListUnsubscribePost string `json:"listUnsubscribePost,omitempty"`
	// pending: Cognito's placeholders not yet filled in with the code.
	pending bool
}

type mailbox struct {
	mu    sync.Mutex
	mails []Mail
	next  int
	logf  func(format string, args ...any)
}

const mailboxKeep = 500

func (m *mailbox) add(ml Mail) Mail {
	m.mu.Lock()
	m.next++
	ml.ID, ml.At = m.next, time.Now()
	m.mails = append(m.mails, ml)
	if len(m.mails) > mailboxKeep {
		m.mails = m.mails[len(m.mails)-mailboxKeep:]
	}
	m.mu.Unlock()
	if !ml.pending {
		m.print(ml)
	}
	return ml
}

func (m *mailbox) print(ml Mail) {
	if m.logf == nil {
		return
	}
	m.logf("local cloud: e-mail (%s) para %s: %s\n%s\n  (caixa local: %s/%d)", ml.Via, ml.To, ml.Subject, indent(ml.Text), MailboxPath, ml.ID)
}

func indent(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for i, l := range lines {
		lines[i] = "  | " + l
	}
	return strings.Join(lines, "\n")
}

// complete fills Cognito's placeholders in the newest pending message to address with code
// (and username), then prints it: Cognito replaces them after the trigger answers.
func (m *mailbox) complete(address, code, username string) {
	m.mu.Lock()
	var done *Mail
	for i := len(m.mails) - 1; i >= 0; i-- {
		ml := &m.mails[i]
		if ml.pending && strings.EqualFold(ml.To, address) {
			for _, f := range []*string{&ml.Text, &ml.HTML} {
				*f = strings.ReplaceAll(*f, "{####}", code)
				if username != "" {
					*f = strings.ReplaceAll(*f, "{username}", username)
				}
			}
			ml.pending = false
			done = ml
			break
		}
	}
	var out Mail
	if done != nil {
		out = *done
	}
	m.mu.Unlock()
	if done != nil {
		m.print(out)
	}
}

// discard drops the newest pending message to address (one AWS would not send).
func (m *mailbox) discard(address string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for i := len(m.mails) - 1; i >= 0; i-- {
		if m.mails[i].pending && strings.EqualFold(m.mails[i].To, address) {
			m.mails = append(m.mails[:i], m.mails[i+1:]...)
			return
		}
	}
}

// Mails are the messages sent, oldest first: a pending one (its code not yet
// filled in) is not sent yet, so no reader sees its placeholders.
func (m *mailbox) list() []Mail {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := make([]Mail, 0, len(m.mails))
	for _, ml := range m.mails {
		if !ml.pending {
			out = append(out, ml)
		}
	}
	return out
}

// recordCustomMessage wraps the CustomMessage trigger: what it answers is kept as a pending
// message (with its plain-text part, rendered from the same words) until the proxy knows the code.
func (m *mailbox) recordCustomMessage(h custommessage.Func, siteURL string) custommessage.Func {
	return func(ctx context.Context, ev events.CognitoEventUserPoolsCustomMessage) (events.CognitoEventUserPoolsCustomMessage, error) {
		out, err := h(ctx, ev)
		if err != nil || out.Response.EmailMessage == "" {
			return out, err
		}
		to, _ := ev.Request.UserAttributes["email"].(string)
		text := ""
		if c, ok := custommessage.Content(ev, siteURL); ok {
			_, text, _ = email.Render(c)
		}
		m.add(Mail{Via: "Cognito", From: "Cognito", To: to, Subject: out.Response.EmailSubject, HTML: out.Response.EmailMessage, Text: text, pending: true})
		return out, nil
	}
}

// serveSES answers SES v2 SendEmail (a raw MIME message, as shared/email sends) into the mailbox.
func (m *mailbox) serveSES(w http.ResponseWriter, r *http.Request) {
	var in struct {
		FromEmailAddress string
		Destination      struct{ ToAddresses []string }
		Content          struct {
			Raw struct{ Data []byte }
		}
	}
	if err := json.NewDecoder(io.LimitReader(r.Body, 10<<20)).Decode(&in); err != nil || len(in.Content.Raw.Data) == 0 {
		sesError(w, "BadRequestException", "the local mailbox takes raw MIME messages (Content.Raw.Data)")
		return
	}
	ml, err := parseMIME(in.Content.Raw.Data)
	if err != nil {
		sesError(w, "BadRequestException", err.Error())
		return
	}
	ml.Via = "SES"
	if len(in.Destination.ToAddresses) > 0 {
		ml.To = strings.Join(in.Destination.ToAddresses, ", ")
	}
	ml = m.add(ml)
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]string{"MessageId": "local-" + strconv.Itoa(ml.ID)})
}

func sesError(w http.ResponseWriter, code, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("X-Amzn-Errortype", code)
	w.WriteHeader(http.StatusBadRequest)
	json.NewEncoder(w).Encode(map[string]string{"message": msg})
}

// parseMIME reads a message as shared/email writes it: headers, then a text and an HTML part.
func parseMIME(raw []byte) (Mail, error) {
	msg, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		return Mail{}, fmt.Errorf("not a MIME message: %w", err)
	}
	dec := new(mime.WordDecoder)
	subject, _ := dec.DecodeHeader(msg.Header.Get("Subject"))
	ml := Mail{From: msg.Header.Get("From"), To: msg.Header.Get("To"), Subject: subject,
		ListUnsubscribe: msg.Header.Get("List-Unsubscribe"), ListUnsubscribePost: msg.Header.Get("List-Unsubscribe-Post")}
	typ, params, err := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	if err != nil || !strings.HasPrefix(typ, "multipart/") {
		body, _ := io.ReadAll(msg.Body)
		ml.Text = string(body)
		return ml, nil
	}
	parts := multipart.NewReader(msg.Body, params["boundary"])
	for {
		p, err := parts.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			return Mail{}, err
		}
		body, _ := io.ReadAll(p)
		switch pt, _, _ := mime.ParseMediaType(p.Header.Get("Content-Type")); pt {
		case "text/plain":
			ml.Text = strings.ReplaceAll(string(body), "\r\n", "\n")
		case "text/html":
			ml.HTML = strings.ReplaceAll(string(body), "\r\n", "\n")
		}
	}
	return ml, nil
}

var mailboxPage = template.Must(template.New("mailbox").Parse(`<!DOCTYPE html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Caixa de e-mails local - Verde</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f5f8f4;color:#1d2a1f}
header{background:#2f7d32;color:#fff;padding:16px 24px}h1{margin:0;font-size:20px}
main{max-width:960px;margin:0 auto;padding:16px}
p.note{color:#55655a}
ul{list-style:none;padding:0;margin:0}
li{background:#fff;border:1px solid #d6e2d7;border-radius:8px;margin:0 0 8px;padding:12px 16px}
a{color:#1b4d20}.meta{color:#55655a;font-size:14px;overflow-wrap:anywhere}
iframe{width:100%;height:80vh;min-height:600px;border:1px solid #d6e2d7;border-radius:8px;background:#fff}
pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#fff;border:1px solid #d6e2d7;border-radius:8px;padding:12px}
</style></head><body>
<header><h1>Caixa de e-mails local</h1></header>
<main>
{{if .One}}{{with .One}}
<p><a href="{{$.Path}}">&larr; Todos os e-mails</a></p>
<h2>{{.Subject}}</h2>
<p class="meta">Para {{.To}} &middot; via {{.Via}} &middot; {{.At.Format "02/01/2006 15:04:05"}}{{if .ListUnsubscribe}} &middot; List-Unsubscribe: {{.ListUnsubscribe}} ({{.ListUnsubscribePost}}){{end}}</p>
{{if .HTML}}<iframe title="O e-mail como aparece para quem recebe" sandbox src="{{$.Path}}/{{.ID}}.html"></iframe>{{end}}
<h3>Texto simples</h3><pre>{{.Text}}</pre>
{{end}}{{else}}
<p class="note">Os e-mails que o Verde enviaria (Cognito e SES) chegam aqui enquanto o make dev estiver rodando. Os mais novos primeiro.</p>
{{if .Mails}}<ul>{{range .Mails}}
<li><a href="{{$.Path}}/{{.ID}}">{{.Subject}}</a><div class="meta">Para {{.To}} &middot; via {{.Via}} &middot; {{.At.Format "02/01/2006 15:04:05"}}</div></li>
{{end}}</ul>{{else}}<p>Nenhum e-mail ainda.</p>{{end}}
{{end}}
</main></body></html>`))

// ServeHTTP serves the mailbox page, one message (/dev/emails/<id>, its HTML at <id>.html) and
// the list as JSON (/dev/emails.json, what the tests read).
func (m *mailbox) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	mails := m.list()
	rest := strings.TrimPrefix(r.URL.Path, MailboxPath)
	switch {
	case rest == ".json":
		w.Header().Set("Content-Type", "application/json")
		if mails == nil {
			mails = []Mail{}
		}
		json.NewEncoder(w).Encode(mails)
		return
	case rest == "" || rest == "/":
		for i, j := 0, len(mails)-1; i < j; i, j = i+1, j-1 {
			mails[i], mails[j] = mails[j], mails[i]
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		mailboxPage.Execute(w, map[string]any{"Path": MailboxPath, "Mails": mails})
		return
	}
	id, asHTML := strings.TrimPrefix(rest, "/"), false
	if s, ok := strings.CutSuffix(id, ".html"); ok {
		id, asHTML = s, true
	}
	n, _ := strconv.Atoi(id)
	for _, ml := range mails {
		if ml.ID != n {
			continue
		}
		if asHTML {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; img-src data:")
			io.WriteString(w, ml.HTML)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		mailboxPage.Execute(w, map[string]any{"Path": MailboxPath, "One": ml})
		return
	}
	http.NotFound(w, r)
}

// sendsCode: the Cognito operations (besides the two the proxy already handles) after which
// cognito-local has e-mailed a code through the CustomMessage trigger.
func sendsCode(target string) bool {
	switch strings.TrimPrefix(target, amzTargetPrefix) {
	case "SignUp", "ResendConfirmationCode", "UpdateUserAttributes", "AdminCreateUser":
		return true
	}
	return false
}

// codeSent passes the call on, then completes the mailbox's message with the code cognito-local
// stored (the sign-up code, a new e-mail's code) or the temporary password the admin chose. A
// sign-up that PreSignUp confirmed sends no code in AWS (the SPA asks for the e-mail's code
// later); cognito-local sends one anyway, so that message is dropped.
func (p *cognitoProxy) codeSent(w http.ResponseWriter, r *http.Request) {
	body, ok := readAmzBody(w, r)
	if !ok {
		return
	}
	rec := &bufferedRecorder{header: http.Header{}, status: http.StatusOK}
	p.proxy.ServeHTTP(rec, r)
	for k, v := range rec.header {
		w.Header()[k] = v
	}
	w.WriteHeader(rec.status)
	w.Write(rec.body.Bytes())
	if rec.status != http.StatusOK || p.mailed == nil {
		return
	}
	var in struct {
		Username, AccessToken, TemporaryPassword string
		UserAttributes                           []struct{ Name, Value string }
	}
	json.Unmarshal(body, &in)
	emailOf := func(fallback string) string {
		for _, a := range in.UserAttributes {
			if a.Name == "email" {
				return a.Value
			}
		}
		return fallback
	}
	switch strings.TrimPrefix(r.Header.Get("X-Amz-Target"), amzTargetPrefix) {
	case "UpdateUserAttributes":
		if address, code := p.storedCode(in.AccessToken); code != "" {
			p.mailed(emailOf(address), code, "") // the code goes to the new address
		}
	case "AdminCreateUser":
		p.mailed(emailOf(in.Username), in.TemporaryPassword, in.Username)
	case "SignUp":
		var out struct{ UserConfirmed bool }
		json.Unmarshal(rec.body.Bytes(), &out)
		if out.UserConfirmed && p.unsent != nil {
			p.unsent(emailOf(in.Username))
			return
		}
		fallthrough
	default: // ResendConfirmationCode
		if address, code := p.resetCode(in.Username); code != "" {
			p.mailed(address, code, "")
		}
	}
}
