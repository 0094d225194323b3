package cultivos

import (
	"context"
	"net/http"
	"strings"

	"github.com/verde-app/verde/shared/api"
	"github.com/verde-app/verde/shared/api/kit"
	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
)

// The catalogue's admin routes (/admin/vegetais): site admins only, each
// write one transaction with its audit item (store/catalog_admin.go).

// VegetalAdmin is a vegetable as the admin edits it (schema VegetalAdmin):
// the member's view plus the version an edit names.
type VegetalAdmin struct {
	Vegetal
	Version int `json:"version"`
}

func vegetalAdminOf(v domain.Vegetable) VegetalAdmin {
	return VegetalAdmin{Vegetal: vegetalOf(v), Version: v.Version}
}

// VegetalEdit is the body of PUT /api/admin/vegetables/{vegetalId}: every
// field of a new vegetable plus the version the form was loaded with.
type VegetalEdit struct {
	Version int `json:"version"`
	domain.VegetableInput
}

func (e *VegetalEdit) Valid() error {
	if err := domain.ValidVegetalEdit(e.Version); err != nil {
		return err
	}
	return e.VegetableInput.Valid()
}

// VegetalArquivo is the body of POST /api/admin/vegetables/{vegetalId}/arquivo.
type VegetalArquivo struct {
	Arquivado *bool `json:"arquivado"`
	Version   int   `json:"version"`
}

func (in *VegetalArquivo) Valid() error {
	return domain.ValidVegetalArquivo(in.Arquivado, in.Version)
}

// handleAdminVegetables is the admin's catalogue, archived vegetables
// included, searched by name: one Query.
func handleAdminVegetables(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		q := strings.TrimSpace(r.URL.Query().Get("q"))
		if err := domain.CheckBusca(q); err != nil {
			api.WriteError(w, r, err)
			return
		}
		kit.ListPage(w, r, d, store.VegetablesScope(q, true), func(ctx context.Context, limit int, after map[string]string) ([]domain.Vegetable, map[string]string, error) {
			return d.Store.VegetablesPage(ctx, q, true, limit, after)
		}, vegetalAdminOf)
	})
}

func handleAdminVegetable(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		v, err := d.Store.Vegetable(r.Context(), r.PathValue("vegetalId"))
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		api.Encode(w, http.StatusOK, vegetalAdminOf(v))
	})
}

func handleCreateVegetable(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		in, err := api.Decode[domain.VegetableInput](r)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		v, err := d.Store.CreateVegetable(r.Context(), in, kit.ActorFrom(d, r))
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		api.Encode(w, http.StatusCreated, vegetalAdminOf(v))
	})
}

func handleEditVegetable(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		in, err := api.Decode[VegetalEdit](r)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		v, err := d.Store.UpdateVegetable(r.Context(), r.PathValue("vegetalId"), in.Version, in.VegetableInput, kit.ActorFrom(d, r))
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		api.Encode(w, http.StatusOK, vegetalAdminOf(v))
	})
}

func handleArchiveVegetable(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		in, err := api.Decode[VegetalArquivo](r)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		v, err := d.Store.SetVegetableArchived(r.Context(), r.PathValue("vegetalId"), in.Version, *in.Arquivado, kit.ActorFrom(d, r))
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		api.Encode(w, http.StatusOK, vegetalAdminOf(v))
	})
}
