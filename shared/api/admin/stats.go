package admin

import (
	"net/http"

	"github.com/verde-app/verde/shared/api/kit"
	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
)

// The site statistics the acts write (store/stats.go): the /admin
// dashboard's KPIs, /admin/analytics' series and /admin/dados' counts.

// Indicador is one KPI and the same figure over the previous period.
type Indicador struct {
	Valor    float64 `json:"valor"`
	Anterior float64 `json:"anterior"`
}

func indicadorOf(k store.KPI) Indicador { return Indicador{Valor: k.Valor, Anterior: k.Anterior} }

// Indicadores is GET /api/admin/kpis. Each figure's previous period:
// membros, grupos and cultivosAtivos 30 days ago; ativosHoje yesterday;
// ativos30Dias the 30 days before; colheitaKgMes the same days of last
// month; postsSemana the 7 days before; denunciasAbertas yesterday.
type Indicadores struct {
	Hoje             string    `json:"hoje"`
	DadosDesde       *string   `json:"dadosDesde"`
	Membros          Indicador `json:"membros"`
	AtivosHoje       Indicador `json:"ativosHoje"`
	Ativos30Dias     Indicador `json:"ativos30Dias"`
	Grupos           Indicador `json:"grupos"`
	CultivosAtivos   Indicador `json:"cultivosAtivos"`
	ColheitaKgMes    Indicador `json:"colheitaKgMes"`
	PostsSemana      Indicador `json:"postsSemana"`
	DenunciasAbertas Indicador `json:"denunciasAbertas"`
}

// PontoAnalise is one day, week or month of /admin/analytics.
type PontoAnalise struct {
	Inicio             string  `json:"inicio"`
	Fim                string  `json:"fim"`
	NovosMembros       int     `json:"novosMembros"`
	MembrosAtivos      int     `json:"membrosAtivos"`
	MembrosAtivosMedia float64 `json:"membrosAtivosMedia"`
	CultivosCriados    int     `json:"cultivosCriados"`
	Colheitas          int     `json:"colheitas"`
	ColheitaKg         float64 `json:"colheitaKg"`
	Posts              int     `json:"posts"`
	Comentarios        int     `json:"comentarios"`
}

// Analise is GET /api/admin/analytics.
type Analise struct {
	De            string         `json:"de"`
	Ate           string         `json:"ate"`
	Granularidade string         `json:"granularidade"`
	UF            string         `json:"uf"`
	DadosDesde    *string        `json:"dadosDesde"`
	Pontos        []PontoAnalise `json:"pontos"`
}

// TotaisEntidades is GET /api/admin/totais: /admin/dados' counts.
type TotaisEntidades struct {
	DadosDesde       *string `json:"dadosDesde"`
	Membros          int     `json:"membros"`
	Grupos           int     `json:"grupos"`
	Lotes            int     `json:"lotes"`
	Cultivos         int     `json:"cultivos"`
	CultivosAtivos   int     `json:"cultivosAtivos"`
	Colheitas        int     `json:"colheitas"`
	ColheitaKg       float64 `json:"colheitaKg"`
	Posts            int     `json:"posts"`
	Comentarios      int     `json:"comentarios"`
	DenunciasAbertas int     `json:"denunciasAbertas"`
}

func desdeOf(d string) *string {
	if d == "" {
		return nil
	}
	return &d
}

// handleKPIs: at most 4 BatchGetItem calls, whatever the community's size.
func handleKPIs(d app.Deps) http.Handler {
	return kit.Read(d, http.StatusOK, func(r *http.Request, _ store.Actor) (Indicadores, error) {
		k, err := d.Store.StatsKPIs(r.Context())
		if err != nil {
			return Indicadores{}, err
		}
		return Indicadores{
			Hoje: k.Hoje, DadosDesde: desdeOf(k.Desde),
			Membros: indicadorOf(k.Membros), AtivosHoje: indicadorOf(k.AtivosHoje), Ativos30Dias: indicadorOf(k.Ativos30),
			Grupos: indicadorOf(k.Grupos), CultivosAtivos: indicadorOf(k.CultivosAtivos), ColheitaKgMes: indicadorOf(k.ColheitaKgMes),
			PostsSemana: indicadorOf(k.PostsSemana), DenunciasAbertas: indicadorOf(k.Denuncias),
		}, nil
	})
}

// handleTotals: one BatchGetItem.
func handleTotals(d app.Deps) http.Handler {
	return kit.Read(d, http.StatusOK, func(r *http.Request, _ store.Actor) (TotaisEntidades, error) {
		t, err := d.Store.StatsTotals(r.Context())
		if err != nil {
			return TotaisEntidades{}, err
		}
		v := t.Values
		return TotaisEntidades{
			DadosDesde: desdeOf(t.Desde), Membros: v[store.TotalMembros], Grupos: v[store.TotalGrupos], Lotes: v[store.TotalLotes],
			Cultivos: v[store.TotalCultivos], CultivosAtivos: v[store.TotalCultivosAtivos], Colheitas: v[store.TotalColheitas],
			ColheitaKg: float64(v[store.TotalGramas]) / 1000, Posts: v[store.TotalPosts], Comentarios: v[store.TotalComentarios],
			DenunciasAbertas: v[store.TotalDenuncias],
		}, nil
	})
}

// handleAnalytics: de..ate (at most 366 days; by default the last 30),
// granularidade dia|semana|mes, uf (a UF, "sem" for members without one, or
// absent for all). At most 15 BatchGetItem calls of ≤ 100 keys.
func handleAnalytics(d app.Deps) http.Handler {
	return kit.Read(d, http.StatusOK, func(r *http.Request, _ store.Actor) (Analise, error) {
		aq, err := domain.ParseAnalytics(r.URL.Query(), d.Store.Today())
		if err != nil {
			return Analise{}, err
		}
		de, ate, gran, uf := aq.De, aq.Ate, aq.Granularidade, aq.UF
		a, err := d.Store.StatsAnalytics(r.Context(), de, ate, gran, uf)
		if err != nil {
			return Analise{}, err
		}
		out := Analise{De: de, Ate: ate, Granularidade: gran, UF: uf, DadosDesde: desdeOf(a.Desde), Pontos: []PontoAnalise{}}
		for _, p := range a.Pontos {
			out.Pontos = append(out.Pontos, PontoAnalise{
				Inicio: p.Inicio, Fim: p.Fim, NovosMembros: p.Novos, MembrosAtivos: p.Ativos, MembrosAtivosMedia: p.AtivosMedia,
				CultivosCriados: p.Cultivos, Colheitas: p.Colheitas, ColheitaKg: p.ColheitaKg, Posts: p.Posts, Comentarios: p.Comentarios,
			})
		}
		return out, nil
	})
}
