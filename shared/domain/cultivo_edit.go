package domain

import (
	"slices"
	"strings"
)

// CultivoEdit is the body of PUT /api/cultivos/{id}: the cultivo's own data,
// as the edit form sends it whole, with the version the form was read at.
// The vegetable, the group and the phase do not change here (a phase moves
// through POST …/fase, and a cultivo in another place is a new cultivo).
type CultivoEdit struct {
	Version       int      `json:"version"`
	Metodo        string   `json:"metodo"`
	Quantidade    *float64 `json:"quantidade"`
	Unidade       string   `json:"unidade"`
	DataPlantio   string   `json:"dataPlantio"`
	Notas         string   `json:"notas"`
	LoteCodigo    string   `json:"loteCodigo"`
	Colaboradores []string `json:"colaboradores"`
}

// Valid cleans the edit and reports the first bad field (the same rules and
// messages as a new cultivo's).
func (in *CultivoEdit) Valid() error {
	if err := validEditVersion(in.Version, "do cultivo"); err != nil {
		return err
	}
	in.LoteCodigo = strings.TrimSpace(in.LoteCodigo)
	if err := cleanPlantio(&in.LoteCodigo, in.Metodo, in.Quantidade, in.Unidade, in.DataPlantio, &in.Notas); err != nil {
		return err
	}
	if in.Colaboradores == nil {
		in.Colaboradores = []string{}
	}
	return validColaboradores(in.Colaboradores)
}

// CheckEdit refuses what the edit cannot do to c: anything on an archived
// cultivo, a lote or collaborators on a personal one, and a new planting date
// once a harvest was recorded (harvests are dated from it).
func (c Cultivo) CheckEdit(in CultivoEdit) error {
	if c.Arquivado {
		return ErrCultivoArquivado()
	}
	if c.GrupoID == "" {
		if in.LoteCodigo != "" {
			return Invalid("loteCodigo", "Um lote só pode ser escolhido em um cultivo de grupo")
		}
		if len(in.Colaboradores) > 0 {
			return Invalid("colaboradores", "Colaboradores só podem ser escolhidos em um cultivo de grupo")
		}
	}
	if in.DataPlantio != c.DataPlantio && c.Totais.Colheitas > 0 {
		return Invalid("dataPlantio", "A data de plantio não pode mudar depois de uma colheita")
	}
	return nil
}

// ChangesPeople reports whether the edit changes the lote or the
// collaborators: only the responsible member may.
func (c Cultivo) ChangesPeople(in CultivoEdit) bool {
	if in.LoteCodigo != c.LoteCodigo || len(in.Colaboradores) != len(c.Colaboradores) {
		return true
	}
	for _, col := range c.Colaboradores {
		if !slices.Contains(in.Colaboradores, col.UserID) {
			return true
		}
	}
	return false
}
