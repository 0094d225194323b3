package domain

import (
	"slices"
	"strings"
	"time"
)

// VegetalCare is the growing advice of a vegetable (all optional).
type VegetalCare struct {
	NomeCientifico string   `json:"nomeCientifico,omitempty"`
	Familia        string   `json:"familia,omitempty"`
	Metodo         string   `json:"metodo,omitempty"` // semente, muda or ambos
	Profundidade   string   `json:"profundidade,omitempty"`
	Sol            string   `json:"sol,omitempty"`
	Rega           string   `json:"rega,omitempty"`
	Cuidados       string   `json:"cuidados,omitempty"`
	Companheiras   []string `json:"companheiras,omitempty"`
	// Pragas are the pests and diseases the source warns of.
	Pragas string `json:"pragas,omitempty"`
	// NomesPopulares are the other names people know the plant by (regional
	// ones too); the catalogue's search finds a vegetable by any of them.
	NomesPopulares []string `json:"nomesPopulares,omitempty"`
}

// Region names of Vegetal.Semeadura, as shown to people.
var RegionNames = map[string]string{
	"sul": "Sul", "sudeste": "Sudeste", "nordeste": "Nordeste", "centroOeste": "Centro-Oeste", "norte": "Norte",
}

// ufRegion is the IBGE region of each UF.
var ufRegion = map[string]string{
	"AC": "norte", "AP": "norte", "AM": "norte", "PA": "norte", "RO": "norte", "RR": "norte", "TO": "norte",
	"AL": "nordeste", "BA": "nordeste", "CE": "nordeste", "MA": "nordeste", "PB": "nordeste", "PE": "nordeste",
	"PI": "nordeste", "RN": "nordeste", "SE": "nordeste",
	"DF": "centroOeste", "GO": "centroOeste", "MT": "centroOeste", "MS": "centroOeste",
	"ES": "sudeste", "MG": "sudeste", "RJ": "sudeste", "SP": "sudeste",
	"PR": "sul", "RS": "sul", "SC": "sul",
}

// RegionOfUF is the catalogue region of a UF ("" for an unknown or empty UF).
func RegionOfUF(uf string) string { return ufRegion[strings.ToUpper(strings.TrimSpace(uf))] }

// ValidRegion reports whether r is a key of Vegetal.Semeadura.
func ValidRegion(r string) bool { return slices.Contains(Regions, r) }

// Epoca is what the calendar says of sowing a vegetable in a month and region.
type Epoca string

const (
	EpocaRecomendada    Epoca = "recomendada"
	EpocaNaoRecomendada Epoca = "nao-recomendada"
	EpocaSemDados       Epoca = "sem-dados" // no calendar, or no region known
)

// EpocaDeSemeadura says whether month (1–12) is a sowing month of v in region.
func (v Vegetal) EpocaDeSemeadura(region string, month int) Epoca {
	if v.Semeadura == nil || !ValidRegion(region) {
		return EpocaSemDados
	}
	if slices.Contains(v.Semeadura[region], month) {
		return EpocaRecomendada
	}
	return EpocaNaoRecomendada
}

// PlanteAgora is the vegetables to sow in month in region, archived ones left
// out, what the region grows now first: a vegetable whose sowing season there
// is short comes before one sown all year, and among seasonal ones the season
// that closes sooner comes first (sow it now or wait a year); then by name.
func PlanteAgora(vegetais []Vegetal, region string, month int) []Vegetal {
	out := []Vegetal{}
	for _, v := range vegetais {
		if !v.Arquivado && v.EpocaDeSemeadura(region, month) == EpocaRecomendada {
			out = append(out, v)
		}
	}
	slices.SortStableFunc(out, func(a, b Vegetal) int {
		la, lb := len(a.Semeadura[region]), len(b.Semeadura[region])
		if (la == 12) != (lb == 12) {
			if la == 12 {
				return 1
			}
			return -1
		}
		if ra, rb := monthsLeft(a.Semeadura[region], month), monthsLeft(b.Semeadura[region], month); ra != rb {
			return ra - rb
		}
		if la != lb {
			return la - lb
		}
		return strings.Compare(SearchKey(a.Nome), SearchKey(b.Nome))
	})
	return out
}

// monthsLeft is how many months after month the sowing season in months goes
// on without a break (0: month is its last), wrapping past December.
func monthsLeft(months []int, month int) int {
	n := 0
	for m := month%12 + 1; n < 11 && slices.Contains(months, m); m = m%12 + 1 {
		n++
	}
	return n
}

// brasilia is the time zone of "this month" and of "today" for a grower
// (Brasília time; Brazil has had no daylight saving since 2019).
var brasilia = time.FixedZone("BRT", -3*60*60)

// LocalDate is t's calendar date in Brasília time, at midnight UTC.
func LocalDate(t time.Time) time.Time {
	y, m, d := t.In(brasilia).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}
