package email

import (
	"fmt"
	"strings"
)

// The product's e-mails. Each is one kind a member chose in /configuracoes
// (domain.TiposEmail) and says so in its footer, with the way out of it.

// Footer is what every product e-mail ends with: why it came, the one-click
// page that stops this kind, and where all kinds are chosen.
type Footer struct {
	SiteURL      string
	Why          string
	StopLabel    string
	StopPageURL  string
	SettingsPath string
}

func (f Footer) apply(c *Content) {
	site := strings.TrimRight(f.SiteURL, "/")
	c.Why = f.Why
	c.Unsubscribe = &Link{Label: f.StopLabel, URL: f.StopPageURL}
	c.Settings = &Link{Label: "Escolher meus e-mails", URL: site + "/configuracoes"}
}

// Reminder is a reminder's e-mail: the notification's own words, a subject
// for its kind (domain.Notif… tipo) and a link to the cultivo, the mutirão or
// the escala (vegetal names it: the vegetable, or the mutirão's or escala's
// name).
func Reminder(siteURL, nome, notifTipo, texto, link, vegetal string, f Footer) Content {
	site := strings.TrimRight(siteURL, "/")
	subject := "Lembrete do Verde"
	button := "Ver o cultivo"
	switch notifTipo {
	case "mutirao_lembrete":
		subject, button = fmt.Sprintf("Amanhã tem mutirão: %s", vegetal), "Ver o mutirão"
	case "escala_lembrete":
		subject, button = fmt.Sprintf("Hoje é o seu turno: %s", vegetal), "Ver a escala"
	case "lembrete_janela":
		subject = fmt.Sprintf("Hora de colher: %s", vegetal)
	case "lembrete_diario":
		subject = fmt.Sprintf("Como está o seu cultivo de %s?", strings.ToLower(vegetal))
	case "lembrete_sequencia":
		subject = fmt.Sprintf("Sua sequência de cuidados com %s termina hoje", strings.ToLower(vegetal))
	}
	c := Content{
		Subject:   subject,
		Preheader: texto,
		Greeting:  greeting(nome),
		Intro:     []string{texto},
		Button:    &Link{Label: button, URL: site + link},
	}
	f.apply(&c)
	return c
}

// DigestGroup is one group's week in the digest.
type DigestGroup struct {
	Nome, Link string
	Posts      []DigestPost
	// Total is the week's posts in the group (more than Posts lists).
	Total int
}

// DigestPost is one post as the digest quotes it.
type DigestPost struct{ Autor, Texto string }

// Digest is the weekly digest of a member's groups (only groups with news).
func Digest(siteURL, nome string, groups []DigestGroup, f Footer) Content {
	site := strings.TrimRight(siteURL, "/")
	c := Content{
		Subject:   "Resumo da semana nos seus grupos",
		Preheader: digestPreheader(groups),
		Greeting:  greeting(nome),
		Intro:     []string{"Veja o que aconteceu nos seus grupos do Verde nesta semana:"},
		Button:    &Link{Label: "Abrir o Verde", URL: site + "/dashboard"},
	}
	for _, g := range groups {
		sec := Section{Heading: g.Nome, Link: site + g.Link}
		for _, p := range g.Posts {
			sec.Items = append(sec.Items, p.Autor+": "+excerpt(p.Texto, 160))
		}
		switch more := g.Total - len(g.Posts); {
		case more == 1:
			sec.Note = "e mais 1 publicação"
		case more > 1:
			sec.Note = fmt.Sprintf("e mais %d publicações", more)
		}
		c.Sections = append(c.Sections, sec)
	}
	f.apply(&c)
	return c
}

func digestPreheader(groups []DigestGroup) string {
	n := 0
	for _, g := range groups {
		n += g.Total
	}
	if n == 1 {
		return "1 publicação nova nos seus grupos."
	}
	return fmt.Sprintf("%d publicações novas nos seus grupos.", n)
}

func greeting(nome string) string {
	if f := strings.Fields(nome); len(f) > 0 {
		return "Olá, " + f[0] + "!"
	}
	return "Olá!"
}

// excerpt is s on one line, cut at a word within max characters.
func excerpt(s string, max int) string {
	s = strings.Join(strings.Fields(s), " ")
	r := []rune(s)
	if len(r) <= max {
		return s
	}
	cut := string(r[:max])
	if i := strings.LastIndex(cut, " "); i > max/2 {
		cut = cut[:i]
	}
	return cut + "…"
}
