package mutiroes

import (
	"bytes"
	"fmt"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"
)

// iCalendar (RFC 5545) as phones' calendars read it: CRLF line ends, lines
// folded at 75 octets, TEXT values escaped, times in UTC.

// icsEvent is one VEVENT.
type icsEvent struct {
	UID         string
	Inicio, Fim time.Time
	Titulo      string
	Local       string
	Descricao   string
	URL         string
	Cancelado   bool
}

type icsWriter struct{ b bytes.Buffer }

// line writes one content line, folded: continuation lines start with a
// space, and a fold never splits a UTF-8 character.
func (w *icsWriter) line(s string) {
	limit := 75 // octets; a continuation line's leading space counts
	for len(s) > limit {
		cut := limit
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		w.b.WriteString(s[:cut] + "\r\n ")
		s = s[cut:]
		limit = 74
	}
	w.b.WriteString(s + "\r\n")
}

// icsText escapes a TEXT value.
func icsText(s string) string {
	return strings.NewReplacer(`\`, `\\`, ";", `\;`, ",", `\,`, "\r\n", `\n`, "\n", `\n`, "\r", `\n`).Replace(s)
}

func icsTime(t time.Time) string { return t.UTC().Format("20060102T150405Z") }

// calendar is a VCALENDAR of events named nome.
func calendar(nome string, events []icsEvent, now time.Time) []byte {
	var w icsWriter
	w.line("BEGIN:VCALENDAR")
	w.line("VERSION:2.0")
	w.line("PRODID:-//Verde//Mutiroes e escalas//PT-BR")
	w.line("CALSCALE:GREGORIAN")
	w.line("METHOD:PUBLISH")
	w.line("X-WR-CALNAME:" + icsText(nome))
	w.line("X-WR-TIMEZONE:America/Sao_Paulo")
	w.line("REFRESH-INTERVAL;VALUE=DURATION:PT6H")
	for _, e := range events {
		w.line("BEGIN:VEVENT")
		w.line("UID:" + e.UID)
		w.line("DTSTAMP:" + icsTime(now))
		w.line("DTSTART:" + icsTime(e.Inicio))
		w.line("DTEND:" + icsTime(e.Fim))
		w.line("SUMMARY:" + icsText(e.Titulo))
		if e.Local != "" {
			w.line("LOCATION:" + icsText(e.Local))
		}
		if e.Descricao != "" {
			w.line("DESCRIPTION:" + icsText(e.Descricao))
		}
		if e.URL != "" {
			w.line("URL:" + e.URL)
		}
		if e.Cancelado {
			w.line("STATUS:CANCELLED")
		} else {
			w.line("STATUS:CONFIRMED")
		}
		w.line("END:VEVENT")
	}
	w.line("END:VCALENDAR")
	return w.b.Bytes()
}

// writeCalendar answers an iCalendar file; download names it as an attachment.
func writeCalendar(w http.ResponseWriter, body []byte, download string) {
	w.Header().Set("Content-Type", "text/calendar; charset=utf-8")
	if download != "" {
		w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s"`, download))
	}
	w.Header().Set("Cache-Control", "private, max-age=300")
	w.WriteHeader(http.StatusOK)
	w.Write(body)
}

// siteURL is the site's origin as the request reached it (CloudFront's host),
// for links inside calendar events.
func siteURL(r *http.Request) string {
	host := r.Header.Get("X-Forwarded-Host")
	if host == "" {
		host = r.Host
	}
	scheme := "https"
	if p := r.Header.Get("X-Forwarded-Proto"); p != "" {
		scheme = p
	} else if r.TLS == nil && (strings.HasPrefix(host, "localhost") || strings.HasPrefix(host, "127.0.0.1")) {
		scheme = "http"
	}
	if host == "" {
		return ""
	}
	return scheme + "://" + host
}
