package domain

import (
	"fmt"
	"math"
	"slices"
	"time"
)

// A cultivo is one planting followed from sowing to harvest. It belongs to
// its responsible member, either in a group (optionally on a lote the
// responsible member or a collaborator holds) or personal (Horta pessoal).

// Fase is a cultivo's phase.
type Fase string

const (
	FasePlanejado   Fase = "planejado"
	FaseSemeado     Fase = "semeado"
	FaseGerminando  Fase = "germinando"
	FaseCrescendo   Fase = "crescendo"
	FaseFlorescendo Fase = "florescendo"
	FasePronto      Fase = "pronto"
	FaseColhido     Fase = "colhido"
	FasePerdido     Fase = "perdido"
)

// FaseOrder is the path from sowing to harvest; perdido is off it.
var FaseOrder = []Fase{FasePlanejado, FaseSemeado, FaseGerminando, FaseCrescendo, FaseFlorescendo, FasePronto, FaseColhido}

// FaseOrderMuda is the path of a cultivo planted as a seedling (muda): it is
// planted growing, so it never is semeado or germinando.
var FaseOrderMuda = []Fase{FasePlanejado, FaseCrescendo, FaseFlorescendo, FasePronto, FaseColhido}

// Caminho is c's own path from planting to harvest.
func (c Cultivo) Caminho() []Fase {
	if c.Metodo == MetodoMuda {
		return FaseOrderMuda
	}
	return FaseOrder
}

// Fases are every phase, perdido last.
var Fases = append(slices.Clone(FaseOrder), FasePerdido)

// FaseNomes are the phases as people read them.
var FaseNomes = map[Fase]string{
	FasePlanejado: "Planejado", FaseSemeado: "Semeado", FaseGerminando: "Germinando", FaseCrescendo: "Crescendo",
	FaseFlorescendo: "Florescendo", FasePronto: "Pronto para colheita", FaseColhido: "Colhido", FasePerdido: "Perdido",
}

// Valid reports whether f is a phase.
func (f Fase) Valid() bool { return slices.Contains(Fases, f) }

// Aberta reports whether a cultivo in phase f is still growing (neither
// colhido nor perdido).
func (f Fase) Aberta() bool { return f.Valid() && f != FaseColhido && f != FasePerdido }

// Metodo of planting.
const (
	MetodoSemente = "semente"
	MetodoMuda    = "muda"
)

// Unidades of a cultivo's quantity.
const (
	UnidadeMudas    = "mudas"
	UnidadeSementes = "sementes"
	UnidadeM2       = "m2"
)

// Limits of a cultivo.
const (
	MaxColaboradores   = 10
	MaxNotasLength     = 1000
	MaxMotivoLength    = 300
	MaxQuantidadePlant = 100000 // mudas or sementes
	MaxAreaPlantio     = 10000  // m²
	MaxDiasAFrente     = 366    // planting date at most a year ahead
	MaxAnosAtras       = 5
)

// Colaborador is a member who helps with a cultivo.
type Colaborador struct {
	UserID string `json:"userId"`
	Nome   string `json:"nome"`
}

// Totais are harvest totals (a cultivo's, a member's or a group's).
type Totais struct {
	Colheitas int     `json:"colheitas"`
	Kg        float64 `json:"kg"` // kg and g together
	Unidades  float64 `json:"unidades"`
	Macos     float64 `json:"macos"`
	DoadoKg   float64 `json:"doadoKg"`
}

// Cultivo is one planting.
type Cultivo struct {
	ID              string        `json:"id"`
	VegetalID       string        `json:"vegetalId"`
	VegetalNome     string        `json:"vegetalNome"`
	DiasColheitaMin int           `json:"diasColheitaMin"`
	DiasColheitaMax int           `json:"diasColheitaMax"`
	GrupoID         string        `json:"grupoId"` // "" for Horta pessoal
	GrupoNome       string        `json:"grupoNome"`
	LoteCodigo      string        `json:"loteCodigo"`
	ResponsavelID   string        `json:"responsavelId"`
	ResponsavelNome string        `json:"responsavelNome"`
	Colaboradores   []Colaborador `json:"colaboradores"`
	Metodo          string        `json:"metodo"`
	Quantidade      float64       `json:"quantidade"`
	Unidade         string        `json:"unidade"`
	DataPlantio     string        `json:"dataPlantio"` // yyyy-mm-dd
	Notas           string        `json:"notas"`
	Fase            Fase          `json:"fase"`
	FaseAnterior    Fase          `json:"faseAnterior"` // the phase before perdido, to undo it
	MotivoPerda     string        `json:"motivoPerda"`
	Arquivado       bool          `json:"arquivado"`
	Totais          Totais        `json:"totais"`
	// Produtividade is the vegetable's yield when the cultivo was created
	// (nil: created before yields, the default applies).
	Produtividade *Produtividade `json:"-"`
	// ColheitasPagas and UltimoDiaPago say which harvest pays what
	// (colheita_plausivel.go): paid harvests so far, and the Brasília day
	// (yyyy-mm-dd) of the last one.
	ColheitasPagas int       `json:"-"`
	UltimoDiaPago  string    `json:"-"`
	Version        int       `json:"version"`
	CriadoEm       time.Time `json:"criadoEm"`
	AtualizadoEm   time.Time `json:"atualizadoEm"`
}

