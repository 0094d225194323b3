// Package api is Verde's HTTP layer: the error envelope, JSON encoding and
// decoding, routes, middleware and pagination shared by every API area.
package api

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"

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

const internalMessage = "Erro interno. Tente novamente em instantes."

// WriteError writes err in the envelope. Errors that are not *domain.Error are
// logged with the request id and shown only as an internal error.
func WriteError(w http.ResponseWriter, r *http.Request, err error) {
	reqID := RequestIDFrom(r.Context())
	if timedOut(err) {
		slog.WarnContext(r.Context(), "dependency timed out", "requestId", reqID, "method", r.Method, "path", r.URL.Path, "err", err)
		err = domain.ErrUnavailable()
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
	Encode(w, StatusFor(detail.Code), ErrorBody{Error: detail})
}

// timedOut reports an error that comes from a deadline: a DynamoDB call
// past its own (store/deadline.go) or a network timeout. The caller gets a
// 503 to retry, not a 500.
func timedOut(err error) bool {
	if errors.Is(err, context.DeadlineExceeded) {
		return true
	}
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}
