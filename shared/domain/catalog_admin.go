package domain

import (
	"fmt"
	"slices"
	"strings"
)

// VegetalInput is what a site admin sends to create or edit a vegetable
// (/admin/vegetais). Valid cleans it and refuses it with a Portuguese
// message naming the first field at fault.
type VegetalInput struct {
	Nome            string           `json:"nome"`
	Estacao         string           `json:"estacao"`
	NomeCientifico  string           `json:"nomeCientifico"`
	Familia         string           `json:"familia"`
	Metodo          string           `json:"metodo"`
	DiasColheitaMin int              `json:"diasColheitaMin"`
	DiasColheitaMax int              `json:"diasColheitaMax"`
	Espacamento     string           `json:"espacamento"`
	Profundidade    string           `json:"profundidade"`
	Sol             string           `json:"sol"`
	Rega            string           `json:"rega"`
	Cuidados        string           `json:"cuidados"`
	Companheiras    []string         `json:"companheiras"`
	Semeadura       map[string][]int `json:"semeadura"`
	Fonte           string           `json:"fonte"`
}

// Bounds of a vegetable's fields.
const (
	MaxVegetalNome      = 80
	MaxVegetalCurto     = 200
	MaxVegetalCuidados  = 2000
	MaxCompanheiras     = 20
	MaxCicloDias        = 730
	MaxVegetalCompanhia = 60
)

// Metodos are the planting methods a vegetable offers.
var Metodos = []string{"semente", "muda", "ambos"}

// Valid cleans in and checks every field.
func (in *VegetalInput) Valid() error {
	// maxLength applies to the text as sent (the contract's), then it is cleaned.
	if Length(in.Nome) > MaxVegetalNome {
		return Invalid("nome", fmt.Sprintf("O nome deve ter no máximo %d caracteres", MaxVegetalNome))
	}
	nome, err := CleanName("nome", "O nome", in.Nome)
	if err != nil {
		return err
	}
	in.Nome = nome
	if in.Nome == "" {
		return Invalid("nome", "Informe o nome do vegetal")
	}
	if in.Estacao != "" && in.Estacao != "verao" && in.Estacao != "inverno" {
		return Invalid("estacao", "A estação deve ser verão, inverno ou nenhuma")
	}
	short := []struct {
		field, label string
		v            *string
	}{
		{"nomeCientifico", "O nome científico", &in.NomeCientifico}, {"familia", "A família", &in.Familia},
		{"espacamento", "O espaçamento", &in.Espacamento}, {"profundidade", "A profundidade", &in.Profundidade},
		{"sol", "O sol", &in.Sol}, {"rega", "A rega", &in.Rega}, {"fonte", "A fonte", &in.Fonte},
	}
	for _, f := range short {
		if Length(*f.v) > MaxVegetalCurto {
			return Invalid(f.field, fmt.Sprintf("%s deve ter no máximo %d caracteres", f.label, MaxVegetalCurto))
		}
		*f.v = CleanText(*f.v)
	}
	// The method may be left out (""): the catalogue's sources do not give every plant's.
	if in.Metodo != "" && !slices.Contains(Metodos, in.Metodo) {
		return Invalid("metodo", "Escolha o método: semente, muda, ambos ou não informado")
	}
	if in.DiasColheitaMin < 1 || in.DiasColheitaMin > MaxCicloDias {
		return Invalid("diasColheitaMin", fmt.Sprintf("O ciclo mínimo deve ser entre 1 e %d dias", MaxCicloDias))
	}
	if in.DiasColheitaMax < 1 || in.DiasColheitaMax > MaxCicloDias {
		return Invalid("diasColheitaMax", fmt.Sprintf("O ciclo máximo deve ser entre 1 e %d dias", MaxCicloDias))
	}
	if in.DiasColheitaMin > in.DiasColheitaMax {
		return Invalid("diasColheitaMax", "O ciclo máximo deve ser maior ou igual ao mínimo")
	}
	if Length(in.Cuidados) > MaxVegetalCuidados {
		return Invalid("cuidados", fmt.Sprintf("Os cuidados devem ter no máximo %d caracteres", MaxVegetalCuidados))
	}
	in.Cuidados = CleanMultiline(in.Cuidados)
	if len(in.Companheiras) > MaxCompanheiras {
		return Invalid("companheiras", fmt.Sprintf("Informe no máximo %d companheiras", MaxCompanheiras))
	}
	comp := make([]string, 0, len(in.Companheiras))
	for _, c := range in.Companheiras {
		if Length(c) > MaxVegetalCompanhia {
			return Invalid("companheiras", fmt.Sprintf("Cada companheira deve ter no máximo %d caracteres", MaxVegetalCompanhia))
		}
		c = CleanText(c)
		if c == "" || slices.Contains(comp, c) {
			continue
		}
		comp = append(comp, c)
	}
	in.Companheiras = comp
	if in.Semeadura == nil {
		return nil // no calendar published
	}
	for region, months := range in.Semeadura {
		if !slices.Contains(Regions, region) {
			return Invalid("semeadura", "Região desconhecida no calendário: "+region)
		}
		if len(months) > 12 {
			return Invalid("semeadura."+region, fmt.Sprintf("Informe no máximo 12 meses para a região %s", RegionNames[region]))
		}
		seen := map[int]bool{}
		for _, m := range months {
			if m < 1 || m > 12 {
				return Invalid("semeadura."+region, fmt.Sprintf("Os meses de semeadura da região %s devem ser de 1 a 12", RegionNames[region]))
			}
			seen[m] = true
		}
		clean := make([]int, 0, len(seen))
		for m := 1; m <= 12; m++ {
			if seen[m] {
				clean = append(clean, m)
			}
		}
		in.Semeadura[region] = clean
	}
	for _, region := range Regions {
		if _, ok := in.Semeadura[region]; !ok {
			in.Semeadura[region] = []int{}
		}
	}
	return nil
}

// VegetalID is the id a new vegetable takes: its folded name, words joined
// by "-", and its season when it has one ("alface-verao").
func (in VegetalInput) VegetalID() string {
	id := strings.ReplaceAll(SearchKey(in.Nome), " ", "-")
	if in.Estacao != "" && !strings.HasSuffix(id, "-"+in.Estacao) {
		id += "-" + in.Estacao
	}
	return id
}

// Apply writes in over v (keeping its id, source row, archive flag, pests
// and popular names, which the admin form does not edit). A care field keeps
// its source only while its value is the one the source gave.
func (in VegetalInput) Apply(v Vegetal) Vegetal {
	before := v
	v.Nome, v.Estacao, v.DiasColheitaMin, v.DiasColheitaMax = in.Nome, in.Estacao, in.DiasColheitaMin, in.DiasColheitaMax
	v.Semeadura, v.Espacamento, v.Fonte = in.Semeadura, in.Espacamento, in.Fonte
	v.VegetalCare = VegetalCare{NomeCientifico: in.NomeCientifico, Familia: in.Familia, Metodo: in.Metodo,
		Profundidade: in.Profundidade, Sol: in.Sol, Rega: in.Rega, Cuidados: in.Cuidados, Companheiras: in.Companheiras,
		Pragas: before.Pragas, NomesPopulares: before.NomesPopulares}
	if before.Fontes != nil {
		v.Fontes = map[string]Citacao{}
		for campo, c := range before.Fontes {
			if v.Care(campo) != "" && v.Care(campo) == before.Care(campo) {
				v.Fontes[campo] = c
			}
		}
	}
	return v
}
