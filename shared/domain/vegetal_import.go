package domain

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The vegetable import of /admin/dados: a CSV with the columns of
// the catalogue's source table (infra/seed/embrapa-calendario-2010.csv:
// especie, sul, sudeste, nordeste, centro_oeste, norte,
// inicio_colheita_dias_apos_plantio) and, optionally, any of the admin
// form's other fields by their API names (estacao, metodo, nomeCientifico,
// familia, espacamento, profundidade, sol, rega, cuidados, companheiras
// separated by ";", fonte). Lines starting with "#" are comments. Each row
// is checked with VegetalInput.Valid, the admin form's rules.

// Bounds of an import.
const (
	MaxImportBytes = 1 << 20 // 1 MB
	MaxImportRows  = 500
)

// ImportColumns are the columns every import file has (the source table's).
var ImportColumns = []string{"especie", "sul", "sudeste", "nordeste", "centro_oeste", "norte", "inicio_colheita_dias_apos_plantio"}

// importRegionColumns maps the source's region columns to Semeadura's keys.
var importRegionColumns = map[string]string{"sul": "sul", "sudeste": "sudeste", "nordeste": "nordeste", "centro_oeste": "centroOeste", "norte": "norte"}

// importOptional are the form's fields a file may add.
var importOptional = []string{"estacao", "metodo", "nomeCientifico", "familia", "espacamento", "profundidade", "sol", "rega", "cuidados", "companheiras", "fonte"}

var sourceMonths = map[string]int{"JAN": 1, "FEV": 2, "MAR": 3, "ABR": 4, "ABRIL": 4, "MAI": 5, "MAIO": 5,
	"JUN": 6, "JUL": 7, "AGO": 8, "SET": 9, "OUT": 10, "NOV": 11, "DEZ": 12}

// ImportRow is one data row of the file: its line, its cells by column, and
// the columns the file has (absent ones keep a vegetable's stored values).
type ImportRow struct {
	Linha int
	Cells map[string]string
}

// ImportProblem is one bad row: its line, the field at fault and why.
type ImportProblem struct {
	Linha    int    `json:"linha"`
	Campo    string `json:"campo"`
	Mensagem string `json:"mensagem"`
}

// ImportFile is a parsed file: its rows and the optional columns it has.
type ImportFile struct {
	Rows    []ImportRow
	Columns map[string]bool
}

// ParseImport reads the file (UTF-8, a BOM allowed, comma-separated, a
// header row): an error names the file's fault (size, header, CSV syntax)
// with field "csv".
func ParseImport(data []byte) (ImportFile, error) {
	if len(data) > MaxImportBytes {
		return ImportFile{}, Invalid("csv", "O arquivo deve ter no máximo 1 MB")
	}
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	if !utf8.Valid(data) {
		return ImportFile{}, Invalid("csv", "O arquivo deve estar em UTF-8")
	}
	r := csv.NewReader(bytes.NewReader(data))
	r.Comment = '#'
	r.FieldsPerRecord = -1
	header, err := r.Read()
	if errors.Is(err, io.EOF) {
		return ImportFile{}, Invalid("csv", "O arquivo está vazio: envie o cabeçalho e ao menos uma linha")
	}
	if err != nil {
		return ImportFile{}, csvError(err)
	}
	cols := map[string]int{}
	for i, h := range header {
		h = strings.TrimSpace(h)
		if _, dup := cols[h]; dup {
			return ImportFile{}, Invalid("csv", "A coluna "+h+" aparece duas vezes no cabeçalho")
		}
		if !slices.Contains(ImportColumns, h) && !slices.Contains(importOptional, h) {
			return ImportFile{}, Invalid("csv", fmt.Sprintf("Coluna desconhecida no cabeçalho: %q", truncate(h, 40)))
		}
		cols[h] = i
	}
	for _, c := range ImportColumns {
		if _, ok := cols[c]; !ok {
			return ImportFile{}, Invalid("csv", "Falta a coluna "+c+" no cabeçalho (colunas: "+strings.Join(ImportColumns, ", ")+")")
		}
	}
	f := ImportFile{Columns: map[string]bool{}}
	for c := range cols {
		f.Columns[c] = true
	}
	for {
		rec, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return ImportFile{}, csvError(err)
		}
		line, _ := r.FieldPos(0)
		if len(rec) == 1 && strings.TrimSpace(rec[0]) == "" {
			continue // a blank line
		}
		if len(f.Rows) == MaxImportRows {
			return ImportFile{}, Invalid("csv", fmt.Sprintf("O arquivo deve ter no máximo %d linhas de vegetais", MaxImportRows))
		}
		row := ImportRow{Linha: line, Cells: map[string]string{}}
		for c, i := range cols {
			if i < len(rec) {
				row.Cells[c] = rec[i]
			}
		}
		f.Rows = append(f.Rows, row)
	}
	if len(f.Rows) == 0 {
		return ImportFile{}, Invalid("csv", "O arquivo não tem nenhuma linha de vegetal")
	}
	return f, nil
}

