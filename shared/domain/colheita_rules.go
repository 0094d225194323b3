package domain

import (
	"slices"
	"time"
)

// The harvests' rules that the store applies around its reads and writes:
// who records, confirms, corrects and deletes a harvest, and what a
// confirmation is worth. Their answers are written once here.

// ErrColheitaPessoal: a Horta pessoal harvest waits for nobody's confirmation.
func ErrColheitaPessoal() *Error {
	return Conflict("Colheitas da horta pessoal não são confirmadas por ninguém: se houve engano, corrija a quantidade")
}

// ErrAutoConfirmacao: the author cannot confirm their own harvest.
func ErrAutoConfirmacao() *Error {
	return Forbidden("Quem registrou a colheita não pode confirmá-la: peça a um coordenador ou a outros membros do grupo")
}

// ErrSoMembrosConfirmam: a confirmation by someone outside the group.
func ErrSoMembrosConfirmam() *Error {
	return Forbidden("Apenas membros do grupo podem confirmar esta colheita")
}

// ErrJaConfirmou: a member confirms the same harvest twice.
func ErrJaConfirmou() *Error { return Conflict("Você já confirmou esta colheita") }

// ErrSoAutorCorrige and ErrSoAutorApaga: a harvest is its author's to
// correct or delete.
func ErrSoAutorCorrige() *Error {
	return Forbidden("Apenas quem registrou a colheita pode corrigi-la")
}

func ErrSoAutorApaga() *Error { return Forbidden("Apenas quem registrou a colheita pode apagá-la") }

// CheckNovaColheita is the rule of a new harvest of c dated data at now
// (the caller is one of c's writers): a growing, sown cultivo and a date
// between its planting and today.
func (c Cultivo) CheckNovaColheita(data string, now time.Time) error {
	if err := c.CanAddColheita(); err != nil {
		return err
	}
	return CheckColheitaData(data, c.DataPlantio, now)
}

// CanConfirm is the first half of the confirmation rule, before the
// caller's membership is read: a harvest of a group cultivo c, by someone
// other than its author.
func (h Colheita) CanConfirm(c Cultivo, uid string) error {
	if c.GrupoID == "" {
		return ErrColheitaPessoal()
	}
	if h.AutorID == uid {
		return ErrAutoConfirmacao()
	}
	return nil
}

// Confirmacao is what one confirmation does.
type Confirmacao struct {
	// Coordenador: the caller confirms for the group at once (a site admin,
	// the group's dono or a coordinator).
	Coordenador bool
	// Confirmacoes are the harvest's confirmations with the caller's.
	Confirmacoes []string
	// Confirma: the harvest counts now (a coordinator's confirmation, or the
	// Rules.Limites.ConfirmacoesColheita-th member's).
	Confirma bool
}

// Confirm is the second half of the confirmation rule, for uid whose role
// in the group is papel ("": not a member): members only (site admins
// aside), once each.
func (h Colheita) Confirm(r Rules, uid string, admin bool, papel Papel) (Confirmacao, error) {
	if !admin && papel == "" {
		return Confirmacao{}, ErrSoMembrosConfirmam()
	}
	coord := admin || papel == PapelDono || papel == PapelCoordenador
	if !coord && slices.Contains(h.Confirmacoes, uid) {
		return Confirmacao{}, ErrJaConfirmou()
	}
	all := append(slices.Clone(h.Confirmacoes), uid)
	return Confirmacao{Coordenador: coord, Confirmacoes: all, Confirma: coord || len(all) >= r.Limites.ConfirmacoesColheita}, nil
}

// CanCorrect is the rule of a correction of h by uid at now: its author,
// within the rules' window, to a date between the planting and today.
func (h Colheita) CanCorrect(uid string, in ColheitaEdit, plantio string, now time.Time, r Rules) error {
	if h.AutorID != uid {
		return ErrSoAutorCorrige()
	}
	if !ColheitaEditavel(h.CriadoEm, now, r) {
		return ErrColheitaNaoEditavel(r)
	}
	return CheckColheitaData(in.Data, plantio, now)
}

// CanDelete is the rule of a deletion of h by uid at now: its author,
// within the rules' window.
func (h Colheita) CanDelete(uid string, now time.Time, r Rules) error {
	if h.AutorID != uid {
		return ErrSoAutorApaga()
	}
	if !ColheitaEditavel(h.CriadoEm, now, r) {
		return ErrColheitaNaoEditavel(r)
	}
	return nil
}

// ConfirmacoesValemPara reports whether the confirmations given to h still
// stand for its correction next: they stand for a quantity no larger than
// the one confirmed, in the same unit.
func (h Colheita) ConfirmacoesValemPara(next Colheita) bool {
	return next.Unidade == h.Unidade && next.Quantidade <= h.Quantidade
}
