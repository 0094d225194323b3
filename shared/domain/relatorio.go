package domain

import (
	"fmt"
	"math"
	"sort"
	"strings"
	"time"
)

// The coordinator's report of a period: what the group harvested (kg by
// destino, vegetable, lote and member), the volunteer hours (by member and by
// activity), the members active and the mutirões held with attendance. The
// store keeps a month of totals per group (store/relatorio.go); a report
// adds the months of its period.

// MaxMesesRelatorio bounds a report's period.
const MaxMesesRelatorio = 24

// PeriodoRelatorio is a report's months, yyyy-mm to yyyy-mm, both included.
type PeriodoRelatorio struct {
	De  string `json:"de"`
	Ate string `json:"ate"`
}

var mesPattern = LazyRegexp(`^[0-9]{4}-(0[1-9]|1[0-2])$`)

// ParsePeriodoRelatorio reads ?de= and ?ate= (yyyy-mm); neither given (given
// false) is this year up to this month.
func ParsePeriodoRelatorio(de, ate string, given bool, now time.Time) (PeriodoRelatorio, error) {
	if !given {
		local := now.In(Brasilia)
		return PeriodoRelatorio{De: local.Format("2006") + "-01", Ate: local.Format("2006-01")}, nil
	}
	if !mesPattern().MatchString(de) {
		return PeriodoRelatorio{}, Invalid("de", "Informe o mês inicial do período (AAAA-MM)")
	}
	if !mesPattern().MatchString(ate) {
		return PeriodoRelatorio{}, Invalid("ate", "Informe o mês final do período (AAAA-MM)")
	}
	if ate < de {
		return PeriodoRelatorio{}, Invalid("ate", "O mês final deve ser igual ou posterior ao inicial")
	}
	p := PeriodoRelatorio{De: de, Ate: ate}
	if p.Meses() > MaxMesesRelatorio {
		return PeriodoRelatorio{}, Invalid("ate", fmt.Sprintf("O período do relatório tem no máximo %d meses", MaxMesesRelatorio))
	}
	return p, nil
}

// Meses counts the months of p.
func (p PeriodoRelatorio) Meses() int {
	var y1, m1, y2, m2 int
	fmt.Sscanf(p.De, "%d-%d", &y1, &m1)
	fmt.Sscanf(p.Ate, "%d-%d", &y2, &m2)
	return (y2-y1)*12 + m2 - m1 + 1
}

// Texto says the period in Portuguese: "01/2026 a 06/2026".
func (p PeriodoRelatorio) Texto() string {
	f := func(s string) string {
		y, m, _ := strings.Cut(s, "-")
		return m + "/" + y
	}
	if p.De == p.Ate {
		return f(p.De)
	}
	return f(p.De) + " a " + f(p.Ate)
}

// RelatorioMes is a group's totals of one month, as the acts keep them.
type RelatorioMes struct {
	Mes               string
	Colheitas         int
	Kg                float64
	Minutos           int
	PartilhaKg        float64
	KgDestino         map[string]float64
	KgVegetal, KgLote map[string]float64
	KgMembro          map[string]float64
	ColheitasMembro   map[string]int
	NomeVegetal       map[string]string
	NomeMembro        map[string]string
	MinMembro         map[string]int
	MinAtividade      map[string]int
	NomeAtividade     map[string]string
	PartilhaMembro    map[string]float64
	Mutiroes          map[string]MutiraoRealizado
}

// NewRelatorioMes is an empty month.
func NewRelatorioMes(mes string) RelatorioMes {
	return RelatorioMes{Mes: mes, KgDestino: map[string]float64{}, KgVegetal: map[string]float64{}, KgLote: map[string]float64{},
		KgMembro: map[string]float64{}, ColheitasMembro: map[string]int{}, NomeVegetal: map[string]string{}, NomeMembro: map[string]string{},
		MinMembro: map[string]int{}, MinAtividade: map[string]int{}, NomeAtividade: map[string]string{},
		PartilhaMembro: map[string]float64{}, Mutiroes: map[string]MutiraoRealizado{}}
}

