package domain

import (
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Link previews: what a link-preview crawler (WhatsApp, Facebook, Telegram, Slack …) shows of a
// group's public page and of an invite link, from the Open Graph and Twitter tags the server
// writes into the page (shared/api/groups/preview.go, docs/link-previews.md).
//
// Only a public group shows anything of itself, and only what its public page shows anyone:
// name, city and UF, members count, description, cover photo. A private group shows the same
// only in the preview of a valid invite to it (its token in the link): the invite's own page
// shows the group's summary to whoever holds the link, so the preview tells nothing more. Any
// other link to a private group reads exactly like an unknown group's, so a public-page link
// or a stale invite forwarded outside the group tells nothing of it, not even that it exists.

// PreviewPage is the page a shared link opens.
type PreviewPage string

const (
	PreviewPublico PreviewPage = "publico" // /grupos/{groupId}/publico, the public page
	PreviewConvite PreviewPage = "convite" // /grupos/{groupId}/convite?c={token}, an invite link
)

// The site-wide parts of every preview, and the image of one that shows no group photo (drawn
// by tools/ogimage into spa/public).
const (
	PreviewSiteName      = "Verde"
	PreviewLocale        = "pt_BR"
	PreviewDefaultImage  = "/og-verde.png"
	PreviewDefaultWidth  = 1200
	PreviewDefaultHeight = 630
	// MaxPreviewDescription is the longest description, in characters: WhatsApp shows two lines
	// or so of it, Facebook about 200 characters.
	MaxPreviewDescription = 200
)

// LinkPreview is what a page's preview shows.
type LinkPreview struct {
	Title       string
	Description string
	// Image is the image's path on the site: /media/<key> for a group's cover photo (its
	// largest variant), PreviewDefaultImage otherwise; ImageWidth × ImageHeight are its pixels.
	Image       string
	ImageWidth  int
	ImageHeight int
	ImageAlt    string
}

// ShowsGroup reports whether a preview of page may show g at all: a public group that exists,
// or on an invite's page a group the link holds a valid invite to (invited). A nil group is one
// that does not exist (or is being deleted).
func ShowsGroup(g *Group, page PreviewPage, invited bool) bool {
	return g != nil && !g.Deleting && (g.Visibilidade == Publico || page == PreviewConvite && invited)
}

// InviteOpensPreview reports whether inv, read from an invite link to group gid, lets its
// preview show the group: an invite to that group, valid now (not expired, revoked or used up).
func InviteOpensPreview(inv Invite, gid string, now time.Time) bool {
	return inv.GroupID == gid && inv.StatusAt(now) == ConviteValido
}

// GroupPreview is the preview of page for g (nil: no such group); invited: the link holds a
// valid invite to g (InviteOpensPreview). A group ShowsGroup refuses gets the generic preview of
// the page, the same for every such group.
func GroupPreview(g *Group, page PreviewPage, invited bool) LinkPreview {
	p := LinkPreview{
		Image: PreviewDefaultImage, ImageWidth: PreviewDefaultWidth, ImageHeight: PreviewDefaultHeight,
		ImageAlt: "Verde: hortas comunitárias, do plantio à colheita",
	}
	if !ShowsGroup(g, page, invited) {
		if page == PreviewConvite {
			p.Title = "Convite para um grupo no Verde"
			p.Description = "Você recebeu um convite para participar de uma horta comunitária no Verde. Abra o link para ver o grupo."
		} else {
			p.Title = "Verde: hortas comunitárias"
			p.Description = "Forme um grupo, divida a horta em lotes e acompanhe cada cultivo, do plantio à colheita."
		}
		return p
	}
	nome := CleanText(g.Nome)
	facts := "Horta comunitária"
	if place := groupPlace(g); place != "" {
		facts += " em " + place
	}
	facts += " · " + membersCount(g.MemberCount)
	about := CleanText(g.Descricao)
	if page == PreviewConvite {
		p.Title = "Convite para o grupo " + nome + " no Verde"
		p.Description = joinSentences("Você foi convidado para participar.", facts, about)
	} else {
		p.Title = nome + " no Verde"
		p.Description = joinSentences(facts, about)
	}
	p.Description = shorten(p.Description, MaxPreviewDescription)
	if g.FotoCapa != nil {
		if f, ok := ParseProcessedFoto(*g.FotoCapa); ok { // the key names the largest variant
			p.Image = "/media/" + *g.FotoCapa
			p.ImageWidth, p.ImageHeight = f.Largest.W, f.Largest.H
			p.ImageAlt = "Foto de capa do grupo " + nome
		}
	}
	return p
}

// groupPlace is "Cidade/UF", or whichever of the two the group has.
func groupPlace(g *Group) string {
	cidade, uf := CleanText(g.Cidade), CleanText(g.UF)
	switch {
	case cidade != "" && uf != "":
		return cidade + "/" + uf
	case cidade != "":
		return cidade
	}
	return uf
}

func membersCount(n int) string {
	if n == 1 {
		return "1 membro"
	}
	return strconv.Itoa(n) + " membros"
}

// joinSentences joins the non-empty parts, each ended by a full stop unless it has its own.
func joinSentences(parts ...string) string {
	var out []string
	for _, s := range parts {
		if s == "" {
			continue
		}
		if last, _ := utf8.DecodeLastRuneInString(s); !strings.ContainsRune(".!?…", last) {
			s += "."
		}
		out = append(out, s)
	}
	return strings.Join(out, " ")
}

// shorten cuts s to at most max characters at a word's end, with "…" in place of the rest.
func shorten(s string, max int) string {
	if utf8.RuneCountInString(s) <= max {
		return s
	}
	r := []rune(s)[:max-1]
	cut := string(r)
	if i := strings.LastIndexByte(cut, ' '); i > 0 {
		cut = cut[:i]
	}
	return strings.TrimRight(cut, " ,;:·-") + "…"
}
