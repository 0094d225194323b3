package app

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"log/slog"
	"os"
	"sync"

	"github.com/aws/aws-sdk-go-v2/aws"

	"github.com/verde-app/verde/shared/email"
	"github.com/verde-app/verde/shared/email/sesmail"
)

// Mail is what the functions that send or unsubscribe need: the sender (nil
// when the stack has no SES identity: EMAIL_FROM empty, no product e-mail)
// and the key of the e-mails' unsubscribe links. Both are made on first use.
type Mail struct {
	Sender email.Sender
	Links  *LinkKey
}

type lazyMail struct {
	cfg     aws.Config
	secrets func() *secretsAPI
	once    sync.Once
	mail    Mail
}

// Mail is the function's e-mail sender and link key, made on first use (a
// function that never calls it links no sender).
func (d Deps) Mail() Mail {
	if d.mail == nil {
		return Mail{Links: newLinkKey("", nil)}
	}
	d.mail.once.Do(func() { d.mail.mail = newMail(d.mail.cfg, d.mail.secrets) })
	return d.mail.mail
}

// newMail reads EMAIL_FROM and EMAIL_LINK_SECRET_ARN.
func newMail(cfg aws.Config, secrets func() *secretsAPI) Mail {
	m := Mail{Links: newLinkKey(os.Getenv("EMAIL_LINK_SECRET_ARN"), secrets)}
	if s := sesmail.NewSES(cfg, os.Getenv("EMAIL_FROM")); s != nil {
		m.Sender = s
	}
	return m
}

// LinkKey is the HMAC key of the unsubscribe links: the SHA-256 of the secret
// EMAIL_LINK_SECRET_ARN names, read once per container. Without a secret (a
// unit test) it is random per process.
type LinkKey struct {
	secret *secret
	fixed  []byte
}

// Get returns the key.
func (k *LinkKey) Get(ctx context.Context) ([]byte, error) {
	if k.secret == nil {
		return k.fixed, nil
	}
	v, err := k.secret.get(ctx)
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256([]byte("email-links\x00" + v))
	return sum[:], nil
}

func newLinkKey(id string, client func() *secretsAPI) *LinkKey {
	if id == "" {
		slog.Debug("EMAIL_LINK_SECRET_ARN is not set: unsubscribe links use a per-process key")
		key := make([]byte, 32)
		rand.Read(key)
		return &LinkKey{fixed: key}
	}
	return &LinkKey{secret: &secret{id: id, client: client()}}
}
