package domain

import (
	"testing"
	"time"
)

// The lote-holder rule: a group cultivo goes on a lote held by its
// responsible member or one of its collaborators, nobody else's.
func TestCultivoLoteHolder(t *testing.T) {
	held := func(uid string) *Lote { return &Lote{Codigo: "A1", Status: LoteOcupado, ResponsavelID: &uid} }
	cases := []struct {
		name   string
		l      *Lote
		colabs []string
		holder string
		want   error
	}{
		{"the responsible member's", held("resp"), nil, "resp", nil},
		{"a collaborator's", held("col"), []string{"other", "col"}, "col", nil},
		{"no such lote", nil, []string{"col"}, "", ErrCultivoLoteNotFound()},
		{"nobody's", &Lote{Codigo: "A1", Status: LoteLivre}, nil, "", ErrCultivoLoteNotHeld()},
		{"an empty holder", held(""), nil, "", ErrCultivoLoteNotHeld()},
		{"someone else's", held("stranger"), []string{"col"}, "", ErrCultivoLoteNotHeld()},
	}
	for _, c := range cases {
		holder, err := CultivoLoteHolder(c.l, "resp", c.colabs)
		if holder != c.holder || !sameError(err, c.want) {
			t.Errorf("%s: (%q, %v), want (%q, %v)", c.name, holder, err, c.holder, c.want)
		}
	}
	if e := ErrCultivoLoteNotHeld(); e.Field != "loteCodigo" || e.Message != "Escolha um lote que esteja com você ou com um colaborador" {
		t.Errorf("message changed: %+v", e)
	}
}

func TestCheckColaboradorAndPlantable(t *testing.T) {
	for _, c := range []struct {
		name, uid string
		member    bool
		want      error
	}{
		{"another member", "col", true, nil},
		{"not a member", "col", false, ErrColaboradorNotMember()},
		{"the responsible member", "resp", true, ErrColaboradorNotMember()},
	} {
		if err := CheckColaborador(c.uid, "resp", c.member); !sameError(err, c.want) {
			t.Errorf("colaborador %s: %v, want %v", c.name, err, c.want)
		}
	}
	for _, c := range []struct {
		name  string
		v     Vegetal
		found bool
		want  error
	}{
		{"in the catalogue", Vegetal{ID: "alface"}, true, nil},
		{"unknown", Vegetal{}, false, ErrVegetalNotInCatalogue()},
		{"archived", Vegetal{ID: "alface", Arquivado: true}, true, ErrVegetalArquivado()},
	} {
		if err := CheckPlantable(c.v, c.found); !sameError(err, c.want) {
			t.Errorf("vegetal %s: %v, want %v", c.name, err, c.want)
		}
	}
}

// DecideEdit: a writer, the version read, what CheckEdit allows, a
// plausible date, and people changed only by the responsible member; in that order.
func TestCultivoDecideEdit(t *testing.T) {
	now := time.Date(2025, 3, 10, 15, 0, 0, 0, time.UTC)
	c := Cultivo{GrupoID: "g", ResponsavelID: "resp", Colaboradores: []Colaborador{{UserID: "col"}},
		DataPlantio: "2025-03-01", LoteCodigo: "A1", Version: 3}
	same := CultivoEdit{Version: 3, DataPlantio: "2025-03-01", LoteCodigo: "A1", Colaboradores: []string{"col"}}
	edit := func(f func(*CultivoEdit)) CultivoEdit {
		e := same
		e.Colaboradores = append([]string(nil), same.Colaboradores...)
		f(&e)
		return e
	}
	archived := c
	archived.Arquivado = true
	cases := []struct {
		name   string
		c      Cultivo
		uid    string
		in     CultivoEdit
		people bool
		want   error
	}{
		{"the responsible member, data only", c, "resp", same, false, nil},
		{"a collaborator, data only", c, "col", edit(func(e *CultivoEdit) { e.Notas = "x" }), false, nil},
		{"the responsible member moves the lote", c, "resp", edit(func(e *CultivoEdit) { e.LoteCodigo = "B2" }), true, nil},
		{"a reader", c, "stranger", same, false, ErrNotCultivoWriter()},
		{"an old version", c, "resp", edit(func(e *CultivoEdit) { e.Version = 2 }), false, ErrCultivoEditado()},
		{"archived", archived, "resp", same, false, ErrCultivoArquivado()},
		{"a date too far ahead", c, "resp", edit(func(e *CultivoEdit) { e.DataPlantio = "2027-01-01" }), false,
			Invalid("dataPlantio", "A data de plantio não pode ser mais de um ano à frente")},
		{"a collaborator moves the lote", c, "col", edit(func(e *CultivoEdit) { e.LoteCodigo = "B2" }), false, ErrPeopleNotResponsavel()},
		{"a collaborator drops a collaborator", c, "col", edit(func(e *CultivoEdit) { e.Colaboradores = nil }), false, ErrPeopleNotResponsavel()},
	}
	for _, tc := range cases {
		people, err := tc.c.DecideEdit(tc.uid, tc.in, now)
		if people != tc.people || !sameError(err, tc.want) {
			t.Errorf("%s: (%v, %v), want (%v, %v)", tc.name, people, err, tc.people, tc.want)
		}
	}
}

func TestCultivoCanWriteDiary(t *testing.T) {
	now := time.Date(2025, 3, 10, 15, 0, 0, 0, time.UTC)
	c := Cultivo{ResponsavelID: "resp", DataPlantio: "2025-03-01"}
	archived := c
	archived.Arquivado = true
	cases := []struct {
		name, uid, data string
		c               Cultivo
		want            error
	}{
		{"the responsible member", "resp", "2025-03-05", c, nil},
		{"a reader", "stranger", "2025-03-05", c, ErrNotCultivoWriter()},
		{"archived", "resp", "2025-03-05", archived, ErrCultivoArquivado()},
		{"before planting", "resp", "2025-02-01", c, Invalid("data", "A data da entrada não pode ser anterior ao plantio")},
	}
	for _, tc := range cases {
		if _, err := tc.c.CanWriteDiary(tc.uid, tc.data, now); !sameError(err, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, err, tc.want)
		}
	}
}

func TestTextoMudancaFase(t *testing.T) {
	if got := TextoMudancaFase(Cultivo{Fase: FaseSemeado}); got != "Fase: "+FaseNomes[FaseSemeado] {
		t.Errorf("semeado: %q", got)
	}
	if got := TextoMudancaFase(Cultivo{Fase: FasePerdido, MotivoPerda: "geada"}); got != "Fase: "+FaseNomes[FasePerdido]+". Motivo: geada" {
		t.Errorf("perdido: %q", got)
	}
}
