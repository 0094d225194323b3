package cultivos

import (
	"context"
	"net/http"
	"strings"

	"github.com/google/uuid"

	"github.com/verde-app/verde/shared/api"
	"github.com/verde-app/verde/shared/api/kit"
	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
)

// handleVegetais is the catalogue, paged, searched by name (?q=): one Query.
func handleVegetais(d app.Deps) http.Handler { return vegetais(d, false, vegetalOf) }

// vegetables is the catalogue searched by name, with the archived
// vegetables too when archived (the admin's): one Query.
func vegetais[V any](d app.Deps, archived bool, view func(domain.Vegetal) V) http.Handler {
	return searched(d, func(q string) string { return store.VegetaisScope(q, archived) },
		func(ctx context.Context, q string, limit int, after map[string]string) ([]domain.Vegetal, map[string]string, error) {
			return d.Store.VegetaisPage(ctx, q, archived, limit, after)
		}, view)
}

// searched answers one page of a list searched by name (?q=, trimmed and
// checked by domain.CheckBusca) under scope(q).
func searched[T, V any](d app.Deps, scope func(q string) string, list func(ctx context.Context, q string, limit int, after map[string]string) ([]T, map[string]string, error), view func(T) V) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		q := strings.TrimSpace(r.URL.Query().Get("q"))
		if err := domain.CheckBusca(q); err != nil {
			api.WriteError(w, r, err)
			return
		}
		kit.ListPage(w, r, d, scope(q), func(ctx context.Context, limit int, after map[string]string) ([]T, map[string]string, error) {
			return list(ctx, q, limit, after)
		}, view)
	})
}

// handleVegetal is one vegetable: one GetItem.
func handleVegetal(d app.Deps) http.Handler {
	return kit.Read(d, http.StatusOK, func(r *http.Request, _ store.Actor) (Vegetal, error) {
		return kit.Shown(vegetalOf)(d.Store.Vegetal(r.Context(), r.PathValue("vegetalId")))
	})
}

// handlePlanteAgora is what to sow this month (Brasília time) in the region
// of ?uf=, or of the UF on the caller's profile: the catalogue's one Query,
// plus a GetItem of the profile when no uf is given.
func handlePlanteAgora(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx := r.Context()
		uf := strings.ToUpper(strings.TrimSpace(r.URL.Query().Get("uf")))
		if uf != "" && !domain.ValidUF(uf) {
			api.WriteError(w, r, domain.ErrUFQuery())
			return
		}
		if uf == "" {
			p, _, err := d.Store.Profile(ctx, kit.ActorFrom(d, r).ID)
			if err != nil {
				api.WriteError(w, r, err)
				return
			}
			uf = p.UF
		}
		out, err := planteAgoraFor(r, d, uf)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		api.Encode(w, http.StatusOK, out)
	})
}

// planteAgoraFor is this month's suggestions (Brasília time) in uf's region.
func planteAgoraFor(r *http.Request, d app.Deps, uf string) (PlanteAgora, error) {
	month := int(domain.LocalDate(d.Now()).Month())
	out := PlanteAgora{UF: uf, Regiao: domain.RegionOfUF(uf), Mes: month, Items: []Vegetal{}}
	out.RegiaoNome = domain.RegionNames[out.Regiao]
	if out.Regiao != "" {
		all, err := d.Store.ActiveVegetais(r.Context())
		if err != nil {
			return PlanteAgora{}, err
		}
		for _, v := range domain.PlanteAgora(all, out.Regiao, month) {
			out.Items = append(out.Items, vegetalOf(v))
		}
	}
	return out, nil
}

// parseFilter reads ?fase=, ?ativos=true and (my list) ?grupo=.
func parseFilter(r *http.Request) (store.CultivoFilter, error) {
	q := r.URL.Query()
	f := store.CultivoFilter{Fase: domain.Fase(q.Get("fase")), Grupo: q.Get("grupo"), Ativos: q.Get("ativos") == "true"}
	// A parameter sent empty (?fase=) is outside the contract's enum like any other value.
	if q.Has("fase") && !f.Fase.Valid() {
		return f, domain.ErrFaseInvalida()
	}
	if a := q.Get("ativos"); q.Has("ativos") && a != "true" && a != "false" {
		return f, domain.ErrAtivosInvalido()
	}
	if len(f.Grupo) > 128 {
		return f, domain.ErrGrupoInvalido()
	}
	return f, nil
}

// handleMine is the caller's cultivos (responsible or collaborator), newest
// first: one Query and one BatchGetItem per page.
func handleMine(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f, err := parseFilter(r)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		uid, now := kit.ActorFrom(d, r).ID, d.Now()
		kit.ListPage(w, r, d, store.MyCultivosScope(uid, f), func(ctx context.Context, limit int, after map[string]string) ([]domain.Cultivo, map[string]string, error) {
			return d.Store.MyCultivos(ctx, uid, f, limit, after)
		}, func(c domain.Cultivo) Cultivo { return cultivoOf(c, uid, now) })
	})
}

// handleGroupCultivos is a group's cultivos (members and site admins): one
// BatchGetItem and one Query per page.
func handleGroupCultivos(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f, err := parseFilter(r)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		f.Grupo = ""
		v, _, err := kit.Group(d, r, domain.Access.CanReadInside)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		uid, now := kit.ActorFrom(d, r).ID, d.Now()
		kit.ListPage(w, r, d, store.GroupCultivosScope(v.Group.ID, f), func(ctx context.Context, limit int, after map[string]string) ([]domain.Cultivo, map[string]string, error) {
			return d.Store.GroupCultivos(ctx, v.Group.ID, f, limit, after)
		}, func(c domain.Cultivo) Cultivo { return cultivoOf(c, uid, now) })
	})
}

