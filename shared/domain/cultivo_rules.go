package domain

import (
	"slices"
	"time"
)

// The cultivos' answers that the store and the API give, and the rules
// that choose them, each written once here.

// ErrCultivoNotFound hides a cultivo from whoever may not read it.
func ErrCultivoNotFound() *Error { return NotFound("Cultivo não encontrado") }

// ErrNotCultivoWriter is the refusal of a write by a reader.
func ErrNotCultivoWriter() *Error {
	return Forbidden("Apenas o responsável e os colaboradores podem alterar este cultivo")
}

// ErrSaiuDoGrupo: a writer of a group's cultivo who has left the group. The
// cultivo stays with the group (its lote, its harvests in the group's
// figures), and only the group's members write to it.
func ErrSaiuDoGrupo() *Error {
	return Forbidden("Você saiu do grupo deste cultivo: só quem participa do grupo pode registrar nele")
}

// ErrPeopleNotResponsavel: only the responsible member changes who helps
// and which lote the cultivo is on.
func ErrPeopleNotResponsavel() *Error {
	return Forbidden("Apenas o responsável pode mudar o lote e os colaboradores deste cultivo")
}

// ErrCultivoEditado is the lost update of an edit form.
func ErrCultivoEditado() *Error {
	return Conflict("Este cultivo foi alterado por outra pessoa. Recarregue a página e tente novamente")
}

// ErrCultivoArquivado: nothing is written to an archived cultivo.
func ErrCultivoArquivado() *Error { return Conflict("Este cultivo está arquivado") }

// ErrVegetalNotInCatalogue: a cultivo of a vegetable the catalogue lacks.
func ErrVegetalNotInCatalogue() *Error {
	return Invalid("vegetalId", "Vegetal não encontrado no catálogo")
}

// ErrVegetalArquivado: a new cultivo of an archived vegetable.
func ErrVegetalArquivado() *Error {
	return Invalid("vegetalId", "Este vegetal foi arquivado no catálogo")
}

// ErrColaboradorNotFound: a collaborator id that cannot be anyone's.
func ErrColaboradorNotFound() *Error {
	return Invalid("colaboradores", "Colaborador não encontrado no grupo")
}

// ErrColaboradorNotMember: a collaborator who is not another member of the group.
func ErrColaboradorNotMember() *Error {
	return Invalid("colaboradores", "Cada colaborador deve ser outro membro do grupo")
}

// ErrCultivoLoteNotFound: the lote a cultivo names is not in its group.
func ErrCultivoLoteNotFound() *Error { return Invalid("loteCodigo", "Lote não encontrado no grupo") }

// ErrCultivoLoteNotHeld: the lote is nobody's, or someone's outside the cultivo.
func ErrCultivoLoteNotHeld() *Error {
	return Invalid("loteCodigo", "Escolha um lote que esteja com você ou com um colaborador")
}

// CultivoLoteHolder is the lote-holder rule: a group cultivo goes on lote l
// (nil: the group has no such lote) only when l is held by the cultivo's
// responsible member or by one of its collaborators. It returns the holder,
// whom the store's write requires to hold the lote still.
func CultivoLoteHolder(l *Lote, responsavel string, colaboradores []string) (string, error) {
	if l == nil {
		return "", ErrCultivoLoteNotFound()
	}
	holder := ""
	if l.ResponsavelID != nil {
		holder = *l.ResponsavelID
	}
	if holder == "" || (holder != responsavel && !slices.Contains(colaboradores, holder)) {
		return "", ErrCultivoLoteNotHeld()
	}
	return holder, nil
}

// CheckColaborador is the rule for each collaborator of a group cultivo: a
// member of the group (member: their membership was found) other than the
// responsible member.
func CheckColaborador(uid, responsavel string, member bool) error {
	if !member || uid == responsavel {
		return ErrColaboradorNotMember()
	}
	return nil
}

// CheckPlantable says whether a new cultivo may be of v (found: the
// catalogue has it): not of an unknown or archived vegetable.
func CheckPlantable(v Vegetal, found bool) error {
	if !found {
		return ErrVegetalNotInCatalogue()
	}
	if v.Arquivado {
		return ErrVegetalArquivado()
	}
	return nil
}

// DecideEdit is the edit rule of cultivo c for uid at now: a writer, over
// the version the form was read at, an edit c can take (CheckEdit), a
// plausible new planting date; a change of the lote or the collaborators
// (people) only by the responsible member.
func (c Cultivo) DecideEdit(uid string, in CultivoEdit, now time.Time) (people bool, err error) {
	if !c.IsWriter(uid) {
		return false, ErrNotCultivoWriter()
	}
	if c.Version != in.Version {
		return false, ErrCultivoEditado()
	}
	if err := c.CheckEdit(in); err != nil {
		return false, err
	}
	if in.DataPlantio != c.DataPlantio {
		if err := CheckDataPlantio(in.DataPlantio, now); err != nil {
			return false, err
		}
	}
	people = c.ChangesPeople(in)
	if people && uid != c.ResponsavelID {
		return false, ErrPeopleNotResponsavel()
	}
	return people, nil
}

// CanWriteDiary is the rule of a diary entry by uid on c at now: a writer,
// an unarchived cultivo, a plausible date. It returns the entry's date.
func (c Cultivo) CanWriteDiary(uid, data string, now time.Time) (string, error) {
	if !c.IsWriter(uid) {
		return "", ErrNotCultivoWriter()
	}
	if c.Arquivado {
		return "", ErrCultivoArquivado()
	}
	return CheckDiarioData(data, c.DataPlantio, now)
}

// TextoCultivoCriado is the first diary line of a cultivo.
const TextoCultivoCriado = "Cultivo criado"

// TextoMudancaFase is the diary line of a phase change to next.
func TextoMudancaFase(next Cultivo) string {
	texto := "Fase: " + FaseNomes[next.Fase]
	if next.Fase == FasePerdido {
		texto += ". Motivo: " + next.MotivoPerda
	}
	return texto
}
