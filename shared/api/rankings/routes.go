// Package rankings serves the rankings (the RankingsFunction): members by
// points all time and this month, the members of one group, and groups by
// harvest. Each view is at most 2 DynamoDB calls whatever the number of
// members (store/ranking_read.go).
package rankings

import (
	"net/http"
	"strconv"

	"github.com/verde-app/verde/shared/api"
	"github.com/verde-app/verde/shared/api/kit"
	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/auth"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
)

// Routes is this area's whole API surface; template.yaml declares the same.
func Routes(d app.Deps) []api.Route {
	signedIn := d.Verifier.Require
	return []api.Route{
		{Method: "GET", Path: "/api/rankings/membros", Handler: signedIn(handleMembers(d))},
		{Method: "GET", Path: "/api/rankings/grupos", Handler: signedIn(handleGroups(d))},
		{Method: "GET", Path: "/api/rankings/grupos/{groupId}/membros", Handler: signedIn(handleGroupMembers(d))},
		{Method: "GET", Path: "/api/rankings/liga", Handler: signedIn(handleLeague(d))},
	}
}

// NewServer is the RankingsFunction handler.
func NewServer(d app.Deps) http.Handler { return api.NewMux(Routes(d)) }

// periodo reads ?periodo= (absent: geral; present, it must be geral or mes).
func periodo(r *http.Request) (string, error) {
	v, ok := r.URL.Query()["periodo"]
	if !ok {
		return domain.PeriodoGeral, nil
	}
	if len(v) != 1 || v[0] == "" {
		return "", domain.ErrPeriodoRanking()
	}
	return domain.ParsePeriodo(v[0])
}

// topLimit reads ?limit= (absent: the whole top of 50; 0: my standing alone,
// the dashboard's card).
func topLimit(r *http.Request) (int, error) {
	v, ok := r.URL.Query()["limit"]
	if !ok {
		return domain.RankingTop, nil
	}
	n, err := strconv.Atoi(v[0])
	if len(v) != 1 || err != nil || n < 0 || n > domain.RankingTop {
		return 0, domain.ErrBadLimit(0, domain.RankingTop)
	}
	return n, nil
}

func handleMembers(d app.Deps) http.Handler {
	return kit.Read(d, http.StatusOK, func(r *http.Request, _ store.Actor) (MembersRanking, error) {
		p, err := periodo(r)
		if err != nil {
			return MembersRanking{}, err
		}
		limit, err := topLimit(r)
		if err != nil {
			return MembersRanking{}, err
		}
		rk, err := d.Store.MembersRankingTop(r.Context(), p, auth.FromContext(r.Context()).Sub, limit)
		if err != nil {
			return MembersRanking{}, err
		}
		return membersRankingOf(p, rk), nil
	})
}

func handleGroupMembers(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p, err := periodo(r)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		rk, g, err := d.Store.GroupMembersRanking(r.Context(), r.PathValue("groupId"), p, kit.ActorFrom(d, r))
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		out := membersRankingOf(p, rk)
		out.Grupo = &groupRef{ID: g.ID, Nome: g.Nome}
		api.Encode(w, http.StatusOK, out)
	})
}

func handleGroups(d app.Deps) http.Handler {
	return kit.Read(d, http.StatusOK, func(r *http.Request, _ store.Actor) (GroupsRanking, error) {
		p, err := periodo(r)
		if err != nil {
			return GroupsRanking{}, err
		}
		c := auth.FromContext(r.Context())
		rk, err := d.Store.GroupsRanking(r.Context(), p, r.URL.Query().Get("grupo"), c.Sub, c.IsAdmin())
		if err != nil {
			return GroupsRanking{}, err
		}
		return groupsRankingOf(p, rk), nil
	})
}

// Members is GET /api/rankings/membros's handler (without its sign-in
// check), for the dashboard's one reply (shared/api/me/dashboard.go).
func Members(d app.Deps) http.Handler { return handleMembers(d) }
