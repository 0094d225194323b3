package domain

import (
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"time"
)

// InviteStatus is what an invite link is worth right now.
type InviteStatus string

const (
	ConviteValido   InviteStatus = "valido"
	ConviteExpirado InviteStatus = "expirado"
	ConviteRevogado InviteStatus = "revogado"
	ConviteEsgotado InviteStatus = "esgotado"
)

const (
	DefaultInviteDias = 7
	MinInviteDias     = 1
	MaxInviteDias     = 90
	DefaultInviteUsos = 50
	MinInviteUsos     = 1
	MaxInviteUsos     = 1000
)

// Invite is a link that lets people into a group, even a private one.
type Invite struct {
	Token     string       `json:"token"`
	GroupID   string       `json:"groupId"`
	CreatedBy string       `json:"createdBy"`
	CreatedAt time.Time    `json:"createdAt"`
	ExpiraEm  time.Time    `json:"expiraEm"`
	MaxUsos   int          `json:"maxUsos"`
	Usos      int          `json:"usos"`
	Revogado  bool         `json:"revogado"`
	Status    InviteStatus `json:"status"`
}

// StatusAt is the invite's status at now: revoked first, then expired, then used up.
func (i Invite) StatusAt(now time.Time) InviteStatus {
	switch {
	case i.Revogado:
		return ConviteRevogado
	case !now.Before(i.ExpiraEm):
		return ConviteExpirado
	case i.Usos >= i.MaxUsos:
		return ConviteEsgotado
	default:
		return ConviteValido
	}
}

// Usable explains, in the user's words, why an invite cannot be accepted.
func (i Invite) Usable(now time.Time) error {
	switch i.StatusAt(now) {
	case ConviteRevogado:
		return Conflict("Este convite foi revogado. Peça um novo convite a um coordenador do grupo")
	case ConviteExpirado:
		return Conflict("Este convite expirou. Peça um novo convite a um coordenador do grupo")
	case ConviteEsgotado:
		return Conflict("Este convite atingiu o limite de usos. Peça um novo convite a um coordenador do grupo")
	}
	return nil
}

// ErrInviteNotFound answers an unknown token.
func ErrInviteNotFound() *Error {
	return NotFound("Convite não encontrado. Confira se o link está completo ou peça um novo convite")
}

// InviteInput is the body of POST /api/groups/{groupId}/invites.
type InviteInput struct {
	ExpiraEmDias *int `json:"expiraEmDias"`
	MaxUsos      *int `json:"maxUsos"`
}

func (in *InviteInput) Valid() error {
	if in.ExpiraEmDias == nil {
		d := DefaultInviteDias
		in.ExpiraEmDias = &d
	}
	if in.MaxUsos == nil {
		u := DefaultInviteUsos
		in.MaxUsos = &u
	}
	if *in.ExpiraEmDias < MinInviteDias || *in.ExpiraEmDias > MaxInviteDias {
		return Invalid("expiraEmDias", fmt.Sprintf("A validade do convite deve ser de %d a %d dias", MinInviteDias, MaxInviteDias))
	}
	if *in.MaxUsos < MinInviteUsos || *in.MaxUsos > MaxInviteUsos {
		return Invalid("maxUsos", fmt.Sprintf("O limite de usos deve ser um número entre %d e %d", MinInviteUsos, MaxInviteUsos))
	}
	return nil
}

// NewInvite is a fresh invite for groupID made by createdBy.
func NewInvite(token, groupID, createdBy string, in InviteInput, now time.Time) Invite {
	now = now.UTC().Truncate(time.Millisecond)
	inv := Invite{
		Token: token, GroupID: groupID, CreatedBy: createdBy, CreatedAt: now,
		ExpiraEm: now.Add(time.Duration(*in.ExpiraEmDias) * 24 * time.Hour), MaxUsos: *in.MaxUsos,
	}
	inv.Status = inv.StatusAt(now)
	return inv
}

// NewInviteToken is 128 random bits, base64url without padding (22 characters).
func NewInviteToken() string {
	var b [16]byte
	rand.Read(b[:]) // never fails (crypto/rand panics rather than return short)
	return base64.RawURLEncoding.EncodeToString(b[:])
}

var tokenPattern = LazyRegexp(`^[A-Za-z0-9_-]{22}$`)

// ValidInviteToken reports whether s has the shape of a token (an unknown
// shape is answered like an unknown token, without a database read).
func ValidInviteToken(s string) bool { return tokenPattern().MatchString(s) }
