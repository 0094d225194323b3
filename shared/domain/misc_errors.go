package domain

import (
	"fmt"
	"net/url"
	"slices"
	"strings"
)

// Answers of the smaller areas (accounts, notifications, rankings, the
// diary, lists' filters, the catalogue's import, sign-up), each written
// once here.

// NomeUsuarioRemovido replaces the name of a deleted user wherever a record
// of a group (cultivo, diary entry, harvest) or of the feed is kept.
const NomeUsuarioRemovido = "Usuário removido"

// ErrOwnsGroups refuses a deletion while the user owns a group.
func ErrOwnsGroups() *Error {
	return Conflict("Transfira ou exclua os grupos de que você é dono antes de excluir sua conta")
}

// ErrContaNotFound: no account of that id to erase.
func ErrContaNotFound() *Error { return NotFound("Conta não encontrada") }

// ErrNotificacaoNotFound: none of the caller's notifications has that id.
func ErrNotificacaoNotFound() *Error { return NotFound("Notificação não encontrada") }

// ErrGrupoInvalido: a group id (?grupo=) that cannot be any group's.
func ErrGrupoInvalido() *Error { return Invalid("grupo", "Grupo inválido") }

// CanSeeGroupRanking: a group's standing in the ranking (gid "": none
// asked) is its members' and the site admins' to see.
func CanSeeGroupRanking(gid string, admin bool, grupos []string) error {
	if gid != "" && !admin && !slices.Contains(grupos, gid) {
		return Forbidden("Só os membros do grupo veem a posição dele")
	}
	return nil
}

// ErrPeriodoRanking: ?periodo= other than geral or mes.
func ErrPeriodoRanking() *Error {
	return Invalid("periodo", "O período deve ser 'geral' ou 'mes'")
}

// CanDeleteDiario: a diary entry is its author's to delete.
func CanDeleteDiario(autorID, uid string) error {
	if autorID != uid {
		return Forbidden("Apenas quem escreveu o registro pode apagá-lo")
	}
	return nil
}

// ErrFaseInvalida: a phase outside Fases.
func ErrFaseInvalida() *Error { return Invalid("fase", "Fase inválida") }

// ErrAtivosInvalido: ?ativos= other than true or false.
func ErrAtivosInvalido() *Error { return Invalid("ativos", "Use ativos=true ou ativos=false") }

// ErrComentarioInvalido: a comment id that cannot be any comment's.
func ErrComentarioInvalido() *Error { return Invalid("comentarioId", "Comentário inválido") }

// DirectoryFilter is the groups directory's search: Q and Cidade folded
// (SearchKey), UF upper case ("": every UF).
type DirectoryFilter struct{ Q, Cidade, UF string }

// ParseDirectoryQuery is the directory's rule on its filters ?q=, ?cidade=
// and ?uf=: a search and a city of at most MaxBusca characters (as sent),
// one of the 27 UFs (upper or lower case; sent empty is refused), and a
// city only within a UF.
func ParseDirectoryQuery(v url.Values) (DirectoryFilter, error) {
	f := DirectoryFilter{Q: SearchKey(v.Get("q")), Cidade: SearchKey(v.Get("cidade"))}
	if v.Has("uf") && v.Get("uf") == "" {
		return f, ErrInvalidUF()
	}
	if err := CheckBusca(v.Get("q")); err != nil {
		return f, err
	}
	if Length(v.Get("cidade")) > MaxBusca {
		return f, Invalid("cidade", "A cidade deve ter no máximo 100 caracteres")
	}
	if uf := v.Get("uf"); uf != "" {
		if f.UF = strings.ToUpper(uf); !ValidUFInput(uf) {
			return f, ErrInvalidUF()
		}
	}
	if f.Cidade != "" && f.UF == "" {
		return f, Invalid("uf", "Informe a UF para buscar por cidade")
	}
	return f, nil
}

// ProblemaVegetalRepetido: an import names a vegetable a previous row
// (linha prev) already did.
func ProblemaVegetalRepetido(linha, prev int) ImportProblem {
	return ImportProblem{Linha: linha, Campo: "especie", Mensagem: fmt.Sprintf("Este vegetal já aparece na linha %d do arquivo", prev)}
}

// MsgContaSenhaNaoConfirmada refuses a Google sign-in whose e-mail belongs
// to a password account that never confirmed it (Cognito shows it as is).
const MsgContaSenhaNaoConfirmada = "Este e-mail já tem uma conta com senha, ainda não confirmada. Entre com seu e-mail e senha, confirme o e-mail com o código que enviamos e depois use o Google"

// CheckNome is the profile's name rule for a name typed in field: cleaned,
// with something visible, at most MaxNomeLength characters.
func CheckNome(field, raw string) (string, error) {
	n, err := CleanName(field, "O nome", raw)
	if err != nil {
		return "", err
	}
	if err := NomeError(field, n); err != nil {
		return "", err
	}
	return n, nil
}
