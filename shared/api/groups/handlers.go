package groups

import (
	"context"
	"net/http"

	"github.com/google/uuid"

	"github.com/verde-app/verde/shared/api"
	"github.com/verde-app/verde/shared/api/kit"
	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/auth"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
	"github.com/verde-app/verde/shared/views"
)

// handleDirectory searches the public groups: ?q= (name), ?uf=, ?cidade=
// (needs uf), ?limit=, ?cursor=. One Query, whatever the table holds.
func handleDirectory(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		q, err := directoryQuery(r)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		kit.ListPage(w, r, d, q.Scope(), func(ctx context.Context, limit int, after map[string]string) ([]domain.Group, map[string]string, error) {
			q.Limit, q.After = limit, after
			return d.Store.Directory(ctx, q)
		}, summaryOf)
	})
}

func directoryQuery(r *http.Request) (store.DirectoryQuery, error) {
	f, err := domain.ParseDirectoryQuery(r.URL.Query())
	return store.DirectoryQuery{Q: f.Q, Cidade: f.Cidade, UF: f.UF}, err
}

// handleCreate makes a group with the caller as dono (+20 points).
func handleCreate(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		in, err := api.Decode[domain.GroupInput](r)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		actor := kit.ActorFrom(d, r)
		ctx := r.Context()
		if in.FotoCapa != nil && domain.IsFotoKey(*in.FotoCapa) {
			c, fotos, err := kit.Photos(ctx, actor.ID, "fotoCapa", []string{*in.FotoCapa})
			if err != nil {
				api.WriteError(w, r, err)
				return
			}
			ctx, in.FotoCapa = c, &fotos[0]
		}
		rules, err := d.Store.Rules(ctx)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		g := domain.NewGroup(uuid.Must(uuid.NewV7()).String(), actor.ID, in, rules, d.Now())
		kit.Creates(r, "/api/groups/"+g.ID)
		g, pts, err := d.Store.CreateGroup(ctx, g, actor)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		papel := domain.PapelDono
		out := Detail{Group: g, MeuPapel: &papel, MeusLotes: []string{}, MeusPedidosLote: []string{}, PontosGanhos: &pts}
		w.Header().Set("Location", "/api/groups/"+g.ID)
		api.Encode(w, http.StatusCreated, out)
	})
}

// handleMine lists the caller's groups with their role (GET /api/me/groups;
// under /api/groups a literal segment would clash with {groupId} in the
// mux's 405 patterns): two calls a page.
func handleMine(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		uid := auth.FromContext(r.Context()).Sub
		kit.ListPage(w, r, d, store.MyGroupsScope(uid), func(ctx context.Context, limit int, after map[string]string) ([]store.MyGroup, map[string]string, error) {
			return d.Store.MyGroups(ctx, uid, limit, after)
		}, myGroupOf)
	})
}

// handleGet is the group page: public groups for anyone signed in, private
// ones for members and site admins (404 to others). One BatchGetItem.
func handleGet(d app.Deps) http.Handler {
	return kit.Read(d, http.StatusOK, func(r *http.Request, _ store.Actor) (Detail, error) {
		v, _, err := kit.Group(d, r, domain.Access.CanView)
		if err != nil {
			return Detail{}, err
		}
		return detailOf(v), nil
	})
}

// handleUpdate edits the group (coordinators and site admins) at the
// version the editor read: 409 when someone else saved first.
func handleUpdate(d app.Deps) http.Handler {
	return kit.Act(d, http.StatusOK, func(r *http.Request, upd domain.GroupUpdate, actor store.Actor) (Detail, error) {
		v, access, err := kit.Group(d, r, domain.Access.CanEdit)
		if err != nil {
			return Detail{}, err
		}
		if *upd.Version != v.Group.Version {
			return Detail{}, domain.ErrGroupChanged()
		}
		g, err := upd.Apply(v.Group, d.Now())
		if err != nil {
			return Detail{}, err
		}
		// A new cover photo uploaded by the editor is processed; the one kept as it was (maybe
		// another coordinator's) is not.
		ctx := r.Context()
		if g.FotoCapa != nil && domain.IsFotoKey(*g.FotoCapa) {
			var kept []string
			if v.Group.FotoCapa != nil {
				kept = append(kept, *v.Group.FotoCapa)
			}
			c, fotos, err := kit.Photos(ctx, actor.ID, "fotoCapa", []string{*g.FotoCapa}, kept...)
			if err != nil {
				return Detail{}, err
			}
			ctx, g.FotoCapa = c, &fotos[0]
		}
		if err := d.Store.SaveGroup(ctx, g, v.Group, actor, access.Manager()); err != nil {
			return Detail{}, err
		}
		if v.Group.FotoCapa != nil && (g.FotoCapa == nil || *g.FotoCapa != *v.Group.FotoCapa) {
			kit.StartPhotosJob(r.Context()) // the cover photo replaced
		}
		v.Group = g
		return detailOf(v), nil
	})
}

// handleDelete removes the group with everything in it (dono, site admins).
func handleDelete(d app.Deps) http.Handler {
	return kit.Done(d, func(r *http.Request, actor store.Actor) error {
		return kit.Released(r.Context(), d.Store.DeleteGroup(r.Context(), r.PathValue("groupId"), actor)) // its cover photo
	})
}

// handlePublic is the public page of a public group, for anyone: counts and
// no person's data. A private group answers exactly like an unknown one.
// One GetItem.
func handlePublic(d app.Deps) http.Handler {
	return kit.Read(d, http.StatusOK, func(r *http.Request, _ store.Actor) (Public, error) {
		v, err := d.Store.GroupFor(r.Context(), r.PathValue("groupId"), "")
		if err == nil && v.Group.Visibilidade != domain.Publico {
			err = domain.ErrGroupNotFound()
		}
		if err != nil {
			return Public{}, err
		}
		return Public{Summary: summaryOf(v.Group), NovosMembrosMes: v.Group.EntradasPorMes[domain.MonthKey(d.Now())]}, nil
	})
}

// handleJoin: an open group takes the caller at once (201, +10 points the
// first time); one that takes approval files a request (202).
func handleJoin(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		res, err := d.Store.Join(r.Context(), r.PathValue("groupId"), kit.ActorFrom(d, r))
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		status := http.StatusCreated
		if res.Status == store.Requested {
			status = http.StatusAccepted
		} else {
			views.After(r.Context(), views.Event{Kind: views.KindJoin, GroupID: res.Group.ID, UserID: kit.ActorFrom(d, r).ID})
		}
		api.Encode(w, status, JoinReply{Status: res.Status, PontosGanhos: res.Pontos, Grupo: summaryOf(res.Group)})
	})
}

// Mine is GET /api/me/groups's handler (without its sign-in check), for the
// dashboard's one reply (shared/api/me/dashboard.go).
func Mine(d app.Deps) http.Handler { return handleMine(d) }
