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

func vegetalAdminOf(v domain.Vegetal) VegetalAdmin {
	return VegetalAdmin{Vegetal: vegetalOf(v), Version: v.Version}
}

// VegetalEdit is the body of PUT /api/admin/vegetables/{vegetalId}: every
// field of a new vegetable plus the version the form was loaded with.
type VegetalEdit struct {
	Version int `json:"version"`
	domain.VegetalInput
}

func (e *VegetalEdit) Valid() error {
	if err := domain.ValidVegetalEdit(e.Version); err != nil {
		return err
	}
	return e.VegetalInput.Valid()
}

// VegetalArquivo is the body of POST /api/admin/vegetables/{vegetalId}/arquivo.
type VegetalArquivo struct {
	Arquivado *bool `json:"arquivado"`
	Version   int   `json:"version"`
}

func (in *VegetalArquivo) Valid() error {
	return domain.ValidVegetalArquivo(in.Arquivado, in.Version)
}

// handleAdminVegetais is the admin's catalogue, archived vegetables
// included, searched by name: one Query.
func handleAdminVegetais(d app.Deps) http.Handler { return vegetais(d, true, vegetalAdminOf) }

func handleAdminVegetal(d app.Deps) http.Handler {
	return kit.Read(d, http.StatusOK, func(r *http.Request, _ store.Actor) (VegetalAdmin, error) {
		return kit.Shown(vegetalAdminOf)(d.Store.Vegetal(r.Context(), r.PathValue("vegetalId")))
	})
}

func handleCreateVegetal(d app.Deps) http.Handler {
	return kit.Act(d, http.StatusCreated, func(r *http.Request, in domain.VegetalInput, actor store.Actor) (VegetalAdmin, error) {
		return kit.Shown(vegetalAdminOf)(d.Store.CreateVegetal(r.Context(), in, actor))
	})
}

func handleEditVegetal(d app.Deps) http.Handler {
	return kit.Act(d, http.StatusOK, func(r *http.Request, in VegetalEdit, actor store.Actor) (VegetalAdmin, error) {
		return kit.Shown(vegetalAdminOf)(d.Store.UpdateVegetal(r.Context(), r.PathValue("vegetalId"), in.Version, in.VegetalInput, actor))
	})
}

func handleArchiveVegetal(d app.Deps) http.Handler {
	return kit.Act(d, http.StatusOK, func(r *http.Request, in VegetalArquivo, actor store.Actor) (VegetalAdmin, error) {
		return kit.Shown(vegetalAdminOf)(d.Store.SetVegetalArchived(r.Context(), r.PathValue("vegetalId"), in.Version, *in.Arquivado, actor))
	})
}
