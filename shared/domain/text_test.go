package domain

import (
	"errors"
	"strings"
	"testing"
	"time"
)

func TestCleanTextStripsControlBidiZeroWidthAndANSI(t *testing.T) {
	cases := map[string]string{
		"Horta\x00 Viva":                  "Horta Viva",
		"\x1b[31mHorta\x1b[0m":            "Horta",
		"Hor\u200bta\u200d":               "Horta",
		"\u202eatroH\u202c":               "atroH",
		"\u2067Horta\u2069 \ufeffda Vila": "Horta da Vila",
		"Horta\u00adViva":                 "HortaViva",
		"  Horta \t  da\u00a0Vila ":       "Horta da Vila",
		"Hort\xffa":                       "Horta",
		"\x1b]0;titulo\x07Horta":          "Horta",
	}
	for in, want := range cases {
		if got := CleanText(in); got != want {
			t.Errorf("CleanText(%q) = %q, want %q", in, got, want)
		}
	}
	if got := CleanMultiline("linha 1\r\n\u202elinha\x00 2\x1b[2J"); got != "linha 1\nlinha 2" {
		t.Errorf("CleanMultiline kept invisible characters: %q", got)
	}
}

func TestNamesWithNoVisibleCharacterAreRefused(t *testing.T) {
	for _, raw := range []string{"\x00\x00\x00", "\u202e\u202d\u2066", "\u200b\u200b\u200b", "\x1b[0m\x1b[1m", "\u3164\u3164\u3164", "\u2800\u2800\u2800", "\u0301\u0301\u0301"} {
		in := GroupInput{Nome: raw, Cidade: "Campinas", UF: "SP"}
		err := in.Valid()
		var e *Error
		if !errors.As(err, &e) || e.Field != "nome" {
			t.Errorf("group nome %q: got %v, want a validation error on nome", raw, err)
		}
		n := raw
		pu := ProfileUpdate{Nome: &n}
		if err := pu.Valid(); !errors.As(err, &e) || e.Field != "nome" {
			t.Errorf("profile nome %q: got %v, want a validation error on nome", raw, err)
		}
		gin := GroupInput{Nome: "Horta Viva", Cidade: raw, UF: "SP"}
		if err := gin.Valid(); !errors.As(err, &e) || e.Field != "cidade" {
			t.Errorf("cidade %q: got %v, want a validation error on cidade", raw, err)
		}
	}
	in := GroupInput{Nome: "\u3164\u3164\u3164", Cidade: "Campinas", UF: "SP"}
	if err := in.Valid(); err == nil || err.(*Error).Message != "O nome do grupo deve ter ao menos uma letra, número ou símbolo visível" {
		t.Errorf("message: %v", err)
	}
	ok := GroupInput{Nome: "\u202eHorta\u202c 🌱", Cidade: "Campinas", UF: "SP"}
	if err := ok.Valid(); err != nil || ok.Nome != "Horta 🌱" {
		t.Errorf("a visible name with a bidi override: %v, %q", err, ok.Nome)
	}
	if p := ProfileFromIdentity("u", "\u200b\u202e", "ana@example.com", "", time.Now()); p.Nome != "ana" {
		t.Errorf("invisible identity name kept: %q", p.Nome)
	}
}

// The contract's maxLength is on the text as sent: a name that is too long
// only because of characters the server would drop is refused, not
// accepted after cleaning (schemathesis: "schema-violating request accepted").
func TestContractMaxLengthsApplyToTheTextAsSent(t *testing.T) {
	long := "Ana\U00089c52" + strings.Repeat("*", 77) // 81 code points, 80 after cleaning
	pu := ProfileUpdate{Nome: &long}
	if err := pu.Valid(); err == nil {
		t.Error("profile nome of 81 characters as sent was accepted")
	}
	gin := GroupInput{Nome: strings.Repeat("a", 58) + "\u200b\u200b\u200b", Cidade: "Campinas", UF: "SP"}
	if err := gin.Valid(); err == nil {
		t.Error("group nome of 61 characters as sent was accepted")
	}
	for _, uf := range []string{"Sp", " SP", "SP "} {
		in := GroupInput{Nome: "Horta", Cidade: "Campinas", UF: uf}
		if err := in.Valid(); err == nil {
			t.Errorf("uf %q is outside the contract's UFInput and was accepted", uf)
		}
	}
	in := GroupInput{Nome: "Horta", Cidade: "Campinas", UF: "sp"}
	if err := in.Valid(); err != nil || in.UF != "SP" {
		t.Errorf("uf sp: %v %q", err, in.UF)
	}
	one := 1.0
	lb := LoteBulkInput{Prefixo: " A", Inicio: ptr(1), Fim: ptr(2), Area: &one}
	if err := lb.Valid(); err == nil {
		t.Error("prefixo ' A' is outside the contract's pattern and was accepted")
	}
}
