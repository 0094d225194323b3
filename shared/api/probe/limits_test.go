package probe_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
)

func unread(t *testing.T, h http.Handler, u testkit.User) int {
	t.Helper()
	res := testkit.Do(t, h, "GET", "/api/notifications/unread-count", u, nil)
	var c struct{ Count int }
	res.Decode(t, &c)
	return c.Count
}

// A join-request/cancel loop used to add a notification to the owner's bell
// each time: now one per requester per group per day, and the loop ends at
// the daily cap of join requests with a 429 in the envelope.
func TestJoinRequestCancelLoopNotifiesTheOwnerOncePerDayAndStopsAtTheDailyCap(t *testing.T) {
	env, cast, h := newWorld(t)
	setRules(t, env, func(r *domain.Rules) { r.Limites.EntradasPorDia = 4 })
	f := env.NewFixture(t, cast, testkit.FixtureOpts{Approval: true})
	spammer := env.NewUser(t, "Insistente")
	before := unread(t, h, cast.Owner)
	path := "/api/groups/" + f.Group.ID
	for i := range 4 {
		if res := testkit.Do(t, h, "POST", path+"/join", spammer, nil); res.Status != http.StatusAccepted {
			t.Fatalf("request %d: %d %s", i, res.Status, res.Body)
		}
		if res := testkit.Do(t, h, "DELETE", path+"/requests/"+spammer.ID, spammer, nil); res.Status != http.StatusNoContent {
			t.Fatalf("cancel %d: %d %s", i, res.Status, res.Body)
		}
	}
	if got := unread(t, h, cast.Owner) - before; got != 1 {
		t.Errorf("the owner's bell got %d notifications from 4 requests of one person", got)
	}
	res := testkit.Do(t, h, "POST", path+"/join", spammer, nil)
	if res.Status != http.StatusTooManyRequests || res.ErrorCode() != "rate_limited" ||
		res.ErrorMessage() != "Você atingiu o limite de 4 entradas e pedidos de entrada em grupos por dia. Tente novamente amanhã" {
		t.Fatalf("fifth request: %d %s", res.Status, res.Body)
	}
	v, err := env.Deps.Store.GroupFor(t.Context(), f.Group.ID, spammer.ID)
	if err != nil || v.Requested || v.Group.SolicitacoesPendentes != 1 {
		t.Fatalf("a refused request changed the group: requested=%v pending=%d %v", v.Requested, v.Group.SolicitacoesPendentes, err)
	}
}

// Every write that creates content or notifies someone has a per-member
// daily cap from domain.Rules, answered with the 429 envelope.
func TestEveryNotifyingOrCreatingWriteHasADailyCapAnswered429(t *testing.T) {
	env, cast, h := newWorld(t)
	setRules(t, env, func(r *domain.Rules) {
		l := &r.Limites
		l.GruposPorDia, l.ConvitesPorDia, l.PedidosLotePorDia, l.AcoesCoordenacaoPorDia = 1, 1, 1, 1
	})
	f := env.NewFixture(t, cast, testkit.FixtureOpts{})
	// Fixtures are built through the store and count too: start each member's
	// day from what the fixture left (the owner created a group and an invite,
	// and assigned a lote; the member asked for one).
	g := "/api/groups/" + f.Group.ID
	cases := []struct {
		name         string
		user         testkit.User
		method, path string
		body         any
		act          domain.DailyAct
	}{
		{"create group", cast.Stranger, "POST", "/api/groups", newGroupBody(), domain.ActCriarGrupo},
		{"create invite", cast.Coord, "POST", g + "/invites", map[string]any{}, domain.ActConvite},
		{"request a lote", cast.Alvo, "POST", g + "/lotes/A1/requests", nil, domain.ActPedidoLote},
		{"assign a lote", cast.Coord, "PUT", g + "/lotes/A2/responsavel", map[string]any{"userId": cast.Alvo.ID}, domain.ActCoordenacao},
	}
	for _, c := range cases {
		first := testkit.Do(t, h, c.method, c.path, c.user, c.body)
		if first.Status >= 300 {
			t.Fatalf("%s: first of the day %d %s", c.name, first.Status, first.Body)
		}
	}
	again := []struct {
		name         string
		user         testkit.User
		method, path string
		body         any
	}{
		{"create group", cast.Stranger, "POST", "/api/groups", newGroupBody()},
		{"create invite", cast.Coord, "POST", g + "/invites", map[string]any{}},
		{"request a lote", cast.Alvo, "POST", g + "/lotes/A4/requests", nil},
		{"free and assign again", cast.Coord, "PUT", g + "/lotes/A1/responsavel", map[string]any{"userId": cast.Alvo.ID}},
	}
	for _, c := range again {
		res := testkit.Do(t, h, c.method, c.path, c.user, c.body)
		if res.Status != http.StatusTooManyRequests || res.ErrorCode() != "rate_limited" || !strings.HasPrefix(res.ErrorMessage(), "Você atingiu o limite de 1 ") {
			t.Errorf("%s past the cap: %d %s", c.name, res.Status, res.Body)
		}
	}
}

// A cursor sealed with the server's own key for a list, but holding a
// position of another list, reached DynamoDB as an out-of-bounds start key
// and came back as a 500: it is a 400 like any bad cursor.
func TestCursorWithAPositionOfAnotherListIsA400(t *testing.T) {
	env, cast, h := newWorld(t)
	f := env.NewFixture(t, cast, testkit.FixtureOpts{})
	gid := f.Group.ID
	foreign := map[string]string{"PK": store.GroupPK(gid), "SK": store.MemberSK(cast.Owner.ID)}
	cursors, err := env.Deps.Cursors.Get(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ scope, path string }{
		{store.LotesScope(gid), "/api/groups/" + gid + "/lotes"},
		{store.InvitesScope(gid), "/api/groups/" + gid + "/invites"},
		{store.LoteRequestsScope(gid), "/api/groups/" + gid + "/lote-requests"},
		{store.MyGroupsScope(cast.Owner.ID), "/api/me/groups"},
	} {
		cur := cursors.Seal(c.scope, foreign)
		res := testkit.Do(t, h, "GET", c.path+"?cursor="+*cur, cast.Owner, nil)
		if res.Status != http.StatusBadRequest || res.ErrorField() != "cursor" {
			t.Errorf("%s with another list's position: %d %s", c.path, res.Status, res.Body)
		}
		other := cursors.Seal("groups:members|"+gid, map[string]string{"PK": store.GroupPK(gid), "SK": store.LoteSK("A1")})
		if res := testkit.Do(t, h, "GET", c.path+"?cursor="+*other, cast.Owner, nil); res.Status != http.StatusBadRequest || res.ErrorField() != "cursor" {
			t.Errorf("%s with another scope's cursor: %d %s", c.path, res.Status, res.Body)
		}
	}
}
