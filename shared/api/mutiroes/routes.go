// Package mutiroes serves a group's shared work (the MutiroesFunction):
// mutirões with tarefas, vagas, waiting lists and presence; escalas (weekly
// rotas) and their swaps; partilha da colheita; the coordinator's report;
// the public impact; and the calendar feeds.
package mutiroes

import (
	"net/http"

	"github.com/verde-app/verde/shared/api"
	"github.com/verde-app/verde/shared/api/kit"
	"github.com/verde-app/verde/shared/app"
)

// Routes is this area's whole API surface; template.yaml declares the same.
func Routes(d app.Deps) []api.Route {
	signedIn := d.Verifier.Require
	// The public impact shows more to members (whether visitors see it).
	maybeSignedIn := d.Verifier.Optional
	const m = "/api/groups/{groupId}/mutiroes"
	const e = "/api/groups/{groupId}/escalas"
	const pa = "/api/groups/{groupId}/partilhas"
	return []api.Route{
		{Method: "GET", Path: m, Handler: signedIn(handleList(d))},
		{Method: "POST", Path: m, Handler: signedIn(kit.Idempotent(d, handleCreate(d)))},
		{Method: "GET", Path: m + "/{mutiraoId}", Handler: signedIn(handleGet(d))},
		{Method: "POST", Path: m + "/{mutiraoId}/cancelar", Handler: signedIn(handleCancel(d))},
		{Method: "PUT", Path: m + "/{mutiraoId}/inscricao", Handler: signedIn(handleSignUp(d))},
		{Method: "DELETE", Path: m + "/{mutiraoId}/inscricao", Handler: signedIn(handleLeave(d))},
		{Method: "POST", Path: m + "/{mutiraoId}/checkin", Handler: signedIn(handleCheckin(d))},
		{Method: "PUT", Path: m + "/{mutiraoId}/presencas/{userId}", Handler: signedIn(handlePresence(d))},
		{Method: "GET", Path: m + "/{mutiraoId}/ics", Handler: signedIn(handleMutiraoICS(d))},
		{Method: "GET", Path: "/api/groups/{groupId}/relatorio", Handler: signedIn(handleRelatorio(d))},
		{Method: "GET", Path: "/api/groups/{groupId}/impacto", Handler: maybeSignedIn(handleImpacto(d))},
		{Method: "PUT", Path: "/api/groups/{groupId}/impacto", Handler: signedIn(handleSetImpacto(d))},
		{Method: "GET", Path: e, Handler: signedIn(handleEscalas(d))},
		{Method: "POST", Path: e, Handler: signedIn(kit.Idempotent(d, handleCreateEscala(d)))},
		{Method: "GET", Path: e + "/{escalaId}", Handler: signedIn(handleEscala(d))},
		{Method: "PUT", Path: e + "/{escalaId}", Handler: signedIn(handleUpdateEscala(d))},
		{Method: "DELETE", Path: e + "/{escalaId}", Handler: signedIn(handleDeleteEscala(d))},
		{Method: "POST", Path: e + "/{escalaId}/trocas", Handler: signedIn(handlePedirTroca(d))},
		{Method: "POST", Path: e + "/{escalaId}/trocas/{data}/aceitar", Handler: signedIn(handleAceitarTroca(d))},
		{Method: "DELETE", Path: e + "/{escalaId}/trocas/{data}", Handler: signedIn(handleRecusarTroca(d))},
		{Method: "POST", Path: e + "/{escalaId}/feito", Handler: signedIn(handleFeito(d))},
		{Method: "GET", Path: pa, Handler: signedIn(handlePartilhas(d))},
		{Method: "POST", Path: pa, Handler: signedIn(kit.Idempotent(d, handleCreatePartilha(d)))},
		{Method: "GET", Path: pa + "/{partilhaId}", Handler: signedIn(handlePartilha(d))},
		{Method: "PUT", Path: pa + "/{partilhaId}/reserva", Handler: signedIn(handleReservar(d))},
		{Method: "DELETE", Path: pa + "/{partilhaId}/reserva", Handler: signedIn(handleCancelarReserva(d))},
		{Method: "POST", Path: pa + "/{partilhaId}/reservas/{userId}/entregue", Handler: signedIn(handleEntregar(d))},
		{Method: "POST", Path: pa + "/{partilhaId}/encerrar", Handler: signedIn(handleEncerrar(d))},
		{Method: "GET", Path: "/api/me/agenda", Handler: signedIn(handleAgenda(d))},
		{Method: "GET", Path: "/api/me/calendario", Handler: signedIn(handleMyFeed(d))},
		{Method: "PUT", Path: "/api/me/calendario", Handler: signedIn(handleNewFeed(d))},
		{Method: "DELETE", Path: "/api/me/calendario", Handler: signedIn(handleRevokeFeed(d))},
		{Method: "GET", Path: "/api/calendario/{token}", Handler: handleFeed(d)},
	}
}

// NewServer is the MutiroesFunction handler.
func NewServer(d app.Deps) http.Handler { return api.NewMux(Routes(d)) }