// MutiraoRealizado is a mutirão held, with its attendance.
type MutiraoRealizado struct {
	ID        string    `json:"id"`
	Titulo    string    `json:"titulo"`
	Inicio    time.Time `json:"inicio"`
	Inscritos int       `json:"inscritos"`
	Presentes int       `json:"presentes"`
	Minutos   int       `json:"minutos"`
}

// ValorKg is one line of kg (a destino, a vegetable, a lote).
type ValorKg struct {
	Chave string  `json:"chave"`
	Nome  string  `json:"nome"`
	Kg    float64 `json:"kg"`
}

// MembroRelatorio is one member's line.
type MembroRelatorio struct {
	UserID     string  `json:"userId"`
	Nome       string  `json:"nome"`
	Kg         float64 `json:"kg"`
	Colheitas  int     `json:"colheitas"`
	Minutos    int     `json:"minutos"`
	PartilhaKg float64 `json:"partilhaKg"`
}

// AtividadeRelatorio is one activity's volunteer minutes (a mutirão, an escala).
type AtividadeRelatorio struct {
	Chave   string `json:"chave"`
	Nome    string `json:"nome"`
	Minutos int    `json:"minutos"`
}

// Relatorio is the report of a period.
type Relatorio struct {
	Periodo       PeriodoRelatorio     `json:"periodo"`
	Colheitas     int                  `json:"colheitas"`
	Kg            float64              `json:"kg"`
	Minutos       int                  `json:"minutos"`
	PartilhaKg    float64              `json:"partilhaKg"`
	MembrosAtivos int                  `json:"membrosAtivos"`
	PorDestino    []ValorKg            `json:"porDestino"`
	PorHortalica  []ValorKg            `json:"porHortalica"`
	PorLote       []ValorKg            `json:"porLote"`
	PorMembro     []MembroRelatorio    `json:"porMembro"`
	PorAtividade  []AtividadeRelatorio `json:"porAtividade"`
	Mutiroes      []MutiraoRealizado   `json:"mutiroes"`
}

// DestinoNomes are the destinos as a report says them.
var DestinoNomes = map[string]string{"consumo": "Consumo", "compartilhado": "Compartilhado", "doado": "Doado"}

// roundKg keeps three decimals (grams): sums of decimal kg in binary floats
// carry noise in the last digits.
func roundKg(f float64) float64 { return math.Round(f*1000) / 1000 }