func csvError(err error) error {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return Invalid("csv", fmt.Sprintf("CSV inválido na linha %d: verifique as aspas e as vírgulas", pe.Line))
	}
	return Invalid("csv", "CSV inválido")
}

func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}

// ImportName is the vegetable name of a row's especie: as written, or, when
// written all in capitals as the source does, with only its first letter
// capital ("ALFACE DE VERÃO" → "Alface de verão").
func ImportName(especie string) string {
	s := strings.TrimSpace(especie)
	if strings.ToUpper(s) != s || strings.ToLower(s) == s {
		return s
	}
	r := []rune(strings.ToLower(s))
	r[0] = unicode.ToUpper(r[0])
	return string(r)
}

// ImportIdentity is the name and season a row's vegetable would have if new
// (the season column when the file has one, else the source's wording).
func (row ImportRow) ImportIdentity() (nome, estacao string) {
	especie := row.Cells["especie"]
	estacao = importEstacao(especie)
	if e, ok := row.Cells["estacao"]; ok && strings.TrimSpace(e) != "" {
		estacao = strings.ReplaceAll(SearchKey(e), " ", "")
	}
	return ImportName(especie), estacao
}

// importEstacao is the season a source row names ("... DE VERÃO").
func importEstacao(especie string) string {
	k := SearchKey(especie)
	switch {
	case strings.Contains(k, "verao"):
		return "verao"
	case strings.Contains(k, "inverno"):
		return "inverno"
	}
	return ""
}

// monthsOfCell reads a calendar cell of the source: "*" (não recomendável),
// "ANO TODO", one month, or a first/last month ("OUT./FEV.", wrapping past
// December); ok is false for anything else.
func monthsOfCell(cell string) ([]int, bool) {
	c := strings.ToUpper(strings.TrimSpace(cell))
	switch c {
	case "*", "":
		return []int{}, true
	case "ANO TODO":
		return []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}, true
	}
	var ms []int
	for _, p := range strings.FieldsFunc(c, func(r rune) bool { return r == '/' || r == '.' || r == ' ' }) {
		m, ok := sourceMonths[p]
		if !ok {
			return nil, false
		}
		ms = append(ms, m)
	}
	switch len(ms) {
	case 1:
		return ms, true
	case 2:
	default:
		return nil, false
	}
	var out []int
	for m := ms[0]; ; m = m%12 + 1 {
		out = append(out, m)
		if m == ms[1] {
			break
		}
	}
	slices.Sort(out)
	return out, true
}

