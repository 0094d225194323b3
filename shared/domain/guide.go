package domain

import (
	"fmt"
	"slices"
	"time"
)

// Guide is a growing guide: markdown text linked to one or more vegetables,
// shown on each of them and on every cultivo of them (rendered without raw
// HTML by the SPA).
type Guide struct {
	ID           string
	Titulo       string
	Corpo        string // markdown
	Vegetais     []string
	Arquivado    bool
	Version      int
	CriadoEm     time.Time
	AtualizadoEm time.Time
}

// Bounds of a guide.
const (
	MaxGuiaTitulo   = 120
	MaxGuiaCorpo    = 20000
	MaxGuiaVegetais = 10
)

// GuideInput is what a site admin sends to create or edit a guide.
type GuideInput struct {
	Titulo   string   `json:"titulo"`
	Corpo    string   `json:"corpo"`
	Vegetais []string `json:"vegetais"`
}

// Valid cleans in and checks every field (maxLength on the text as sent).
func (in *GuideInput) Valid() error {
	if Length(in.Titulo) > MaxGuiaTitulo {
		return Invalid("titulo", fmt.Sprintf("O título deve ter no máximo %d caracteres", MaxGuiaTitulo))
	}
	t, err := CleanName("titulo", "O título", in.Titulo)
	if err != nil {
		return err
	}
	if in.Titulo = t; t == "" {
		return Invalid("titulo", "Informe o título do guia")
	}
	if Length(in.Corpo) > MaxGuiaCorpo {
		return Invalid("corpo", fmt.Sprintf("O texto deve ter no máximo %d caracteres", MaxGuiaCorpo))
	}
	if in.Corpo = CleanMultiline(in.Corpo); !Visible(in.Corpo) {
		return Invalid("corpo", "Escreva o texto do guia")
	}
	if len(in.Vegetais) > MaxGuiaVegetais {
		return Invalid("vegetais", fmt.Sprintf("Escolha no máximo %d vegetais", MaxGuiaVegetais))
	}
	ids := make([]string, 0, len(in.Vegetais))
	for _, v := range in.Vegetais {
		if v == "" || len(v) > 128 {
			return Invalid("vegetais", "Vegetal não encontrado no catálogo")
		}
		if !slices.Contains(ids, v) {
			ids = append(ids, v)
		}
	}
	if len(ids) == 0 {
		return Invalid("vegetais", "Escolha ao menos um vegetal")
	}
	in.Vegetais = ids
	return nil
}