// MontaRelatorio adds the months of p.
func MontaRelatorio(p PeriodoRelatorio, meses []RelatorioMes) Relatorio {
	r := Relatorio{Periodo: p}
	dest, veg, lote := map[string]float64{}, map[string]float64{}, map[string]float64{}
	nomeVeg := map[string]string{}
	membros := map[string]*MembroRelatorio{}
	ativ, nomeAtiv := map[string]int{}, map[string]string{}
	muts := map[string]MutiraoRealizado{}
	membro := func(uid string, m RelatorioMes) *MembroRelatorio {
		if membros[uid] == nil {
			membros[uid] = &MembroRelatorio{UserID: uid}
		}
		if n := m.NomeMembro[uid]; n != "" {
			membros[uid].Nome = n
		}
		return membros[uid]
	}
	sort.Slice(meses, func(i, j int) bool { return meses[i].Mes < meses[j].Mes })
	for _, m := range meses {
		if m.Mes < p.De || m.Mes > p.Ate {
			continue
		}
		r.Colheitas += m.Colheitas
		r.Kg += m.Kg
		r.Minutos += m.Minutos
		r.PartilhaKg += m.PartilhaKg
		for k, v := range m.KgDestino {
			dest[k] += v
		}
		for k, v := range m.KgVegetal {
			veg[k] += v
		}
		for k, v := range m.NomeVegetal {
			nomeVeg[k] = v
		}
		for k, v := range m.KgLote {
			lote[k] += v
		}
		for uid, v := range m.KgMembro {
			membro(uid, m).Kg += v
		}
		for uid, v := range m.ColheitasMembro {
			membro(uid, m).Colheitas += v
		}
		for uid, v := range m.MinMembro {
			membro(uid, m).Minutos += v
		}
		for uid, v := range m.PartilhaMembro {
			membro(uid, m).PartilhaKg += v
		}
		for k, v := range m.MinAtividade {
			ativ[k] += v
		}
		for k, v := range m.NomeAtividade {
			nomeAtiv[k] = v
		}
		for id, mt := range m.Mutiroes {
			muts[id] = mt
		}
	}
	r.Kg, r.PartilhaKg = roundKg(r.Kg), roundKg(r.PartilhaKg)
	for _, d := range DestinosColheita {
		r.PorDestino = append(r.PorDestino, ValorKg{Chave: d, Nome: DestinoNomes[d], Kg: roundKg(dest[d])})
	}
	r.PorHortalica = linhasKg(veg, nomeVeg)
	r.PorLote = linhasKg(lote, nil)
	r.PorMembro = []MembroRelatorio{}
	for _, m := range membros {
		m.Kg, m.PartilhaKg = roundKg(m.Kg), roundKg(m.PartilhaKg)
		if m.Kg > 0 || m.Colheitas > 0 || m.Minutos > 0 || m.PartilhaKg > 0 {
			r.PorMembro = append(r.PorMembro, *m)
		}
	}
	sort.Slice(r.PorMembro, func(i, j int) bool {
		a, b := r.PorMembro[i], r.PorMembro[j]
		if a.Nome != b.Nome {
			return SearchKey(a.Nome) < SearchKey(b.Nome)
		}
		return a.UserID < b.UserID
	})
	r.MembrosAtivos = len(r.PorMembro)
	r.PorAtividade = []AtividadeRelatorio{}
	for k, v := range ativ {
		if v != 0 {
			r.PorAtividade = append(r.PorAtividade, AtividadeRelatorio{Chave: k, Nome: nomeAtiv[k], Minutos: v})
		}
	}
	sort.Slice(r.PorAtividade, func(i, j int) bool {
		a, b := r.PorAtividade[i], r.PorAtividade[j]
		if a.Minutos != b.Minutos {
			return a.Minutos > b.Minutos
		}
		return a.Nome < b.Nome
	})
	r.Mutiroes = []MutiraoRealizado{}
	for _, mt := range muts {
		if mt.Presentes > 0 {
			r.Mutiroes = append(r.Mutiroes, mt)
		}
	}
	sort.Slice(r.Mutiroes, func(i, j int) bool { return r.Mutiroes[i].Inicio.Before(r.Mutiroes[j].Inicio) })
	return r
}

func linhasKg(kg map[string]float64, nomes map[string]string) []ValorKg {
	out := []ValorKg{}
	for k, v := range kg {
		if v = roundKg(v); v > 0 {
			n := k
			if nomes != nil && nomes[k] != "" {
				n = nomes[k]
			}
			out = append(out, ValorKg{Chave: k, Nome: n, Kg: v})
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Kg != out[j].Kg {
			return out[i].Kg > out[j].Kg
		}
		return out[i].Nome < out[j].Nome
	})
	return out
}

// Impacto is what a group shows of its year on its public page, when its
// dono chose to.
type Impacto struct {
	Ano      string  `json:"ano"`
	Kg       float64 `json:"kg"`
	KgDoado  float64 `json:"kgDoado"`
	Minutos  int     `json:"minutos"`
	Mutiroes int     `json:"mutiroes"`
}

// ErrImpactoPrivado: the dono has not made the group's impact public.
func ErrImpactoPrivado() *Error { return NotFound("Este grupo não publica o seu impacto") }

// ImpactoInput is the body of PUT /api/groups/{groupId}/impacto.
type ImpactoInput struct {
	Publico *bool `json:"publico"`
}

func (in *ImpactoInput) Valid() error {
	if in.Publico == nil {
		return Invalid("publico", "Diga se o impacto do grupo aparece na página pública")
	}
	return nil
}

// CanPublishImpacto: only the dono decides what the public page shows.
func (a Access) CanPublishImpacto(g Group) error {
	return a.gate(g, a.Owner(), ErrSoDonoImpacto().Message)
}

// CanReadRelatorio: coordinators and site admins.
func (a Access) CanReadRelatorio(g Group) error {
	return a.gate(g, a.Manager() || a.Admin, "Apenas coordenadores do grupo podem ver o relatório")
}

// AnoLocal is now's year in Brasília.
func AnoLocal(now time.Time) string { return now.In(Brasilia).Format("2006") }
