package domain

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
)

// Rules are the numbers a site admin may tune in /admin/configuracoes
// (PUT /api/admin/rules): the points each act earns,
// how many acts a day earn them, and the caps that writes enforce. Every
// call that awards points or enforces a cap takes a Rules value; none reads
// a constant for it. The store keeps them in the CONFIG/APP item, where a
// missing item (or a field an older item lacks) means the default.
type Rules struct {
	// Version counts the saves of the CONFIG item (1 for the defaults).
	Version int     `json:"version"`
	Pontos  Pontos  `json:"pontos"`
	Limites Limites `json:"limites"`
	// Conquistas are the bonus points each conquista of the catalogue
	// (conquistas.go) adds when it unlocks, by code: every code, 0 to
	// MaxPontosPorAto. A stored item without them (or without a code added
	// to the catalogue since) has the catalogue's BonusPadrao.
	Conquistas map[string]int `json:"conquistas"`
}

// BonusPadrao are the catalogue's default bonuses, by code.
func BonusPadrao() map[string]int {
	out := make(map[string]int, len(Conquistas))
	for _, c := range Conquistas {
		out[c.Codigo] = c.BonusPadrao
	}
	return out
}

// Bonus is what the conquista code pays when it unlocks under r (the
// catalogue's default when r has no value for it).
func (r Rules) Bonus(code string) int {
	if v, ok := r.Conquistas[code]; ok {
		return v
	}
	c, _ := ConquistaByCode(code)
	return c.BonusPadrao
}

// Clone is r with a map of its own: a copy the caller may change.
func (r Rules) Clone() Rules {
	r.Conquistas = maps.Clone(r.Conquistas)
	return r
}

// RulesFromJSON decodes stored rules over the defaults: a field the stored
// JSON lacks keeps its default, and a conquista no longer in the catalogue
// is dropped.
func RulesFromJSON(raw []byte) (Rules, error) {
	r := Defaults()
	if err := json.Unmarshal(raw, &r); err != nil {
		return Rules{}, err
	}
	if r.Conquistas == nil { // stored as null
		r.Conquistas = BonusPadrao()
	}
	for code := range r.Conquistas {
		if _, ok := ConquistaByCode(code); !ok {
			delete(r.Conquistas, code)
		}
	}
	return r, nil
}

// Pontos are the points per act, awarded once in the transaction of the act,
// and how many acts of a kind a day earn them.
type Pontos struct {
	CriarGrupo        int `json:"criarGrupo"`
	EntrarGrupo       int `json:"entrarGrupo"` // once per group, even after leaving and joining again
	Cultivo           int `json:"cultivo"`
	Diario            int `json:"diario"`
	DiarioFoto        int `json:"diarioFoto"` // on top of Diario when the entry has a photo
	DiariosPorDia     int `json:"diariosPorDia"`
	Colheita          int `json:"colheita"`         // the first paid harvest of a cultivo
	ColheitaSeguinte  int `json:"colheitaSeguinte"` // each later one, at most one paid harvest per cultivo a day
	Post              int `json:"post"`
	PostsPorDia       int `json:"postsPorDia"`
	Comentario        int `json:"comentario"`
	ComentariosPorDia int `json:"comentariosPorDia"`
	CurtidaRecebida   int `json:"curtidaRecebida"`
	// TetoDiario is the most points one member earns in a Brasília day from
	// acts (conquista bonuses and admin adjustments are apart).
	TetoDiario int `json:"tetoDiario"`
	Mutirao    int `json:"mutirao"` // a presence a coordinator confirmed, once per member and mutirão
}

