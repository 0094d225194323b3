// Package domain holds Verde's entity types and pure rules: no I/O.
package domain

import (
	"errors"
	"fmt"
)

// Code classifies an error; the HTTP layer maps each code to a status.
type Code string

const (
	EValidation      Code = "validation"
	EUnauthenticated Code = "unauthenticated"
	EForbidden       Code = "forbidden"
	ENotFound        Code = "not_found"
	EConflict        Code = "conflict"
	ERateLimited     Code = "rate_limited"
	EInternal        Code = "internal"
	// EUnsupportedMediaType answers a body that is not application/json (415).
	EUnsupportedMediaType Code = "unsupported_media_type"
	// EUnavailable answers when the table did not answer within its deadline
	// (503): nothing was changed that the caller can see, try again.
	EUnavailable Code = "unavailable"
)

// Codes are every error code: openapi.yaml's Error.code enum must equal this
// list and shared/api must give each a status (TestErrorCodesAgreeWithOpenAPI).
var Codes = []Code{EValidation, EUnauthenticated, EForbidden, ENotFound, EConflict, ERateLimited, EInternal, EUnsupportedMediaType, EUnavailable}

// Error is an error meant for the user: a code, a Portuguese message and,
// for validation errors, the field it concerns.
type Error struct {
	Code    Code
	Message string
	Field   string
}

func (e *Error) Error() string {
	if e.Field != "" {
		return fmt.Sprintf("%s: %s (%s)", e.Code, e.Message, e.Field)
	}
	return fmt.Sprintf("%s: %s", e.Code, e.Message)
}

// Errorf builds a user-facing error with no field.
func Errorf(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// Invalid builds a validation error for one field.
func Invalid(field, message string) *Error {
	return &Error{Code: EValidation, Message: message, Field: field}
}

// NotFound, Forbidden and Conflict are the common shapes.
func NotFound(message string) *Error  { return &Error{Code: ENotFound, Message: message} }
func Forbidden(message string) *Error { return &Error{Code: EForbidden, Message: message} }
func Conflict(message string) *Error  { return &Error{Code: EConflict, Message: message} }

// ErrorCode returns the code of err, EInternal for anything that is not a *Error.
func ErrorCode(err error) Code {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return EInternal
}

// AsError returns the *Error inside err, if any.
func AsError(err error) (*Error, bool) {
	var e *Error
	ok := errors.As(err, &e)
	return e, ok
}

// Is makes errors.Is(err, ErrX()) hold for an error that says the same
// thing: the same code, message and field.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t != nil && *t == *e
}

// ErrRouteNotFound answers an undeclared method or path: API Gateway
// answers 404 for a route template.yaml does not declare, and the handlers
// answer the same, so both paths give one answer.
func ErrRouteNotFound() *Error { return NotFound("Rota não encontrada") }

// ErrUnsupportedMediaType: a request body sent as anything but JSON.
func ErrUnsupportedMediaType() *Error {
	return &Error{Code: EUnsupportedMediaType, Message: "Envie o corpo da requisição como JSON (Content-Type: application/json)"}
}

// ErrCSVEsperado: the vegetables import takes a CSV file, not JSON or anything else.
func ErrCSVEsperado() *Error {
	return &Error{Code: EUnsupportedMediaType, Message: "Envie o arquivo como CSV em UTF-8 (Content-Type: text/csv)"}
}

// ErrCampoRepetido: a JSON object that names a field twice (which value
// counts would depend on the parser: refused instead).
func ErrCampoRepetido(field string) *Error {
	return Invalid(field, "O campo "+field+" aparece mais de uma vez no corpo da requisição")
}

// ErrUnavailable: the database did not answer in time.
func ErrUnavailable() *Error {
	return &Error{Code: EUnavailable, Message: "O serviço está temporariamente indisponível. Tente novamente em instantes"}
}

// RateLimited is a per-member daily cap reached (429).
func RateLimited(message string) *Error { return &Error{Code: ERateLimited, Message: message} }
