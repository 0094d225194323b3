package groups

import (
	"net/http"

	"github.com/google/uuid"

	"github.com/verde-app/verde/shared/api"
	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/auth"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
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
		if q.After, err = d.Cursors.Open(r, q.Scope()); err != nil {
			api.WriteError(w, r, err)
			return
		}
		groups, next, err := d.Store.Directory(r.Context(), q)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		page := api.Page[Summary]{Items: make([]Summary, 0, len(groups)), NextCursor: d.Cursors.Seal(q.Scope(), next)}
		for _, g := range groups {
			page.Items = append(page.Items, summaryOf(g))
		}
		api.Encode(w, http.StatusOK, page)
	})
}

func directoryQuery(r *http.Request) (store.DirectoryQuery, error) {
	v := r.URL.Query()
	limit, err := api.ParseLimit(r)
	if err != nil {
		return store.DirectoryQuery{}, err
	}
	q := store.DirectoryQuery{Q: domain.SearchKey(v.Get("q")), Cidade: domain.SearchKey(v.Get("cidade")), Limit: limit}
	if len(v.Get("q")) > 100 {
		return q, domain.Invalid("q", "A busca deve ter no máximo 100 caracteres")
	}
	if len(v.Get("cidade")) > 100 {
		return q, domain.Invalid("cidade", "A cidade deve ter no máximo 100 caracteres")
	}
	if uf := v.Get("uf"); uf != "" {
		q.UF = domain.CleanText(uf)
		if q.UF = upper(q.UF); !domain.ValidUF(q.UF) {
			return q, domain.Invalid("uf", "A UF deve ser a sigla de um dos 27 estados brasileiros (por exemplo SP)")
		}
	}
	if q.Cidade != "" && q.UF == "" {
		return q, domain.Invalid("uf", "Informe a UF para buscar por cidade")
	}
	return q, nil
}

func upper(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'a' && c <= 'z' {
			b[i] = c - 32
		}
	}
	return string(b)
}

// handleCreate makes a group with the caller as dono (+20 points).
func handleCreate(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		in, err := api.Decode[domain.GroupInput](r)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		actor := ActorFrom(d, r)
		rules, err := d.Store.Rules(r.Context())
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		g := domain.NewGroup(uuid.Must(uuid.NewV7()).String(), actor.ID, in, rules, d.Now())
		g, pts, err := d.Store.CreateGroup(r.Context(), g, actor)
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
		limit, err := api.ParseLimit(r)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		scope := store.MyGroupsScope(uid)
		after, err := d.Cursors.Open(r, scope)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		mine, next, err := d.Store.MyGroups(r.Context(), uid, limit, after)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		page := api.Page[MyGroup]{Items: make([]MyGroup, 0, len(mine)), NextCursor: d.Cursors.Seal(scope, next)}
		for _, m := range mine {
			page.Items = append(page.Items, MyGroup{Summary: summaryOf(m.Group), MeuPapel: m.Membership.Papel, JoinedAt: m.Membership.JoinedAt, MeusLotes: m.Membership.Lotes})
		}
		api.Encode(w, http.StatusOK, page)
	})
}

// view reads the group of the path with the caller's place in it: one call.
func view(d app.Deps, r *http.Request) (store.GroupView, domain.Access, error) {
	uid := ""
	c := auth.FromContext(r.Context())
	if c != nil {
		uid = c.Sub
	}
	v, err := d.Store.GroupFor(r.Context(), r.PathValue("groupId"), uid)
	if err != nil {
		return v, domain.Access{}, err
	}
	return v, v.Access(uid, c.IsAdmin()), nil
}

// handleGet is the group page: public groups for anyone signed in, private
// ones for members and site admins (404 to others). One BatchGetItem.
func handleGet(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		v, access, err := view(d, r)
		if err == nil {
			err = access.CanView(v.Group)
		}
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		api.Encode(w, http.StatusOK, detailOf(v))
	})
}

// handleUpdate edits the group (coordinators and site admins) at the
// version the editor read: 409 when someone else saved first.
func handleUpdate(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		upd, err := api.Decode[domain.GroupUpdate](r)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		v, access, err := view(d, r)
		if err == nil {
			err = access.CanEdit(v.Group)
		}
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		if *upd.Version != v.Group.Version {
			api.WriteError(w, r, domain.Conflict("O grupo foi alterado por outra pessoa enquanto você editava. Recarregue a página e tente novamente"))
			return
		}
		g, err := upd.Apply(v.Group, d.Now())
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		if err := d.Store.SaveGroup(r.Context(), g, v.Group.Version, ActorFrom(d, r), access.Manager()); err != nil {
			api.WriteError(w, r, err)
			return
		}
		v.Group = g
		api.Encode(w, http.StatusOK, detailOf(v))
	})
}

// handleDelete removes the group with everything in it (dono, site admins).
func handleDelete(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := d.Store.DeleteGroup(r.Context(), r.PathValue("groupId"), ActorFrom(d, r)); err != nil {
			api.WriteError(w, r, err)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	})
}

// handlePublic is the public page of a public group, for anyone: counts and
// no person's data. A private group answers exactly like an unknown one.
// One GetItem.
func handlePublic(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		v, err := d.Store.GroupFor(r.Context(), r.PathValue("groupId"), "")
		if err == nil && v.Group.Visibilidade != domain.Publico {
			err = domain.ErrGroupNotFound()
		}
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		api.Encode(w, http.StatusOK, Public{Summary: summaryOf(v.Group), NovosMembrosMes: v.Group.EntradasPorMes[domain.MonthKey(d.Now())]})
	})
}

// handleJoin: an open group takes the caller at once (201, +10 points the
// first time); one that takes approval files a request (202).
func handleJoin(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		res, err := d.Store.Join(r.Context(), r.PathValue("groupId"), ActorFrom(d, r))
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		status := http.StatusCreated
		if res.Status == store.Requested {
			status = http.StatusAccepted
		}
		api.Encode(w, status, JoinReply{Status: res.Status, PontosGanhos: res.Pontos, Grupo: summaryOf(res.Group)})
	})
}
