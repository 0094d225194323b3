package domain

import (
	"strings"
	"testing"
	"time"
)

func ptr[T any](v T) *T { return &v }

func validGroupInput() GroupInput {
	return GroupInput{Nome: "Horta da Vila", Descricao: "Canteiros", Cidade: "Campinas", UF: "sp"}
}

func wantField(t *testing.T, name string, err error, field, msgPart string) {
	t.Helper()
	if field == "" && msgPart == "" {
		if err != nil {
			t.Fatalf("%s: unexpected error %v", name, err)
		}
		return
	}
	e, ok := AsError(err)
	if !ok {
		t.Fatalf("%s: want a validation error on %q, got %v", name, field, err)
	}
	if e.Field != field || !strings.Contains(e.Message, msgPart) {
		t.Fatalf("%s: got field %q message %q, want field %q containing %q", name, e.Field, e.Message, field, msgPart)
	}
}

func TestGroupInputValidNamesEachBadField(t *testing.T) {
	cases := []struct {
		name  string
		edit  func(*GroupInput)
		field string
		msg   string
	}{
		{"ok", func(*GroupInput) {}, "", ""},
		{"nome blank", func(g *GroupInput) { g.Nome = "  " }, "nome", "O nome do grupo é obrigatório"},
		{"nome short", func(g *GroupInput) { g.Nome = "ab" }, "nome", "entre 3 e 60 caracteres"},
		{"nome long", func(g *GroupInput) { g.Nome = strings.Repeat("ã", 61) }, "nome", "entre 3 e 60 caracteres"},
		{"nome 60 runes ok", func(g *GroupInput) { g.Nome = strings.Repeat("ã", 60) }, "", ""},
		{"descricao long", func(g *GroupInput) { g.Descricao = strings.Repeat("x", 1001) }, "descricao", "no máximo 1000"},
		{"cidade missing", func(g *GroupInput) { g.Cidade = "" }, "cidade", "A cidade é obrigatória"},
		{"cidade long", func(g *GroupInput) { g.Cidade = strings.Repeat("c", 81) }, "cidade", "no máximo 80"},
		{"uf missing", func(g *GroupInput) { g.UF = "" }, "uf", "A UF é obrigatória"},
		{"uf unknown", func(g *GroupInput) { g.UF = "XX" }, "uf", "27 estados"},
		{"foto http", func(g *GroupInput) { g.FotoCapa = ptr("http://x/y.jpg") }, "fotoCapa", "foto enviada ao Verde"},
		{"foto https de fora", func(g *GroupInput) { g.FotoCapa = ptr("https://tracker.example/pixel.gif") }, "fotoCapa", "foto enviada ao Verde"},
		{"foto traversal", func(g *GroupInput) { g.FotoCapa = ptr("uploads/../x") }, "fotoCapa", "foto enviada ao Verde"},
		{"foto key ok", func(g *GroupInput) { g.FotoCapa = ptr("uploads/u1/capa.jpg") }, "", ""},
		{"foto enviada ok", func(g *GroupInput) { g.FotoCapa = ptr("fotos/u1/capa/c.jpg") }, "", ""},
		{"visibilidade bad", func(g *GroupInput) { g.Visibilidade = "secreto" }, "visibilidade", "publico ou privado"},
		{"entrada bad", func(g *GroupInput) { g.Entrada = "livre" }, "entrada", "aberta, aprovacao ou convite"},
		{"privado aberta", func(g *GroupInput) { g.Visibilidade = Privado; g.Entrada = EntradaAberta }, "entrada", "Grupos privados só aceitam entrada por convite"},
		{"maxMembros low", func(g *GroupInput) { g.MaxMembros = ptr(1) }, "maxMembros", "entre 2 e 500"},
		{"maxMembros high", func(g *GroupInput) { g.MaxMembros = ptr(501) }, "maxMembros", "entre 2 e 500"},
	}
	for _, c := range cases {
		in := validGroupInput()
		c.edit(&in)
		wantField(t, c.name, in.Valid(), c.field, c.msg)
	}
}

