package domain

import (
	"testing"
	"time"
)

func TestColheitaCanConfirmAndConfirm(t *testing.T) {
	r := Defaults()
	r.Limites.ConfirmacoesColheita = 2
	grupo := Cultivo{GrupoID: "g"}
	pending := Colheita{AutorID: "autor", Status: ColheitaAConfirmar, Confirmacoes: []string{}}
	for _, c := range []struct {
		name string
		c    Cultivo
		uid  string
		want error
	}{
		{"a group harvest, another member", grupo, "m1", nil},
		{"a Horta pessoal harvest", Cultivo{}, "m1", ErrColheitaPessoal()},
		{"its author", grupo, "autor", ErrAutoConfirmacao()},
	} {
		if err := pending.CanConfirm(c.c, c.uid); !sameError(err, c.want) {
			t.Errorf("CanConfirm %s: %v, want %v", c.name, err, c.want)
		}
	}

	once := pending
	once.Confirmacoes = []string{"m1"}
	cases := []struct {
		name  string
		h     Colheita
		uid   string
		admin bool
		papel Papel
		want  Confirmacao
		err   error
	}{
		{"a coordinator confirms at once", pending, "c", false, PapelCoordenador, Confirmacao{Coordenador: true, Confirmacoes: []string{"c"}, Confirma: true}, nil},
		{"the dono confirms at once", pending, "d", false, PapelDono, Confirmacao{Coordenador: true, Confirmacoes: []string{"d"}, Confirma: true}, nil},
		{"a site admin outside the group", pending, "adm", true, "", Confirmacao{Coordenador: true, Confirmacoes: []string{"adm"}, Confirma: true}, nil},
		{"a first member waits for a second", pending, "m1", false, PapelMembro, Confirmacao{Confirmacoes: []string{"m1"}}, nil},
		{"the second member counts it", once, "m2", false, PapelMembro, Confirmacao{Confirmacoes: []string{"m1", "m2"}, Confirma: true}, nil},
		{"a member twice", once, "m1", false, PapelMembro, Confirmacao{}, ErrJaConfirmou()},
		{"a coordinator after confirming as a member", once, "m1", false, PapelCoordenador, Confirmacao{Coordenador: true, Confirmacoes: []string{"m1", "m1"}, Confirma: true}, nil},
		{"not a member", pending, "x", false, "", Confirmacao{}, ErrSoMembrosConfirmam()},
	}
	for _, c := range cases {
		got, err := c.h.Confirm(r, c.uid, c.admin, c.papel)
		if got.Coordenador != c.want.Coordenador || got.Confirma != c.want.Confirma || !equalStrings(got.Confirmacoes, c.want.Confirmacoes) || !sameError(err, c.err) {
			t.Errorf("Confirm %s: (%+v, %v), want (%+v, %v)", c.name, got, err, c.want, c.err)
		}
	}
	if len(once.Confirmacoes) != 1 {
		t.Error("Confirm changed the harvest's own list")
	}
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestColheitaCorrectAndDelete(t *testing.T) {
	r := Defaults()
	now := time.Date(2025, 3, 10, 12, 0, 0, 0, time.UTC)
	window := time.Duration(r.Limites.HorasEdicaoColheita) * time.Hour
	h := Colheita{AutorID: "autor", CriadoEm: now.Add(-window)}
	late := Colheita{AutorID: "autor", CriadoEm: now.Add(-window - time.Second)}
	ok := ColheitaEdit{Data: "2025-03-09"}
	cases := []struct {
		name      string
		h         Colheita
		uid       string
		in        ColheitaEdit
		correct   error
		deleteErr error
	}{
		{"the author within the window", h, "autor", ok, nil, nil},
		{"someone else", h, "outro", ok, ErrSoAutorCorrige(), ErrSoAutorApaga()},
		{"the author too late", late, "autor", ok, ErrColheitaNaoEditavel(r), ErrColheitaNaoEditavel(r)},
		{"a date before the planting", h, "autor", ColheitaEdit{Data: "2025-02-01"}, Invalid("data", "A data da colheita não pode ser anterior ao plantio"), nil},
		{"a date in the future", h, "autor", ColheitaEdit{Data: "2025-03-20"}, Invalid("data", "A data da colheita não pode estar no futuro"), nil},
	}
	for _, c := range cases {
		if err := c.h.CanCorrect(c.uid, c.in, "2025-03-01", now, r); !sameError(err, c.correct) {
			t.Errorf("CanCorrect %s: %v, want %v", c.name, err, c.correct)
		}
		if err := c.h.CanDelete(c.uid, now, r); !sameError(err, c.deleteErr) {
			t.Errorf("CanDelete %s: %v, want %v", c.name, err, c.deleteErr)
		}
	}
}

func TestCheckNovaColheita(t *testing.T) {
	now := time.Date(2025, 3, 10, 12, 0, 0, 0, time.UTC)
	growing := Cultivo{Fase: FaseCrescendo, DataPlantio: "2025-03-01"}
	cases := []struct {
		name string
		c    Cultivo
		data string
		want error
	}{
		{"a growing cultivo, today", growing, "2025-03-10", nil},
		{"archived", Cultivo{Fase: FaseCrescendo, Arquivado: true}, "2025-03-10", ErrCultivoArquivado()},
		{"not sown", Cultivo{Fase: FasePlanejado}, "2025-03-10", Invalid("fase", "Registre o plantio (fase semeado) antes de uma colheita")},
		{"lost", Cultivo{Fase: FasePerdido}, "2025-03-10", Invalid("fase", "Este cultivo foi perdido")},
		{"before the planting", growing, "2025-02-28", Invalid("data", "A data da colheita não pode ser anterior ao plantio")},
	}
	for _, c := range cases {
		if err := c.c.CheckNovaColheita(c.data, now); !sameError(err, c.want) {
			t.Errorf("%s: %v, want %v", c.name, err, c.want)
		}
	}
}

// A confirmation stands for a quantity no larger than the one confirmed, in its unit.
func TestConfirmacoesValemPara(t *testing.T) {
	h := Colheita{Quantidade: 2, Unidade: UnidadeKg}
	for _, c := range []struct {
		name string
		next Colheita
		want bool
	}{
		{"the same", h, true},
		{"less", Colheita{Quantidade: 1.5, Unidade: UnidadeKg}, true},
		{"more", Colheita{Quantidade: 2.5, Unidade: UnidadeKg}, false},
		{"another unit", Colheita{Quantidade: 2, Unidade: UnidadeUnidades}, false},
	} {
		if got := h.ConfirmacoesValemPara(c.next); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}
