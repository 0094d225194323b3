package domain

import "testing"

func TestBannerRules(t *testing.T) {
	for _, c := range []struct {
		name             string
		version, curVers int
		valid, edit      error
	}{
		{"the version read", 3, 3, nil, nil},
		{"another admin's edit since", 2, 3, nil, ErrBannerChanged()},
		{"no version", 0, 3, Invalid("version", "Informe a versão do banner que você editou"), ErrBannerChanged()},
	} {
		if err := ValidBannerVersion(c.version); !sameError(err, c.valid) {
			t.Errorf("ValidBannerVersion %s: %v, want %v", c.name, err, c.valid)
		}
		if err := (Banner{Version: c.curVers}).CanEdit(c.version); !sameError(err, c.edit) {
			t.Errorf("CanEdit %s: %v, want %v", c.name, err, c.edit)
		}
	}
	if got := ErrTooManyBanners().Message; got != "Já existem 50 banners: exclua algum antes de criar outro" {
		t.Errorf("ErrTooManyBanners: %q", got)
	}
}

func TestBannerInputValid(t *testing.T) {
	ok := func() BannerInput {
		return BannerInput{Titulo: "Feira", Inicio: "2025-03-01", Fim: "2025-03-31"}
	}
	cases := []struct {
		name  string
		edit  func(*BannerInput)
		field string
		msg   string
	}{
		{"valid", func(*BannerInput) {}, "", ""},
		{"no title", func(b *BannerInput) { b.Titulo = " " }, "titulo", "Informe o título"},
		{"a link elsewhere", func(b *BannerInput) { b.Link = "//evil.example" }, "link", "O link deve ser um caminho do Verde (/grupos) ou um endereço https://"},
		{"ends before it starts", func(b *BannerInput) { b.Fim = "2025-02-01" }, "fim", "A data de fim deve ser igual ou posterior à de início"},
		{"a year and more", func(b *BannerInput) { b.Fim = "2026-03-03" }, "fim", "Um banner fica no ar por no máximo 366 dias"},
		{"an unknown audience", func(b *BannerInput) { b.Audiencia = "XX" }, "audiencia", "Escolha todos ou uma UF"},
		{"order past 999", func(b *BannerInput) { b.Ordem = 1000 }, "ordem", "A ordem deve ser um número de 0 a 999"},
	}
	for _, c := range cases {
		in := ok()
		c.edit(&in)
		err := in.Valid()
		var want error
		if c.field != "" {
			want = Invalid(c.field, c.msg)
		}
		if !sameError(err, want) {
			t.Errorf("%s: %v, want %v", c.name, err, want)
		}
	}
	in := ok()
	if err := in.Valid(); err != nil || in.Audiencia != AudienciaTodos {
		t.Errorf("the audience defaults to everyone: %q %v", in.Audiencia, err)
	}
}
