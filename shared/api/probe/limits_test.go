package probe_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

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
	env.SetRules(t, "probe", func(r *domain.Rules) { r.Limites.EntradasPorDia = 4 })
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
	env.SetRules(t, "probe", func(r *domain.Rules) {
		l := &r.Limites
		l.GruposPorDia, l.ConvitesPorDia, l.PedidosLotePorDia, l.AcoesCoordenacaoPorDia = 1, 1, 1, 1
		l.CultivosPorDia, l.RegistrosDiarioPorDia, l.ColheitasPorDia = 1, 1, 1
		l.FotosPorDia = 1
		l.CatalogoPorDia = 1
		l.PostsPorDia, l.ComentariosPorDia, l.CurtidasPorDia, l.DenunciasPorDia = 1, 1, 1, 1
		l.ParticipacoesPorDia = 1
	})
	f := env.NewFixture(t, cast, testkit.FixtureOpts{})
	// Two community posts (the owner's and the coordinator's: one a day each), for the feed's acts.
	var posts [2]string
	for i := range posts {
		in := domain.PostInput{Texto: []string{"Colhi alface hoje", "Mudas de couve para trocar"}[i]}
		if err := in.Valid(); err != nil {
			t.Fatal(err)
		}
		p, _, err := env.Deps.Store.CreatePost(t.Context(), in, testkit.Actor([]testkit.User{cast.Owner, cast.Coord}[i]))
		if err != nil {
			t.Fatal(err)
		}
		posts[i] = "/api/posts/" + p.ID
	}
	// Member's cultivo in the group, sown: Member's cultivo of the day.
	cid := newCultivo(t, env, f.Group.ID, cast.Member)
	c := "/api/cultivos/" + cid
	// Fixtures are built through the store and count too: start each member's
	// day from what the fixture left (the owner created a group and an invite,
	// and assigned a lote; the member asked for one).
	g := "/api/groups/" + f.Group.ID
	// Two mutirões next week (the owner's, made under a higher coordination cap, put back at 1
	// after), for the members' participations.
	env.SetRules(t, "probe", func(r *domain.Rules) { r.Limites.AcoesCoordenacaoPorDia = 10 })
	var mutiroes [2]string
	for i := range mutiroes {
		in := domain.MutiraoInput{Titulo: fmt.Sprint("Mutirão ", i+1), Data: domain.FormatDate(domain.LocalDate(time.Now()).AddDate(0, 0, 7+i)), Hora: "08:00",
			DuracaoMin: ptrInt(120), Local: "Horta", Tarefas: []domain.TarefaInput{{Titulo: "Capina", Vagas: ptrInt(5)}}}
		if err := in.Valid(); err != nil {
			t.Fatal(err)
		}
		m, err := env.Deps.Store.CreateMutirao(t.Context(), f.Group.ID, testkit.Actor(cast.Owner), in)
		if err != nil {
			t.Fatal(err)
		}
		mutiroes[i] = g + "/mutiroes/" + m.ID
	}
	env.SetRules(t, "probe", func(r *domain.Rules) { r.Limites.AcoesCoordenacaoPorDia = 1 })
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
		{"create a cultivo", cast.Alvo, "POST", "/api/cultivos", cultivoBody(), domain.ActCultivo},
		{"write in the diary", cast.Member, "POST", c + "/diario", diarioBody(), domain.ActDiario},
		{"upload a photo", cast.Stranger, "POST", "/api/uploads", uploadBody(), domain.ActFoto},
		{"add a vegetable", cast.Admin, "POST", "/api/admin/vegetables", vegetalBody(), domain.ActCatalogo},
		{"publish a post", cast.Stranger, "POST", "/api/posts", map[string]any{"texto": "Primeiro post do dia"}, domain.ActPost},
		{"comment", cast.Stranger, "POST", posts[0] + "/comentarios", map[string]any{"texto": "Que bonito!"}, domain.ActComentario},
		{"like", cast.Stranger, "PUT", posts[0] + "/curtida", nil, domain.ActCurtida},
		{"report", cast.Stranger, "POST", posts[0] + "/denuncias", map[string]any{"motivo": "spam"}, domain.ActDenuncia},
		{"sign up for a mutirão", cast.Member, "PUT", mutiroes[0] + "/inscricao", map[string]any{"tarefaId": "t1"}, domain.ActParticipacao},
		{"record a harvest", cast.Member, "POST", c + "/colheitas", colheitaBody(uuid.NewString()), domain.ActColheita},
	}
	covered := map[domain.DailyAct]bool{domain.ActEntrada: true} // the join-request loop above
	for _, c := range cases {
		covered[c.act] = true
		first := testkit.Do(t, h, c.method, c.path, c.user, c.body)
		if first.Status >= 300 {
			t.Fatalf("%s: first of the day %d %s", c.name, first.Status, first.Body)
		}
	}
	for _, a := range domain.DailyActs {
		if !covered[a] {
			t.Errorf("daily act %q has no case here", a)
		}
	}
	firstColheita := cases[len(cases)-1].body
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
		{"create a cultivo", cast.Alvo, "POST", "/api/cultivos", cultivoBody()},
		{"create a cultivo after the fixture's", cast.Member, "POST", "/api/cultivos", cultivoBody()},
		{"write in the diary", cast.Member, "POST", c + "/diario", diarioBody()},
		{"upload another photo", cast.Stranger, "POST", "/api/uploads", uploadBody()},
		{"add another vegetable", cast.Admin, "POST", "/api/admin/vegetables", vegetalBody()},
		{"publish another post", cast.Stranger, "POST", "/api/posts", map[string]any{"texto": "Segundo post do dia"}},
		{"comment again", cast.Stranger, "POST", posts[1] + "/comentarios", map[string]any{"texto": "Quero!"}},
		{"like another post", cast.Stranger, "PUT", posts[1] + "/curtida", nil},
		{"report another post", cast.Stranger, "POST", posts[1] + "/denuncias", map[string]any{"motivo": "spam"}},
		{"sign up for another mutirão", cast.Member, "PUT", mutiroes[1] + "/inscricao", map[string]any{"tarefaId": "t1"}},
		{"record another harvest", cast.Member, "POST", c + "/colheitas", colheitaBody(uuid.NewString())},
	}
	for _, c := range again {
		res := testkit.Do(t, h, c.method, c.path, c.user, c.body)
		if res.Status != http.StatusTooManyRequests || res.ErrorCode() != "rate_limited" || !strings.HasPrefix(res.ErrorMessage(), "Você atingiu o limite de 1 ") {
			t.Errorf("%s past the cap: %d %s", c.name, res.Status, res.Body)
		}
	}
	// Nothing of the refused cultivo writes was stored: Alvo has one
	// cultivo, Member's has its creation line and one entry, one harvest.
	var mine struct{ Items []struct{ ID string } }
	testkit.Do(t, h, "GET", "/api/cultivos", cast.Alvo, nil).Decode(t, &mine)
	var diario struct{ Items []struct{ Tipo string } }
	testkit.Do(t, h, "GET", c+"/diario?limit=50", cast.Member, nil).Decode(t, &diario)
	var colheitas struct{ Items []struct{ ID string } }
	testkit.Do(t, h, "GET", c+"/colheitas", cast.Member, nil).Decode(t, &colheitas)
	if len(mine.Items) != 1 || len(colheitas.Items) != 1 || len(diario.Items) != 3 {
		t.Errorf("past the caps: %d cultivos of Alvo (want 1), %d harvests (want 1), %d diary lines (want 3: creation, rega, harvest)",
			len(mine.Items), len(colheitas.Items), len(diario.Items))
	}
	// The same harvest sent again is no new harvest: answered, not refused.
	if res := testkit.Do(t, h, "POST", c+"/colheitas", cast.Member, firstColheita); res.Status != http.StatusOK {
		t.Errorf("the first harvest sent again past the cap: %d %s", res.Status, res.Body)
	}
}

