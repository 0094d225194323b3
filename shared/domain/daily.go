package domain

import "fmt"

// DailyAct names an act a member may do a limited number of times a UTC
// day: every write that creates content or notifies someone else counts
// against one, capped by Rules.Limites. The API Gateway throttle is one budget
// for every client; these caps are per member. The store counts them in
// the member's day item, in the act's own transaction.
type DailyAct string

const (
	ActCriarGrupo  DailyAct = "criarGrupo"  // POST /api/groups
	ActEntrada     DailyAct = "entrada"     // joining a group or asking to (join, accept an invite)
	ActConvite     DailyAct = "convite"     // creating an invite link
	ActPedidoLote  DailyAct = "pedidoLote"  // asking for a lote (notifies the coordinators)
	ActCoordenacao DailyAct = "coordenacao" // a coordinator's act that notifies a member: approve or refuse a request, assign a lote, transfer
	ActCultivo     DailyAct = "cultivo"     // POST /api/cultivos
	ActDiario      DailyAct = "diario"      // POST /api/cultivos/{id}/diario (every entry, whether it earns points or not)
	ActColheita    DailyAct = "colheita"    // POST /api/cultivos/{id}/colheitas (a new harvest; the replay of one is not counted)
	ActFoto        DailyAct = "foto"        // POST /api/uploads (every presigned upload URL handed out)
	ActCatalogo    DailyAct = "catalogo"    // a site admin's new vegetable or guide (POST /api/admin/vegetables, /api/admin/guias)
)

// DailyActs are every act with a daily cap. Creating lotes has none: it
// notifies no one, a group holds at most LotesPorGrupo and a member owns at
// most GruposPorDono groups, and a bulk creation of 98 lotes already fills
// its transaction's 100 items. A cultivo's phase change and archive create
// nothing but the cultivo's own diary line and notify no one: no cap.
var DailyActs = []DailyAct{ActCriarGrupo, ActEntrada, ActConvite, ActPedidoLote, ActCoordenacao, ActCultivo, ActDiario, ActColheita, ActFoto, ActCatalogo,
	ActPost, ActComentario, ActCurtida, ActDenuncia, ActParticipacao}

// DailyLimit is the cap of act under r.
func (r Rules) DailyLimit(a DailyAct) int {
	l := r.Limites
	switch a {
	case ActCriarGrupo:
		return l.GruposPorDia
	case ActEntrada:
		return l.EntradasPorDia
	case ActConvite:
		return l.ConvitesPorDia
	case ActPedidoLote:
		return l.PedidosLotePorDia
	case ActCoordenacao:
		return l.AcoesCoordenacaoPorDia
	case ActCultivo:
		return l.CultivosPorDia
	case ActDiario:
		return l.RegistrosDiarioPorDia
	case ActColheita:
		return l.ColheitasPorDia
	case ActFoto:
		return l.FotosPorDia
	case ActCatalogo:
		return l.CatalogoPorDia
	case ActPost:
		return l.PostsPorDia
	case ActComentario:
		return l.ComentariosPorDia
	case ActCurtida:
		return l.CurtidasPorDia
	case ActDenuncia:
		return l.DenunciasPorDia
	case ActParticipacao:
		return l.ParticipacoesPorDia
	}
	return 0
}

var dailyNoun = map[DailyAct]string{
	ActCriarGrupo:   "grupos criados",
	ActEntrada:      "entradas e pedidos de entrada em grupos",
	ActConvite:      "convites criados",
	ActPedidoLote:   "pedidos de lote",
	ActCoordenacao:  "ações de coordenação que avisam outros membros",
	ActCultivo:      "cultivos criados",
	ActDiario:       "entradas no diário de cultivo",
	ActColheita:     "colheitas registradas",
	ActFoto:         "fotos enviadas",
	ActCatalogo:     "vegetais e guias cadastrados",
	ActPost:         "posts publicados",
	ActComentario:   "comentários",
	ActCurtida:      "curtidas",
	ActDenuncia:     "denúncias",
	ActParticipacao: "inscrições em mutirões, trocas de escala e reservas de partilha",
}

// ErrDailyLimit is the 429 of a member who reached the cap of act today.
func ErrDailyLimit(a DailyAct, limit int) *Error {
	return RateLimited(fmt.Sprintf("Você atingiu o limite de %d %s por dia. Tente novamente amanhã", limit, dailyNoun[a]))
}
