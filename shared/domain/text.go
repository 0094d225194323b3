package domain

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// CleanText trims a user-entered single-line text and folds runs of white space.
func CleanText(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// CleanMultiline trims a multi-line text and drops control characters other than newlines and tabs.
func CleanMultiline(s string) string {
	s = strings.Map(func(r rune) rune {
		if r == '\n' || r == '\t' || !unicode.IsControl(r) {
			return r
		}
		return -1
	}, s)
	return strings.TrimSpace(s)
}

// Length counts characters, not bytes.
func Length(s string) int { return utf8.RuneCountInString(s) }