func TestGroupInputDefaults(t *testing.T) {
	in := validGroupInput()
	if err := in.Valid(); err != nil {
		t.Fatal(err)
	}
	if in.UF != "SP" || in.Visibilidade != Publico || in.Entrada != EntradaAberta || NewGroup("g1", "u1", in, Defaults(), time.Now()).MaxMembros != 50 {
		t.Fatalf("defaults: %+v", in)
	}
	priv := validGroupInput()
	priv.Visibilidade = Privado
	if err := priv.Valid(); err != nil || priv.Entrada != EntradaConvite {
		t.Fatalf("private default entrada: %v %q", err, priv.Entrada)
	}
}

func TestGroupUpdateApplyChecksTheWhole(t *testing.T) {
	g := NewGroup("g1", "u1", func() GroupInput { in := validGroupInput(); in.Valid(); return in }(), Defaults(), time.Now())
	g.MemberCount = 7

	u := GroupUpdate{Version: ptr(1), MaxMembros: ptr(5)}
	if err := u.Valid(); err != nil {
		t.Fatal(err)
	}
	_, err := u.Apply(g, time.Now())
	wantField(t, "cap below members", err, "maxMembros", "número atual de membros (7)")

	u = GroupUpdate{Version: ptr(1), Visibilidade: ptr(Privado)}
	got, err := u.Apply(g, time.Now())
	if err != nil || got.Entrada != EntradaConvite || got.Version != 2 {
		t.Fatalf("going private switches entrada to convite: %v %+v", err, got)
	}

	u = GroupUpdate{Version: ptr(1), Visibilidade: ptr(Privado), Entrada: ptr(EntradaAprovacao)}
	_, err = u.Apply(g, time.Now())
	wantField(t, "private approval", err, "entrada", "convite")

	u = GroupUpdate{Version: ptr(1), FotoCapa: ptr("")}
	g.FotoCapa = ptr("https://x/y")
	got, _ = u.Apply(g, time.Now())
	if got.FotoCapa != nil {
		t.Fatal("empty fotoCapa removes the photo")
	}
}

func TestGroupUpdateValid(t *testing.T) {
	cases := []struct {
		name  string
		u     GroupUpdate
		field string
		msg   string
	}{
		{"no version", GroupUpdate{Nome: ptr("Nova")}, "version", "versão"},
		{"nothing", GroupUpdate{Version: ptr(1)}, "", "ao menos um campo"},
		{"nome short", GroupUpdate{Version: ptr(1), Nome: ptr("x")}, "nome", "entre 3 e 60"},
		{"uf bad", GroupUpdate{Version: ptr(1), UF: ptr("ZZ")}, "uf", "27 estados"},
		{"cidade blank", GroupUpdate{Version: ptr(1), Cidade: ptr(" ")}, "cidade", "obrigatória"},
		{"entrada bad", GroupUpdate{Version: ptr(1), Entrada: ptr(Entrada("x"))}, "entrada", "aberta"},
		{"visibilidade bad", GroupUpdate{Version: ptr(1), Visibilidade: ptr(Visibilidade("x"))}, "visibilidade", "publico"},
		{"max bad", GroupUpdate{Version: ptr(1), MaxMembros: ptr(0)}, "maxMembros", "entre 2 e 500"},
		{"ok", GroupUpdate{Version: ptr(1), UF: ptr("rj")}, "", ""},
	}
	for _, c := range cases {
		err := c.u.Valid()
		if c.field == "" && c.msg != "" {
			e, ok := AsError(err)
			if !ok || !strings.Contains(e.Message, c.msg) {
				t.Fatalf("%s: %v", c.name, err)
			}
			continue
		}
		wantField(t, c.name, err, c.field, c.msg)
	}
}