// Writers are the users who may write to the cultivo: the responsible member
// and the collaborators.
func (c Cultivo) Writers() []string {
	out := []string{c.ResponsavelID}
	for _, col := range c.Colaboradores {
		out = append(out, col.UserID)
	}
	return out
}

// IsWriter reports whether uid is the responsible member or a collaborator.
func (c Cultivo) IsWriter(uid string) bool { return uid != "" && slices.Contains(c.Writers(), uid) }

const dateLayout = "2006-01-02"

// ParseDate reads a yyyy-mm-dd date.
func ParseDate(s string) (time.Time, bool) {
	t, err := time.Parse(dateLayout, s)
	return t, err == nil
}

// FormatDate is t as yyyy-mm-dd.
func FormatDate(t time.Time) string { return t.Format(dateLayout) }

// Janela is the expected harvest window and where today stands in it.
type Janela struct {
	Inicio string `json:"inicio"` // yyyy-mm-dd
	Fim    string `json:"fim"`
	// DiasParaColheita are the days from today to the window's start (0 once it opened).
	DiasParaColheita int  `json:"diasParaColheita"`
	Aberta           bool `json:"aberta"`   // today is inside the window
	Atrasado         bool `json:"atrasado"` // the window has passed without a harvest, cultivo still open
}

// JanelaColheita is c's harvest window seen from now (Brasília dates). The
// source counts the days to harvest from planting in the final place: for a
// seedling (muda) that is the day it was transplanted, the cultivo's planting
// date, so the window is that date plus the source's days, as for seeds sown
// in place.
func (c Cultivo) JanelaColheita(now time.Time) Janela {
	plantio, ok := ParseDate(c.DataPlantio)
	if !ok || c.DiasColheitaMax <= 0 { // no source gives this vegetable's days to harvest
		return Janela{}
	}
	today := LocalDate(now)
	inicio := plantio.AddDate(0, 0, c.DiasColheitaMin)
	fim := plantio.AddDate(0, 0, c.DiasColheitaMax)
	j := Janela{Inicio: FormatDate(inicio), Fim: FormatDate(fim)}
	if d := int(math.Round(inicio.Sub(today).Hours() / 24)); d > 0 {
		j.DiasParaColheita = d
	}
	j.Aberta = !today.Before(inicio) && !today.After(fim)
	j.Atrasado = c.Fase.Aberta() && c.Totais.Colheitas == 0 && today.After(fim)
	return j
}

// ErrFase is the refusal of a phase change.
func ErrFase(from, to Fase) *Error {
	return Invalid("fase", fmt.Sprintf("Não é possível passar de %q para %q: avance ou volte uma fase por vez", FaseNomes[from], FaseNomes[to]))
}

// NextFase decides a phase change: one step forward, one step back to fix a
// mistake, perdido (with a reason) from any open phase, and back from perdido
// to the phase it was lost in. It returns the cultivo after the change.
func (c Cultivo) NextFase(to Fase, motivo string) (Cultivo, error) {
	if !to.Valid() {
		return c, ErrFaseInvalida()
	}
	if c.Arquivado {
		return c, ErrCultivoArquivado()
	}
	from := c.Fase
	if to == from {
		return c, Invalid("fase", fmt.Sprintf("O cultivo já está na fase %q", FaseNomes[to]))
	}
	motivo = CleanMultiline(motivo)
	switch {
	case to == FasePerdido:
		if !from.Aberta() {
			return c, Invalid("fase", "Só um cultivo em andamento pode ser marcado como perdido")
		}
		if !Visible(motivo) {
			return c, Invalid("motivo", "Informe o motivo da perda")
		}
		if Length(motivo) > MaxMotivoLength {
			return c, Invalid("motivo", fmt.Sprintf("O motivo deve ter no máximo %d caracteres", MaxMotivoLength))
		}
		c.FaseAnterior, c.MotivoPerda = from, motivo
	case from == FasePerdido:
		if to != c.FaseAnterior {
			return c, ErrFase(from, to)
		}
		c.FaseAnterior, c.MotivoPerda = "", ""
	default:
		path := c.Caminho()
		if !slices.Contains(path, from) {
			path = FaseOrder // a seedling stored at semeado or germinando before seedlings skipped them
		}
		i, j := slices.Index(path, from), slices.Index(path, to)
		if j < 0 || (j != i+1 && j != i-1) {
			return c, ErrFase(from, to)
		}
	}
	c.Fase = to
	return c, nil
}
