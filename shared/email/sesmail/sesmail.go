// Package sesmail sends shared/email's messages through Amazon SES: apart from shared/email, so
// that the CustomMessage trigger, which only words Cognito's e-mails, links no AWS client.
//
// It makes SES v2's one call it needs (SendEmail, POST /v2/email/outbound-emails, a raw MIME
// message) itself, signed with Signature Version 4 from the function's credentials, rather than
// through the SDK's SES client: that client's code doubled a function's binary (the Lambda
// package budget is 6 MB), while the call is a few lines.
package sesmail

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	v4 "github.com/aws/aws-sdk-go-v2/aws/signer/v4"

	"github.com/verde-app/verde/shared/email"
)

// SES sends from From, an address of the stack's verified identity. Locally
// AWS_ENDPOINT_URL_SESV2 points at the local cloud's mailbox.
type SES struct {
	From     string
	cfg      aws.Config
	endpoint string
	client   *http.Client
}

// NewSES is the sender from from; nil when from is empty (no identity
// configured: the product sends no e-mail).
func NewSES(cfg aws.Config, from string) *SES {
	if from == "" {
		return nil
	}
	endpoint := os.Getenv("AWS_ENDPOINT_URL_SESV2")
	if endpoint == "" {
		endpoint = "https://email." + cfg.Region + ".amazonaws.com"
	}
	return &SES{From: from, cfg: cfg, endpoint: strings.TrimRight(endpoint, "/"), client: &http.Client{Timeout: 10 * time.Second}}
}

// refusals are SES's errors that sending again will not fix soon.
var refusals = map[string]bool{
	"MessageRejected": true, "SendingPausedException": true, "MailFromDomainNotVerifiedException": true,
	"LimitExceededException": true, "AccountSuspendedException": true, "NotFoundException": true,
}

// Send sends m.
func (s *SES) Send(ctx context.Context, m email.Message) error {
	raw, err := m.MIME(s.From, time.Now())
	if err != nil {
		return err
	}
	body, err := json.Marshal(map[string]any{
		"FromEmailAddress": s.From,
		"Destination":      map[string]any{"ToAddresses": []string{m.To}},
		"Content":          map[string]any{"Raw": map[string]any{"Data": raw}}, // []byte: base64, as the API wants
	})
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.endpoint+"/v2/email/outbound-emails", bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	creds, err := s.cfg.Credentials.Retrieve(ctx)
	if err != nil {
		return fmt.Errorf("send e-mail: credentials: %w", err)
	}
	sum := sha256.Sum256(body)
	if err := v4.NewSigner().SignHTTP(ctx, creds, req, hex.EncodeToString(sum[:]), "ses", s.cfg.Region, time.Now()); err != nil {
		return fmt.Errorf("send e-mail: sign: %w", err)
	}
	resp, err := s.client.Do(req)
	if err != nil {
		return fmt.Errorf("send e-mail: %w", err)
	}
	defer resp.Body.Close()
	answer, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode/100 == 2 {
		return nil
	}
	code := resp.Header.Get("X-Amzn-Errortype")
	if i := strings.IndexAny(code, ":"); i >= 0 {
		code = code[:i]
	}
	var e struct{ Message string }
	json.Unmarshal(answer, &e)
	err = fmt.Errorf("SES %s (%d): %s", code, resp.StatusCode, e.Message)
	if refusals[code] {
		return errors.Join(email.ErrRefused, err)
	}
	return fmt.Errorf("send e-mail: %w", err)
}
