package domain

import (
	"fmt"
	"math"
	"time"
)

// Produtividade is what one vegetable plausibly yields, from a cited source
// (infra/seed/produtividade.json) or the generous default below. It is copied
// onto a cultivo when it is created, as the days to harvest are.
type Produtividade struct {
	KgPorM2      float64 `json:"kgPorM2" dynamodbav:"kgPorM2"`           // the top of the source's yield, kg per m²
	PlantasPorM2 float64 `json:"plantasPorM2" dynamodbav:"plantasPorM2"` // plants per m² at the source's spacing
	// UnidadesPorPlanta is the most heads, fruits or bunches one plant gives.
	UnidadesPorPlanta float64 `json:"unidadesPorPlanta" dynamodbav:"unidadesPorPlanta"`
	Fonte             string  `json:"fonte" dynamodbav:"fonte"`
}

// ProdutividadePadrao is the yield of a vegetable no source covers: above
// the most productive crop of the sources (tomate, 10 kg/m² at 2 plants/m²),
// so that it never doubts an honest harvest; the rules' margin multiplies it.
var ProdutividadePadrao = Produtividade{
	KgPorM2: 15, PlantasPorM2: 3, UnidadesPorPlanta: 30,
	Fonte: "Padrão do Verde para vegetais sem fonte: acima do tomate, a hortaliça mais produtiva das fontes",
}

// DiasDeMuda are the days a seedling spent in the seedbed before it was
// planted: a cultivo planted as muda reaches harvest that much sooner.
const DiasDeMuda = 30

// Or is p, or the default when p is unset.
func (p *Produtividade) Or() Produtividade {
	if p == nil || p.KgPorM2 <= 0 || p.PlantasPorM2 <= 0 {
		return ProdutividadePadrao
	}
	out := *p
	if out.UnidadesPorPlanta <= 0 {
		out.UnidadesPorPlanta = ProdutividadePadrao.UnidadesPorPlanta
	}
	return out
}

// Status of a harvest.
const (
	ColheitaConfirmada = "confirmada"  // counts: points, totals, rankings
	ColheitaAConfirmar = "a-confirmar" // recorded, counted nowhere until confirmed
)

// Why a harvest waits for confirmation.
const (
	DuvidaCedo       = "cedo"       // before the vegetable's first harvest day
	DuvidaQuantidade = "quantidade" // beyond the plausible yield of what was planted
)

// Plausibilidade is the verdict on a harvest.
type Plausibilidade struct {
	Plausivel bool
	Motivo    string // DuvidaCedo or DuvidaQuantidade when not plausible
}

// PrimeiroDiaColheita is the earliest Brasília date a harvest of c is
// plausible on: planting date plus the vegetable's first harvest day, less
// the rules' tolerance and, for a muda, its days in the seedbed.
func PrimeiroDiaColheita(c Cultivo, r Rules) (time.Time, bool) {
	plantio, ok := ParseDate(c.DataPlantio)
	if !ok || c.DiasColheitaMin <= 0 {
		return time.Time{}, false
	}
	dias := int(math.Floor(float64(c.DiasColheitaMin) * float64(100-r.Limites.ToleranciaColheitaPct) / 100))
	if c.Metodo == MetodoMuda {
		dias -= DiasDeMuda
	}
	return plantio.AddDate(0, 0, max(dias, 0)), true
}

// plantas is how many plants the cultivo stands for.
func plantas(c Cultivo, p Produtividade) float64 {
	if c.Unidade == UnidadeM2 {
		return c.Quantidade * p.PlantasPorM2
	}
	return c.Quantidade
}

// KgPlausivel is the most kg the whole cultivo plausibly gives under r.
func KgPlausivel(c Cultivo, r Rules) float64 {
	p := c.Produtividade.Or()
	kg := c.Quantidade * p.KgPorM2
	if c.Unidade != UnidadeM2 {
		kg = c.Quantidade * p.KgPorM2 / p.PlantasPorM2
	}
	return kg * float64(r.Limites.MargemProdutividade)
}

// UnidadesPlausiveis is the most units (heads, fruits, bunches) the whole
// cultivo plausibly gives under r.
func UnidadesPlausiveis(c Cultivo, r Rules) float64 {
	p := c.Produtividade.Or()
	return plantas(c, p) * p.UnidadesPorPlanta * float64(r.Limites.MargemProdutividade)
}

