package domain

import (
	"fmt"
	"slices"
	"strings"
)

// Citacao says where a field of a vegetable comes from: the publication
// (title, publisher, year, address) and the place in it (a page, a table, a
// catalogue entry). Every care field a member reads names one.
type Citacao struct {
	Titulo        string `json:"titulo"`
	Editora       string `json:"editora"`
	Ano           string `json:"ano"`
	Local         string `json:"local"`
	Endereco      string `json:"endereco,omitempty"`
	Institucional bool   `json:"institucional"`
}

// CareFields are the fields of a vegetable that carry growing advice, each
// shown with its source; the order is the one a grower reads them in.
var CareFields = []string{
	"nomeCientifico", "nomesPopulares", "familia", "metodo", "espacamento", "profundidade",
	"sol", "rega", "cuidados", "pragas", "companheiras",
}

// listSeparator joins the values of a list field (nomesPopulares,
// companheiras) in the catalogue's source files.
const listSeparator = ";"

// SetCare writes value into care field campo of v. A list field takes its
// items separated by ";". It refuses an unknown field or method.
func (v *Vegetal) SetCare(campo, value string) error {
	c := &v.VegetalCare
	list := func() []string {
		var out []string
		for _, p := range strings.Split(value, listSeparator) {
			if p = strings.TrimSpace(p); p != "" {
				out = append(out, p)
			}
		}
		return out
	}
	switch campo {
	case "nomeCientifico":
		c.NomeCientifico = value
	case "nomesPopulares":
		c.NomesPopulares = list()
	case "familia":
		c.Familia = value
	case "metodo":
		if !slices.Contains(Metodos, value) {
			return fmt.Errorf("metodo %q is not one of %v", value, Metodos)
		}
		c.Metodo = value
	case "espacamento":
		v.Espacamento = value
	case "profundidade":
		c.Profundidade = value
	case "sol":
		c.Sol = value
	case "rega":
		c.Rega = value
	case "cuidados":
		c.Cuidados = value
	case "pragas":
		c.Pragas = value
	case "companheiras":
		c.Companheiras = list()
	default:
		return fmt.Errorf("unknown care field %q", campo)
	}
	return nil
}

// Care is the value of care field campo of v as one text ("" when empty),
// list fields joined by ";".
func (v Vegetal) Care(campo string) string {
	c := v.VegetalCare
	switch campo {
	case "nomeCientifico":
		return c.NomeCientifico
	case "nomesPopulares":
		return strings.Join(c.NomesPopulares, listSeparator+" ")
	case "familia":
		return c.Familia
	case "metodo":
		return c.Metodo
	case "espacamento":
		return v.Espacamento
	case "profundidade":
		return c.Profundidade
	case "sol":
		return c.Sol
	case "rega":
		return c.Rega
	case "cuidados":
		return c.Cuidados
	case "pragas":
		return c.Pragas
	case "companheiras":
		return strings.Join(c.Companheiras, listSeparator+" ")
	}
	return ""
}

// SearchText is what the catalogue's search matches: the name and every
// popular name, folded.
func (v Vegetal) SearchText() string {
	parts := append([]string{v.Nome}, v.NomesPopulares...)
	return SearchKey(strings.Join(parts, " | "))
}
