package api

import (
	"net/http"
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
			r := jsonRequest(c.body)
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
	r := jsonRequest(`{"nome":"` + strings.Repeat("a", pad) + `"}`)
	if _, err := Decode[sample](r); err != nil {
		t.Fatal(err)
	}
}

func jsonRequest(body string) *http.Request {
	r := httptest.NewRequest("PUT", "/x", strings.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	return r
}

type contractSample struct {
	Nome   string   `json:"nome"`
	Foto   *string  `json:"foto" nullable:"true"`
	Versao *int     `json:"versao"`
	Idade  int      `json:"idade"`
	Area   *float64 `json:"area"`
}

func decodeErr(t *testing.T, body string) *domain.Error {
	t.Helper()
	_, err := Decode[contractSample](jsonRequest(body))
	e, ok := domain.AsError(err)
	if !ok {
		t.Fatalf("%s: accepted, want a refusal", body)
	}
	return e
}

func TestDecodeMatchesFieldNamesCaseSensitively(t *testing.T) {
	for _, body := range []string{`{"Nome":"a"}`, `{"NOME":"a"}`, `{"nome":"a","Idade":3}`} {
		if e := decodeErr(t, body); e.Code != domain.EValidation || !strings.HasPrefix(e.Message, "Campo desconhecido") {
			t.Errorf("%s: %v", body, e)
		}
	}
}

func TestDecodeRefusesInvalidUTF8AndLoneSurrogates(t *testing.T) {
	for _, body := range []string{"{\"nome\":\"a\xffb\"}", `{"nome":"a\ud800b"}`, `{"nome":"\udc00"}`, `{"nome":"\ud800\u0041"}`} {
		if e := decodeErr(t, body); e.Message != "O corpo da requisição deve ser texto UTF-8 válido" {
			t.Errorf("%q: %v", body, e)
		}
	}
	v, err := Decode[contractSample](jsonRequest(`{"nome":"\ud83c\udf31 \\ud800"}`))
	if err != nil || v.Nome != "🌱 \\ud800" {
		t.Errorf("a surrogate pair and an escaped backslash: %q %v", v.Nome, err)
	}
}

func TestDecodeRefusesNullForNonNullableFields(t *testing.T) {
	for body, field := range map[string]string{`{"nome":null}`: "nome", `{"versao":null}`: "versao", `{"idade":null}`: "idade", `{"area":null}`: "area"} {
		if e := decodeErr(t, body); e.Field != field || e.Message != "O campo "+field+" não pode ser nulo" {
			t.Errorf("%s: %v", body, e)
		}
	}
	if v, err := Decode[contractSample](jsonRequest(`{"foto":null}`)); err != nil || v.Foto != nil {
		t.Errorf("a nullable field: %v", err)
	}
	if e := decodeErr(t, `null`); e.Message != "O corpo da requisição deve ser um objeto JSON" {
		t.Errorf("null body: %v", e)
	}
}

func TestDecodeAcceptsIntegralNumbersForIntegers(t *testing.T) {
	v, err := Decode[contractSample](jsonRequest(`{"idade":5.0,"versao":2e0}`))
	if err != nil || v.Idade != 5 || *v.Versao != 2 {
		t.Fatalf("5.0 and 2e0: %+v %v", v, err)
	}
	if e := decodeErr(t, `{"idade":5.5}`); e.Field != "idade" || e.Message != "O campo idade deve ser um número inteiro" {
		t.Errorf("5.5: %v", e)
	}
}

func TestDecodeDoesNotRoundNumbers(t *testing.T) {
	v, err := Decode[contractSample](jsonRequest(`{"area":10000.0001}`))
	if err != nil || *v.Area != 10000.0001 {
		t.Fatalf("area: %v %v", v.Area, err)
	}
}

func TestDecodeAnswers415ForANonJSONContentType(t *testing.T) {
	for _, ct := range []string{"", "text/plain", "application/x-www-form-urlencoded", "application/json; charset=latin1", "application/jsonx"} {
		r := httptest.NewRequest("PUT", "/x", strings.NewReader(`{"nome":"a"}`))
		if ct != "" {
			r.Header.Set("Content-Type", ct)
		}
		_, err := Decode[contractSample](r)
		if e, ok := domain.AsError(err); !ok || e.Code != domain.EUnsupportedMediaType || StatusFor(e.Code) != http.StatusUnsupportedMediaType {
			t.Errorf("Content-Type %q: %v", ct, err)
		}
	}
	r := httptest.NewRequest("PUT", "/x", strings.NewReader(`{"nome":"a"}`))
	r.Header.Set("Content-Type", "application/json; charset=UTF-8")
	if _, err := Decode[contractSample](r); err != nil {
		t.Errorf("charset=UTF-8: %v", err)
	}
}

// TestDecodeRefusesDuplicateKeys: an object that names a field twice, at
// the top or nested, is a 400 naming the field; the same name in two
// different objects is fine.
func TestDecodeRefusesDuplicateKeys(t *testing.T) {
	type inner struct {
		A string `json:"a"`
	}
	type body struct {
		Nome  string  `json:"nome"`
		Itens []inner `json:"itens"`
		Sub   inner   `json:"sub"`
	}
	for _, c := range []struct {
		raw, field string
	}{
		{`{"nome":"a","nome":"b"}`, "nome"},
		{`{"nome":"a","itens":[{"a":"x","a":"y"}]}`, "a"},
		{`{"sub":{"a":"x","a":"y"},"nome":"z"}`, "a"},
		{`{"nome":"a","itens":[],"sub":{"a":"x"},"itens":[]}`, "itens"},
	} {
		r := httptest.NewRequest("POST", "/x", strings.NewReader(c.raw))
		r.Header.Set("Content-Type", "application/json")
		_, err := Decode[body](r)
		if e, ok := domain.AsError(err); !ok || e.Code != domain.EValidation || e.Field != c.field {
			t.Errorf("%s: %v, want a validation error on %s", c.raw, err, c.field)
		}
	}
	r := httptest.NewRequest("POST", "/x", strings.NewReader(`{"nome":"a","itens":[{"a":"x"},{"a":"y"}],"sub":{"a":"z"}}`))
	r.Header.Set("Content-Type", "application/json")
	if _, err := Decode[body](r); err != nil {
		t.Errorf("distinct objects with the same field: %v", err)
	}
}
