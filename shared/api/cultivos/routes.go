// Package cultivos serves the CultivosFunction: the vegetable catalogue a
// cultivo is made of (list, one, Plante agora) and cultivos from sowing to
// harvest (mine, a group's, one, phase changes, archive, diary, harvests).
// The catalogue lives here, its admin writes (/api/admin/vegetables) and
// guides too: they read and write the same items with the same DynamoDB
// actions, and a guide is read on the cultivo screens. A function of their
// own would add a cold start and a policy for a few admin calls a day.
package cultivos

import (
	"net/http"

	"github.com/verde-app/verde/shared/api"
	"github.com/verde-app/verde/shared/api/kit"
	"github.com/verde-app/verde/shared/app"
)

// Routes is this area's whole API surface; template.yaml declares the same.
func Routes(d app.Deps) []api.Route {
	signedIn := d.Verifier.Require
	// The public catalogue reads no identity; a guide is read with one when
	// sent (an admin may open an archived guide).
	maybeSignedIn := d.Verifier.Optional
	admin := kit.AdminOnly(d)
	return []api.Route{
		{Method: "GET", Path: "/api/vegetables", Handler: signedIn(handleVegetais(d))},
		{Method: "GET", Path: "/api/vegetables/plante-agora", Handler: signedIn(handlePlanteAgora(d))},
		{Method: "GET", Path: "/api/vegetables/{vegetalId}", Handler: signedIn(handleVegetal(d))},
		{Method: "GET", Path: "/api/vegetables/{vegetalId}/guias", Handler: signedIn(handleGuidesOf(d))},
		{Method: "GET", Path: "/api/guias/{guiaId}", Handler: maybeSignedIn(handleGuide(d))},
		// Shared replies, read without a token (public.go).
		{Method: "GET", Path: "/api/public/vegetables", Handler: publicCatalogue(handleVegetais(d))},
		{Method: "GET", Path: "/api/public/vegetables/{vegetalId}", Handler: publicCatalogue(handleVegetal(d))},
		{Method: "GET", Path: "/api/public/vegetables/{vegetalId}/guias", Handler: publicCatalogue(handleGuidesOf(d))},
		{Method: "GET", Path: "/api/public/guias/{guiaId}", Handler: publicCatalogue(handlePublicGuide(d))},
		{Method: "GET", Path: "/api/public/plante-agora", Handler: publicCatalogue(handlePublicPlanteAgora(d))},
		{Method: "GET", Path: "/api/guias", Handler: handlePublicGuides(d)},
		{Method: "GET", Path: "/api/hortalicas", Handler: handleHortalicas(d)},
		{Method: "GET", Path: "/api/hortalicas/{vegetalId}", Handler: handleHortalica(d)},
		{Method: "GET", Path: "/api/cultivos", Handler: signedIn(handleMine(d))},
		{Method: "POST", Path: "/api/cultivos", Handler: signedIn(kit.Idempotent(d, handleCreate(d)))},
		{Method: "GET", Path: "/api/cultivos/{cultivoId}", Handler: signedIn(handleGet(d))},
		{Method: "PUT", Path: "/api/cultivos/{cultivoId}", Handler: signedIn(handleEdit(d))},
		{Method: "POST", Path: "/api/cultivos/{cultivoId}/fase", Handler: signedIn(handleFase(d))},
		{Method: "POST", Path: "/api/cultivos/{cultivoId}/arquivo", Handler: signedIn(handleArchive(d))},
		{Method: "GET", Path: "/api/cultivos/{cultivoId}/diario", Handler: signedIn(handleDiario(d))},
		{Method: "POST", Path: "/api/cultivos/{cultivoId}/diario", Handler: signedIn(kit.Idempotent(d, handleAddDiario(d)))},
		{Method: "GET", Path: "/api/cultivos/{cultivoId}/colheitas", Handler: signedIn(handleColheitas(d))},
		{Method: "POST", Path: "/api/cultivos/{cultivoId}/colheitas", Handler: signedIn(kit.Idempotent(d, handleAddColheita(d)))},
		{Method: "PUT", Path: "/api/cultivos/{cultivoId}/colheitas/{colheitaId}", Handler: signedIn(handleEditColheita(d))},
		{Method: "DELETE", Path: "/api/cultivos/{cultivoId}/colheitas/{colheitaId}", Handler: signedIn(handleDeleteColheita(d))},
		{Method: "POST", Path: "/api/cultivos/{cultivoId}/colheitas/{colheitaId}/confirmacao", Handler: signedIn(handleConfirmColheita(d))},
		{Method: "DELETE", Path: "/api/cultivos/{cultivoId}/diario/{entradaId}", Handler: signedIn(handleDeleteDiario(d))},
		{Method: "GET", Path: "/api/groups/{groupId}/cultivos", Handler: signedIn(handleGroupCultivos(d))},
		{Method: "GET", Path: "/api/groups/{groupId}/colheitas-a-confirmar", Handler: signedIn(handlePendingColheitas(d))},
		{Method: "GET", Path: "/api/admin/vegetables", Handler: admin(handleAdminVegetais(d))},
		{Method: "POST", Path: "/api/admin/vegetables", Handler: admin(kit.Idempotent(d, handleCreateVegetal(d)))},
		{Method: "GET", Path: "/api/admin/vegetables/{vegetalId}", Handler: admin(handleAdminVegetal(d))},
		{Method: "PUT", Path: "/api/admin/vegetables/{vegetalId}", Handler: admin(handleEditVegetal(d))},
		{Method: "POST", Path: "/api/admin/vegetables/{vegetalId}/arquivo", Handler: admin(handleArchiveVegetal(d))},
		{Method: "GET", Path: "/api/admin/guias", Handler: admin(handleAdminGuides(d))},
		{Method: "POST", Path: "/api/admin/guias", Handler: admin(kit.Idempotent(d, handleCreateGuide(d)))},
		{Method: "PUT", Path: "/api/admin/guias/{guiaId}", Handler: admin(handleEditGuide(d))},
		{Method: "POST", Path: "/api/admin/guias/{guiaId}/arquivo", Handler: admin(handleArchiveGuide(d))},
	}
}

// NewServer is the CultivosFunction handler.
func NewServer(d app.Deps) http.Handler { return api.NewMux(Routes(d)) }
