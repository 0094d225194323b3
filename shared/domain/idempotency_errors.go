package domain

// The messages of idempotent creates (an Idempotency-Key sent with a create).

// IdempotencyKeyField names the header in validation errors.
const IdempotencyKeyField = "Idempotency-Key"

// ErrRepeatedRequest is a create whose key another request took first: the
// act happened once, under that request.
func ErrRepeatedRequest() *Error {
	return Conflict("Este pedido já foi enviado e está sendo processado. Aguarde um instante.")
}

// ErrIdempotencyKeyReused is a key sent again with a different request.
func ErrIdempotencyKeyReused() *Error {
	return Conflict("Esta chave de idempotência já foi usada em outro pedido. Envie um pedido novo com outra chave.")
}

// ErrIdempotencyKeyInvalid is a key that is not 8 to 64 letters, digits, '-' or '_'.
func ErrIdempotencyKeyInvalid() *Error {
	return Invalid(IdempotencyKeyField, "O cabeçalho Idempotency-Key deve ter de 8 a 64 letras, números, '-' ou '_'")
}

// ValidIdempotencyKey reports whether key may be used as a create's key.
func ValidIdempotencyKey(key string) bool {
	if len(key) < 8 || len(key) > 64 {
		return false
	}
	for _, c := range key {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}
