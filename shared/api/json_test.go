package api

import (
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/verde-app/verde/shared/domain"
)

type sample struct {
	Nome  *string  `json:"nome"`
	Idade int      `json:"idade"`
	Ativo bool     `json:"ativo"`
	Tags  []string `json:"tags"`
}

func (s *sample) Valid() error {
	if s.Nome != nil && *s.Nome == "" {
		return domain.Invalid("nome", "O nome é obrigatório")
	}
	return nil
}

func TestDecodeRejectsBadBodiesNamingTheField(t *testing.T) {
	cases := []struct {
		name, body, field, msg string
	}{
		{"unknown field", `{"nome":"a","email":"x"}`, "email", "Campo desconhecido: email"},
		{"string for number", `{"idade":"dez"}`, "idade", "O campo idade deve ser um número inteiro"},
		{"number for string", `{"nome":5}`, "nome", "O campo nome deve ser um texto"},
		{"string for bool", `{"ativo":"sim"}`, "ativo", "O campo ativo deve ser verdadeiro ou falso"},
		{"object for list", `{"tags":{}}`, "tags", "O campo tags deve ser uma lista"},
		{"array body", `[1,2]`, "", "O corpo da requisição deve ser um objeto JSON"},
		{"syntax", `{"nome":`, "", "JSON inválido no corpo da requisição"},
		{"empty", ``, "", "O corpo da requisição está vazio"},
		{"two objects", `{"idade":1}{"idade":2}`, "", "O corpo da requisição deve conter um único objeto JSON"},
		{"too large", `{"nome":"` + strings.Repeat("a", MaxBodyBytes) + `"}`, "", "O corpo da requisição excede o limite de 64 KiB"},
		{"valid hook", `{"nome":""}`, "nome", "O nome é obrigatório"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := httptest.NewRequest("PUT", "/x", strings.NewReader(c.body))
			_, err := Decode[sample](r)
			e, ok := domain.AsError(err)
			if !ok || e.Code != domain.EValidation || e.Field != c.field || e.Message != c.msg {
				t.Fatalf("got %#v", err)
			}
		})
	}
}

func TestDecodeAcceptsBodyAtTheLimit(t *testing.T) {
	pad := MaxBodyBytes - len(`{"nome":""}`)
	r := httptest.NewRequest("PUT", "/x", strings.NewReader(`{"nome":"`+strings.Repeat("a", pad)+`"}`))
	if _, err := Decode[sample](r); err != nil {
		t.Fatal(err)
	}
}
