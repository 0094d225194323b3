package domain

import "fmt"

// The group slice's answers that more than one rule or layer gives, each
// written once here.

// ErrGroupNotFound is the answer for an unknown group and for a private group
// seen by someone who may not know it exists.
func ErrGroupNotFound() *Error { return NotFound("Grupo não encontrado") }

// ErrGroupFull: no place left under the group's maxMembros.
func ErrGroupFull() *Error { return Conflict("O grupo está cheio: não há vagas no momento") }

// ErrAlreadyMember: the caller already belongs to the group.
func ErrAlreadyMember() *Error { return Conflict("Você já participa deste grupo") }

// ErrPersonAlreadyMember: the person a coordinator acts on already belongs to it.
func ErrPersonAlreadyMember() *Error { return Conflict("Esta pessoa já participa do grupo") }

// ErrNotAMember: the caller tries to leave a group they are not in.
func ErrNotAMember() *Error { return NotFound("Você não participa deste grupo") }

// ErrMemberNotFound: the member a write names is not in the group.
func ErrMemberNotFound() *Error { return NotFound("Membro não encontrado neste grupo") }

// ErrJoinRequestNotFound: no open join request of that person.
func ErrJoinRequestNotFound() *Error { return NotFound("Pedido de entrada não encontrado") }

// ErrJoinByInviteOnly: a group with entrada convite.
func ErrJoinByInviteOnly() *Error {
	return Forbidden("Este grupo aceita novos membros apenas por convite")
}

// ErrJoinAlreadyRequested: the caller's request is already open.
func ErrJoinAlreadyRequested() *Error {
	return Conflict("Você já pediu para entrar neste grupo. Aguarde a aprovação de um coordenador")
}

// ErrTooManyJoinRequests: the group holds its cap of open join requests.
func ErrTooManyJoinRequests() *Error {
	return Conflict("Este grupo tem muitos pedidos pendentes. Tente novamente mais tarde")
}

// ErrGroupChanged: the group's version moved on since the editor read it.
func ErrGroupChanged() *Error {
	return Conflict("O grupo foi alterado por outra pessoa enquanto você editava. Recarregue a página e tente novamente")
}

// ErrMaxMembrosBelowMembers: a cap below the members the group has.
func ErrMaxMembrosBelowMembers(members int) *Error {
	return Invalid("maxMembros", fmt.Sprintf("O limite de membros não pode ser menor que o número atual de membros (%d)", members))
}

// ErrOnlyManagersEdit: the group's settings are the coordinators'.
func ErrOnlyManagersEdit() *Error { return Forbidden("Apenas coordenadores do grupo podem editá-lo") }

// ErrTooManyInvites: the group keeps its cap of invite links.
func ErrTooManyInvites(n int) *Error {
	return Conflict(fmt.Sprintf("Este grupo já tem %d convites, o máximo", n))
}

// ErrBusy: a write lost its race to others on the same group too many times.
func ErrBusy() *Error {
	return &Error{Code: EUnavailable, Message: "Muitas alterações ao mesmo tempo neste grupo. Tente novamente em instantes"}
}

// ErrInvalidPapel: a role other than coordenador or membro.
func ErrInvalidPapel() *Error { return Invalid("papel", "O papel deve ser coordenador ou membro") }

// ErrInvalidUserID: a userId that cannot be anyone's.
func ErrInvalidUserID() *Error { return Invalid("userId", "O userId é inválido") }

// ErrInvalidUF: not one of the 27 units.
func ErrInvalidUF() *Error {
	return Invalid("uf", "A UF deve ser a sigla de um dos 27 estados brasileiros (por exemplo SP)")
}

// ErrInvalidVisibilidade and ErrInvalidEntrada: values outside their enums.
func ErrInvalidVisibilidade() *Error {
	return Invalid("visibilidade", "A visibilidade deve ser publico ou privado")
}

func ErrInvalidEntrada() *Error {
	return Invalid("entrada", "A entrada deve ser aberta, aprovacao ou convite")
}

// ErrProfileNotFound: the caller has no profile to edit.
func ErrProfileNotFound() *Error { return NotFound("Perfil não encontrado") }

// ErrTooManyOwnedGroups: the member owns the most groups domain.Rules allow.
func ErrTooManyOwnedGroups(limit int) *Error {
	return Conflict(fmt.Sprintf("Você já é dono de %d grupos, o limite por membro. Exclua ou transfira um grupo para criar outro", limit))
}
