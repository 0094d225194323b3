package domain

// The catalogue admin's rules (/admin/vegetais, /admin/guias): an edit or
// an archive writes only over the version the admin's form was loaded with,
// archiving twice writes nothing, and an archived guide is found by admins
// only. Their answers are written once here.

// ErrVegetalNotFound: no vegetable of that id.
func ErrVegetalNotFound() *Error { return NotFound("Vegetal não encontrado") }

// ErrVegetalChanged: the vegetable's version moved on since the form read it.
func ErrVegetalChanged() *Error {
	return Conflict("Este vegetal foi alterado por outra pessoa. Recarregue a página e tente novamente")
}

// ErrVegetalSemNome: a name that folds to no id (no letter, no digit).
func ErrVegetalSemNome() *Error {
	return Invalid("nome", "O nome deve ter ao menos uma letra ou número")
}

// ErrVegetalExists: a new vegetable whose id (name and season) is taken.
func ErrVegetalExists(id string) *Error {
	return Conflict("Já existe um vegetal com este nome e estação (" + id + ")")
}

// ErrGuiaNotFound: no guide of that id (or an archived one, for a member).
func ErrGuiaNotFound() *Error { return NotFound("Guia não encontrado") }

// ErrGuiaChanged: the guide's version moved on since the form read it.
func ErrGuiaChanged() *Error {
	return Conflict("Este guia foi alterado por outra pessoa. Recarregue a página e tente novamente")
}

// ErrGuiaVegetalUnknown: a guide names vegetable v, which the catalogue lacks.
func ErrGuiaVegetalUnknown(v string) *Error {
	return Invalid("vegetais", "Vegetal não encontrado no catálogo: "+v)
}

// ErrInformeBool: a true-or-false switch left out of the body.
func ErrInformeBool(field string) *Error {
	return Invalid(field, "Informe "+field+": true ou false")
}

// ValidVegetalEdit, ValidGuiaEdit: an edit names the version its form was loaded with.
func ValidVegetalEdit(version int) error {
	return validEditVersion(version, "do vegetal")
}

func ValidGuiaEdit(version int) error {
	return validEditVersion(version, "do guia")
}

// ValidVegetalArquivo, ValidGuiaArquivo: an archive (or restore) says which
// (arquivado) and names the version it was asked on.
func ValidVegetalArquivo(arquivado *bool, version int) error {
	return validArquivo(arquivado, version, "do vegetal")
}

func ValidGuiaArquivo(arquivado *bool, version int) error {
	return validArquivo(arquivado, version, "do guia")
}

// CanEdit is the rule of an admin's edit of v made on the form of version.
func (v Vegetal) CanEdit(version int) error {
	if v.Version != version {
		return ErrVegetalChanged()
	}
	return nil
}

// Archive is the rule of archiving (arquivar) or restoring v asked on
// version: over that version only; writes reports whether anything changes
// (asking for the state it is in writes nothing).
func (v Vegetal) Archive(version int, arquivar bool) (writes bool, err error) {
	if err := v.CanEdit(version); err != nil {
		return false, err
	}
	return v.Arquivado != arquivar, nil
}

// CanEdit is the rule of an admin's edit of g made on the form of version.
func (g Guide) CanEdit(version int) error {
	if g.Version != version {
		return ErrGuiaChanged()
	}
	return nil
}

// Archive is Vegetal.Archive for a guide.
func (g Guide) Archive(version int, arquivar bool) (writes bool, err error) {
	if err := g.CanEdit(version); err != nil {
		return false, err
	}
	return g.Arquivado != arquivar, nil
}

// VisibleTo reports whether g is found by a caller: an archived guide by
// site admins only.
func (g Guide) VisibleTo(admin bool) bool { return !g.Arquivado || admin }

// validEditVersion: an edit names the version (1 or more) its form was
// loaded with; of is what was edited ("do vegetal").
func validEditVersion(version int, of string) error {
	if version < 1 {
		return Invalid("version", "Informe a versão "+of+" que você editou")
	}
	return nil
}

// validArquivo: an archive (or restore) says which (arquivado) and names the
// version it was asked on; of is what it archives ("do guia").
func validArquivo(arquivado *bool, version int, of string) error {
	if arquivado == nil {
		return ErrInformeBool("arquivado")
	}
	if version < 1 {
		return Invalid("version", "Informe a versão "+of)
	}
	return nil
}
