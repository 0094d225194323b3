package domain

import (
	"testing"
	"time"
)

func TestAdminRules(t *testing.T) {
	cases := []struct {
		name string
		err  error
		want error
	}{
		{"rules at the version read", CheckRulesVersion(4, 4), nil},
		{"rules over another admin's save", CheckRulesVersion(5, 4), ErrRulesChanged()},
		{"take what the member has", CheckAjuste(40, -40), nil},
		{"take more than that", CheckAjuste(40, -41), Invalid("pontos", "O membro tem 40 pontos: não é possível retirar mais do que isso")},
		{"give", CheckAjuste(0, 10), nil},
		{"disable another", CanSetDisabled("adm", "u", true, false, 10), nil},
		{"disable oneself", CanSetDisabled("adm", "adm", true, false, 10), Conflict("Você não pode desativar a sua própria conta")},
		{"enable oneself", CanSetDisabled("adm", "adm", false, false, MaxDisabledMembers), nil},
		{"the set is full", CanSetDisabled("adm", "u", true, false, MaxDisabledMembers), Conflict("Há contas desativadas demais; reative alguma antes")},
		{"the set is full, already in it", CanSetDisabled("adm", "u", true, true, MaxDisabledMembers), nil},
		{"the set is full, enabling", CanSetDisabled("adm", "u", false, true, MaxDisabledMembers), nil},
	}
	for _, c := range cases {
		if !sameError(c.err, c.want) {
			t.Errorf("%s: %v, want %v", c.name, c.err, c.want)
		}
	}
}

func TestParseUserSearch(t *testing.T) {
	short := Invalid("q", "Digite de 3 a 100 caracteres do nome ou do e-mail")
	cases := []queryCase[UserSearch]{
		{"q=Maria", UserSearch{Q: "Maria", Por: "nome"}, nil},
		{"q=ana@x.org", UserSearch{Q: "ana@x.org", Por: "email", ByEmail: true}, nil},
		{"q=ana&por=email", UserSearch{Q: "ana", Por: "email", ByEmail: true}, nil},
		{"q=ab", UserSearch{}, short},
		{"q=" + string(repeat('x', 101)), UserSearch{}, short},
		{"q=Maria&por=cpf", UserSearch{}, Invalid("por", "Busque por nome ou por email")},
		{"q=%21%21%21", UserSearch{}, Invalid("q", "Digite ao menos 3 letras de uma palavra do nome")},
	}
	checkQueries(t, cases, ParseUserSearch)
}

func repeat(b byte, n int) []byte {
	out := make([]byte, n)
	for i := range out {
		out[i] = b
	}
	return out
}

func TestParseAuditFilter(t *testing.T) {
	cases := []queryCase[AuditFilter]{
		{"", AuditFilter{}, nil},
		{"adminId=a1&acao=regras.editadas&mes=2025-03", AuditFilter{AdminID: "a1", Acao: "regras.editadas", Mes: time.Date(2025, 3, 1, 0, 0, 0, 0, time.UTC)}, nil},
		{"adminId=" + string(repeat('a', 129)), AuditFilter{}, Invalid("adminId", "Administrador inválido")},
		{"acao=", AuditFilter{}, Invalid("acao", "Ação inválida (ex.: regras.editadas)")},
		{"acao=nada", AuditFilter{}, Invalid("acao", "Ação inválida (ex.: regras.editadas)")},
		{"mes=", AuditFilter{}, Invalid("mes", "Informe o mês como AAAA-MM")},
		{"mes=1999-12", AuditFilter{}, Invalid("mes", "Informe o mês como AAAA-MM")},
		{"mes=2025-3", AuditFilter{}, Invalid("mes", "Informe o mês como AAAA-MM")},
	}
	checkQueries(t, cases, ParseAuditFilter)
}

func TestExportTexts(t *testing.T) {
	if got := TextoExportPronta("Membros", 12); got != "Sua exportação de membros está pronta: 12 linhas" {
		t.Errorf("pronta: %q", got)
	}
	if got := TextoExportFalhou("Cultivos"); got != "Sua exportação de cultivos falhou. Tente de novo em /admin/dados" {
		t.Errorf("falhou: %q", got)
	}
}