// Limites are the caps writes enforce. Each may be lowered below the hard
// limit of the same name in group.go, never raised past it: those bound a
// transaction's items and the work of deleting a group.
type Limites struct {
	MaxMembrosPadrao       int `json:"maxMembrosPadrao"`       // a new group's member cap when its creator sets none
	LotesPorGrupo          int `json:"lotesPorGrupo"`          // lotes of one group
	LotesPorMembro         int `json:"lotesPorMembro"`         // lotes one member is responsible for
	PedidosLotePorMembro   int `json:"pedidosLotePorMembro"`   // open lote requests of one member in one group
	PedidosPorLote         int `json:"pedidosPorLote"`         // open requests for one lote
	PedidosEntradaPorGrupo int `json:"pedidosEntradaPorGrupo"` // open join requests of one group
	ConvitesPorGrupo       int `json:"convitesPorGrupo"`       // invite links kept per group, revoked ones included
	GruposPorDono          int `json:"gruposPorDono"`          // groups one member may own at once
	DenunciasParaOcultar   int `json:"denunciasParaOcultar"`   // reports that hide a post until it is reviewed

	// Per-member daily caps (daily.go), counted per UTC day.
	GruposPorDia           int `json:"gruposPorDia"`
	EntradasPorDia         int `json:"entradasPorDia"`
	ConvitesPorDia         int `json:"convitesPorDia"`
	PedidosLotePorDia      int `json:"pedidosLotePorDia"`
	AcoesCoordenacaoPorDia int `json:"acoesCoordenacaoPorDia"`
	CultivosPorDia         int `json:"cultivosPorDia"`
	RegistrosDiarioPorDia  int `json:"registrosDiarioPorDia"` // every entry, with or without points (Pontos.DiariosPorDia)
	ColheitasPorDia        int `json:"colheitasPorDia"`
	FotosPorDia            int `json:"fotosPorDia"`         // photo uploads (presigned URLs) a day
	CatalogoPorDia         int `json:"catalogoPorDia"`      // vegetables and guides a site admin creates
	PostsPorDia            int `json:"postsPorDia"`         // posts a member may publish a day (feed)
	ComentariosPorDia      int `json:"comentariosPorDia"`   // comments a member may write a day
	CurtidasPorDia         int `json:"curtidasPorDia"`      // likes a member may give a day
	DenunciasPorDia        int `json:"denunciasPorDia"`     // reports a member may send a day
	ParticipacoesPorDia    int `json:"participacoesPorDia"` // sign-ups, check-ins, swaps and reservations (mutirões, escalas, partilha)

	// Harvests (colheita_plausivel.go) and leagues (liga.go).
	HorasEdicaoColheita   int `json:"horasEdicaoColheita"`   // how long the author may correct or delete a harvest
	ToleranciaColheitaPct int `json:"toleranciaColheitaPct"` // how much earlier than the vegetable's first harvest day a harvest is plausible
	MargemProdutividade   int `json:"margemProdutividade"`   // how many times the source's yield a cultivo may plausibly give
	ConfirmacoesColheita  int `json:"confirmacoesColheita"`  // other members of the group whose confirmations count as a coordinator's
	TamanhoLiga           int `json:"tamanhoLiga"`           // members of one monthly league
	ZonaLiga              int `json:"zonaLiga"`              // members promoted (and relegated) per league at the month's end
}

// Defaults are the rules a new table starts with: the points of each act,
// the daily caps and the limits, until an admin saves others.
func Defaults() Rules {
	return Rules{
		Version: 1,
		Pontos: Pontos{
			CriarGrupo: 20, EntrarGrupo: 10,
			Cultivo: 10, Diario: 2, DiarioFoto: 3, DiariosPorDia: 10, Colheita: 50, ColheitaSeguinte: 10,
			Post: 5, PostsPorDia: 5, Comentario: 1, ComentariosPorDia: 10, CurtidaRecebida: 1,
			TetoDiario: 200,
			Mutirao:    20,
		},
		Limites: Limites{
			MaxMembrosPadrao: 50, LotesPorGrupo: MaxLotesPerGroup, LotesPorMembro: MaxLotesPerMember,
			PedidosLotePorMembro: MaxLoteRequestsMember, PedidosPorLote: MaxRequestsPerLote,
			PedidosEntradaPorGrupo: MaxPendingRequests, ConvitesPorGrupo: MaxInvitesPerGroup,
			GruposPorDono: 10, DenunciasParaOcultar: 3,
			GruposPorDia: 5, EntradasPorDia: 20, ConvitesPorDia: 20,
			PedidosLotePorDia: 20, AcoesCoordenacaoPorDia: 500,
			CultivosPorDia: 30, RegistrosDiarioPorDia: 100, ColheitasPorDia: 50,
			FotosPorDia: 100, CatalogoPorDia: 200,
			PostsPorDia: 20, ComentariosPorDia: 100, CurtidasPorDia: 500, DenunciasPorDia: 50,
			HorasEdicaoColheita: 48, ToleranciaColheitaPct: 25, MargemProdutividade: 3, ConfirmacoesColheita: 2,
			TamanhoLiga: 30, ZonaLiga: 5,
			ParticipacoesPorDia: 100,
		},
		Conquistas: BonusPadrao(),
	}
}

// Ranges of the rules that have no hard limit elsewhere.
const (
	MaxPontosPorAto         = 1000
	MaxAtosPorDia           = 100
	MaxGruposPorDono        = 1000
	MaxDenunciasParaOcultar = 100
	MaxAtosDiariosPorMembro = 1000
	MaxTetoDiario           = 100000
	MaxHorasEdicaoColheita  = 24 * 30
	MaxMargemProdutividade  = 100
	MaxConfirmacoesColheita = 10
	MinTamanhoLiga          = 4
	MaxTamanhoLiga          = 100
)

