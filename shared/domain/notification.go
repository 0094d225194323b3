package domain

import (
	"fmt"
	"time"
)

// Notification is one entry of a user's notifications (the API names userId and read).
type Notification struct {
	ID       string    `json:"id"`
	UserID   string    `json:"userId"`
	Read     bool      `json:"read"`
	Tipo     string    `json:"tipo"`
	Texto    string    `json:"texto"`
	Link     string    `json:"link"`
	CriadoEm time.Time `json:"criadoEm"`
	// AtorID and AtorNome name the member whose act the text tells (a like,
	// a comment, a request), when one does: the deletion of that member's
	// account finds the notification again and takes their name out of it.
	AtorID   string `json:"-"`
	AtorNome string `json:"-"`
}

// By names the member whose act n tells (their name is in its text).
func (n Notification) By(uid, nome string) Notification {
	n.AtorID, n.AtorNome = uid, nome
	return n
}

// Tipos of notification.
const (
	NotifSolicitacaoEntrada  = "solicitacao_entrada"
	NotifSolicitacaoAprovada = "solicitacao_aprovada"
	NotifSolicitacaoRecusada = "solicitacao_recusada"
	NotifLoteAtribuido       = "lote_atribuido"
	NotifPedidoLote          = "pedido_lote"           // to the dono: a member asked for a lote
	NotifPedidoLoteEncerrado = "pedido_lote_encerrado" // to a requester: the lote went to someone else
	NotifGrupoTransferido    = "grupo_transferido"
	NotifNivel               = "nivel"
)

// NewNotification is an unread notification.
func NewNotification(id, userID, tipo, texto, link string, now time.Time) Notification {
	return Notification{ID: id, UserID: userID, Tipo: tipo, Texto: texto, Link: link, CriadoEm: now.UTC()}
}

// Texts of the groups area's notifications (Portuguese, as shown).

func TextoSolicitacaoEntrada(nome, grupo string) string {
	return fmt.Sprintf("%s pediu para entrar no grupo %s", nome, grupo)
}

func TextoSolicitacaoAprovada(grupo string) string {
	return fmt.Sprintf("Seu pedido para entrar no grupo %s foi aprovado. Boas-vindas!", grupo)
}

func TextoSolicitacaoRecusada(grupo string) string {
	return fmt.Sprintf("Seu pedido para entrar no grupo %s não foi aceito", grupo)
}

func TextoLoteAtribuido(codigo, grupo string) string {
	return fmt.Sprintf("O lote %s do grupo %s agora é seu", codigo, grupo)
}

func TextoPedidoLote(nome, codigo, grupo string) string {
	return fmt.Sprintf("%s pediu o lote %s no grupo %s", nome, codigo, grupo)
}

func TextoPedidoLoteEncerrado(codigo, grupo string) string {
	return fmt.Sprintf("O lote %s do grupo %s foi atribuído a outra pessoa. Seu pedido foi encerrado.", codigo, grupo)
}

func TextoGrupoTransferido(grupo string) string {
	return fmt.Sprintf("Você agora é o dono do grupo %s", grupo)
}

func TextoNivel(nivel int) string {
	return fmt.Sprintf("Você alcançou o nível %d: %s!", nivel, LevelName(nivel))
}

// Links of the SPA that notifications point to.
func LinkGrupo(gid string) string             { return "/grupos/" + gid }
func LinkGrupoSolicitacoes(gid string) string { return "/grupos/" + gid + "?aba=solicitacoes" }
func LinkLotes(gid string) string             { return "/grupos/" + gid + "/lotes" }
func LinkPerfil() string                      { return "/perfil" }
