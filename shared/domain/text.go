package domain

import (
	"regexp"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// Every free text a person types (names, descriptions, bios, cities,
// observations) goes through CleanText or CleanMultiline before it is
// validated or stored: both drop what a screen cannot show but a terminal,
// a log or a text renderer would act on — C0/C1 control characters (NUL
// included), ANSI escape sequences, and the format characters of Unicode
// (zero-width spaces and joiners, the BOM, soft hyphens, and the bidi
// embeddings, overrides and isolates that reorder what follows). A name
// must then keep at least one visible character (RequireVisible).

// ansiEscape is an ANSI escape sequence: CSI (ESC [ … final byte), OSC (ESC ]
// … BEL or ESC \) or a two-character escape. Dropped whole, so "\x1b[31m"
// leaves no "[31m" behind.
var ansiEscape = LazyRegexp(`\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)?|[@-Z\\-_])?`)

// invisible reports a rune that is dropped from every free text.
func invisible(r rune) bool {
	switch {
	case r == utf8.RuneError:
		return true
	case unicode.IsControl(r): // C0, DEL, C1
		return true
	case unicode.Is(unicode.Cf, r): // ZWSP, ZWJ, ZWNJ, BOM, soft hyphen, LRM/RLM, LRE…PDF, LRI…PDI
		return true
	case r >= 0xFE00 && r <= 0xFE0F, r >= 0xE0100 && r <= 0xE01EF: // variation selectors
		return true
	case unicode.Is(unicode.Co, r), unicode.Is(unicode.Cs, r), unicode.Is(unicode.Cn, r): // private use, surrogates, unassigned
		return true
	}
	return false
}

// blankLooking are graphic characters that render as nothing: they may stay
// inside a text, but do not make a name visible.
func blankLooking(r rune) bool {
	switch r {
	case 0x115F, 0x1160, 0x3164, 0xFFA0, 0x2800, 0x180E:
		return true
	}
	return false
}

func stripInvisible(s string, keep func(rune) bool) string {
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "")
	}
	s = ansiEscape().ReplaceAllString(s, "")
	return strings.Map(func(r rune) rune {
		if keep != nil && keep(r) {
			return r
		}
		if invisible(r) {
			return -1
		}
		return r
	}, s)
}

// CleanText is a user-entered single-line text: invisible characters
// dropped, trimmed, runs of white space folded into one space.
func CleanText(s string) string {
	return strings.Join(strings.Fields(stripInvisible(s, nil)), " ")
}

// CleanMultiline is a multi-line text: invisible characters dropped except
// newlines and tabs, trimmed.
func CleanMultiline(s string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = stripInvisible(s, func(r rune) bool { return r == '\n' || r == '\t' })
	return strings.TrimSpace(s)
}

// Visible reports whether s has at least one character that shows on screen
// (a letter, number, punctuation or symbol; not a space, a lone combining
// mark or a blank-looking filler).
func Visible(s string) bool {
	for _, r := range s {
		if blankLooking(r) || invisible(r) || unicode.IsSpace(r) {
			continue
		}
		if unicode.IsLetter(r) || unicode.IsNumber(r) || unicode.IsPunct(r) || unicode.IsSymbol(r) {
			return true
		}
	}
	return false
}

// CleanName is the one check of every name (a group's, a person's, a
// city): the text cleaned as CleanText, and refused with a Portuguese
// message naming field when something was typed but nothing of it shows
// (NUL, bidi overrides, zero-width or blank-looking characters only). An
// empty input stays "" without error: whether it is required is the
// caller's rule. label starts the message ("O nome do grupo").
func CleanName(field, label, s string) (string, error) {
	c := CleanText(s)
	if strings.TrimSpace(s) != "" && !Visible(c) {
		return "", Invalid(field, label+" deve ter ao menos uma letra, número ou símbolo visível")
	}
	return c, nil
}

// Length counts characters, not bytes.
func Length(s string) int { return utf8.RuneCountInString(s) }

// LazyRegexp compiles pattern on first use, not when the package loads: a compiled pattern costs
// tens of thousands of instructions (`{22}` repeats its class 22 times), and package-level ones
// were most of every function's start before its first request (make bench: init).
func LazyRegexp(pattern string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(pattern) })
}
