package cultivos

import (
	"net/http"

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
func handleAdminVegetables(d app.Deps) http.Handler { return vegetables(d, true, vegetalAdminOf) }

func handleAdminVegetable(d app.Deps) http.Handler {
	return kit.Read(d, http.StatusOK, func(r *http.Request, _ store.Actor) (VegetalAdmin, error) {
		return kit.Shown(vegetalAdminOf)(d.Store.Vegetable(r.Context(), r.PathValue("vegetalId")))
	})
}

func handleCreateVegetable(d app.Deps) http.Handler {
	return kit.Act(d, http.StatusCreated, func(r *http.Request, in domain.VegetableInput, actor store.Actor) (VegetalAdmin, error) {
		return kit.Shown(vegetalAdminOf)(d.Store.CreateVegetable(r.Context(), in, actor))
	})
}

func handleEditVegetable(d app.Deps) http.Handler {
	return kit.Act(d, http.StatusOK, func(r *http.Request, in VegetalEdit, actor store.Actor) (VegetalAdmin, error) {
		return kit.Shown(vegetalAdminOf)(d.Store.UpdateVegetable(r.Context(), r.PathValue("vegetalId"), in.Version, in.VegetableInput, actor))
	})
}

func handleArchiveVegetable(d app.Deps) http.Handler {
	return kit.Act(d, http.StatusOK, func(r *http.Request, in VegetalArquivo, actor store.Actor) (VegetalAdmin, error) {
		return kit.Shown(vegetalAdminOf)(d.Store.SetVegetableArchived(r.Context(), r.PathValue("vegetalId"), in.Version, *in.Arquivado, actor))
	})
}
