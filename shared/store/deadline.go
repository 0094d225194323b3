package store

import (
	"context"
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

// withDeadlines is the DynamoDB client's options: the attempt timeout, the
// bounded retryer and the per-call deadline.
func withDeadlines(o *dynamodb.Options) {
	o.HTTPClient = awshttp.NewBuildableClient().WithTimeout(AttemptTimeout)
	o.Retryer = retry.AddWithMaxBackoffDelay(retry.AddWithMaxAttempts(retry.NewStandard(), MaxAttempts), MaxBackoff)
	o.APIOptions = append(o.APIOptions, func(stack *middleware.Stack) error {
		return stack.Initialize.Add(middleware.InitializeMiddlewareFunc("verdeCallDeadline",
			func(ctx context.Context, in middleware.InitializeInput, next middleware.InitializeHandler) (middleware.InitializeOutput, middleware.Metadata, error) {
				obs.CountDynamoCall(ctx) // the request's log line (shared/obs): once per operation
				ctx, cancel := context.WithTimeout(ctx, CallDeadline)
				defer cancel()
				return next.HandleInitialize(ctx, in)
			}), middleware.Before)
	})
}
