// Package sesmail sends shared/email's messages through Amazon SES: apart from shared/email, so
// that the CustomMessage trigger, which only words Cognito's e-mails, links no AWS client.
package sesmail

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sesv2"
	"github.com/aws/aws-sdk-go-v2/service/sesv2/types"
	"github.com/aws/smithy-go"

	"github.com/verde-app/verde/shared/email"
)

// SES sends through Amazon SES (v2 SendEmail, raw MIME) from From, an address
// of the stack's verified identity. Its client is made on the first send, so a
// function that sends nothing pays nothing at start. Locally
// AWS_ENDPOINT_URL_SESV2 points at the local cloud's mailbox.
type SES struct {
	From string
	cfg  aws.Config

	once   sync.Once
	client *sesv2.Client
}

// NewSES is the sender from from; nil when from is empty (no identity
// configured: the product sends no e-mail).
func NewSES(cfg aws.Config, from string) *SES {
	if from == "" {
		return nil
	}
	return &SES{From: from, cfg: cfg}
}

// Send sends m.
func (s *SES) Send(ctx context.Context, m email.Message) error {
	raw, err := m.MIME(s.From, time.Now())
	if err != nil {
		return err
	}
	s.once.Do(func() { s.client = sesv2.NewFromConfig(s.cfg) })
	_, err = s.client.SendEmail(ctx, &sesv2.SendEmailInput{
		FromEmailAddress: aws.String(s.From),
		Destination:      &types.Destination{ToAddresses: []string{m.To}},
		Content:          &types.EmailContent{Raw: &types.RawMessage{Data: raw}},
	})
	var rejected *types.MessageRejected
	var paused *types.SendingPausedException
	var notVerified *types.MailFromDomainNotVerifiedException
	var limit *types.LimitExceededException
	var api smithy.APIError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &rejected), errors.As(err, &paused), errors.As(err, &notVerified), errors.As(err, &limit),
		errors.As(err, &api) && api.ErrorCode() == "AccountSuspendedException":
		return fmt.Errorf("%w: %v", email.ErrRefused, err)
	}
	return fmt.Errorf("send e-mail: %w", err)
}
