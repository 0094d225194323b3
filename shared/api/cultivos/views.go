package cultivos

import (
	"time"

	"github.com/verde-app/verde/shared/domain"
)

// Vegetal is a vegetable as the API shows it (schema Vegetal).
type Vegetal struct {
	ID               string           `json:"id"`
	Nome             string           `json:"nome"`
	Estacao          string           `json:"estacao"`
	DiasColheitaMin  int              `json:"diasColheitaMin"`
	DiasColheitaMax  int              `json:"diasColheitaMax"`
	Semeadura        map[string][]int `json:"semeadura"`
	Espacamento      string           `json:"espacamento"`
	EspacamentoFonte string           `json:"espacamentoFonte"`
	NomeCientifico   string           `json:"nomeCientifico"`
	Familia          string           `json:"familia"`
	Metodo           string           `json:"metodo"`
	Profundidade     string           `json:"profundidade"`
	Sol              string           `json:"sol"`
	Rega             string           `json:"rega"`
	Cuidados         string           `json:"cuidados"`
	Companheiras     []string         `json:"companheiras"`
	Pragas           string           `json:"pragas"`
	NomesPopulares   []string         `json:"nomesPopulares"`
	// Fontes names the source of each care field that has a value.
	Fontes    map[string]domain.Citacao `json:"fontes"`
	Fonte     string                    `json:"fonte"`
	Arquivado bool                      `json:"arquivado"`
}

func vegetalOf(v domain.Vegetal) Vegetal {
	c := v.VegetalCare
	comp, pop, fontes := c.Companheiras, c.NomesPopulares, v.Fontes
	if comp == nil {
		comp = []string{}
	}
	if pop == nil {
		pop = []string{}
	}
	if fontes == nil {
		fontes = map[string]domain.Citacao{}
	}
	return Vegetal{
		ID: v.ID, Nome: v.Nome, Estacao: v.Estacao, DiasColheitaMin: v.DiasColheitaMin, DiasColheitaMax: v.DiasColheitaMax,
		Semeadura: v.Semeadura, Espacamento: v.Espacamento, EspacamentoFonte: v.EspacamentoFonte,
		NomeCientifico: c.NomeCientifico, Familia: c.Familia, Metodo: c.Metodo, Profundidade: c.Profundidade,
		Sol: c.Sol, Rega: c.Rega, Cuidados: c.Cuidados, Companheiras: comp, Pragas: c.Pragas, NomesPopulares: pop,
		Fontes: fontes, Fonte: v.Fonte, Arquivado: v.Arquivado,
	}
}

// PlanteAgora is what to sow this month in a region (schema PlanteAgora).
type PlanteAgora struct {
	UF         string    `json:"uf"`
	Regiao     string    `json:"regiao"`     // "" when no UF is known
	RegiaoNome string    `json:"regiaoNome"` // Sudeste …
	Mes        int       `json:"mes"`
	Items      []Vegetal `json:"items"`
}

// Cultivo is a cultivo as the API shows it (schema Cultivo), with its
// harvest window seen from today.
type Cultivo struct {
	ID              string               `json:"id"`
	VegetalID       string               `json:"vegetalId"`
	VegetalNome     string               `json:"vegetalNome"`
	GrupoID         *string              `json:"grupoId"`
	GrupoNome       string               `json:"grupoNome"`
	LoteCodigo      *string              `json:"loteCodigo"`
	ResponsavelID   string               `json:"responsavelId"`
	ResponsavelNome string               `json:"responsavelNome"`
	Colaboradores   []domain.Colaborador `json:"colaboradores"`
	Metodo          string               `json:"metodo"`
	Quantidade      float64              `json:"quantidade"`
	Unidade         string               `json:"unidade"`
	DataPlantio     string               `json:"dataPlantio"`
	Notas           string               `json:"notas"`
	Fase            domain.Fase          `json:"fase"`
	FaseAnterior    *domain.Fase         `json:"faseAnterior"`
	MotivoPerda     string               `json:"motivoPerda"`
	Arquivado       bool                 `json:"arquivado"`
	Totais          domain.Totais        `json:"totais"`
	Janela          domain.Janela        `json:"janela"`
	Version         int                  `json:"version"`
	CriadoEm        time.Time            `json:"criadoEm"`
	AtualizadoEm    time.Time            `json:"atualizadoEm"`
	// Pode says what the caller may do (the screen shows only those actions).
	Pode Permissoes `json:"pode"`
}

// Permissoes are the caller's rights on a cultivo.
type Permissoes struct {
	Escrever bool `json:"escrever"` // diary, harvests, phases
	Perder   bool `json:"perder"`   // mark perdido (writers; coordinators may too, checked on the request)
	Arquivar bool `json:"arquivar"`
}

