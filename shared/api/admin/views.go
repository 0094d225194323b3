package admin

import (
	"time"

	"github.com/verde-app/verde/shared/api"
	"github.com/verde-app/verde/shared/api/kit"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
)

// PontosRegras and LimitesRegras are the rules' numbers as the API shows them.
type PontosRegras domain.Pontos
type LimitesRegras domain.Limites

// CampoRegra is one number of the rules with its label and range.
type CampoRegra struct {
	Campo  string `json:"campo"`
	Rotulo string `json:"rotulo"`
	Min    int    `json:"min"`
	Max    int    `json:"max"`
}

// Regras is GET/PUT /api/admin/rules: the rules, their version and the
// fields the form shows.
type Regras struct {
	Version    int            `json:"version"`
	Pontos     PontosRegras   `json:"pontos"`
	Limites    LimitesRegras  `json:"limites"`
	Conquistas map[string]int `json:"conquistas"` // each conquista's bonus, by code
	Campos     []CampoRegra   `json:"campos"`
}

func regrasOf(r domain.Rules) Regras {
	out := Regras{Version: r.Version, Pontos: PontosRegras(r.Pontos), Limites: LimitesRegras(r.Limites), Conquistas: r.Conquistas,
		Campos: []CampoRegra{}}
	for _, f := range domain.RuleFields() {
		out.Campos = append(out.Campos, CampoRegra{Campo: f.Path, Rotulo: f.Label, Min: f.Min, Max: f.Max})
	}
	return out
}

// RegrasEdit is the body of PUT /api/admin/rules: every number, and the
// version the form was loaded with. Campos, what GET answers besides, is
// taken and ignored, so GET's answer may be sent back as is.
type RegrasEdit struct {
	Version    int            `json:"version"`
	Pontos     PontosRegras   `json:"pontos"`
	Limites    LimitesRegras  `json:"limites"`
	Conquistas map[string]int `json:"conquistas"`
	Campos     []CampoRegra   `json:"campos"`
	rules      domain.Rules
}

func (e *RegrasEdit) Valid() error {
	e.rules = domain.Rules{Version: e.Version, Pontos: domain.Pontos(e.Pontos), Limites: domain.Limites(e.Limites), Conquistas: e.Conquistas}
	return e.rules.Valid()
}

// UsuarioResumo is one member in the admin's search.
type UsuarioResumo struct {
	ID           string  `json:"id"`
	Nome         string  `json:"nome"`
	Email        string  `json:"email"`
	Foto         *string `json:"foto"`
	Nivel        int     `json:"nivel"`
	PontosTotais int     `json:"pontosTotais"`
	UF           string  `json:"uf"`
	Cidade       string  `json:"cidade"`
	Desativado   bool    `json:"desativado"`
}

func resumoOf(p domain.Profile, off bool) UsuarioResumo {
	return UsuarioResumo{ID: p.ID, Nome: p.Nome, Email: p.Email, Foto: p.Foto, Nivel: p.Nivel, PontosTotais: p.PontosTotais,
		UF: p.UF, Cidade: p.Cidade, Desativado: off}
}

// GrupoDoUsuario is one group of a member.
type GrupoDoUsuario struct {
	ID     string `json:"id"`
	Nome   string `json:"nome"`
	Cidade string `json:"cidade"`
	UF     string `json:"uf"`
}

// ContagensUsuario are a member's counts.
type ContagensUsuario struct {
	Grupos     int     `json:"grupos"`
	Cultivos   int     `json:"cultivos"`
	Colheitas  int     `json:"colheitas"`
	ColheitaKg float64 `json:"colheitaKg"`
	Conquistas int     `json:"conquistas"`
}

// UsuarioAdmin is a member's page.
type UsuarioAdmin struct {
	UsuarioResumo
	Bio          string           `json:"bio"`
	DataCadastro time.Time        `json:"dataCadastro"`
	Admin        bool             `json:"admin"`
	Grupos       []GrupoDoUsuario `json:"grupos"`
	Contagens    ContagensUsuario `json:"contagens"`
}

func usuarioOf(m store.MemberDetail, admin bool) UsuarioAdmin {
	out := UsuarioAdmin{UsuarioResumo: resumoOf(m.Profile, m.Desativado), Bio: m.Profile.Bio, DataCadastro: m.Profile.DataCadastro,
		Admin: admin, Grupos: []GrupoDoUsuario{},
		Contagens: ContagensUsuario{Grupos: len(m.Profile.GruposParticipantes), Cultivos: m.Cultivos, Colheitas: m.Colheitas,
			ColheitaKg: m.ColheitaKg, Conquistas: len(m.Profile.Conquistas)}}
	for _, g := range m.Grupos {
		out.Grupos = append(out.Grupos, GrupoDoUsuario{ID: g.ID, Nome: g.Nome, Cidade: g.Cidade, UF: g.UF})
	}
	return out
}

// LancamentoPontos is one ledger item.
type LancamentoPontos = kit.LancamentoPontos

// PapelAdmin is the body of PUT /api/admin/users/{userId}/admin.
type PapelAdmin struct {
	Admin *bool `json:"admin"`
}

func (p *PapelAdmin) Valid() error { return api.RequireBool(p.Admin, "admin") }

// StatusUsuario is the body of PUT /api/admin/users/{userId}/status.
type StatusUsuario struct {
	Desativado *bool `json:"desativado"`
}

func (s *StatusUsuario) Valid() error { return api.RequireBool(s.Desativado, "desativado") }

// AjustePontos is the body of POST /api/admin/users/{userId}/pontos.
type AjustePontos struct {
	Pontos int    `json:"pontos"`
	Motivo string `json:"motivo"`
	in     domain.PointsAdjustment
}

func (a *AjustePontos) Valid() error {
	a.in = domain.PointsAdjustment{Pontos: a.Pontos, Motivo: a.Motivo}
	return a.in.Valid()
}

// AjusteFeito is the answer of an adjustment: the member's new total and level.
type AjusteFeito struct {
	PontosTotais int `json:"pontosTotais"`
	Nivel        int `json:"nivel"`
}
