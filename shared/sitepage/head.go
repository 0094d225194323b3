package sitepage

import (
	"bytes"
	"html"
	"regexp"
)

// Head is what a page says of itself in its <head>: its title and its meta tags.
type Head struct {
	Title string
	Meta  []Meta
}

// Meta is one <meta> tag: <meta property="og:title" content="…"> (Attr "property", the Open
// Graph form) or <meta name="twitter:card" content="…"> (Attr "name").
type Meta struct {
	Attr, Key, Content string
}

var (
	titleTag       = regexp.MustCompile(`(?is)<title>.*?</title>`)
	descriptionTag = regexp.MustCompile(`(?is)<meta\s+name="description"[^>]*>\s*`)
)

// WithHead is page (an index.html) with h written into its head: h's title in place of the
// page's own <title>, followed by h's meta tags; a meta description in h replaces the page's.
// Every value is HTML-escaped, so no text can end the attribute or the element it is in.
// Everything else (the #verde-config script, the scripts and styles, <div id="root">) stays as
// it is, byte for byte.
func WithHead(page []byte, h Head) []byte {
	var tags bytes.Buffer
	tags.WriteString("<title>" + html.EscapeString(h.Title) + "</title>")
	replacesDescription := false
	for _, m := range h.Meta {
		tags.WriteString("\n    <meta " + m.Attr + `="` + html.EscapeString(m.Key) + `" content="` + html.EscapeString(m.Content) + `" />`)
		if m.Attr == "name" && m.Key == "description" {
			replacesDescription = true
		}
	}
	out := page
	if replacesDescription {
		out = descriptionTag.ReplaceAllLiteral(out, nil)
	}
	if loc := titleTag.FindIndex(out); loc != nil {
		return concat(out[:loc[0]], tags.Bytes(), out[loc[1]:])
	}
	if i := bytes.Index(bytes.ToLower(out), []byte("</head>")); i >= 0 {
		return concat(out[:i], tags.Bytes(), []byte("\n"), out[i:])
	}
	return concat(tags.Bytes(), []byte("\n"), out)
}

func concat(parts ...[]byte) []byte {
	return bytes.Join(parts, nil)
}
