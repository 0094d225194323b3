// Package obs is what the functions tell the people who run them: JSON log
// lines (slog's JSON handler; template.yaml's LoggingConfig LogFormat JSON
// filters them by level), one line per API request with its route, status,
// latency, DynamoDB calls and a hashed user id (RequestLog), and alarm hooks
// (Alarm): a line with an "alarm" field that a CloudWatch metric filter
// counts. It imports no AWS service client.
package obs

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"log/slog"
	"os"
	"strings"
	"sync/atomic"

	"github.com/aws/aws-lambda-go/lambdacontext"
)

// Init makes slog's default logger write JSON lines to stdout at the level
// Lambda asks for (AWS_LAMBDA_LOG_LEVEL, from ApplicationLogLevel), each with
// the invocation's Lambda request id. Every function's main calls it first.
func Init() { slog.SetDefault(New(os.Stdout, os.Getenv("AWS_LAMBDA_LOG_LEVEL"))) }

// New is the JSON logger Init installs, writing to w at level ("DEBUG",
// "INFO", "WARN", "ERROR"; INFO when empty or unknown).
func New(w io.Writer, level string) *slog.Logger {
	var l slog.Level
	if err := l.UnmarshalText([]byte(strings.ToUpper(level))); err != nil {
		l = slog.LevelInfo
	}
	return slog.New(invocationHandler{slog.NewJSONHandler(w, &slog.HandlerOptions{Level: l})})
}

// invocationHandler adds the Lambda request id of the invocation whose
// context the record was logged with.
type invocationHandler struct{ slog.Handler }

func (h invocationHandler) Handle(ctx context.Context, r slog.Record) error {
	if lc, ok := lambdacontext.FromContext(ctx); ok && lc.AwsRequestID != "" {
		r.AddAttrs(slog.String("lambdaRequestId", lc.AwsRequestID))
	}
	return h.Handler.Handle(ctx, r)
}

func (h invocationHandler) WithAttrs(as []slog.Attr) slog.Handler {
	return invocationHandler{h.Handler.WithAttrs(as)}
}

func (h invocationHandler) WithGroup(name string) slog.Handler {
	return invocationHandler{h.Handler.WithGroup(name)}
}

// Alarm logs msg at ERROR with alarm=name: template.yaml's metric filters
// ({ $.alarm = "<name>" }) count each such line as one Verde/<stack> <name>,
// which an alarm watches. Names in use: RemindersIncomplete (the reminders
// job could not finish the day), EmailFailed (SES refused an e-mail).
func Alarm(ctx context.Context, name, msg string, args ...any) {
	slog.ErrorContext(ctx, msg, append([]any{"alarm", name}, args...)...)
}

// Alarm names the metric filters of template.yaml watch.
const (
	AlarmRemindersIncomplete = "RemindersIncomplete"
	AlarmEmailFailed         = "EmailFailed"
)

// Request is what one API request's log line gathers while it runs.
type Request struct {
	dynamoCalls atomic.Int64
	user        atomic.Pointer[string]
}

type requestKey struct{}

// WithRequest starts gathering a request's figures in ctx.
func WithRequest(ctx context.Context) (context.Context, *Request) {
	r := &Request{}
	return context.WithValue(ctx, requestKey{}, r), r
}

func requestFrom(ctx context.Context) *Request {
	r, _ := ctx.Value(requestKey{}).(*Request)
	return r
}

// CountDynamoCall adds one DynamoDB operation to the request of ctx, if any
// (the store's client calls it once per operation, retries not counted).
func CountDynamoCall(ctx context.Context) {
	if r := requestFrom(ctx); r != nil {
		r.dynamoCalls.Add(1)
	}
}

// SetUser records the signed-in caller of the request of ctx; the log line
// carries only a hash of it.
func SetUser(ctx context.Context, uid string) {
	if r := requestFrom(ctx); r != nil && uid != "" {
		r.user.Store(&uid)
	}
}

// DynamoCalls is the number of DynamoDB operations made so far.
func (r *Request) DynamoCalls() int64 { return r.dynamoCalls.Load() }

// UserHash is the caller's HashUser, "" for an anonymous request.
func (r *Request) UserHash() string {
	if u := r.user.Load(); u != nil {
		return HashUser(*u)
	}
	return ""
}

// HashUser is a short, stable hash of a user id: enough to follow one member's
// requests through the logs without writing who they are.
func HashUser(uid string) string {
	sum := sha256.Sum256([]byte("verde-log:" + uid))
	return hex.EncodeToString(sum[:8])
}
