package email

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"mime"
	"mime/quotedprintable"
	"net/mail"
	"strings"
	"time"
)

// Sender sends one message (sesmail.SES in AWS and locally, where SES is the local mailbox).
type Sender interface {
	Send(ctx context.Context, m Message) error
}

// ErrRefused is the sender refusing a message for a reason that sending again
// will not fix soon (SES: the sandbox's unverified recipient, the quota, the identity).
var ErrRefused = errors.New("the e-mail service refused the message")

// Message is one e-mail ready to send: both bodies, and for the product's
// e-mails the one-click unsubscribe URL (RFC 8058).
type Message struct {
	To      string
	Subject string
	HTML    string
	Text    string
	// Unsubscribe is the URL a mail client POSTs "List-Unsubscribe=One-Click"
	// to (List-Unsubscribe and List-Unsubscribe-Post headers).
	Unsubscribe string
	// Kind names the e-mail for logs and the local mailbox (lembrete-janela, resumo…).
	Kind string
}

// New renders c into a message to to.
func New(to, kind string, c Content, unsubscribeURL string) (Message, error) {
	html, text, err := Render(c)
	if err != nil {
		return Message{}, err
	}
	return Message{To: to, Subject: c.Subject, HTML: html, Text: text, Unsubscribe: unsubscribeURL, Kind: kind}, nil
}

// MIME is the message as RFC 5322 bytes: multipart/alternative with the
// plain-text part first and the HTML part last (the one a client prefers),
// both UTF-8 quoted-printable, and the unsubscribe headers when it has them.
func (m Message) MIME(from string, now time.Time) ([]byte, error) {
	if _, err := mail.ParseAddress(m.To); err != nil {
		return nil, fmt.Errorf("recipient %q: %w", m.To, err)
	}
	if _, err := mail.ParseAddress(from); err != nil {
		return nil, fmt.Errorf("sender %q: %w", from, err)
	}
	var rnd [12]byte
	rand.Read(rnd[:])
	boundary := "verde-" + hex.EncodeToString(rnd[:])
	var b bytes.Buffer
	h := func(k, v string) { fmt.Fprintf(&b, "%s: %s\r\n", k, v) }
	h("From", from)
	h("To", m.To)
	h("Subject", mime.QEncoding.Encode("utf-8", m.Subject))
	h("Date", now.UTC().Format(time.RFC1123Z))
	h("MIME-Version", "1.0")
	if m.Unsubscribe != "" {
		h("List-Unsubscribe", "<"+m.Unsubscribe+">")
		h("List-Unsubscribe-Post", "List-Unsubscribe=One-Click")
	}
	h("Content-Type", `multipart/alternative; boundary="`+boundary+`"`)
	b.WriteString("\r\n")
	for _, part := range []struct{ typ, body string }{{"text/plain", m.Text}, {"text/html", m.HTML}} {
		fmt.Fprintf(&b, "--%s\r\nContent-Type: %s; charset=UTF-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n", boundary, part.typ)
		w := quotedprintable.NewWriter(&b)
		if _, err := w.Write([]byte(strings.ReplaceAll(part.body, "\n", "\r\n"))); err != nil {
			return nil, err
		}
		if err := w.Close(); err != nil {
			return nil, err
		}
		b.WriteString("\r\n")
	}
	fmt.Fprintf(&b, "--%s--\r\n", boundary)
	return b.Bytes(), nil
}
