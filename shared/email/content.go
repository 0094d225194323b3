// Package email writes Verde's e-mails: every message is one Content,
// rendered in Verde's look as HTML and as plain text from the same words
// (Render); the product's own e-mails (reminders, the weekly digest) go out
// through Amazon SES (the sesmail package) with both parts and a one-click
// unsubscribe (links.go); Cognito's (codes, password reset) are worded by the
// CustomMessage trigger (shared/triggers/custommessage) with the same Render.
package email

import (
	"html"
	"strings"
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

// Verde's look in e-mail (the SPA's tokens.css). The layout is written out
// here rather than with html/template: the template packages' reflection keeps
// every method of every type in a binary, which doubled the size of the
// functions that send e-mail (the Lambda package budget is 6 MB).
const (
	green900   = "#1b4d20"
	green700   = "#2f7d32"
	green100   = "#e3f2e4"
	green50    = "#f2f8f2"
	ink        = "#1d2a1f"
	muted      = "#55655a"
	line       = "#d6e2d7"
	background = "#f5f8f4"
)

// Render gives the e-mail's HTML and plain-text bodies.
func Render(c Content) (htmlBody, text string, err error) {
	return renderHTML(c), renderText(c), nil
}

func renderHTML(c Content) string {
	e := html.EscapeString
	var b strings.Builder
	w := func(parts ...string) {
		for _, p := range parts {
			b.WriteString(p)
		}
	}
	w(`<!DOCTYPE html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>`, e(c.Subject), `</title>
</head>
<body style="margin:0;padding:0;background:`, background, `;color:`, ink, `;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5">`)
	if c.Preheader != "" {
		w(`<div style="display:none;max-height:0;overflow:hidden">`, e(c.Preheader), `</div>`)
	}
	w(`
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:`, background, `">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border:1px solid `, line, `;border-radius:12px">
<tr><td style="background:`, green700, `;border-radius:12px 12px 0 0;padding:20px 24px;color:#ffffff;font-size:22px;font-weight:bold;letter-spacing:0.5px">Verde</td></tr>
<tr><td style="padding:24px">`)
	if c.Greeting != "" {
		w("\n", `<p style="margin:0 0 16px;font-size:18px;font-weight:bold">`, e(c.Greeting), `</p>`)
	}
	for _, p := range c.Intro {
		w("\n", `<p style="margin:0 0 16px">`, e(p), `</p>`)
	}
	if c.Code != "" {
		w("\n", `<p style="margin:0 0 16px;padding:16px;background:`, green50, `;border:1px solid `, green100,
			`;border-radius:8px;text-align:center;font-size:28px;font-weight:bold;letter-spacing:4px;color:`, green900, `">`, e(c.Code), `</p>`)
	}
	if len(c.Lines) > 0 {
		w("\n", `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px">`)
		for _, l := range c.Lines {
			w("\n", `<tr><td style="padding:4px 12px 4px 0;color:`, muted, `">`, e(l.Label), `</td><td style="padding:4px 0;font-weight:bold">`, e(l.Value), `</td></tr>`)
		}
		w("\n</table>")
	}
	for _, s := range c.Sections {
		heading := e(s.Heading)
		if s.Link != "" {
			heading = `<a href="` + e(s.Link) + `" style="color:` + green900 + `">` + heading + `</a>`
		}
		w("\n", `<h2 style="margin:24px 0 8px;font-size:18px;color:`, green900, `">`, heading, `</h2>`)
		w("\n", `<ul style="margin:0 0 8px;padding-left:20px">`)
		for _, it := range s.Items {
			w("\n", `<li style="margin:0 0 6px">`, e(it), `</li>`)
		}
		w("\n</ul>")
		if s.Note != "" {
			w("\n", `<p style="margin:0 0 16px;color:`, muted, `">`, e(s.Note), `</p>`)
		}
	}
	if c.Button != nil {
		w("\n", `<p style="margin:24px 0"><a href="`, e(c.Button.URL), `" style="display:inline-block;background:`, green700,
			`;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:8px">`, e(c.Button.Label), `</a></p>`)
	}
	for _, p := range c.Outro {
		w("\n", `<p style="margin:0 0 16px;color:`, muted, `">`, e(p), `</p>`)
	}
	w(`
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid `, line, `;color:`, muted, `;font-size:13px">`)
	if c.Why != "" {
		w("\n", `<p style="margin:0 0 8px">`, e(c.Why), `</p>`)
	}
	if c.Unsubscribe != nil || c.Settings != nil {
		var links []string
		for _, l := range []*Link{c.Unsubscribe, c.Settings} {
			if l != nil {
				links = append(links, `<a href="`+e(l.URL)+`" style="color:`+muted+`">`+e(l.Label)+`</a>`)
			}
		}
		w("\n", `<p style="margin:0 0 8px">`, strings.Join(links, " &middot; "), `</p>`)
	}
	w("\n", `<p style="margin:0">Verde &mdash; hortas comunit&aacute;rias</p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`)
	return b.String()
}

func renderText(c Content) string {
	var b strings.Builder
	para := func(s string) { b.WriteString("\n" + wrap(s) + "\n") }
	b.WriteString("VERDE\n")
	if c.Greeting != "" {
		para(c.Greeting)
	}
	for _, p := range c.Intro {
		para(p)
	}
	if c.Code != "" {
		b.WriteString("\n    " + c.Code + "\n")
	}
	if len(c.Lines) > 0 {
		b.WriteString("\n")
		for _, l := range c.Lines {
			b.WriteString(l.Label + ": " + l.Value + "\n")
		}
	}
	for _, s := range c.Sections {
		b.WriteString("\n== " + s.Heading + " ==\n")
		if s.Link != "" {
			b.WriteString(s.Link + "\n")
		}
		for _, it := range s.Items {
			b.WriteString("- " + wrap(it) + "\n")
		}
		if s.Note != "" {
			b.WriteString(wrap(s.Note) + "\n")
		}
	}
	if c.Button != nil {
		b.WriteString("\n" + c.Button.Label + ": " + c.Button.URL + "\n")
	}
	for _, p := range c.Outro {
		para(p)
	}
	b.WriteString("\n--\n")
	if c.Why != "" {
		b.WriteString(wrap(c.Why) + "\n")
	}
	for _, l := range []*Link{c.Unsubscribe, c.Settings} {
		if l != nil {
			b.WriteString(l.Label + ": " + l.URL + "\n")
		}
	}
	b.WriteString("Verde - hortas comunitárias\n")
	return b.String()
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
