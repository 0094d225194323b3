package domain

import "fmt"

// The answers about the request itself (its body, its query parameters),
// which every area gives, each written once here.

// MsgInternal is the message of an internal error (500): nothing of the
// cause reaches the client.
const MsgInternal = "Erro interno. Tente novamente em instantes."

// ErrBodyEmpty: a request that needs a body sent none.
func ErrBodyEmpty() *Error { return Invalid("", "O corpo da requisição está vazio") }

// ErrBodyUnreadable: the body could not be read to its end.
func ErrBodyUnreadable() *Error { return Invalid("", "Não foi possível ler o corpo da requisição") }

// ErrBodyTooLarge: a body over the limit of kib KiB.
func ErrBodyTooLarge(kib int) *Error {
	return Invalid("", fmt.Sprintf("O corpo da requisição excede o limite de %d KiB", kib))
}

// ErrBodyNotUTF8: a body that is not valid UTF-8 (lone surrogates included).
func ErrBodyNotUTF8() *Error {
	return Invalid("", "O corpo da requisição deve ser texto UTF-8 válido")
}

// ErrBodyNotOneObject: a body with something after its object.
func ErrBodyNotOneObject() *Error {
	return Invalid("", "O corpo da requisição deve conter um único objeto JSON")
}

// ErrBodyNotObject: a body that is JSON but not an object.
func ErrBodyNotObject() *Error { return Invalid("", "O corpo da requisição deve ser um objeto JSON") }

// ErrBodyBadJSON: a body that is not JSON.
func ErrBodyBadJSON() *Error { return Invalid("", "JSON inválido no corpo da requisição") }

// ErrFieldNull: null in a field that does not take it.
func ErrFieldNull(path string) *Error {
	return Invalid(path, fmt.Sprintf("O campo %s não pode ser nulo", path))
}

// JSONKind is the JSON type a field must have, as ErrFieldType names it.
type JSONKind string

const (
	JSONTexto    JSONKind = "um texto"
	JSONBooleano JSONKind = "verdadeiro ou falso"
	JSONInteiro  JSONKind = "um número inteiro"
	JSONNumero   JSONKind = "um número"
	JSONLista    JSONKind = "uma lista"
	JSONObjeto   JSONKind = "um objeto"
)

// ErrFieldType: a field of the wrong JSON type; kind says the right one.
func ErrFieldType(path string, kind JSONKind) *Error {
	return Invalid(path, fmt.Sprintf("O campo %s deve ser %s", path, kind))
}

// ErrFieldUnknown: a field the body's schema does not have.
func ErrFieldUnknown(path string) *Error {
	return Invalid(path, fmt.Sprintf("Campo desconhecido: %s", path))
}

// ErrBadCursor: a pagination cursor that is not one the API sealed for this list.
func ErrBadCursor() *Error { return Invalid("cursor", "O cursor de paginação é inválido") }

// ErrBadLimit: ?limit= outside min..max.
func ErrBadLimit(min, max int) *Error {
	return Invalid("limit", fmt.Sprintf("O parâmetro limit deve ser um número entre %d e %d", min, max))
}

// MaxBusca bounds a search text (?q=) and a city searched for.
const MaxBusca = 100

// CheckBusca refuses a search text (?q=) longer than MaxBusca characters.
func CheckBusca(q string) error {
	if Length(q) > MaxBusca {
		return Invalid("q", "A busca deve ter no máximo 100 caracteres")
	}
	return nil
}

// ErrUFQuery: ?uf= that is not one of the 27 units.
func ErrUFQuery() *Error { return Invalid("uf", "Informe uma UF válida (por exemplo, SP)") }

// ErrTooManyAttempts: the identity provider throttles the caller.
func ErrTooManyAttempts() *Error {
	return RateLimited("Muitas tentativas. Aguarde alguns minutos e tente novamente")
}

// ErrNotThroughSite: a request that did not come through the site's CDN.
func ErrNotThroughSite() *Error { return Forbidden("Acesso permitido somente pelo site") }
