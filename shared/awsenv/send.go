package awsenv

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	v4 "github.com/aws/aws-sdk-go-v2/aws/signer/v4"
)

// Call is one request to an AWS API, sent by Send: used where a function makes one or two kinds
// of call to a service whose SDK client would cost every start its package tables (Secrets
// Manager's GetSecretValue, Lambda's Invoke).
type Call struct {
	Method  string
	URL     string
	Header  http.Header
	Body    []byte
	Service string // the SigV4 signing name: "secretsmanager", "lambda"
}

// Reply is an AWS API's answer: its status, headers and body (at most 6 MB, Lambda's payload cap).
type Reply struct {
	Status int
	Header http.Header
	Body   []byte
}

// maxAttempts is how many times Send tries a call that failed for a reason worth trying again
// (the network, throttling, a 5xx), as the SDK's standard retryer does.
const maxAttempts = 3

// Send signs c with SigV4 (the SDK core's signer: every function links it for DynamoDB) with
// cfg's credentials and region, and sends it with client; with aws.AnonymousCredentials (a
// public bucket, a test's emulator) it sends c unsigned, as the SDK's clients do. A connection error, a 429 or a 5xx is
// tried again, up to three attempts in all, after a jittered backoff (50 ms, then 100 ms at
// most); any other status is the caller's to read.
func Send(ctx context.Context, cfg aws.Config, client *http.Client, c Call) (Reply, error) {
	if cfg.Credentials == nil {
		return Reply{}, fmt.Errorf("no AWS credentials in the environment (AWS_ACCESS_KEY_ID)")
	}
	sum := sha256.Sum256(c.Body)
	hash := hex.EncodeToString(sum[:])
	var last error
	for attempt := range maxAttempts {
		if attempt > 0 {
			backoff := time.Duration(rand.Int64N(int64(50*time.Millisecond) << (attempt - 1)))
			select {
			case <-ctx.Done():
				return Reply{}, errors.Join(ctx.Err(), last)
			case <-time.After(backoff):
			}
		}
		rep, err := sendOnce(ctx, cfg, client, c, hash)
		switch {
		case err != nil && ctx.Err() != nil:
			return Reply{}, err
		case err != nil:
			last = err
		case rep.Status == http.StatusTooManyRequests || rep.Status >= 500:
			last = fmt.Errorf("%s %s: status %d: %s", c.Service, c.Method, rep.Status, bytes.TrimSpace(rep.Body))
			if attempt == maxAttempts-1 {
				return rep, nil
			}
		default:
			return rep, nil
		}
	}
	return Reply{}, last
}

func sendOnce(ctx context.Context, cfg aws.Config, client *http.Client, c Call, hash string) (Reply, error) {
	req, err := http.NewRequestWithContext(ctx, c.Method, c.URL, bytes.NewReader(c.Body))
	if err != nil {
		return Reply{}, err
	}
	for k, v := range c.Header {
		req.Header[k] = v
	}
	if c.Service == "s3" {
		req.Header.Set("X-Amz-Content-Sha256", hash) // S3 signs the payload's hash as a header
	}
	if !aws.IsCredentialsProvider(cfg.Credentials, aws.AnonymousCredentials{}) {
		creds, err := cfg.Credentials.Retrieve(ctx)
		if err != nil {
			return Reply{}, err
		}
		if err := v4.NewSigner().SignHTTP(ctx, creds, req, hash, c.Service, cfg.Region, time.Now()); err != nil {
			return Reply{}, err
		}
	}
	res, err := client.Do(req)
	if err != nil {
		return Reply{}, err
	}
	defer res.Body.Close()
	body, err := io.ReadAll(io.LimitReader(res.Body, 6<<20))
	if err != nil {
		return Reply{}, err
	}
	return Reply{Status: res.StatusCode, Header: res.Header, Body: body}, nil
}
