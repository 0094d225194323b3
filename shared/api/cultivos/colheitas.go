package cultivos

import (
	"context"
	"net/http"

	"github.com/verde-app/verde/shared/api"
	"github.com/verde-app/verde/shared/api/kit"
	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
)

// Correcting, deleting and confirming a harvest, and deleting a diary entry:
// each takes back or gives what the act paid (store/colheitas.go, store/undo.go).

// encodeColheita answers one harvest with the rules in force.
// colheitaWithRules is a store call's harvest with the rules in force (one
// more read), or the call's error.
func colheitaWithRules(d app.Deps, r *http.Request) func(domain.Colheita, error) (Colheita, error) {
	return func(h domain.Colheita, err error) (Colheita, error) {
		if err != nil {
			return Colheita{}, err
		}
		rules, err := d.Store.Rules(r.Context())
		if err != nil {
			return Colheita{}, err
		}
		return colheitaOf(rules)(h), nil
	}
}

func handleEditColheita(d app.Deps) http.Handler {
	return kit.Act(d, http.StatusOK, func(r *http.Request, in domain.ColheitaEdit, actor store.Actor) (Colheita, error) {
		return colheitaWithRules(d, r)(d.Store.EditColheita(r.Context(), r.PathValue("cultivoId"), r.PathValue("colheitaId"), actor, in))
	})
}

func handleDeleteColheita(d app.Deps) http.Handler {
	return kit.Done(d, func(r *http.Request, actor store.Actor) error {
		return kit.Released(r.Context(), d.Store.DeleteColheita(r.Context(), r.PathValue("cultivoId"), r.PathValue("colheitaId"), actor)) // the photos it released
	})
}

func handleConfirmColheita(d app.Deps) http.Handler {
	return kit.Read(d, http.StatusOK, func(r *http.Request, actor store.Actor) (Colheita, error) {
		return colheitaWithRules(d, r)(d.Store.ConfirmColheita(r.Context(), r.PathValue("cultivoId"), r.PathValue("colheitaId"), actor))
	})
}

func handleDeleteDiario(d app.Deps) http.Handler {
	return kit.Done(d, func(r *http.Request, actor store.Actor) error {
		return kit.Released(r.Context(), d.Store.DeleteDiario(r.Context(), r.PathValue("cultivoId"), r.PathValue("entradaId"), actor)) // the photos it released
	})
}

// handlePendingColheitas is a page of a group's harvests that wait for
// confirmation, oldest first (members and site admins): the group, then one Query.
func handlePendingColheitas(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		v, _, err := kit.Group(d, r, domain.Access.CanReadInside)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		rules, err := d.Store.Rules(r.Context())
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		gid := v.Group.ID
		kit.ListPage(w, r, d, store.PendingScope(gid), func(ctx context.Context, limit int, after map[string]string) ([]domain.Colheita, map[string]string, error) {
			return d.Store.PendingColheitas(ctx, gid, limit, after)
		}, colheitaOf(rules))
	})
}
