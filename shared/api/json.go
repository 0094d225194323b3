package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"reflect"
	"strings"

	"github.com/verde-app/verde/shared/domain"
)

// MaxBodyBytes is the largest request body any endpoint accepts.
const MaxBodyBytes = 64 << 10

// Validator is implemented by request bodies that check (and may clean) themselves.
type Validator interface {
	Valid() error
}

// Encode writes v as JSON with the given status.
func Encode[T any](w http.ResponseWriter, status int, v T) {
	var buf bytes.Buffer
	if err := json.NewEncoder(&buf).Encode(v); err != nil {
		slog.Error("encode response", "err", err)
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.WriteHeader(http.StatusInternalServerError)
		io.WriteString(w, `{"error":{"code":"internal","message":"`+internalMessage+`"}}`)
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	w.Write(buf.Bytes())
}

// Decode reads one JSON object of type T from the body: at most MaxBodyBytes,
// no unknown fields, no trailing data, and runs T's Valid when it has one.
// Every failure is a *domain.Error with a Portuguese message naming the field.
func Decode[T any](r *http.Request) (T, error) {
	var v T
	if r.Body == nil {
		return v, domain.Invalid("", "O corpo da requisição está vazio")
	}
	data, err := io.ReadAll(io.LimitReader(r.Body, MaxBodyBytes+1))
	if err != nil {
		return v, domain.Invalid("", "Não foi possível ler o corpo da requisição")
	}
	if len(data) > MaxBodyBytes {
		return v, domain.Invalid("", fmt.Sprintf("O corpo da requisição excede o limite de %d KiB", MaxBodyBytes>>10))
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return v, domain.Invalid("", "O corpo da requisição está vazio")
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&v); err != nil {
		return v, decodeError(err)
	}
	if dec.More() {
		return v, domain.Invalid("", "O corpo da requisição deve conter um único objeto JSON")
	}
	if val, ok := any(&v).(Validator); ok {
		if err := val.Valid(); err != nil {
			return v, err
		}
	}
	return v, nil
}

func decodeError(err error) error {
	var typeErr *json.UnmarshalTypeError
	var syntaxErr *json.SyntaxError
	switch {
	case errors.As(err, &typeErr):
		field := typeErr.Field
		if field == "" {
			return domain.Invalid("", "O corpo da requisição deve ser um objeto JSON")
		}
		return domain.Invalid(field, fmt.Sprintf("O campo %s deve ser %s", field, kindName(typeErr.Type)))
	case errors.As(err, &syntaxErr), errors.Is(err, io.ErrUnexpectedEOF):
		return domain.Invalid("", "JSON inválido no corpo da requisição")
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		field := strings.Trim(strings.TrimPrefix(err.Error(), "json: unknown field "), `"`)
		return domain.Invalid(field, fmt.Sprintf("Campo desconhecido: %s", field))
	default:
		return domain.Invalid("", "JSON inválido no corpo da requisição")
	}
}

func kindName(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.String:
		return "um texto"
	case reflect.Bool:
		return "verdadeiro ou falso"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "um número inteiro"
	case reflect.Float32, reflect.Float64:
		return "um número"
	case reflect.Slice, reflect.Array:
		return "uma lista"
	default:
		return "um objeto"
	}
}
