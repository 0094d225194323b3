// Package csvcell writes spreadsheet files people open in Excel or
// LibreOffice: UTF-8 with a byte-order mark (so Excel reads accents right)
// and every text cell neutralised against formula injection, as OWASP's
// "CSV Injection" page advises: a cell that starts with = + - @, a tab or a
// carriage return gets a leading apostrophe, so the spreadsheet shows it as
// text instead of running it. Numbers written with Number are left as they
// are.
package csvcell

import (
	"encoding/csv"
	"io"
	"strconv"
	"strings"
)

// BOM is UTF-8's byte-order mark.
const BOM = "\ufeff"

// Neutralise is s made safe to open in a spreadsheet.
func Neutralise(s string) string {
	if s == "" {
		return s
	}
	switch s[0] {
	case '=', '+', '-', '@', '\t', '\r':
		return "'" + s
	}
	return s
}

// Number is a number as a cell, with a decimal point and no exponent.
func Number(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

// Writer writes rows of cells: Text cells neutralised, Number cells as is.
type Writer struct {
	w *csv.Writer
}

// NewWriter starts a file on w with the byte-order mark. sep is the field
// separator (',' for the standard; ';' opens in columns in a Brazilian Excel,
// whose decimal comma makes ',' ambiguous).
func NewWriter(w io.Writer, sep rune) (*Writer, error) {
	if _, err := io.WriteString(w, BOM); err != nil {
		return nil, err
	}
	cw := csv.NewWriter(w)
	cw.Comma = sep
	cw.UseCRLF = true
	return &Writer{w: cw}, nil
}

// Cell is one cell of a row: text to neutralise or a number to keep.
type Cell struct {
	v    string
	safe bool
}

// Text is a text cell.
func Text(s string) Cell { return Cell{v: s} }

// Num is a number cell.
func Num(f float64) Cell { return Cell{v: Number(f), safe: true} }

// Int is an integer cell.
func Int(n int) Cell { return Cell{v: strconv.Itoa(n), safe: true} }

// Row writes one row.
func (w *Writer) Row(cells ...Cell) error {
	rec := make([]string, len(cells))
	for i, c := range cells {
		if c.safe {
			rec[i] = c.v
		} else {
			rec[i] = Neutralise(strings.ReplaceAll(c.v, "\x00", ""))
		}
	}
	return w.w.Write(rec)
}

// Flush ends the file.
func (w *Writer) Flush() error {
	w.w.Flush()
	return w.w.Error()
}
