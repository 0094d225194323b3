package mutiroes

import (
	"context"
	"net/http"

	"github.com/verde-app/verde/shared/api"
	"github.com/verde-app/verde/shared/api/kit"
	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
)

// handleList lists a group's mutirões (members and site admins): the coming
// ones from the soonest, or with ?passados=true the past ones from the
// latest. One BatchGetItem and one Query.
func handleList(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		passados := false
		switch r.URL.Query().Get("passados") {
		case "", "false":
		case "true":
			passados = true
		default:
			api.WriteError(w, r, domain.ErrPassadosInvalido())
			return
		}
		v, _, err := kit.Group(d, r, domain.Access.CanReadInside)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		kit.ListPage(w, r, d, store.MutiroesScope(v.Group.ID, passados), func(ctx context.Context, limit int, after map[string]string) ([]domain.Mutirao, map[string]string, error) {
			return d.Store.Mutiroes(ctx, v.Group.ID, passados, limit, after)
		}, mutiraoOf)
	})
}

// handleCreate schedules a mutirão (coordinators).
func handleCreate(d app.Deps) http.Handler {
	return kit.Act(d, http.StatusCreated, func(r *http.Request, in domain.MutiraoInput, actor store.Actor) (MutiraoDetail, error) {
		m, err := d.Store.CreateMutirao(r.Context(), r.PathValue("groupId"), actor, in)
		if err != nil {
			return MutiraoDetail{}, err
		}
		return detailOf(store.MutiraoView{Mutirao: m}, domain.Access{Papel: domain.PapelCoordenador, Self: actor.ID}), nil
	})
}

// handleGet is a mutirão's page (members and site admins): one BatchGetItem
// and one Query.
func handleGet(d app.Deps) http.Handler {
	return kit.Read(d, http.StatusOK, func(r *http.Request, _ store.Actor) (MutiraoDetail, error) {
		_, a, mv, err := mutiraoOfPath(d, r)
		if err != nil {
			return MutiraoDetail{}, err
		}
		return detailOf(mv, a), nil
	})
}

// mutiraoOfPath is the mutirão of the path, its group and the caller's
// access to it (members and site admins): one BatchGetItem and one Query.
func mutiraoOfPath(d app.Deps, r *http.Request) (store.GroupView, domain.Access, store.MutiraoView, error) {
	v, a, err := kit.Group(d, r, domain.Access.CanReadInside)
	if err != nil {
		return v, a, store.MutiraoView{}, err
	}
	mv, err := d.Store.Mutirao(r.Context(), v.Group.ID, r.PathValue("mutiraoId"), a.Self)
	return v, a, mv, err
}

// handleCancel cancels a mutirão (coordinators); its people are told.
func handleCancel(d app.Deps) http.Handler {
	return kit.Read(d, http.StatusOK, func(r *http.Request, actor store.Actor) (Mutirao, error) {
		m, err := d.Store.CancelarMutirao(r.Context(), r.PathValue("groupId"), r.PathValue("mutiraoId"), actor)
		return mutiraoOf(m), err
	})
}

// handleSignUp signs the caller up for a tarefa (members): a vaga or a place
// in the waiting list. Repeating it for the same tarefa changes nothing.
func handleSignUp(d app.Deps) http.Handler {
	return kit.Act(d, http.StatusOK, func(r *http.Request, in domain.InscricaoInput, actor store.Actor) (InscricaoReply, error) {
		res, err := d.Store.Inscrever(r.Context(), r.PathValue("groupId"), r.PathValue("mutiraoId"), actor, in)
		if err != nil {
			return InscricaoReply{}, err
		}
		return InscricaoReply{Inscricao: inscricaoOf(res.Inscricao), Mutirao: mutiraoOf(res.Mutirao)}, nil
	})
}

// handleLeave takes the caller out of their tarefa; a freed vaga goes to the
// first one waiting.
func handleLeave(d app.Deps) http.Handler {
	return kit.Done(d, func(r *http.Request, actor store.Actor) error {
		return d.Store.Desistir(r.Context(), r.PathValue("groupId"), r.PathValue("mutiraoId"), actor)
	})
}

// handleCheckin records the caller's arrival with the coordinator's code.
func handleCheckin(d app.Deps) http.Handler {
	return kit.Act(d, http.StatusOK, func(r *http.Request, in domain.CheckinInput, actor store.Actor) (Inscricao, error) {
		i, err := d.Store.Checkin(r.Context(), r.PathValue("groupId"), r.PathValue("mutiraoId"), actor, in)
		return inscricaoOf(i), err
	})
}

// handlePresence records a member's presence and minutes (coordinators).
func handlePresence(d app.Deps) http.Handler {
	return kit.Act(d, http.StatusOK, func(r *http.Request, in domain.PresencaInput, actor store.Actor) (Inscricao, error) {
		i, err := d.Store.RegistrarPresenca(r.Context(), r.PathValue("groupId"), r.PathValue("mutiraoId"), r.PathValue("userId"), actor, in)
		return inscricaoOf(i), err
	})
}