func TestSearchKeyFoldsAccentsCaseAndPunctuation(t *testing.T) {
	cases := map[string]string{
		"Horta São João":         "horta sao joao",
		"  AÇAÍ -- Comunitário!": "acai comunitario",
		"Ribeirão#Preto":         "ribeirao preto",
		"":                       "",
	}
	for in, want := range cases {
		if got := SearchKey(in); got != want {
			t.Errorf("SearchKey(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestAccessRules(t *testing.T) {
	pub := Group{Visibilidade: Publico}
	priv := Group{Visibilidade: Privado}
	stranger := Access{Self: "s"}
	member := Access{Self: "m", Papel: PapelMembro}
	coord := Access{Self: "c", Papel: PapelCoordenador}
	owner := Access{Self: "o", Papel: PapelDono}
	admin := Access{Self: "a", Admin: true}

	code := func(err error) Code {
		if err == nil {
			return ""
		}
		return ErrorCode(err)
	}
	check := func(name string, err error, want Code) {
		t.Helper()
		if got := code(err); got != want {
			t.Errorf("%s: got %q, want %q", name, got, want)
		}
	}
	check("stranger views public", stranger.CanView(pub), "")
	check("stranger views private", stranger.CanView(priv), ENotFound)
	check("stranger inside public", stranger.CanReadInside(pub), EForbidden)
	check("stranger inside private", stranger.CanReadInside(priv), ENotFound)
	check("admin inside private", admin.CanReadInside(priv), "")
	check("member manages", member.CanManage(pub), EForbidden)
	check("coord manages", coord.CanManage(priv), "")
	check("admin manages", admin.CanManage(pub), EForbidden)
	check("admin edits", admin.CanEdit(priv), "")
	check("coord deletes", coord.CanDelete(pub), EForbidden)
	check("admin deletes", admin.CanDelete(pub), "")
	check("member joins", member.CanJoin(pub), EConflict)
	check("stranger joins private", stranger.CanJoin(priv), ENotFound)

	check("member leaves", member.CanRemove(pub, "m", PapelMembro), "")
	check("owner leaves", owner.CanRemove(pub, "o", PapelDono), EConflict)
	check("member removes", member.CanRemove(pub, "x", PapelMembro), EForbidden)
	check("coord removes membro", coord.CanRemove(pub, "x", PapelMembro), "")
	check("coord removes coord", coord.CanRemove(pub, "x", PapelCoordenador), EForbidden)
	check("owner removes coord", owner.CanRemove(pub, "x", PapelCoordenador), "")
	check("admin removes coord", admin.CanRemove(priv, "x", PapelCoordenador), "")
	check("admin removes owner", admin.CanRemove(priv, "o", PapelDono), EForbidden)
	check("remove non-member", owner.CanRemove(pub, "x", ""), ENotFound)

	check("owner promotes", owner.CanSetPapel(pub, "x", PapelMembro, PapelCoordenador), "")
	check("coord promotes", coord.CanSetPapel(pub, "x", PapelMembro, PapelCoordenador), EForbidden)
	check("owner demotes self", owner.CanSetPapel(pub, "o", PapelDono, PapelMembro), EConflict)
	check("owner transfers", owner.CanTransfer(pub, "x", PapelMembro), "")
	check("owner transfers to stranger", owner.CanTransfer(pub, "x", ""), ENotFound)
	check("admin transfers", admin.CanTransfer(pub, "x", PapelMembro), EForbidden)
}

func TestGroupUpdateValidCleansTheFieldsItIsGiven(t *testing.T) {
	u := GroupUpdate{Version: ptr(1), Nome: ptr("  Horta   da Vila "), Cidade: ptr(" São  Paulo "), UF: ptr("sp")}
	if err := u.Valid(); err != nil {
		t.Fatal(err)
	}
	if *u.Nome != "Horta da Vila" || *u.Cidade != "São Paulo" || *u.UF != "SP" || u.Descricao != nil {
		t.Fatalf("cleaned to %q %q %q %v", *u.Nome, *u.Cidade, *u.UF, u.Descricao)
	}
}