// AvaliarColheita judges harvest h of c recorded at now, when the cultivo's
// harvests already total antes (this one left out): too early, or more in all
// than the cultivo plausibly gives, and it waits for confirmation.
func AvaliarColheita(c Cultivo, antes Totais, h Colheita, r Rules, now time.Time) Plausibilidade {
	if first, ok := PrimeiroDiaColheita(c, r); ok && LocalDate(now).Before(first) {
		return Plausibilidade{Motivo: DuvidaCedo}
	}
	switch h.Unidade {
	case UnidadeKg, UnidadeG:
		if antes.Kg+KgOf(h) > KgPlausivel(c, r)+1e-9 {
			return Plausibilidade{Motivo: DuvidaQuantidade}
		}
	case UnidadeUnidades:
		if antes.Unidades+h.Quantidade > UnidadesPlausiveis(c, r)+1e-9 {
			return Plausibilidade{Motivo: DuvidaQuantidade}
		}
	case UnidadeMacos:
		if antes.Macos+h.Quantidade > UnidadesPlausiveis(c, r)+1e-9 {
			return Plausibilidade{Motivo: DuvidaQuantidade}
		}
	}
	return Plausibilidade{Plausivel: true}
}

// TextoDuvida explains why a harvest waits for confirmation.
func TextoDuvida(motivo string) string {
	switch motivo {
	case DuvidaCedo:
		return "Colhida antes do tempo esperado para este vegetal: fica a confirmar."
	case DuvidaQuantidade:
		return "Quantidade acima do esperado para o que foi plantado: fica a confirmar."
	}
	return ""
}

// A harvest's pay: the first paid harvest of a cultivo pays Colheita, each
// later one ColheitaSeguinte, and a cultivo pays at most one harvest a
// Brasília day (the day it is counted, not the date the member typed: a
// back-dated harvest is no second harvest of another day).

// AwardColheitaPaga is what harvest hid of a cultivo earns when it is
// counted on day (yyyy-mm-dd), the cultivo having paid pagas harvests, the
// last on ultimoDia; nil when the cultivo already paid one that day.
func AwardColheitaPaga(r Rules, hid string, pagas int, ultimoDia, day string) *Award {
	if ultimoDia == day {
		return nil
	}
	p := r.Pontos.ColheitaSeguinte
	if pagas == 0 {
		p = r.Pontos.Colheita
	}
	return &Award{Motivo: MotivoColheita, Ref: hid, Pontos: p}
}

// ColheitaEditavel reports whether the author may still correct or delete a
// harvest recorded at criado.
func ColheitaEditavel(criado, now time.Time, r Rules) bool {
	return now.Sub(criado) <= time.Duration(r.Limites.HorasEdicaoColheita)*time.Hour
}

// ErrColheitaNaoEditavel refuses a correction past the window.
func ErrColheitaNaoEditavel(r Rules) *Error {
	return Forbidden(fmt.Sprintf("A colheita só pode ser corrigida ou apagada pelo autor nas primeiras %d horas", r.Limites.HorasEdicaoColheita))
}

// ErrColheitaNotFound hides a harvest.
func ErrColheitaNotFound() *Error { return NotFound("Colheita não encontrada") }

// Sub is the totals without harvest h (a corrected or deleted one); never below zero.
func (t Totais) Sub(h Colheita) Totais {
	a := Totais{}.Add(h)
	t.Colheitas = max(t.Colheitas-a.Colheitas, 0)
	t.Kg = math.Max(t.Kg-a.Kg, 0)
	t.Unidades = math.Max(t.Unidades-a.Unidades, 0)
	t.Macos = math.Max(t.Macos-a.Macos, 0)
	t.DoadoKg = math.Max(t.DoadoKg-a.DoadoKg, 0)
	return t
}

// ColheitaEdit is the body of PUT /api/cultivos/{id}/colheitas/{hid}: what
// its author may correct (the photo and the cultivo's phase stay).
type ColheitaEdit struct {
	Quantidade *float64 `json:"quantidade"`
	Unidade    string   `json:"unidade"`
	Data       string   `json:"data"`
	Destino    string   `json:"destino"`
}

// Valid checks the correction as a new harvest is checked.
func (e *ColheitaEdit) Valid() error { return e.Input().Valid() }

// Input is the correction as a harvest's input.
func (e *ColheitaEdit) Input() *ColheitaInput {
	return &ColheitaInput{Quantidade: e.Quantidade, Unidade: e.Unidade, Data: e.Data, Destino: e.Destino}
}