// ImportInput is the form input a row makes over base (the stored
// vegetable's input, or a zero input for a new one): the file's columns
// replace base's fields, the others stay. It is then checked with Valid;
// the problem names the row's line and the field at fault.
func (row ImportRow) ImportInput(base VegetalInput, isNew bool, cols map[string]bool) (VegetalInput, *ImportProblem) {
	bad := func(field, msg string) (VegetalInput, *ImportProblem) {
		return VegetalInput{}, &ImportProblem{Linha: row.Linha, Campo: field, Mensagem: msg}
	}
	in := base
	if in.Semeadura != nil {
		in.Semeadura = map[string][]int{}
		for k, v := range base.Semeadura {
			in.Semeadura[k] = slices.Clone(v)
		}
	}
	in.Companheiras = slices.Clone(base.Companheiras)
	especie := row.Cells["especie"]
	if isNew {
		in.Nome, in.Estacao = row.ImportIdentity()
	}
	if strings.TrimSpace(especie) == "" {
		return bad("especie", "Informe o nome do vegetal")
	}
	for col, region := range importRegionColumns {
		months, ok := monthsOfCell(row.Cells[col])
		if !ok {
			return bad(col, fmt.Sprintf("Meses de semeadura inválidos para a região %s: use \"*\", \"ANO TODO\", um mês (\"MAR.\") ou o primeiro e o último (\"OUT./FEV.\")", RegionNames[region]))
		}
		if in.Semeadura == nil {
			in.Semeadura = map[string][]int{}
		}
		in.Semeadura[region] = months
	}
	dias := strings.TrimSpace(row.Cells["inicio_colheita_dias_apos_plantio"])
	lo, hi, found := strings.Cut(dias, "-")
	if !found {
		hi = lo
	}
	min, err1 := strconv.Atoi(strings.TrimSpace(lo))
	max, err2 := strconv.Atoi(strings.TrimSpace(hi))
	if err1 != nil || err2 != nil {
		return bad("inicio_colheita_dias_apos_plantio", "Informe os dias até a colheita como número ou intervalo (ex.: 60-80)")
	}
	in.DiasColheitaMin, in.DiasColheitaMax = min, max
	text := map[string]*string{"estacao": &in.Estacao, "metodo": &in.Metodo, "nomeCientifico": &in.NomeCientifico, "familia": &in.Familia,
		"espacamento": &in.Espacamento, "profundidade": &in.Profundidade, "sol": &in.Sol, "rega": &in.Rega, "cuidados": &in.Cuidados, "fonte": &in.Fonte}
	for col, p := range text {
		if cols[col] {
			*p = strings.TrimSpace(row.Cells[col])
		}
	}
	if cols["estacao"] {
		in.Estacao = strings.ReplaceAll(SearchKey(in.Estacao), " ", "")
	}
	if cols["companheiras"] {
		in.Companheiras = nil
		for _, c := range strings.Split(row.Cells["companheiras"], ";") {
			if c = strings.TrimSpace(c); c != "" {
				in.Companheiras = append(in.Companheiras, c)
			}
		}
	}
	if in.Companheiras == nil {
		in.Companheiras = []string{}
	}
	if err := in.Valid(); err != nil {
		var e *Error
		if errors.As(err, &e) {
			return bad(importField(e.Field), e.Message)
		}
		return bad("especie", err.Error())
	}
	return in, nil
}

// importField names a form field by the file's column where they differ.
func importField(field string) string {
	switch {
	case field == "nome":
		return "especie"
	case field == "diasColheitaMin" || field == "diasColheitaMax":
		return "inicio_colheita_dias_apos_plantio"
	case strings.HasPrefix(field, "semeadura."):
		r := strings.TrimPrefix(field, "semeadura.")
		for col, region := range importRegionColumns {
			if region == r {
				return col
			}
		}
	}
	return field
}

// InputOf is the form input that reproduces v (the base an import row
// changes).
func InputOf(v Vegetal) VegetalInput {
	return VegetalInput{Nome: v.Nome, Estacao: v.Estacao, NomeCientifico: v.NomeCientifico, Familia: v.Familia, Metodo: v.Metodo,
		DiasColheitaMin: v.DiasColheitaMin, DiasColheitaMax: v.DiasColheitaMax, Espacamento: v.Espacamento, Profundidade: v.Profundidade,
		Sol: v.Sol, Rega: v.Rega, Cuidados: v.Cuidados, Companheiras: v.Companheiras, Semeadura: v.Semeadura, Fonte: v.Fonte}
}
