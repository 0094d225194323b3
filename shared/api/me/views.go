package me

import (
	"time"

	"github.com/verde-app/verde/shared/domain"
)

// Profile is the caller's own profile (schema Profile in openapi.yaml).
type Profile struct {
	ID                  string    `json:"id"`
	Nome                string    `json:"nome"`
	Email               string    `json:"email"`
	Foto                *string   `json:"foto"`
	Bio                 string    `json:"bio"`
	Nivel               int       `json:"nivel"`
	Conquistas          []string  `json:"conquistas"`
	DataCadastro        time.Time `json:"dataCadastro"`
	GruposParticipantes []string  `json:"gruposParticipantes"`
	PontosTotais        int       `json:"pontosTotais"`
	UF                  string    `json:"uf"`
	Cidade              string    `json:"cidade"`
	OcultarDoRanking    bool      `json:"ocultarDoRanking"`
}

func profileOf(p domain.Profile) Profile {
	return Profile{
		ID: p.ID, Nome: p.Nome, Email: p.Email, Foto: p.Foto, Bio: p.Bio, Nivel: p.Nivel,
		Conquistas: nonNil(p.Conquistas), DataCadastro: p.DataCadastro,
		GruposParticipantes: nonNil(p.GruposParticipantes), PontosTotais: p.PontosTotais,
		UF: p.UF, Cidade: p.Cidade,
		OcultarDoRanking: p.OcultarDoRanking,
	}
}

// nonNil keeps a list a JSON array, never null.
func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