// ruleField is one number of Rules with its JSON path, its name in the
// admin's words and its range.
type ruleField struct {
	path, label string
	value       int
	min, max    int
}

func (r Rules) fields() []ruleField {
	p, l := r.Pontos, r.Limites
	return append([]ruleField{
		{"pontos.criarGrupo", "Pontos por criar um grupo", p.CriarGrupo, 0, MaxPontosPorAto},
		{"pontos.entrarGrupo", "Pontos por entrar em um grupo", p.EntrarGrupo, 0, MaxPontosPorAto},
		{"pontos.cultivo", "Pontos por criar um cultivo", p.Cultivo, 0, MaxPontosPorAto},
		{"pontos.diario", "Pontos por entrada no diário", p.Diario, 0, MaxPontosPorAto},
		{"pontos.diarioFoto", "Pontos extras por entrada no diário com foto", p.DiarioFoto, 0, MaxPontosPorAto},
		{"pontos.diariosPorDia", "Entradas no diário por dia que valem pontos", p.DiariosPorDia, 0, MaxAtosPorDia},
		{"pontos.colheita", "Pontos pela primeira colheita de um cultivo", p.Colheita, 0, MaxPontosPorAto},
		{"pontos.colheitaSeguinte", "Pontos por colheita seguinte do cultivo (uma paga por dia)", p.ColheitaSeguinte, 0, MaxPontosPorAto},
		{"pontos.post", "Pontos por post", p.Post, 0, MaxPontosPorAto},
		{"pontos.postsPorDia", "Posts por dia que valem pontos", p.PostsPorDia, 0, MaxAtosPorDia},
		{"pontos.comentario", "Pontos por comentário", p.Comentario, 0, MaxPontosPorAto},
		{"pontos.comentariosPorDia", "Comentários por dia que valem pontos", p.ComentariosPorDia, 0, MaxAtosPorDia},
		{"pontos.curtidaRecebida", "Pontos por curtida recebida", p.CurtidaRecebida, 0, MaxPontosPorAto},
		{"pontos.tetoDiario", "Teto de pontos por membro por dia", p.TetoDiario, 1, MaxTetoDiario},
		{"pontos.mutirao", "Pontos por presença confirmada em mutirão", p.Mutirao, 0, MaxPontosPorAto},
		{"limites.maxMembrosPadrao", "Limite de membros padrão de um grupo novo", l.MaxMembrosPadrao, MinMaxMembros, MaxMaxMembros},
		{"limites.lotesPorGrupo", "Lotes por grupo", l.LotesPorGrupo, 1, MaxLotesPerGroup},
		{"limites.lotesPorMembro", "Lotes por membro", l.LotesPorMembro, 1, MaxLotesPerMember},
		{"limites.pedidosLotePorMembro", "Pedidos de lote em aberto por membro", l.PedidosLotePorMembro, 1, MaxLoteRequestsMember},
		{"limites.pedidosPorLote", "Pedidos em aberto por lote", l.PedidosPorLote, 1, MaxRequestsPerLote},
		{"limites.pedidosEntradaPorGrupo", "Pedidos de entrada em aberto por grupo", l.PedidosEntradaPorGrupo, 1, MaxPendingRequests},
		{"limites.convitesPorGrupo", "Convites por grupo", l.ConvitesPorGrupo, 1, MaxInvitesPerGroup},
		{"limites.gruposPorDono", "Grupos de que um membro pode ser dono", l.GruposPorDono, 1, MaxGruposPorDono},
		{"limites.denunciasParaOcultar", "Denúncias que ocultam um post", l.DenunciasParaOcultar, 1, MaxDenunciasParaOcultar},
		{"limites.gruposPorDia", "Grupos que um membro pode criar por dia", l.GruposPorDia, 1, MaxAtosDiariosPorMembro},
		{"limites.entradasPorDia", "Entradas e pedidos de entrada em grupos por membro por dia", l.EntradasPorDia, 1, MaxAtosDiariosPorMembro},
		{"limites.convitesPorDia", "Convites que um membro pode criar por dia", l.ConvitesPorDia, 1, MaxAtosDiariosPorMembro},
		{"limites.pedidosLotePorDia", "Pedidos de lote por membro por dia", l.PedidosLotePorDia, 1, MaxAtosDiariosPorMembro},
		{"limites.acoesCoordenacaoPorDia", "Ações de coordenação que avisam membros, por dia", l.AcoesCoordenacaoPorDia, 1, MaxAtosDiariosPorMembro},
		{"limites.cultivosPorDia", "Cultivos que um membro pode criar por dia", l.CultivosPorDia, 1, MaxAtosDiariosPorMembro},
		{"limites.registrosDiarioPorDia", "Entradas no diário de cultivo por membro por dia", l.RegistrosDiarioPorDia, 1, MaxAtosDiariosPorMembro},
		{"limites.colheitasPorDia", "Colheitas que um membro pode registrar por dia", l.ColheitasPorDia, 1, MaxAtosDiariosPorMembro},
		{"limites.fotosPorDia", "Fotos que um membro pode enviar por dia", l.FotosPorDia, 1, MaxAtosDiariosPorMembro},
		{"limites.catalogoPorDia", "Vegetais e guias que um administrador pode cadastrar por dia", l.CatalogoPorDia, 1, MaxAtosDiariosPorMembro},
		{"limites.postsPorDia", "Posts que um membro pode publicar por dia", l.PostsPorDia, 1, MaxAtosDiariosPorMembro},
		{"limites.comentariosPorDia", "Comentários que um membro pode escrever por dia", l.ComentariosPorDia, 1, MaxAtosDiariosPorMembro},
		{"limites.curtidasPorDia", "Curtidas que um membro pode dar por dia", l.CurtidasPorDia, 1, MaxAtosDiariosPorMembro},
		{"limites.denunciasPorDia", "Denúncias que um membro pode enviar por dia", l.DenunciasPorDia, 1, MaxAtosDiariosPorMembro},
		{"limites.horasEdicaoColheita", "Horas em que o autor pode corrigir ou apagar uma colheita", l.HorasEdicaoColheita, 0, MaxHorasEdicaoColheita},
		{"limites.toleranciaColheitaPct", "Tolerância (%) antes do primeiro dia de colheita do vegetal", l.ToleranciaColheitaPct, 0, 100},
		{"limites.margemProdutividade", "Margem sobre a produtividade da fonte (vezes)", l.MargemProdutividade, 1, MaxMargemProdutividade},
		{"limites.confirmacoesColheita", "Confirmações de outros membros que valem uma colheita a confirmar", l.ConfirmacoesColheita, 1, MaxConfirmacoesColheita},
		{"limites.tamanhoLiga", "Membros por liga mensal", l.TamanhoLiga, MinTamanhoLiga, MaxTamanhoLiga},
		{"limites.zonaLiga", "Membros que sobem (e que descem) por liga no fim do mês", l.ZonaLiga, 0, MaxTamanhoLiga / 2},
		{"limites.participacoesPorDia", "Inscrições em mutirões, trocas de escala e reservas de partilha por membro por dia", l.ParticipacoesPorDia, 1, MaxAtosDiariosPorMembro},
	}, r.conquistaFields()...)
}

