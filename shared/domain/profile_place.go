package domain

import (
	"fmt"
	"strings"
)

// MaxCidadeLength bounds a profile's city.
const MaxCidadeLength = 80

// validPlace cleans the update's uf (upper case, one of the 27, or "" to
// clear) and cidade.
func (u *ProfileUpdate) validPlace() error {
	if u.UF != nil {
		uf := strings.ToUpper(strings.TrimSpace(*u.UF))
		if uf != "" && !ValidUF(uf) {
			return Invalid("uf", "Informe uma UF válida (por exemplo, SP)")
		}
		u.UF = &uf
	}
	if u.Cidade != nil {
		c := CleanText(*u.Cidade)
		if Length(c) > MaxCidadeLength {
			return Invalid("cidade", fmt.Sprintf("A cidade deve ter no máximo %d caracteres", MaxCidadeLength))
		}
		u.Cidade = &c
	}
	return nil
}
