// Package email writes Verde's e-mails: every message is one
// Content, rendered in Verde's look as HTML and as plain text from the same
// words (Render); the product's own e-mails (reminders, the weekly digest)
// go out through Amazon SES (the sesmail package) with both parts and a
// one-click unsubscribe (links.go); Cognito's (codes, password reset) are worded by the
// CustomMessage trigger (shared/triggers/custommessage) with the same Render.
package email

import (
	"bytes"
	"embed"
	htmltemplate "html/template"
	"strings"
	texttemplate "text/template"
)

// Content is what one e-mail says, before it has a look.
type Content struct {
	Subject string
	// Preheader is the line mail apps show beside the subject.
	Preheader string
	Greeting  string
	Intro     []string
	// Code is shown large, to be typed (a confirmation code, a temporary
	// password); Cognito's placeholders ({####}) stay as they are.
	Code string
	// Lines are label/value pairs (an admin-made account's username).
	Lines    []Line
	Sections []Section
	Button   *Link
	Outro    []string
	// Why says why the member gets this e-mail (the footer).
	Why string
	// Unsubscribe, when set, is the footer's one-click way out of this kind
	// of e-mail; Settings where all of them are chosen.
	Unsubscribe *Link
	Settings    *Link
}

// Line is a label and its value.
type Line struct{ Label, Value string }

// Section is a heading with its items (the digest's groups).
type Section struct {
	Heading string
	Link    string
	Items   []string
	// Note is a closing line under the items ("e mais 4 publicações").
	Note string
}

// Link is a label and where it goes.
type Link struct{ Label, URL string }

//go:embed templates
var files embed.FS

var (
	htmlLayout = htmltemplate.Must(htmltemplate.New("layout.html").Funcs(htmltemplate.FuncMap{"colors": func() palette { return colors }}).ParseFS(files, "templates/layout.html"))
	textLayout = texttemplate.Must(texttemplate.New("layout.txt").Funcs(texttemplate.FuncMap{"wrap": wrap}).ParseFS(files, "templates/layout.txt"))
)

// palette is Verde's look in e-mail (the SPA's tokens.css).
type palette struct{ Green900, Green700, Green100, Green50, Ink, Muted, Line, Background string }

var colors = palette{Green900: "#1b4d20", Green700: "#2f7d32", Green100: "#e3f2e4", Green50: "#f2f8f2", Ink: "#1d2a1f", Muted: "#55655a", Line: "#d6e2d7", Background: "#f5f8f4"}

// Render gives the e-mail's HTML and plain-text bodies.
func Render(c Content) (html, text string, err error) {
	var h, t bytes.Buffer
	if err := htmlLayout.Execute(&h, c); err != nil {
		return "", "", err
	}
	if err := textLayout.Execute(&t, c); err != nil {
		return "", "", err
	}
	return h.String(), strings.TrimSpace(t.String()) + "\n", nil
}

// wrap breaks s into lines of at most 72 columns for the plain-text part.
func wrap(s string) string {
	var b strings.Builder
	col := 0
	for i, w := range strings.Fields(s) {
		n := len([]rune(w))
		if i > 0 {
			if col+1+n > 72 {
				b.WriteByte('\n')
				col = 0
			} else {
				b.WriteByte(' ')
				col++
			}
		}
		b.WriteString(w)
		col += n
	}
	return b.String()
}
