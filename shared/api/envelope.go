// Package api is Verde's HTTP layer: the error envelope, JSON encoding and
// decoding, routes, middleware and pagination shared by every API area.
package api

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"syscall"

	"github.com/aws/smithy-go"
	smithyhttp "github.com/aws/smithy-go/transport/http"

	"github.com/verde-app/verde/shared/domain"
)

// ErrorBody is the one error envelope of the API: {"error": {...}}.
type ErrorBody struct {
	Error ErrorDetail `json:"error"`
}

type ErrorDetail struct {
	Code      domain.Code `json:"code"`
	Message   string      `json:"message"`
	Field     string      `json:"field,omitempty"`
	RequestID string      `json:"requestId,omitempty"`
}

var statusByCode = map[domain.Code]int{
	domain.EValidation:           http.StatusBadRequest,
	domain.EUnauthenticated:      http.StatusUnauthorized,
	domain.EForbidden:            http.StatusForbidden,
	domain.ENotFound:             http.StatusNotFound,
	domain.EConflict:             http.StatusConflict,
	domain.ERateLimited:          http.StatusTooManyRequests,
	domain.EInternal:             http.StatusInternalServerError,
	domain.EUnsupportedMediaType: http.StatusUnsupportedMediaType,
	domain.EUnavailable:          http.StatusServiceUnavailable,
}

// StatusFor maps an error code to its HTTP status.
func StatusFor(code domain.Code) int {
	if s, ok := statusByCode[code]; ok {
		return s
	}
	return http.StatusInternalServerError
}

const internalMessage = domain.MsgInternal

// StatusClientClosed is the status logged for a request whose client hung
// up before the answer (nginx's 499): not a server error, so no alarm on it.
const StatusClientClosed = 499

// RetryAfterSeconds is what a 503 tells the client to wait before retrying.
const RetryAfterSeconds = "2"

// WriteError writes err in the envelope. Errors are classified once, here:
// a client that hung up is logged as 499; a dependency that timed out,
// throttled, could not be reached or kept conflicting after the store's
// retries is a 503 with Retry-After (the client should retry); any other
// error that is not a *domain.Error is logged with the request id and shown
// only as an internal error.
func WriteError(w http.ResponseWriter, r *http.Request, err error) {
	reqID := RequestIDFrom(r.Context())
	if clientGone(r, err) {
		slog.InfoContext(r.Context(), "client closed request", "requestId", reqID, "method", r.Method, "path", r.URL.Path, "status", StatusClientClosed)
		w.WriteHeader(StatusClientClosed)
		return
	}
	if class := unavailable(err); class != "" {
		slog.WarnContext(r.Context(), "dependency unavailable", "class", class, "requestId", reqID, "method", r.Method, "path", r.URL.Path, "err", err)
		if e, ok := domain.AsError(err); !ok || e.Code != domain.EUnavailable {
			err = domain.ErrUnavailable()
		}
	}
	detail := ErrorDetail{Code: domain.EInternal, Message: internalMessage, RequestID: reqID}
	if e, ok := domain.AsError(err); ok && e.Code != domain.EInternal {
		detail.Code, detail.Message, detail.Field = e.Code, e.Message, e.Field
	} else {
		slog.ErrorContext(r.Context(), "internal error", "requestId", reqID, "method", r.Method, "path", r.URL.Path, "err", err)
	}
	if detail.Code == domain.EUnauthenticated {
		w.Header().Set("WWW-Authenticate", `Bearer realm="verde"`)
	}
	if detail.Code == domain.EUnavailable {
		w.Header().Set("Retry-After", RetryAfterSeconds)
	}
	Encode(w, StatusFor(detail.Code), ErrorBody{Error: detail})
}

// clientGone reports a request its client abandoned (the connection closed,
// which cancels the request's context) as the cause of err.
func clientGone(r *http.Request, err error) bool {
	return errors.Is(err, context.Canceled) && errors.Is(r.Context().Err(), context.Canceled)
}

// throttlingCodes are the AWS error codes of a dependency asking to slow down.
var throttlingCodes = map[string]bool{
	"ThrottlingException": true, "Throttling": true, "ProvisionedThroughputExceededException": true,
	"RequestLimitExceeded": true, "TooManyRequestsException": true, "SlowDown": true,
	"TransactionInProgressException": true,
}

// transient is what the store's errors say when a write kept conflicting
// with others after its retries (store.cancelled).
type transient interface{ Transient() bool }

// unavailable classifies err as a reason to retry later ("" for none):
// deadline, throttling, connection or conflict (after the store's retries).
func unavailable(err error) string {
	var ne net.Error
	var ae smithy.APIError
	var tr transient
	var de *domain.Error
	switch {
	case err == nil:
		return ""
	case errors.As(err, &de) && de.Code == domain.EUnavailable:
		return "unavailable"
	case errors.Is(err, context.DeadlineExceeded), errors.As(err, &ne) && ne.Timeout():
		return "deadline"
	case errors.As(err, &ae) && throttlingCodes[ae.ErrorCode()]:
		return "throttling"
	case errors.As(err, &tr) && tr.Transient():
		return "conflict"
	case connectionFailed(err):
		return "connection"
	}
	return ""
}

// connectionFailed reports a dependency that could not be reached or
// dropped the connection.
func connectionFailed(err error) bool {
	var op *net.OpError
	if errors.As(err, &op) || errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.ECONNRESET) ||
		errors.Is(err, syscall.EPIPE) || errors.Is(err, io.ErrUnexpectedEOF) {
		return true
	}
	var se *smithyhttp.RequestSendError
	return errors.As(err, &se)
}