// conquistaFields are the conquistas' bonuses, in catalogue order:
// conquistas.<code>, named by the conquista.
func (r Rules) conquistaFields() []ruleField {
	out := make([]ruleField, 0, len(Conquistas))
	for _, c := range Conquistas {
		out = append(out, ruleField{path: ConquistaRulePath(c.Codigo), label: "Pontos da conquista " + c.Nome,
			value: r.Conquistas[c.Codigo], min: 0, max: MaxPontosPorAto})
	}
	return out
}

// ConquistaRulePath is the rules' path of a conquista's bonus.
func ConquistaRulePath(code string) string { return "conquistas." + code }

// Valid reports the first number out of its range, naming the field by its
// JSON path (pontos.criarGrupo) with a Portuguese message that gives the range.
func (r *Rules) Valid() error {
	if r.Version < 1 {
		return Invalid("version", "Informe a versão (version) das regras, um número a partir de 1")
	}
	for _, f := range r.fields() {
		if f.value < f.min || f.value > f.max {
			return Invalid(f.path, fmt.Sprintf("%s: informe um número entre %d e %d", f.label, f.min, f.max))
		}
	}
	if l := r.Limites; 2*l.ZonaLiga > l.TamanhoLiga {
		return Invalid("limites.zonaLiga", fmt.Sprintf("Membros que sobem (e que descem) por liga no fim do mês: informe no máximo metade do tamanho da liga (%d)", l.TamanhoLiga/2))
	}
	for _, f := range r.conquistaFields() {
		if _, ok := r.Conquistas[f.path[len("conquistas."):]]; !ok {
			return Invalid(f.path, fmt.Sprintf("%s: informe um número entre %d e %d", f.label, f.min, f.max))
		}
	}
	for _, code := range slices.Sorted(maps.Keys(r.Conquistas)) {
		if _, ok := ConquistaByCode(code); !ok {
			return Invalid(ConquistaRulePath(code), fmt.Sprintf("A conquista %q não existe no catálogo", code))
		}
	}
	return nil
}
