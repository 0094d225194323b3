package domain

import (
	"net/url"
	"testing"
)

func TestParseAnalytics(t *testing.T) {
	const today = "2025-03-10"
	errDe := Invalid("de", "Informe a data inicial no formato aaaa-mm-dd")
	errAte := Invalid("ate", "Informe a data final no formato aaaa-mm-dd")
	errGran := Invalid("granularidade", "Escolha dia, semana ou mes")
	cases := []struct {
		query string
		want  AnalyticsQuery
		err   error
	}{
		{"", AnalyticsQuery{De: "2025-02-09", Ate: today, Granularidade: "dia"}, nil},
		{"de=2025-01-01&ate=2025-01-31&granularidade=semana&uf=SP", AnalyticsQuery{De: "2025-01-01", Ate: "2025-01-31", Granularidade: "semana", UF: "SP"}, nil},
		{"ate=2025-01-31&uf=sem", AnalyticsQuery{De: "2025-01-02", Ate: "2025-01-31", Granularidade: "dia", UF: "sem"}, nil},
		{"de=2024-03-10&ate=2025-03-10", AnalyticsQuery{De: "2024-03-10", Ate: today, Granularidade: "dia"}, nil},
		{"de=", AnalyticsQuery{}, errDe},
		{"ate=", AnalyticsQuery{}, errAte},
		{"granularidade=", AnalyticsQuery{}, errGran},
		{"uf=", AnalyticsQuery{}, ErrUFQuery()},
		{"ate=10/03/2025", AnalyticsQuery{}, errAte},
		{"de=ontem", AnalyticsQuery{}, errDe},
		{"de=2025-03-11", AnalyticsQuery{}, Invalid("de", "A data inicial deve ser anterior à final")},
		{"de=2024-03-09&ate=2025-03-10", AnalyticsQuery{}, Invalid("de", "Escolha um período de até 366 dias")},
		{"granularidade=ano", AnalyticsQuery{}, errGran},
		{"uf=XX", AnalyticsQuery{}, ErrUFQuery()},
	}
	for _, c := range cases {
		q, _ := url.ParseQuery(c.query)
		got, err := ParseAnalytics(q, today)
		if got != c.want || !sameError(err, c.err) {
			t.Errorf("%q: (%+v, %v), want (%+v, %v)", c.query, got, err, c.want, c.err)
		}
	}
}

func TestRequestAnswers(t *testing.T) {
	for _, c := range []struct {
		got  *Error
		want string
	}{
		{ErrBodyTooLarge(64), "O corpo da requisição excede o limite de 64 KiB"},
		{ErrBadLimit(1, 100), "O parâmetro limit deve ser um número entre 1 e 100"},
		{ErrBadLimit(0, 50), "O parâmetro limit deve ser um número entre 0 e 50"},
		{ErrFieldNull("a.b"), "O campo a.b não pode ser nulo"},
		{ErrFieldType("n", JSONNumero), "O campo n deve ser um número"},
		{ErrFieldUnknown("x"), "Campo desconhecido: x"},
		{ErrTooManyFotos("imagem"), "Envie no máximo 4 fotos"},
	} {
		if c.got.Message != c.want {
			t.Errorf("%q, want %q", c.got.Message, c.want)
		}
	}
	if err := CheckBusca(string(make([]rune, MaxBusca))); err != nil {
		t.Errorf("100 characters: %v", err)
	}
	if err := CheckBusca("ã" + string(make([]rune, MaxBusca))); !sameError(err, Invalid("q", "A busca deve ter no máximo 100 caracteres")) {
		t.Errorf("101 characters: %v", err)
	}
}
