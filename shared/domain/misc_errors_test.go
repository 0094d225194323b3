package domain

import (
	"strings"
	"testing"
)

func TestSmallAreaRules(t *testing.T) {
	cases := []struct {
		name string
		err  error
		want error
	}{
		{"a member sees the group's standing", CanSeeGroupRanking("g", false, []string{"h", "g"}), nil},
		{"an admin sees any group's", CanSeeGroupRanking("g", true, nil), nil},
		{"no group asked", CanSeeGroupRanking("", false, nil), nil},
		{"a stranger does not", CanSeeGroupRanking("g", false, []string{"h"}), Forbidden("Só os membros do grupo veem a posição dele")},
		{"the author deletes the entry", CanDeleteDiario("a", "a"), nil},
		{"another writer does not", CanDeleteDiario("a", "b"), Forbidden("Apenas quem escreveu o registro pode apagá-lo")},
	}
	for _, c := range cases {
		if !sameError(c.err, c.want) {
			t.Errorf("%s: %v, want %v", c.name, c.err, c.want)
		}
	}
	if p := ProblemaVegetalRepetido(7, 3); p.Linha != 7 || p.Campo != "especie" || p.Mensagem != "Este vegetal já aparece na linha 3 do arquivo" {
		t.Errorf("ProblemaVegetalRepetido: %+v", p)
	}
}

func TestParseDirectoryQuery(t *testing.T) {
	long := strings.Repeat("a", MaxBusca+1)
	cases := []queryCase[DirectoryFilter]{
		{"", DirectoryFilter{}, nil},
		{"q=Horta+São&cidade=Belém&uf=pa", DirectoryFilter{Q: SearchKey("Horta São"), Cidade: SearchKey("Belém"), UF: "PA"}, nil},
		{"uf=SP", DirectoryFilter{UF: "SP"}, nil},
		{"uf=", DirectoryFilter{}, ErrInvalidUF()},
		{"uf=Sp", DirectoryFilter{}, ErrInvalidUF()},
		{"uf=XX", DirectoryFilter{}, ErrInvalidUF()},
		{"q=" + long, DirectoryFilter{}, Invalid("q", "A busca deve ter no máximo 100 caracteres")},
		{"cidade=" + long + "&uf=SP", DirectoryFilter{}, Invalid("cidade", "A cidade deve ter no máximo 100 caracteres")},
		{"cidade=Belém", DirectoryFilter{}, Invalid("uf", "Informe a UF para buscar por cidade")},
		{"cidade=%21%21", DirectoryFilter{}, nil}, // folds to nothing: no city asked
	}
	checkQueries(t, cases, ParseDirectoryQuery)
}

func TestCheckNome(t *testing.T) {
	for _, c := range []struct {
		raw, want string
		err       error
	}{
		{"  Ana  Maria ", "Ana Maria", nil},
		{"", "", Invalid("name", "O nome é obrigatório")},
		{strings.Repeat("a", MaxNomeLength+1), "", Invalid("name", "O nome deve ter no máximo 80 caracteres")},
	} {
		got, err := CheckNome("name", c.raw)
		if got != c.want || !sameError(err, c.err) {
			t.Errorf("%q: (%q, %v), want (%q, %v)", c.raw, got, err, c.want, c.err)
		}
	}
}
