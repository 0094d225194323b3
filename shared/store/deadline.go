package store

import (
	"context"
	"os"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws/retry"
	awshttp "github.com/aws/aws-sdk-go-v2/aws/transport/http"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/smithy-go/middleware"

	"github.com/verde-app/verde/shared/obs"
)

// Every DynamoDB call has its own deadline, well inside the functions'
// 10 s timeout (template.yaml Globals): a table that stalls gives the
// caller a clean 503 (api.WriteError turns a timeout into
// domain.ErrUnavailable) within about CallDeadline, instead of a Lambda
// timeout after 10 s or a 30 s wait at API Gateway.
const (
	// AttemptTimeout bounds one HTTP exchange with DynamoDB (the SDK's
	// client timeout: connect, send, wait, read). DynamoDB answers in
	// milliseconds; a second and a half is a stall.
	AttemptTimeout = 1500 * time.Millisecond
	// MaxAttempts bounds the SDK's retries of one call (throttling,
	// 5xx, timeouts), with at most MaxBackoff between them.
	MaxAttempts = 3
	MaxBackoff  = 200 * time.Millisecond
	// CallDeadline bounds one call, retries included.
	CallDeadline = 3 * time.Second
)

// DeadlineEnv names the environment variable that replaces CallDeadline (a Go duration, such as
// "30s"; each attempt then gets a third of it) for a process whose table is DynamoDB Local. The
// local cloud sets it (cloud.Env): DynamoDB Local on a shared machine can pause for seconds (its
// JVM, two cores shared with Chromium and the Go build), which is no stall of AWS's DynamoDB and
// must not fail a test. Unset, as in AWS, the deadlines are the constants above.
const DeadlineEnv = "DYNAMODB_CALL_DEADLINE"

// deadlines are one attempt's timeout and one call's deadline for a new Store.
func deadlines() (attempt, call time.Duration) {
	if d, err := time.ParseDuration(os.Getenv(DeadlineEnv)); err == nil && d > 0 {
		return d / MaxAttempts, d
	}
	return AttemptTimeout, CallDeadline
}

// callDeadline is the deadline of one call of s: the one New read, CallDeadline for a Store made
// without New.
func (s *Store) callDeadline() time.Duration {
	if s.deadline > 0 {
		return s.deadline
	}
	return CallDeadline
}

// withDeadlines is the DynamoDB client's options: the attempt timeout, the
// bounded retryer and the per-call deadline.
func withDeadlines(attemptTimeout, callDeadline time.Duration) func(*dynamodb.Options) {
	return func(o *dynamodb.Options) { setDeadlines(o, attemptTimeout, callDeadline) }
}

func setDeadlines(o *dynamodb.Options, attemptTimeout, callDeadline time.Duration) {
	o.HTTPClient = awshttp.NewBuildableClient().WithTimeout(attemptTimeout)
	o.Retryer = retry.AddWithMaxBackoffDelay(retry.AddWithMaxAttempts(retry.NewStandard(), MaxAttempts), MaxBackoff)
	o.APIOptions = append(o.APIOptions, func(stack *middleware.Stack) error {
		return stack.Initialize.Add(middleware.InitializeMiddlewareFunc("verdeCallDeadline",
			func(ctx context.Context, in middleware.InitializeInput, next middleware.InitializeHandler) (middleware.InitializeOutput, middleware.Metadata, error) {
				obs.CountDynamoCall(ctx) // the request's log line (shared/obs): once per operation
				ctx, cancel := context.WithTimeout(ctx, callDeadline)
				defer cancel()
				return next.HandleInitialize(ctx, in)
			}), middleware.Before)
	})
}
