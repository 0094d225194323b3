package domain

import "fmt"

// The lotes' answers that more than one rule or layer gives, each written once here.

// ErrLoteNotFound: no lote of that code in the group.
func ErrLoteNotFound(code string) *Error {
	return NotFound(fmt.Sprintf("Lote %s não encontrado neste grupo", code))
}

// ErrLoteRequestNotFound: no open request of that member for the lote.
func ErrLoteRequestNotFound() *Error { return NotFound("Pedido de lote não encontrado") }

// ErrLoteChanged: the lote's version moved on since the editor read it.
func ErrLoteChanged(code string) *Error {
	return Conflict(fmt.Sprintf("O lote %s foi alterado por outra pessoa enquanto você editava. Recarregue e tente novamente", code))
}

// ErrLoteExists: a bulk creation over a code the group has.
func ErrLoteExists(code string) *Error {
	return Conflict(fmt.Sprintf("O lote %s já existe neste grupo", code))
}

// ErrTooManyLotes: the group would pass its cap of lotes.
func ErrTooManyLotes(max, has int) *Error {
	return Invalid("fim", fmt.Sprintf("Um grupo pode ter no máximo %d lotes; este já tem %d", max, has))
}

// ErrLoteTaken and ErrLoteInMaintenance: a lote that cannot be assigned.
func ErrLoteTaken(code string) *Error {
	return Conflict(fmt.Sprintf("O lote %s já está ocupado", code))
}

func ErrLoteInMaintenance(code string) *Error {
	return Conflict(fmt.Sprintf("O lote %s está em manutenção", code))
}

// ErrLoteNotFree: a request for a lote that is not livre.
func ErrLoteNotFree(code string) *Error {
	return Conflict(fmt.Sprintf("O lote %s não está livre", code))
}

// ErrLoteNotOccupied: freeing a lote nobody holds.
func ErrLoteNotOccupied(code string) *Error {
	return Conflict(fmt.Sprintf("O lote %s não está ocupado", code))
}

// ErrMemberHoldsMaxLotes: the member a coordinator assigns to is at the cap.
func ErrMemberHoldsMaxLotes(max int) *Error {
	return Conflict(fmt.Sprintf("Este membro já é responsável por %d lotes, o máximo por pessoa", max))
}

// ErrYouHoldMaxLotes: the requester is at the cap.
func ErrYouHoldMaxLotes(max int) *Error {
	return Conflict(fmt.Sprintf("Você já é responsável por %d lotes, o máximo por pessoa", max))
}

// ErrLoteAlreadyRequested: the caller's request for the lote is open.
func ErrLoteAlreadyRequested(code string) *Error {
	return Conflict(fmt.Sprintf("Você já pediu o lote %s. Aguarde a resposta de um coordenador", code))
}

// ErrLoteRequestsFull: the lote holds its cap of open requests.
func ErrLoteRequestsFull(code string, max int) *Error {
	return Conflict(fmt.Sprintf("O lote %s já tem %d pedidos em aberto, o máximo por lote. Aguarde a resposta de um coordenador ou peça outro lote", code, max))
}

// ErrYourLoteRequestsFull: the caller holds their cap of open requests.
func ErrYourLoteRequestsFull(max int) *Error {
	return Conflict(fmt.Sprintf("Você já tem %d pedidos de lote em aberto neste grupo", max))
}

// ErrLoteTooManyToClose: more open requests than one assignment can close.
func ErrLoteTooManyToClose(code string, n int) *Error {
	return Conflict(fmt.Sprintf("O lote %s tem %d pedidos em aberto: recuse alguns antes de atribuí-lo", code, n))
}

// ErrLoteOccupiedDelete and ErrLotePendingDelete: a lote that cannot be deleted yet.
func ErrLoteOccupiedDelete(code string) *Error {
	return Conflict(fmt.Sprintf("O lote %s está ocupado: libere-o antes de excluí-lo", code))
}

func ErrLotePendingDelete(code string) *Error {
	return Conflict(fmt.Sprintf("O lote %s tem pedidos pendentes: responda-os antes de excluí-lo", code))
}

// ErrLoteArea: an area out of the contract's range.
func ErrLoteArea() *Error {
	return Invalid("area", fmt.Sprintf("A área deve estar entre 0,01 e %d m²", MaxLoteArea))
}