func optional(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func cultivoOf(c domain.Cultivo, uid string, now time.Time) Cultivo {
	v := Cultivo{
		ID: c.ID, VegetalID: c.VegetalID, VegetalNome: c.VegetalNome, GrupoID: optional(c.GrupoID), GrupoNome: c.GrupoNome,
		LoteCodigo: optional(c.LoteCodigo), ResponsavelID: c.ResponsavelID, ResponsavelNome: c.ResponsavelNome,
		Colaboradores: c.Colaboradores, Metodo: c.Metodo, Quantidade: c.Quantidade, Unidade: c.Unidade,
		DataPlantio: c.DataPlantio, Notas: c.Notas, Fase: c.Fase, MotivoPerda: c.MotivoPerda, Arquivado: c.Arquivado,
		Totais: c.Totais, Janela: c.JanelaColheita(now), Version: c.Version, CriadoEm: c.CriadoEm, AtualizadoEm: c.AtualizadoEm,
	}
	if v.Colaboradores == nil {
		v.Colaboradores = []domain.Colaborador{}
	}
	if c.FaseAnterior != "" {
		f := c.FaseAnterior
		v.FaseAnterior = &f
	}
	w := c.IsWriter(uid) && !c.Arquivado
	v.Pode = Permissoes{Escrever: w, Perder: w, Arquivar: c.ResponsavelID == uid}
	return v
}

// Diario is a diary entry (schema DiarioEntry).
type Diario struct {
	ID        string       `json:"id"`
	CultivoID string       `json:"cultivoId"`
	Tipo      string       `json:"tipo"`
	Texto     string       `json:"texto"`
	Fotos     []string     `json:"fotos"`
	Fase      *domain.Fase `json:"fase"`
	AutorID   string       `json:"autorId"`
	AutorNome string       `json:"autorNome"`
	Pontos    int          `json:"pontos"`
	Data      string       `json:"data"`
	CriadoEm  time.Time    `json:"criadoEm"`
}

func diarioOf(e domain.DiarioEntry) Diario {
	v := Diario{ID: e.ID, CultivoID: e.CultivoID, Tipo: e.Tipo, Texto: e.Texto, Fotos: e.Fotos, AutorID: e.AutorID,
		AutorNome: e.AutorNome, Pontos: e.Pontos, Data: e.Data, CriadoEm: e.CriadoEm}
	if v.Fotos == nil {
		v.Fotos = []string{}
	}
	if e.Fase != "" {
		f := e.Fase
		v.Fase = &f
	}
	return v
}

// Colheita is a harvest (schema Colheita).
type Colheita struct {
	ID         string    `json:"id"`
	CultivoID  string    `json:"cultivoId"`
	Quantidade float64   `json:"quantidade"`
	Unidade    string    `json:"unidade"`
	Data       string    `json:"data"`
	Destino    string    `json:"destino"`
	Foto       *string   `json:"foto"`
	AutorID    string    `json:"autorId"`
	AutorNome  string    `json:"autorNome"`
	Pontos     int       `json:"pontos"`
	CriadoEm   time.Time `json:"criadoEm"`
	// Status is confirmada (counts) or a-confirmar (counts nowhere yet);
	// Duvida says why it waits; Confirmacoes are the members who confirmed
	// it so far, of ConfirmacoesNecessarias (a coordinator's counts alone).
	Status                  string     `json:"status"`
	Duvida                  *string    `json:"duvida"`
	Confirmacoes            []string   `json:"confirmacoes"`
	ConfirmacoesNecessarias int        `json:"confirmacoesNecessarias"`
	EditadaEm               *time.Time `json:"editadaEm"`
	EditavelAte             time.Time  `json:"editavelAte"` // until when its author may correct or delete it
	VegetalNome             string     `json:"vegetalNome"`
}

func colheitaOf(r domain.Rules) func(h domain.Colheita) Colheita {
	return func(h domain.Colheita) Colheita {
		confirmacoes := h.Confirmacoes
		if confirmacoes == nil {
			confirmacoes = []string{}
		}
		return Colheita{ID: h.ID, CultivoID: h.CultivoID, Quantidade: h.Quantidade, Unidade: h.Unidade, Data: h.Data,
			Destino: h.Destino, Foto: optional(h.Foto), AutorID: h.AutorID, AutorNome: h.AutorNome, Pontos: h.Pontos, CriadoEm: h.CriadoEm,
			Status: h.Status, Duvida: optional(domain.TextoDuvida(h.Duvida)), Confirmacoes: confirmacoes,
			ConfirmacoesNecessarias: r.Limites.ConfirmacoesColheita, EditadaEm: h.EditadaEm,
			EditavelAte: h.CriadoEm.Add(time.Duration(r.Limites.HorasEdicaoColheita) * time.Hour), VegetalNome: h.VegetalNome}
	}
}

// DiarioCriado answers a new diary entry with the points it earned.
type DiarioCriado struct {
	Entry  Diario `json:"entry"`
	Pontos int    `json:"pontos"`
}

// ColheitaCriada answers a harvest with the cultivo after it.
type ColheitaCriada struct {
	Colheita Colheita `json:"colheita"`
	Cultivo  Cultivo  `json:"cultivo"`
	Pontos   int      `json:"pontos"`
}

// CultivoCriado answers a new cultivo with the points it earned.
type CultivoCriado struct {
	Cultivo Cultivo `json:"cultivo"`
	Pontos  int     `json:"pontos"`
}
