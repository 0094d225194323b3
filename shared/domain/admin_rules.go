package domain

import (
	"fmt"
	"net/url"
	"slices"
	"strings"
	"time"
)

// The site admins' rules (/admin): the rules' versions, members' pages,
// points adjustments, disabling, the member search, the audit log's
// filters, exports and imports. Their answers are written once here.

// ErrRulesChanged: the rules' version moved on since the admin's form read them.
func ErrRulesChanged() *Error {
	return Conflict("As regras foram alteradas por outra pessoa. Recarregue a página e tente novamente")
}

// CheckRulesVersion: an edit of the rules is saved only over the version
// its form was loaded with (stored).
func CheckRulesVersion(stored, sent int) error {
	if stored != sent {
		return ErrRulesChanged()
	}
	return nil
}

// ErrMembroNotFound: no member (profile or account) of that id.
func ErrMembroNotFound() *Error { return NotFound("Membro não encontrado") }

// CheckAjuste refuses an adjustment that would take a member with total
// points below zero.
func CheckAjuste(total, pontos int) error {
	if total+pontos < 0 {
		return Invalid("pontos", fmt.Sprintf("O membro tem %d pontos: não é possível retirar mais do que isso", total))
	}
	return nil
}

// CanSetDisabled is the rule of an admin (actorID) disabling (off) or
// enabling member uid, with disabled members disabled already (uid among
// them: already): an admin never disables their own account, and the
// disabled set holds at most MaxDisabledMembers.
func CanSetDisabled(actorID, uid string, off, already bool, disabled int) error {
	if uid == actorID && off {
		return Conflict("Você não pode desativar a sua própria conta")
	}
	if off && !already && disabled >= MaxDisabledMembers {
		return Conflict("Há contas desativadas demais; reative alguma antes")
	}
	return nil
}

// UserSearch is an admin's search of members: Q cleaned, by e-mail or by name.
type UserSearch struct {
	Q       string
	Por     string // nome or email
	ByEmail bool
}

// ParseUserSearch reads ?q= and ?por= (absent: by e-mail when q has an @,
// else by name): q of MinUserSearch to MaxUserSearch characters, and by
// name a word of at least MinUserSearch letters.
func ParseUserSearch(q url.Values) (UserSearch, error) {
	s := UserSearch{Q: CleanText(q.Get("q"))}
	if n := Length(s.Q); n < MinUserSearch || n > MaxUserSearch {
		return s, Invalid("q", fmt.Sprintf("Digite de %d a %d caracteres do nome ou do e-mail", MinUserSearch, MaxUserSearch))
	}
	switch s.Por = q.Get("por"); s.Por {
	case "":
		s.Por = "nome"
		if strings.Contains(s.Q, "@") {
			s.Por = "email"
		}
	case "nome", "email":
	default:
		return s, Invalid("por", "Busque por nome ou por email")
	}
	s.ByEmail = s.Por == "email"
	if !s.ByEmail && len(QueryWords(SearchKey(s.Q))) == 0 {
		return s, Invalid("q", "Digite ao menos 3 letras de uma palavra do nome")
	}
	return s, nil
}

// ErrUserSearchEmail and ErrUserSearchName: a search key too short for the
// index (the store's last word on ParseUserSearch's query).
func ErrUserSearchEmail() *Error {
	return Invalid("q", "Digite ao menos 3 caracteres do e-mail")
}

func ErrUserSearchName() *Error {
	return Invalid("q", "Digite ao menos 3 letras do nome ou do e-mail")
}

// AuditFilter is what the audit log is filtered by ("" and zero: not filtered).
type AuditFilter struct {
	AdminID string
	Acao    string
	Mes     time.Time
}

// ParseAuditFilter reads ?adminId=, ?acao= and ?mes= (AAAA-MM). A filter
// sent empty (?acao=, ?mes=) is outside the contract's pattern like any
// other value: refused naming it, not the unfiltered log.
func ParseAuditFilter(q url.Values) (AuditFilter, error) {
	f := AuditFilter{AdminID: q.Get("adminId"), Acao: q.Get("acao")}
	if len(f.AdminID) > 128 {
		return f, Invalid("adminId", "Administrador inválido")
	}
	if (f.Acao != "" || q.Has("acao")) && !slices.Contains(AuditActions, AuditAction(f.Acao)) {
		return f, Invalid("acao", "Ação inválida (ex.: regras.editadas)")
	}
	if m := q.Get("mes"); m != "" || q.Has("mes") {
		t, err := time.Parse("2006-01", m)
		if err != nil || t.Year() < 2000 || t.Year() > 2100 {
			return f, Invalid("mes", "Informe o mês como AAAA-MM")
		}
		f.Mes = t
	}
	return f, nil
}

// ErrExportNotFound: no export of that id.
func ErrExportNotFound() *Error { return NotFound("Exportação não encontrada") }

// ErrExportNotReady: a download of an export still running (or failed).
func ErrExportNotReady() *Error { return Conflict("A exportação ainda não está pronta") }

// What a failed export says (its Erro, shown on /admin/dados).
const (
	MsgExportNaoIniciada = "Não foi possível iniciar a exportação"
	MsgExportFalhou      = "A exportação falhou"
)

// TextoExportPronta and TextoExportFalhou are the admin's notification when
// an export of label (Membros, Cultivos, ...) ends.
func TextoExportPronta(label string, linhas int) string {
	return fmt.Sprintf("Sua exportação de %s está pronta: %d linhas", strings.ToLower(label), linhas)
}

func TextoExportFalhou(label string) string {
	return fmt.Sprintf("Sua exportação de %s falhou. Tente de novo em /admin/dados", strings.ToLower(label))
}

// ErrImportUnreadable: the import's file could not be read to its end.
func ErrImportUnreadable() *Error { return Invalid("csv", "Não foi possível ler o arquivo") }
