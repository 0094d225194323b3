package domain

import (
	"sort"
	"strings"
	"testing"
	"time"
)

func TestParseCodigo(t *testing.T) {
	ok := map[string]string{"a1": "A1", "B12": "B12", "7": "7", "ABC9999": "ABC9999", "abc10": "ABC10"}
	for in, want := range ok {
		got, err := ParseCodigo(in)
		if err != nil || got != want {
			t.Errorf("ParseCodigo(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "A", "ABCD1", "A10000", "A-1", "Á1", "A0", "0", "A01", " B12 ", "requests"} {
		if _, err := ParseCodigo(bad); err == nil {
			t.Errorf("ParseCodigo(%q) accepted", bad)
		} else if e, _ := AsError(err); e.Field != "codigo" {
			t.Errorf("ParseCodigo(%q) field %q", bad, e.Field)
		}
	}
}

func TestLoteLessIsNatural(t *testing.T) {
	codes := []string{"A10", "B1", "A2", "A1", "10", "2", "AB1"}
	sort.Slice(codes, func(i, j int) bool { return LoteLess(codes[i], codes[j]) })
	want := "2 10 A1 A2 A10 AB1 B1"
	if got := strings.Join(codes, " "); got != want {
		t.Fatalf("got %s, want %s", got, want)
	}
}

func TestLoteBulkInputValid(t *testing.T) {
	area := func(a float64) *float64 { return &a }
	cases := []struct {
		name  string
		in    LoteBulkInput
		field string
		msg   string
	}{
		{"ok", LoteBulkInput{Prefixo: "a", Inicio: ptr(1), Fim: ptr(12), Area: area(10)}, "", ""},
		{"prefix long", LoteBulkInput{Prefixo: "ABCD", Inicio: ptr(1), Fim: ptr(2), Area: area(10)}, "prefixo", "no máximo 3 letras"},
		{"prefix accent", LoteBulkInput{Prefixo: "Á", Inicio: ptr(1), Fim: ptr(2), Area: area(10)}, "prefixo", "no máximo 3 letras"},
		{"no inicio", LoteBulkInput{Fim: ptr(2), Area: area(10)}, "inicio", "Informe o número inicial"},
		{"inicio zero", LoteBulkInput{Inicio: ptr(0), Fim: ptr(2), Area: area(10)}, "inicio", "entre 1 e 9999"},
		{"no fim", LoteBulkInput{Inicio: ptr(1), Area: area(10)}, "fim", "Informe o número final"},
		{"fim before", LoteBulkInput{Inicio: ptr(5), Fim: ptr(4), Area: area(10)}, "fim", "entre o inicial"},
		{"too many", LoteBulkInput{Inicio: ptr(1), Fim: ptr(99), Area: area(10)}, "fim", "no máximo 98 lotes"},
		{"no area", LoteBulkInput{Inicio: ptr(1), Fim: ptr(2)}, "area", "Informe a área"},
		{"area zero", LoteBulkInput{Inicio: ptr(1), Fim: ptr(2), Area: area(0)}, "area", "entre 0,01 e 10000"},
		{"area under a hundredth", LoteBulkInput{Inicio: ptr(1), Fim: ptr(2), Area: area(5e-324)}, "area", "entre 0,01 e 10000"},
		{"area tiny is refused, not rounded to 0", LoteBulkInput{Inicio: ptr(1), Fim: ptr(2), Area: area(0.001)}, "area", "entre 0,01 e 10000"},
		{"area just over is not rounded to 10000", LoteBulkInput{Inicio: ptr(1), Fim: ptr(2), Area: area(10000.0001)}, "area", "10000"},
		{"area big", LoteBulkInput{Inicio: ptr(1), Fim: ptr(2), Area: area(10000.5)}, "area", "10000"},
		{"obs long", LoteBulkInput{Inicio: ptr(1), Fim: ptr(2), Area: area(1), Observacoes: strings.Repeat("o", 501)}, "observacoes", "500"},
	}
	for _, c := range cases {
		wantField(t, c.name, c.in.Valid(), c.field, c.msg)
	}
	in := LoteBulkInput{Prefixo: "a", Inicio: ptr(9), Fim: ptr(11), Area: area(12.345)}
	in.Valid()
	ls := in.NewLotes("g", time.Now())
	if len(ls) != 3 || ls[0].Codigo != "A9" || ls[2].Codigo != "A11" || ls[0].Area != 12.345 || ls[0].Status != LoteLivre {
		t.Fatalf("lotes %+v", ls)
	}
}

func TestLoteUpdate(t *testing.T) {
	st := func(s LoteStatus) *LoteStatus { return &s }
	wantField(t, "no version", (&LoteUpdate{Status: st(LoteLivre)}).Valid(), "version", "versão")
	wantField(t, "ocupado by edit", (&LoteUpdate{Version: ptr(1), Status: st(LoteOcupado)}).Valid(), "status", "livre ou manutencao")
	l := Lote{Codigo: "A1", Status: LoteOcupado, Version: 3}
	_, err := LoteUpdate{Version: ptr(3), Status: st(LoteManutencao)}.Apply(l, time.Now())
	if ErrorCode(err) != EConflict {
		t.Fatalf("status change of an occupied lote: %v", err)
	}
	got, err := LoteUpdate{Version: ptr(3), Observacoes: ptr("sombra")}.Apply(l, time.Now())
	if err != nil || got.Observacoes != "sombra" || got.Version != 4 || got.Status != LoteOcupado {
		t.Fatalf("%v %+v", err, got)
	}
}