func cultivoBody() map[string]any {
	return map[string]any{"vegetalId": "alface-verao", "metodo": "muda", "quantidade": 12, "unidade": "mudas",
		"dataPlantio": domain.FormatDate(domain.LocalDate(time.Now())), "fase": "semeado"}
}

func uploadBody() map[string]any {
	return map[string]any{"contentType": "image/jpeg", "size": 1000, "width": 640, "height": 480, "purpose": "diario"}
}

func diarioBody() map[string]any { return map[string]any{"tipo": "rega", "texto": "Regado de manhã"} }

func colheitaBody(id string) map[string]any {
	return map[string]any{"id": id, "quantidade": 1.5, "unidade": "kg",
		"data": domain.FormatDate(domain.LocalDate(time.Now())), "destino": "consumo"}
}

// newCultivo is a sown cultivo of by's in group gid, through the store.
func newCultivo(t *testing.T, env *testkit.Env, gid string, by testkit.User) string {
	t.Helper()
	q := 12.0
	in := domain.CultivoInput{VegetalID: "alface-verao", GrupoID: gid, Metodo: domain.MetodoMuda, Quantidade: &q,
		Unidade: domain.UnidadeMudas, DataPlantio: domain.FormatDate(domain.LocalDate(env.Deps.Now())), Fase: domain.FaseSemeado}
	return env.NewCultivo(t, in, by)
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

// vegetalBody is a new vegetable of its own name.
func vegetalBody() map[string]any {
	return map[string]any{"nome": "Vegetal " + uuid.NewString()[:8], "metodo": "semente", "diasColheitaMin": 30, "diasColheitaMax": 50}
}

func ptrInt(n int) *int { return &n }
