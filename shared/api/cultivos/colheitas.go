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
func encodeColheita(d app.Deps, w http.ResponseWriter, r *http.Request, h domain.Colheita) {
	rules, err := d.Store.Rules(r.Context())
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	api.Encode(w, http.StatusOK, colheitaOf(rules)(h))
}

func handleEditColheita(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		in, err := api.Decode[domain.ColheitaEdit](r)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		h, err := d.Store.EditColheita(r.Context(), r.PathValue("cultivoId"), r.PathValue("colheitaId"), kit.ActorFrom(d, r), in)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		encodeColheita(d, w, r, h)
	})
}

func handleDeleteColheita(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := d.Store.DeleteColheita(r.Context(), r.PathValue("cultivoId"), r.PathValue("colheitaId"), kit.ActorFrom(d, r)); err != nil {
			api.WriteError(w, r, err)
			return
		}
		kit.StartPhotosJob(r.Context()) // the photos it released
		w.WriteHeader(http.StatusNoContent)
	})
}

func handleConfirmColheita(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h, err := d.Store.ConfirmColheita(r.Context(), r.PathValue("cultivoId"), r.PathValue("colheitaId"), kit.ActorFrom(d, r))
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		encodeColheita(d, w, r, h)
	})
}

func handleDeleteDiario(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := d.Store.DeleteDiario(r.Context(), r.PathValue("cultivoId"), r.PathValue("entradaId"), kit.ActorFrom(d, r)); err != nil {
			api.WriteError(w, r, err)
			return
		}
		kit.StartPhotosJob(r.Context()) // the photos it released
		w.WriteHeader(http.StatusNoContent)
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