func handleCreate(d app.Deps) http.Handler {
	return kit.Act(d, http.StatusCreated, func(r *http.Request, in domain.CultivoInput, actor store.Actor) (CultivoCriado, error) {
		id := uuid.Must(uuid.NewV7()).String()
		kit.Creates(r, "/api/cultivos/"+id)
		c, pts, err := d.Store.CreateCultivo(r.Context(), id, in, actor)
		if err != nil {
			return CultivoCriado{}, err
		}
		return CultivoCriado{Cultivo: cultivoOf(c, actor.ID, d.Now()), Pontos: pts}, nil
	})
}

func handleGet(d app.Deps) http.Handler {
	return kit.Read(d, http.StatusOK, func(r *http.Request, actor store.Actor) (Cultivo, error) {
		return cultivoSeen(d, actor)(d.Store.Cultivo(r.Context(), r.PathValue("cultivoId"), actor))
	})
}

// cultivoSeen is a store call's cultivo as actor sees it now, or its error.
func cultivoSeen(d app.Deps, actor store.Actor) func(domain.Cultivo, error) (Cultivo, error) {
	return kit.Shown(func(c domain.Cultivo) Cultivo { return cultivoOf(c, actor.ID, d.Now()) })
}

func handleFase(d app.Deps) http.Handler {
	return kit.Act(d, http.StatusOK, func(r *http.Request, in domain.FaseInput, actor store.Actor) (Cultivo, error) {
		return cultivoSeen(d, actor)(d.Store.ChangeFase(r.Context(), r.PathValue("cultivoId"), actor, in))
	})
}

func handleEdit(d app.Deps) http.Handler {
	return kit.Act(d, http.StatusOK, func(r *http.Request, in domain.CultivoEdit, actor store.Actor) (Cultivo, error) {
		return cultivoSeen(d, actor)(d.Store.EditCultivo(r.Context(), r.PathValue("cultivoId"), actor, in))
	})
}

// ArquivoInput is the body of POST /api/cultivos/{id}/arquivo.
type ArquivoInput struct {
	Arquivado *bool `json:"arquivado"`
}

func (in *ArquivoInput) Valid() error { return api.RequireBool(in.Arquivado, "arquivado") }

func handleArchive(d app.Deps) http.Handler {
	return kit.Act(d, http.StatusOK, func(r *http.Request, in ArquivoInput, actor store.Actor) (Cultivo, error) {
		return cultivoSeen(d, actor)(d.Store.ArchiveCultivo(r.Context(), r.PathValue("cultivoId"), actor, *in.Arquivado))
	})
}

func handleDiario(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		cid, actor := r.PathValue("cultivoId"), kit.ActorFrom(d, r)
		kit.ListPage(w, r, d, store.DiarioScope(cid), func(ctx context.Context, limit int, after map[string]string) ([]domain.DiarioEntry, map[string]string, error) {
			return d.Store.Diario(ctx, cid, actor, limit, after)
		}, diarioOf)
	})
}

func handleAddDiario(d app.Deps) http.Handler {
	return kit.Act(d, http.StatusCreated, func(r *http.Request, in domain.DiarioInput, actor store.Actor) (DiarioCriado, error) {
		ctx, fotos, err := kit.Photos(r.Context(), actor.ID, "fotos", in.Fotos)
		if err != nil {
			return DiarioCriado{}, err
		}
		in.Fotos = fotos
		res, err := d.Store.AddDiario(ctx, r.PathValue("cultivoId"), actor, in)
		if err != nil {
			return DiarioCriado{}, err
		}
		return DiarioCriado{Entry: diarioOf(res.Entry), Pontos: res.Pontos}, nil
	})
}

func handleColheitas(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		cid, actor := r.PathValue("cultivoId"), kit.ActorFrom(d, r)
		rules, err := d.Store.Rules(r.Context())
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		kit.ListPage(w, r, d, store.ColheitasScope(cid), func(ctx context.Context, limit int, after map[string]string) ([]domain.Colheita, map[string]string, error) {
			return d.Store.Colheitas(ctx, cid, actor, limit, after)
		}, colheitaOf(rules))
	})
}

// handleAddColheita records a harvest: 201 the first time, 200 with the same
// harvest when its id was recorded before.
func handleAddColheita(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		in, err := api.Decode[domain.ColheitaInput](r)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		actor := kit.ActorFrom(d, r)
		ctx := r.Context()
		if in.Foto != "" {
			c, fotos, err := kit.Photos(ctx, actor.ID, "foto", []string{in.Foto})
			if err != nil {
				api.WriteError(w, r, err)
				return
			}
			ctx, in.Foto = c, fotos[0]
		}
		res, err := d.Store.AddColheita(ctx, r.PathValue("cultivoId"), actor, in)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		status := http.StatusCreated
		if !res.Created {
			status = http.StatusOK
		}
		rules, err := d.Store.Rules(r.Context())
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		api.Encode(w, status, ColheitaCriada{Colheita: colheitaOf(rules)(res.Colheita), Cultivo: cultivoOf(res.Cultivo, actor.ID, d.Now()), Pontos: res.Pontos})
	})
}

// Mine and PlanteAgoraHandler are GET /api/cultivos's and GET
// /api/vegetables/plante-agora's handlers (without their sign-in check), for
// the dashboard's one reply (shared/api/me/dashboard.go).
func Mine(d app.Deps) http.Handler               { return handleMine(d) }
func PlanteAgoraHandler(d app.Deps) http.Handler { return handlePlanteAgora(d) }
