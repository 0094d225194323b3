package mutiroes

import (
	"net/http"

	"github.com/verde-app/verde/shared/api/kit"
	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
)

// Partilha is an offer (schema Partilha): the domain's offer, field for field.
type Partilha domain.Partilha

func partilhaOf(p domain.Partilha) Partilha { return Partilha(p) }

// Reserva is a member's part (schema Reserva): the domain's, field for field.
type Reserva domain.Reserva

// PartilhaDetail is an offer's page (schema PartilhaDetail): every
// reservation for the giver and coordinators, the caller's own for the rest.
type PartilhaDetail struct {
	Partilha
	ReservasLista []Reserva `json:"reservasLista"`
	Minha         *Reserva  `json:"minha"`
	SouDoador     bool      `json:"souDoador"`
	PodeEncerrar  bool      `json:"podeEncerrar"`
}

func partilhaDetailOf(v store.PartilhaView, a domain.Access) PartilhaDetail {
	giver := v.Partilha.AutorID == a.Self
	out := PartilhaDetail{Partilha: partilhaOf(v.Partilha), ReservasLista: []Reserva{}, SouDoador: giver, PodeEncerrar: giver || a.Manager()}
	for _, r := range v.Reservas {
		if giver || a.Manager() || a.Admin || r.UserID == a.Self {
			out.ReservasLista = append(out.ReservasLista, Reserva(r))
		}
	}
	if v.Minha != nil {
		m := Reserva(*v.Minha)
		out.Minha = &m
	}
	return out
}

func handlePartilhas(d app.Deps) http.Handler {
	return kit.GroupList(d, domain.Access.CanReadInside, store.PartilhasScope, d.Store.Partilhas, partilhaOf)
}

func handleCreatePartilha(d app.Deps) http.Handler {
	return kit.Act(d, http.StatusCreated, func(r *http.Request, in domain.PartilhaInput, actor store.Actor) (Partilha, error) {
		p, err := d.Store.CreatePartilha(r.Context(), r.PathValue("groupId"), actor, in)
		return partilhaOf(p), err
	})
}

// handlePartilha is an offer's page (members and site admins): one
// BatchGetItem and one Query.
func handlePartilha(d app.Deps) http.Handler {
	return kit.Read(d, http.StatusOK, func(r *http.Request, _ store.Actor) (PartilhaDetail, error) {
		v, a, err := kit.Group(d, r, domain.Access.CanReadInside)
		if err != nil {
			return PartilhaDetail{}, err
		}
		pv, err := d.Store.Partilha(r.Context(), v.Group.ID, r.PathValue("partilhaId"), a.Self)
		if err != nil {
			return PartilhaDetail{}, err
		}
		return partilhaDetailOf(pv, a), nil
	})
}

func handleReservar(d app.Deps) http.Handler {
	return kit.Act(d, http.StatusOK, func(r *http.Request, in domain.ReservaInput, actor store.Actor) (Reserva, error) {
		res, err := d.Store.Reservar(r.Context(), r.PathValue("groupId"), r.PathValue("partilhaId"), actor, in)
		return Reserva(res), err
	})
}

func handleCancelarReserva(d app.Deps) http.Handler {
	return kit.Done(d, func(r *http.Request, actor store.Actor) error {
		return d.Store.CancelarReserva(r.Context(), r.PathValue("groupId"), r.PathValue("partilhaId"), actor)
	})
}

func handleEntregar(d app.Deps) http.Handler {
	return kit.Read(d, http.StatusOK, func(r *http.Request, actor store.Actor) (Reserva, error) {
		res, err := d.Store.Entregar(r.Context(), r.PathValue("groupId"), r.PathValue("partilhaId"), r.PathValue("userId"), actor)
		return Reserva(res), err
	})
}

func handleEncerrar(d app.Deps) http.Handler {
	return kit.Read(d, http.StatusOK, func(r *http.Request, actor store.Actor) (Partilha, error) {
		p, err := d.Store.EncerrarPartilha(r.Context(), r.PathValue("groupId"), r.PathValue("partilhaId"), actor)
		return partilhaOf(p), err
	})
}
