package me

import (
	"math"
	"net/http"
	"time"

	"github.com/verde-app/verde/shared/api/kit"
	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/auth"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
)

// MemberProgress is a member's level, conquistas and stats (schema
// MemberProgress): the same view for the caller's own /perfil and for any
// other member's page, with no private data (never an e-mail, no groups).
type MemberProgress struct {
	ID           string            `json:"id"`
	Nome         string            `json:"nome"`
	Foto         *string           `json:"foto"`
	Bio          string            `json:"bio"`
	UF           string            `json:"uf"`
	Cidade       string            `json:"cidade"`
	DataCadastro time.Time         `json:"dataCadastro"`
	Nivel        LevelProgress     `json:"nivel"`
	Conquistas   []ConquistaStatus `json:"conquistas"`
	Estatisticas Stats             `json:"estatisticas"`
}

// LevelProgress is the level and the way to the next one.
type LevelProgress struct {
	Numero          int    `json:"numero"`
	Nome            string `json:"nome"`
	PontosTotais    int    `json:"pontosTotais"`
	Inicio          int    `json:"inicio"`          // points at which this level started
	Proximo         int    `json:"proximo"`         // points at which the next one starts
	ProximoNome     string `json:"proximoNome"`     // the next level's name
	FaltamPontos    int    `json:"faltamPontos"`    // points still to earn
	PercentualNivel int    `json:"percentualNivel"` // 0–100 of the way
}

// ConquistaStatus is one conquista of the catalogue for this member.
type ConquistaStatus struct {
	Codigo      string     `json:"codigo"`
	Nome        string     `json:"nome"`
	Descricao   string     `json:"descricao"`
	Bonus       int        `json:"bonus"`
	Conquistada bool       `json:"conquistada"`
	Em          *time.Time `json:"em"`
	Atual       int        `json:"atual"`
	Meta        int        `json:"meta"`
	Progresso   string     `json:"progresso"` // "7 de 10 colheitas"
}

// Stats are the member's counters as shown.
type Stats struct {
	Cultivos         int     `json:"cultivos"`
	Colheitas        int     `json:"colheitas"`
	ColheitasKg      float64 `json:"colheitasKg"`
	Posts            int     `json:"posts"`
	Comentarios      int     `json:"comentarios"`
	RegistrosDiario  int     `json:"registrosDiario"`
	Fotos            int     `json:"fotos"`
	Grupos           int     `json:"grupos"`
	SequenciaCuidado int     `json:"sequenciaCuidado"` // consecutive days with a diary entry, as of today
}

func progressOf(p store.Progress, rules domain.Rules, now time.Time) MemberProgress {
	pr := p.Profile
	lvl := domain.LevelFor(pr.PontosTotais)
	start, next := domain.LevelThreshold(lvl), domain.LevelThreshold(lvl+1)
	pct := 0
	if next > start {
		pct = min(100, max(0, (pr.PontosTotais-start)*100/(next-start)))
	}
	earned := map[string]time.Time{}
	for _, e := range p.Earned {
		earned[e.Codigo] = e.Em
	}
	var cs []ConquistaStatus
	for _, c := range domain.Conquistas {
		st := ConquistaStatus{Codigo: c.Codigo, Nome: c.Nome, Descricao: c.Descricao, Bonus: rules.Bonus(c.Codigo),
			Atual: c.Atual(p.Counts), Meta: c.Meta, Progresso: c.Progresso(p.Counts)}
		if em, ok := earned[c.Codigo]; ok {
			st.Conquistada, st.Em, st.Atual = true, &em, c.Meta
			st.Progresso = c.Progresso(map[string]int{c.Conta: c.Meta})
		}
		cs = append(cs, st)
	}
	k := p.Counts
	return MemberProgress{
		ID: pr.ID, Nome: pr.Nome, Foto: pr.Foto, Bio: pr.Bio, UF: pr.UF, Cidade: pr.Cidade, DataCadastro: pr.DataCadastro,
		Nivel: LevelProgress{Numero: lvl, Nome: domain.LevelName(lvl), PontosTotais: pr.PontosTotais, Inicio: start, Proximo: next,
			ProximoNome: domain.LevelName(lvl + 1), FaltamPontos: max(0, next-pr.PontosTotais), PercentualNivel: pct},
		Conquistas: cs,
		Estatisticas: Stats{
			Cultivos: k[domain.ContaCultivos], Colheitas: k[domain.ContaColheitas],
			ColheitasKg: math.Round(float64(k[domain.ContaColheitaGramas])/10) / 100,
			Posts:       k[domain.ContaPosts], Comentarios: k[domain.ContaComentarios], RegistrosDiario: k[domain.ContaDiario],
			Fotos: k[domain.ContaFotos], Grupos: k[domain.ContaGruposParticipa], SequenciaCuidado: domain.StreakNow(k, now),
		},
	}
}

// handleMyProgress is the caller's progress: one GetItem and one Query, and
// the rules when the container's copy is older than a minute (a caller without a profile yet gets it built first, as GET /api/me does).
func handleMyProgress(d app.Deps) http.Handler {
	return kit.Read(d, http.StatusOK, func(r *http.Request, _ store.Actor) (MemberProgress, error) {
		return progressReply(d, r, auth.FromContext(r.Context()).Sub, domain.ErrProfileNotFound())
	})
}

// progressReply is uid's progress, or notFound when they have no profile:
// one GetItem and one Query, and the rules (each conquista's bonus: a
// container reads them once a minute).
func progressReply(d app.Deps, r *http.Request, uid string, notFound error) (MemberProgress, error) {
	p, found, err := d.Store.ReadProgress(r.Context(), uid)
	if err == nil && !found {
		err = notFound
	}
	var rules domain.Rules
	if err == nil {
		rules, err = d.Store.Rules(r.Context())
	}
	if err != nil {
		return MemberProgress{}, err
	}
	return progressOf(p, rules, d.Now()), nil
}

// handleMember is another member's public profile, for any signed-in user.
func handleMember(d app.Deps) http.Handler {
	return kit.Read(d, http.StatusOK, func(r *http.Request, _ store.Actor) (MemberProgress, error) {
		id := r.PathValue("userId")
		if !validMemberID(id) {
			return MemberProgress{}, domain.ErrMembroNotFound()
		}
		return progressReply(d, r, id, domain.ErrMembroNotFound())
	})
}

// validMemberID accepts what a Cognito sub can be (a UUID, or the local
// emulator's ids): letters, digits and '-', at most 64.
func validMemberID(id string) bool {
	if id == "" || len(id) > 64 {
		return false
	}
	for _, c := range id {
		if !(c == '-' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			return false
		}
	}
	return true
}
