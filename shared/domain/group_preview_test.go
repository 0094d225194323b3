package domain

import (
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

func TestGroupPreviewShowsOnlyAPublicGroup(t *testing.T) {
	capa := "fotos/u1/capa/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b/1280x720.webp"
	legacy := "uploads/u1/capa.jpg" // a key stored before photos were processed: /media does not serve it
	public := func(change func(*Group)) *Group {
		g := &Group{ID: "g1", Nome: "Horta da Vila", Descricao: "Canteiros de alface e couve.", Cidade: "Campinas", UF: "SP",
			Visibilidade: Publico, MemberCount: 12, FotoCapa: &capa}
		if change != nil {
			change(g)
		}
		return g
	}
	private := public(func(g *Group) { g.Visibilidade = Privado })
	deleting := public(func(g *Group) { g.Deleting = true })
	genericPage := LinkPreview{
		Title:       "Verde: hortas comunitárias",
		Description: "Forme um grupo, divida a horta em lotes e acompanhe cada cultivo, do plantio à colheita.",
		Image:       PreviewDefaultImage, ImageWidth: 1200, ImageHeight: 630, ImageAlt: "Verde: hortas comunitárias, do plantio à colheita",
	}
	genericInvite := genericPage
	genericInvite.Title = "Convite para um grupo no Verde"
	genericInvite.Description = "Você recebeu um convite para participar de uma horta comunitária no Verde. Abra o link para ver o grupo."

	privateInvite := LinkPreview{
		Title:       "Convite para o grupo Horta da Vila no Verde",
		Description: "Você foi convidado para participar. Horta comunitária em Campinas/SP · 12 membros. Canteiros de alface e couve.",
		Image:       "/media/" + capa, ImageWidth: 1280, ImageHeight: 720, ImageAlt: "Foto de capa do grupo Horta da Vila",
	}
	cases := []struct {
		name    string
		g       *Group
		page    PreviewPage
		invited bool // the link holds a valid invite to g
		want    LinkPreview
	}{
		{"public page", public(nil), PreviewPublico, false, LinkPreview{
			Title:       "Horta da Vila no Verde",
			Description: "Horta comunitária em Campinas/SP · 12 membros. Canteiros de alface e couve.",
			Image:       "/media/" + capa, ImageWidth: 1280, ImageHeight: 720, ImageAlt: "Foto de capa do grupo Horta da Vila",
		}},
		{"invite", public(nil), PreviewConvite, false, LinkPreview{
			Title:       "Convite para o grupo Horta da Vila no Verde",
			Description: "Você foi convidado para participar. Horta comunitária em Campinas/SP · 12 membros. Canteiros de alface e couve.",
			Image:       "/media/" + capa, ImageWidth: 1280, ImageHeight: 720, ImageAlt: "Foto de capa do grupo Horta da Vila",
		}},
		{"no cover photo: the default image", public(func(g *Group) { g.FotoCapa = nil; g.Descricao = "" }), PreviewPublico, false, LinkPreview{
			Title:       "Horta da Vila no Verde",
			Description: "Horta comunitária em Campinas/SP · 12 membros.",
			Image:       PreviewDefaultImage, ImageWidth: 1200, ImageHeight: 630, ImageAlt: genericPage.ImageAlt,
		}},
		{"a cover /media does not serve: the default image", public(func(g *Group) { g.FotoCapa = &legacy }), PreviewPublico, false, LinkPreview{
			Title:       "Horta da Vila no Verde",
			Description: "Horta comunitária em Campinas/SP · 12 membros. Canteiros de alface e couve.",
			Image:       PreviewDefaultImage, ImageWidth: 1200, ImageHeight: 630, ImageAlt: genericPage.ImageAlt,
		}},
		{"one member, no city", public(func(g *Group) { g.MemberCount, g.Cidade, g.Descricao = 1, "", "Horta nova!" }), PreviewPublico, false, LinkPreview{
			Title:       "Horta da Vila no Verde",
			Description: "Horta comunitária em SP · 1 membro. Horta nova!",
			Image:       "/media/" + capa, ImageWidth: 1280, ImageHeight: 720, ImageAlt: "Foto de capa do grupo Horta da Vila",
		}},
		{"private page", private, PreviewPublico, false, genericPage},
		{"private page, even with a valid invite", private, PreviewPublico, true, genericPage},
		{"private invite without a valid one", private, PreviewConvite, false, genericInvite},
		{"a valid invite to a private group shows what its invite page shows", private, PreviewConvite, true, privateInvite},
		{"unknown group's page", nil, PreviewPublico, false, genericPage},
		{"unknown group's invite", nil, PreviewConvite, true, genericInvite},
		{"a group being deleted", deleting, PreviewConvite, true, genericInvite},
	}
	for _, c := range cases {
		if got := GroupPreview(c.g, c.page, c.invited); got != c.want {
			t.Errorf("%s:\n got %+v\nwant %+v", c.name, got, c.want)
		}
	}
}

func TestGroupPreviewOfAPrivateGroupNamesNothingOfIt(t *testing.T) {
	capa := "fotos/u1/capa/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b/640x480.webp"
	g := &Group{Nome: "Horta Secreta", Descricao: "Só para vizinhos", Cidade: "Ouro Preto", UF: "MG", Visibilidade: Privado, MemberCount: 7, FotoCapa: &capa}
	for _, page := range []PreviewPage{PreviewPublico, PreviewConvite} {
		p := GroupPreview(g, page, false)
		all := p.Title + p.Description + p.Image + p.ImageAlt
		for _, secret := range []string{"Secreta", "vizinhos", "Ouro Preto", "MG", "7", capa} {
			if strings.Contains(all, secret) {
				t.Errorf("%s of a private group shows %q: %+v", page, secret, p)
			}
		}
	}
}

func TestGroupPreviewDescriptionIsShortenedAtAWord(t *testing.T) {
	g := &Group{Nome: "Horta", Cidade: "Campinas", UF: "SP", Visibilidade: Publico, MemberCount: 3,
		Descricao: strings.Repeat("alface couve rúcula ", 40)}
	d := GroupPreview(g, PreviewPublico, false).Description
	if n := utf8.RuneCountInString(d); n > MaxPreviewDescription || n < MaxPreviewDescription-20 {
		t.Errorf("%d characters: %q", n, d)
	}
	if !strings.HasSuffix(d, "…") || strings.HasSuffix(d, " …") || strings.Contains(d, "rúc…") {
		t.Errorf("not cut at a word: %q", d)
	}
	if !strings.HasPrefix(d, "Horta comunitária em Campinas/SP · 3 membros. alface couve") {
		t.Errorf("the facts come first: %q", d)
	}
}

func TestInviteOpensPreviewOnlyWhileValidAndForItsGroup(t *testing.T) {
	now := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
	valid := Invite{Token: "t", GroupID: "g1", ExpiraEm: now.Add(time.Hour), MaxUsos: 5, Usos: 1}
	change := func(f func(*Invite)) Invite { i := valid; f(&i); return i }
	for _, c := range []struct {
		name string
		inv  Invite
		gid  string
		want bool
	}{
		{"valid, its group", valid, "g1", true},
		{"another group's invite", valid, "g2", false},
		{"revoked", change(func(i *Invite) { i.Revogado = true }), "g1", false},
		{"expired", change(func(i *Invite) { i.ExpiraEm = now }), "g1", false},
		{"used up", change(func(i *Invite) { i.Usos = 5 }), "g1", false},
	} {
		if got := InviteOpensPreview(c.inv, c.gid, now); got != c.want {
			t.Errorf("%s: %t, want %t", c.name, got, c.want)
		}
	}
}
