package domain

import "fmt"

// A person's name (profile nome, Cognito's name attribute): one rule for
// registration (the PreSignUp trigger and /registro), profile edits and the
// profile built from a Google account.

// NomeError is what is wrong with a name already cleaned by CleanText (nil
// when it is fine), under field.
func NomeError(field, nome string) *Error {
	if nome == "" {
		return Invalid(field, "O nome é obrigatório")
	}
	if Length(nome) > MaxNomeLength {
		return Invalid(field, fmt.Sprintf("O nome deve ter no máximo %d caracteres", MaxNomeLength))
	}
	return nil
}

// FitNome cleans a name that comes from elsewhere (a Google account) and
// cuts it to MaxNomeLength characters rather than refusing the person.
func FitNome(nome string) string {
	n := []rune(CleanText(nome))
	if len(n) > MaxNomeLength {
		n = n[:MaxNomeLength]
	}
	return CleanText(string(n))
}
