package api

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/aws/smithy-go"
	smithyhttp "github.com/aws/smithy-go/transport/http"

	"github.com/verde-app/verde/shared/domain"
)

type conflicted struct{}

func (conflicted) Error() string   { return "transaction cancelled: TransactionConflict" }
func (conflicted) Transient() bool { return true }

// TestErrorClassesAnswer503WithRetryAfter: a deadline, throttling, a
// connection that fails and a write still conflicting after the store's
// retries are each a 503 envelope with Retry-After, logged as a warning with
// its class, never as an internal error; anything else stays a 500.
func TestErrorClassesAnswer503WithRetryAfter(t *testing.T) {
	for _, c := range []struct {
		class string
		err   error
	}{
		{"deadline", fmt.Errorf("get profile: %w", context.DeadlineExceeded)},
		{"deadline", &net.DNSError{IsTimeout: true}},
		{"throttling", fmt.Errorf("query: %w", &smithy.GenericAPIError{Code: "ThrottlingException"})},
		{"throttling", &smithy.GenericAPIError{Code: "ProvisionedThroughputExceededException"}},
		{"throttling", &smithy.GenericAPIError{Code: "TooManyRequestsException"}},
		{"connection", fmt.Errorf("get: %w", &net.OpError{Op: "dial", Net: "tcp", Err: syscall.ECONNREFUSED})},
		{"connection", fmt.Errorf("get: %w", &smithyhttp.RequestSendError{Err: syscall.ECONNRESET})},
		{"conflict", fmt.Errorf("transact write: %w", conflicted{})},
		{"unavailable", domain.ErrBusy()},
	} {
		var logs bytes.Buffer
		restore := slog.Default()
		slog.SetDefault(slog.New(slog.NewTextHandler(&logs, nil)))
		rec := httptest.NewRecorder()
		WriteError(rec, httptest.NewRequest("GET", "/api/me", nil), c.err)
		slog.SetDefault(restore)
		if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") == "" || !strings.Contains(rec.Body.String(), `"unavailable"`) {
			t.Errorf("%v: %d %q %s", c.err, rec.Code, rec.Header().Get("Retry-After"), rec.Body)
		}
		if !strings.Contains(logs.String(), "class="+c.class) || strings.Contains(logs.String(), "internal error") {
			t.Errorf("%v logged %q, want class %s", c.err, logs.String(), c.class)
		}
	}
	rec := httptest.NewRecorder()
	WriteError(rec, httptest.NewRequest("GET", "/api/me", nil), errors.New("decode profile: bad attribute"))
	if rec.Code != 500 || rec.Header().Get("Retry-After") != "" {
		t.Errorf("a plain error: %d %v", rec.Code, rec.Header())
	}
}

// TestClientThatHangsUpIsLoggedAs499: a request whose client closed the
// connection (its context canceled) is logged with status 499, not as an
// internal error, and never as a 503 to retry.
func TestClientThatHangsUpIsLoggedAs499(t *testing.T) {
	var logs bytes.Buffer
	restore := slog.Default()
	slog.SetDefault(slog.New(slog.NewTextHandler(&logs, nil)))
	defer slog.SetDefault(restore)
	ctx, cancel := context.WithCancel(context.Background())
	r := httptest.NewRequest("GET", "/api/me", nil).WithContext(ctx)
	cancel()
	rec := httptest.NewRecorder()
	WriteError(rec, r, fmt.Errorf("get profile: operation error DynamoDB: GetItem, %w", context.Canceled))
	if rec.Code != StatusClientClosed || !strings.Contains(logs.String(), "status=499") || strings.Contains(logs.String(), "internal error") {
		t.Fatalf("%d, logged %q", rec.Code, logs.String())
	}
}

// TestRequestDeadlineAnswersBeforeTheFunctionTimeout: behind NewMux a
// request's context ends answerMargin before its Lambda's (10 s for the API
// functions), or after RequestDeadline where no Lambda deadline is set.
func TestRequestDeadlineAnswersBeforeTheFunctionTimeout(t *testing.T) {
	var left time.Duration
	h := NewMux([]Route{{Method: "GET", Path: "/api/x", Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		dl, ok := r.Context().Deadline()
		if !ok {
			t.Fatal("no deadline")
		}
		left = time.Until(dl)
	})}})
	lambda, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "/api/x", nil).WithContext(lambda))
	if left > 10*time.Second-answerMargin || left < 10*time.Second-answerMargin-time.Second {
		t.Errorf("in a 10 s Lambda the request has %v", left)
	}
	h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "/api/x", nil))
	if left > RequestDeadline || left < RequestDeadline-time.Second {
		t.Errorf("without a Lambda deadline the request has %v", left)
	}
}
