package domain

import (
	"slices"
)

// The product's e-mails: a member chooses each kind in /configuracoes (all
// off until chosen), and every e-mail of a kind carries a one-click way out
// of that kind (shared/email). Cognito's e-mails (codes, password reset) are
// not among them: they are part of signing in.

// Kinds of product e-mail.
const (
	EmailJanela   = "janela"   // a cultivo's harvest window opens
	EmailCuidados = "cuidados" // seven days without diary, a care streak about to end
	EmailResumo   = "resumo"   // the weekly digest of the member's groups
	EmailMutiroes = "mutiroes" // the day before a mutirão one signed up for, the morning of one's escala turn
)

// TipoEmail is a kind of e-mail as /configuracoes shows it.
type TipoEmail struct {
	Tipo      string
	Rotulo    string
	Descricao string
}

// TiposEmail are the kinds, in the order the screen lists them.
var TiposEmail = []TipoEmail{
	{EmailJanela, "Janela de colheita", "Quando um cultivo seu entra na época de colheita."},
	{EmailCuidados, "Lembretes de cuidado", "Quando um cultivo passa 7 dias sem registro no diário ou uma sequência de cuidados está para acabar."},
	{EmailResumo, "Resumo semanal dos grupos", "Toda segunda-feira de manhã, o que aconteceu nos seus grupos na semana."},
	{EmailMutiroes, "Mutirões e escalas", "Na véspera de um mutirão em que você se inscreveu e na manhã do seu turno numa escala."},
}

// TipoEmailNamed is the kind of that name.
func TipoEmailNamed(tipo string) (TipoEmail, bool) {
	i := slices.IndexFunc(TiposEmail, func(k TipoEmail) bool { return k.Tipo == tipo })
	if i < 0 {
		return TipoEmail{}, false
	}
	return TiposEmail[i], true
}

// EmailDoLembrete is the kind of e-mail a reminder notification goes out as
// ("" for a notification that is no e-mail).
func EmailDoLembrete(notifTipo string) string {
	switch notifTipo {
	case NotifLembreteJanela:
		return EmailJanela
	case NotifLembreteDiario, NotifLembreteSequencia:
		return EmailCuidados
	case NotifMutiraoLembrete, NotifEscalaLembrete:
		return EmailMutiroes
	}
	return ""
}

// EmailsInput are the kinds a member wants to receive.
type EmailsInput struct {
	Ativos []string `json:"ativos"`
}

// Valid: known kinds only, each once.
func (in *EmailsInput) Valid() error {
	return validKinds("ativos", in.Ativos, func(t string) bool { _, ok := TipoEmailNamed(t); return ok },
		"Informe a lista de e-mails escolhidos (pode ser vazia)", "Tipo de e-mail desconhecido: %.40q", "Cada tipo de e-mail deve aparecer uma só vez")
}

// ErrLinkDescadastro is the answer to an unsubscribe link that fails its
// signature check (changed by hand, cut short, or from another site).
func ErrLinkDescadastro() error {
	return Invalid("t", "Este link de descadastro não é válido. Use o link do e-mail mais recente ou escolha seus e-mails em Configurações.")
}
