package domain

import "strings"

// PalavraExclusao is the word a member types to confirm deleting their account.
const PalavraExclusao = "EXCLUIR"

// MaxSenha bounds the password sent to confirm a deletion (Cognito's own limit).
const MaxSenha = 256

// ExclusaoInput confirms an account deletion: the word, and the password of
// an e-mail account (a Google account has none in Verde).
type ExclusaoInput struct {
	Confirmacao string  `json:"confirmacao"`
	Senha       *string `json:"senha,omitempty"`
}

// Valid checks the word (spaces around it and case forgiven) and the password's length.
func (in *ExclusaoInput) Valid() error {
	if len(in.Confirmacao) > 64 {
		return Invalid("confirmacao", "A confirmação deve ter no máximo 64 caracteres")
	}
	if strings.ToUpper(strings.TrimSpace(in.Confirmacao)) != PalavraExclusao {
		return ErrPalavraExclusao()
	}
	if in.Senha != nil && len(*in.Senha) > MaxSenha {
		return Invalid("senha", "A senha deve ter no máximo 256 caracteres")
	}
	return nil
}

// ErrPalavraExclusao: the word was not typed.
func ErrPalavraExclusao() *Error {
	return Invalid("confirmacao", "Digite EXCLUIR para confirmar a exclusão da conta")
}

// ErrSenhaObrigatoria: an e-mail account confirms with its password.
func ErrSenhaObrigatoria() *Error { return Invalid("senha", "Digite sua senha para confirmar") }

// ErrSenhaIncorreta: the password does not match.
func ErrSenhaIncorreta() *Error { return Invalid("senha", "Senha incorreta") }

// What stays of a deleted member's post or comment: a tombstone, so a
// thread still reads (the others' comments under it, the likes counted),
// with neither their text, photos nor name.
const (
	TextoPostExcluido       = "Publicação de uma conta excluída."
	TextoComentarioExcluido = "Comentário de uma conta excluída."
)
