package domain

import (
	"fmt"
	"strings"
	"time"
)

// Profile is a user's profile document; its JSON names are the API's
// (the Profile schema of shared/api/openapi.yaml).
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
	// UF and Cidade say where the user grows (optional): the UF gives the
	// region of the sowing calendar ("Plante agora").
	UF     string `json:"uf"`
	Cidade string `json:"cidade"`
	// OcultarDoRanking leaves the user out of the public rankings (they still see their own standing).
	OcultarDoRanking bool `json:"ocultarDoRanking"`
	// EmailVerificado: the account's e-mail is verified (as Cognito says); only
	// such accounts' likes pay their author and their reports count toward hiding.
	EmailVerificado bool `json:"-"`
}

const (
	MaxNomeLength = 80
	MaxBioLength  = 500
)

// NewProfile is a new user's profile: level 1, no points, no conquistas,
// no groups, an empty bio, registered now.
func NewProfile(id, nome, email string, foto *string, now time.Time) Profile {
	return Profile{
		ID:                  id,
		Nome:                FitNome(nome),
		Email:               email,
		Foto:                foto,
		Bio:                 "",
		Nivel:               1,
		Conquistas:          []string{},
		DataCadastro:        now.UTC().Truncate(time.Millisecond),
		GruposParticipantes: []string{},
		PontosTotais:        0,
	}
}

// ProfileFromIdentity is a new profile from sign-in attributes: without a
// visible name (some Google accounts; a name of invisible characters) it falls back to the e-mail's local part, and
// only an https picture becomes the photo.
func ProfileFromIdentity(id, name, email, picture string, now time.Time) Profile {
	if !Visible(CleanText(name)) {
		name, _, _ = strings.Cut(email, "@")
	}
	var foto *string
	if strings.HasPrefix(picture, "https://") {
		foto = &picture
	}
	return NewProfile(id, name, email, foto, now)
}

// Normalize fills what an older or partial document lacks (nivel shows as 1 when missing).
func (p *Profile) Normalize() {
	if p.Nivel < 1 {
		p.Nivel = 1
	}
	if p.Conquistas == nil {
		p.Conquistas = []string{}
	}
	if p.GruposParticipantes == nil {
		p.GruposParticipantes = []string{}
	}
}

// ProfileUpdate is the body of PUT /api/me; absent fields are left as they are.
type ProfileUpdate struct {
	Nome *string `json:"nome"`
	Bio  *string `json:"bio"`
	// UF and Cidade are optional; "" clears them.
	UF     *string `json:"uf"`
	Cidade *string `json:"cidade"`
	// Foto is the key of a photo the member uploaded (POST /api/uploads, purpose perfil); ""
	// removes the photo. The API has it processed before the profile refers to it.
	Foto *string `json:"foto"`
	// OcultarDoRanking opts the member out of the public rankings (true) or back in.
	OcultarDoRanking *bool `json:"ocultarDoRanking"`
}

// Valid cleans the update and reports the first bad field.
func (u *ProfileUpdate) Valid() error {
	if u.Nome == nil && u.Bio == nil && u.UF == nil && u.Cidade == nil && u.Foto == nil && u.OcultarDoRanking == nil {
		return Invalid("", "Informe ao menos um campo para alterar (nome, bio, uf, cidade ou foto)")
	}
	if u.Foto != nil {
		f := strings.TrimSpace(*u.Foto)
		if f != "" && (!uploadKey().MatchString(f) || strings.Contains(f, "..") || len(f) > 300) {
			return Invalid("foto", "Foto inválida: envie a foto novamente")
		}
		u.Foto = &f
	}
	if err := u.validPlace(); err != nil {
		return err
	}
	if u.Nome != nil {
		if Length(*u.Nome) > MaxNomeLength { // the contract's maxLength is on the text as sent
			return Invalid("nome", fmt.Sprintf("O nome deve ter no máximo %d caracteres", MaxNomeLength))
		}
		n, err := CheckNome("nome", *u.Nome)
		if err != nil {
			return err
		}
		u.Nome = &n
	}
	if u.Bio != nil {
		b := CleanMultiline(*u.Bio)
		if Length(*u.Bio) > MaxBioLength {
			return Invalid("bio", fmt.Sprintf("A bio deve ter no máximo %d caracteres", MaxBioLength))
		}
		u.Bio = &b
	}
	return nil
}
