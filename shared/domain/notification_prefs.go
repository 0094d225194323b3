package domain

import (
	"fmt"
	"slices"
)

// TipoNotificacao is a kind of notification a member may mute on /configuracoes.
type TipoNotificacao struct {
	Tipo, Rotulo string
}

// TiposNotificacao are the kinds a member may mute, in the order the screen lists them. An
// area that adds a kind of notification (the feed's likes and comments, conquistas, harvest
// reminders) appends it here.
var TiposNotificacao = []TipoNotificacao{
	{NotifSolicitacaoEntrada, "Pedidos para entrar nos grupos que coordeno"},
	{NotifSolicitacaoAprovada, "Meu pedido de entrada aprovado"},
	{NotifSolicitacaoRecusada, "Meu pedido de entrada recusado"},
	{NotifPedidoLote, "Pedidos de lote nos grupos que coordeno"},
	{NotifLoteAtribuido, "Lote atribuído a mim"},
	{NotifPedidoLoteEncerrado, "Meu pedido de lote encerrado"},
	{NotifGrupoTransferido, "Grupo transferido para mim"},
	{NotifNivel, "Subi de nível"},
	{NotifConquista, "Conquistas desbloqueadas"},
	{NotifPontosAjustados, "Pontos ajustados pela administração"},
	{NotifLembreteJanela, "Lembrete: a colheita de um cultivo começa"},
	{NotifLembreteDiario, "Lembrete: cultivo sem registro no diário há 7 dias"},
	{NotifLembreteSequencia, "Lembrete: sequência de cuidados prestes a acabar"},
	{NotifCurtida, "Curtidas nas minhas publicações"},
	{NotifComentario, "Comentários nas minhas publicações"},
	{NotifResposta, "Respostas aos meus comentários"},
	{NotifDenuncia, "Resultado das minhas denúncias"},
}

// PreferenciasInput are the kinds a member mutes (in-app): they are still stored and listed on
// /notificacoes, but never counted in the bell's badge.
type PreferenciasInput struct {
	Silenciados []string `json:"silenciados"`
}

// Valid: known kinds only, each once.
func (in *PreferenciasInput) Valid() error {
	return validKinds("silenciados", in.Silenciados, func(t string) bool {
		return slices.ContainsFunc(TiposNotificacao, func(k TipoNotificacao) bool { return k.Tipo == t })
	}, "Informe a lista de tipos silenciados (pode ser vazia)", "Tipo de notificação desconhecido: %.40q", "Cada tipo de notificação deve aparecer uma só vez")
}

// validKinds checks a member's list of kinds (of e-mail, of notification):
// present (an empty list is a choice), known only (unknownFmt takes the
// kind), each once.
func validKinds(field string, list []string, known func(string) bool, missing, unknownFmt, repeated string) error {
	if list == nil {
		return Invalid(field, missing)
	}
	seen := map[string]bool{}
	for _, t := range list {
		if !known(t) {
			return Invalid(field, fmt.Sprintf(unknownFmt, t))
		}
		if seen[t] {
			return Invalid(field, repeated)
		}
		seen[t] = true
	}
	return nil
}
