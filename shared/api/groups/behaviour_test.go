package groups_test

import (
	"context"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/domain"
)

func TestCreateGroupValidationNamesTheField(t *testing.T) {
	w := getWorld(t)
	valid := func() map[string]any {
		return map[string]any{"nome": "Horta Boa", "descricao": "x", "cidade": "Recife", "uf": "PE", "visibilidade": "publico", "entrada": "aberta", "maxMembros": 20}
	}
	cases := []struct {
		name  string
		edit  func(map[string]any)
		field string
		msg   string
	}{
		{"nome missing", func(m map[string]any) { delete(m, "nome") }, "nome", "O nome do grupo é obrigatório"},
		{"nome short", func(m map[string]any) { m["nome"] = "Ab" }, "nome", "entre 3 e 60 caracteres"},
		{"nome long", func(m map[string]any) { m["nome"] = strings.Repeat("a", 61) }, "nome", "entre 3 e 60 caracteres"},
		{"nome not text", func(m map[string]any) { m["nome"] = 7 }, "nome", "O campo nome deve ser um texto"},
		{"descricao long", func(m map[string]any) { m["descricao"] = strings.Repeat("d", 1001) }, "descricao", "no máximo 1000 caracteres"},
		{"cidade missing", func(m map[string]any) { m["cidade"] = " " }, "cidade", "A cidade é obrigatória"},
		{"cidade long", func(m map[string]any) { m["cidade"] = strings.Repeat("c", 81) }, "cidade", "no máximo 80 caracteres"},
		{"uf missing", func(m map[string]any) { delete(m, "uf") }, "uf", "A UF é obrigatória"},
		{"uf unknown", func(m map[string]any) { m["uf"] = "XY" }, "uf", "27 estados"},
		{"fotoCapa", func(m map[string]any) { m["fotoCapa"] = "javascript:alert(1)" }, "fotoCapa", "foto enviada ao Verde"},
		{"fotoCapa", func(m map[string]any) { m["fotoCapa"] = "https://tracker.example/pixel.gif" }, "fotoCapa", "foto enviada ao Verde"},
		{"visibilidade", func(m map[string]any) { m["visibilidade"] = "oculto" }, "visibilidade", "publico ou privado"},
		{"entrada", func(m map[string]any) { m["entrada"] = "livre" }, "entrada", "aberta, aprovacao ou convite"},
		{"private needs invites", func(m map[string]any) { m["visibilidade"] = "privado"; m["entrada"] = "aberta" }, "entrada", "Grupos privados só aceitam entrada por convite"},
		{"maxMembros low", func(m map[string]any) { m["maxMembros"] = 1 }, "maxMembros", "entre 2 e 500"},
		{"maxMembros high", func(m map[string]any) { m["maxMembros"] = 501 }, "maxMembros", "entre 2 e 500"},
		{"maxMembros not integer", func(m map[string]any) { m["maxMembros"] = 2.5 }, "maxMembros", "número inteiro"},
		{"unknown field", func(m map[string]any) { m["ownerId"] = "eu" }, "ownerId", "Campo desconhecido"},
	}
	for _, c := range cases {
		b := valid()
		c.edit(b)
		res := testkit.Do(t, w.h, "POST", "/api/groups", w.stranger, b)
		if res.Status != 400 || res.ErrorCode() != "validation" || res.ErrorField() != c.field || !strings.Contains(res.ErrorMessage(), c.msg) {
			t.Errorf("%s: %d %s", c.name, res.Status, res.Body)
		}
	}
	if res := testkit.Do(t, w.h, "POST", "/api/groups", w.stranger, "{not json"); res.Status != 400 {
		t.Errorf("bad JSON: %d", res.Status)
	}
}

func TestQueryAndBodyValidation(t *testing.T) {
	w := getWorld(t)
	f := w.fixture(t, fixtureOpts{})
	other := w.fixture(t, fixtureOpts{})
	// A cursor of one group's member list, replayed on another group's.
	res := testkit.Do(t, w.h, "GET", "/api/groups/"+f.g.ID+"/members?limit=1", w.owner, nil)
	cursor, _ := res.Map(t)["nextCursor"].(string)
	if cursor == "" {
		t.Fatalf("no cursor: %s", res.Body)
	}
	cases := []struct {
		name         string
		method, path string
		body         any
		field        string
	}{
		{"bad uf", "GET", "/api/groups?uf=ZZ", nil, "uf"},
		{"city without uf", "GET", "/api/groups?cidade=Recife", nil, "uf"},
		{"limit", "GET", "/api/groups?limit=0", nil, "limit"},
		{"limit too big", "GET", "/api/groups?limit=101", nil, "limit"},
		{"forged cursor", "GET", "/api/groups?cursor=abc.def", nil, "cursor"},
		{"cursor of another list", "GET", "/api/groups/" + other.g.ID + "/members?cursor=" + url.QueryEscape(cursor), nil, "cursor"},
		{"edit without version", "PATCH", "/api/groups/" + f.g.ID, map[string]any{"nome": "Outro nome"}, "version"},
		{"edit cap under members", "PATCH", "/api/groups/" + f.g.ID, map[string]any{"version": f.g.Version, "maxMembros": 2}, "maxMembros"},
		{"papel", "PATCH", "/api/groups/" + f.g.ID + "/members/" + w.alvo.ID, map[string]any{"papel": "dono"}, "papel"},
		{"transfer without user", "POST", "/api/groups/" + f.g.ID + "/transfer", map[string]any{}, "userId"},
		{"invite days", "POST", "/api/groups/" + f.g.ID + "/invites", map[string]any{"expiraEmDias": 91}, "expiraEmDias"},
		{"invite uses", "POST", "/api/groups/" + f.g.ID + "/invites", map[string]any{"maxUsos": 0}, "maxUsos"},
	}
	for _, c := range cases {
		res := testkit.Do(t, w.h, c.method, c.path, w.owner, c.body)
		if res.Status != 400 || res.ErrorField() != c.field || res.ErrorMessage() == "" {
			t.Errorf("%s: %d %s", c.name, res.Status, res.Body)
		}
	}
}

func TestEditIsRefusedOnALostUpdate(t *testing.T) {
	w := getWorld(t)
	f := w.fixture(t, fixtureOpts{})
	first := testkit.Do(t, w.h, "PATCH", "/api/groups/"+f.g.ID, w.owner, map[string]any{"version": f.g.Version, "nome": "Primeira Edição"})
	second := testkit.Do(t, w.h, "PATCH", "/api/groups/"+f.g.ID, w.coord, map[string]any{"version": f.g.Version, "nome": "Segunda Edição"})
	if first.Status != 200 || second.Status != 409 || second.ErrorCode() != "conflict" {
		t.Fatalf("first %d, second %d %s", first.Status, second.Status, second.Body)
	}
	if got := first.Map(t); got["version"] != float64(f.g.Version+1) || got["nome"] != "Primeira Edição" {
		t.Fatalf("edited %v", got)
	}
}

func TestFiftySimultaneousJoinsFillTenPlacesExactly(t *testing.T) {
	w := getWorld(t)
	const n = 50
	users := make([]testkit.User, n)
	for i := range users {
		users[i] = w.env.NewUser(t, fmt.Sprintf("Vizinha %d", i))
	}
	created := testkit.Do(t, w.h, "POST", "/api/groups", users[0], map[string]any{"nome": "Horta Disputada", "cidade": "Natal", "uf": "RN", "maxMembros": 10})
	if created.Status != 201 {
		t.Fatalf("create %d %s", created.Status, created.Body)
	}
	gid := created.Map(t)["id"].(string)
	statuses := make([]int, n)
	var wg sync.WaitGroup
	for i := 1; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			statuses[i] = testkit.Do(t, w.h, "POST", "/api/groups/"+gid+"/join", users[i], nil).Status
		}()
	}
	wg.Wait()
	count := map[int]int{}
	for _, s := range statuses[1:] {
		count[s]++
	}
	if count[201] != 9 || count[409] != n-1-9 {
		t.Fatalf("statuses %v", count)
	}
	detail := testkit.Do(t, w.h, "GET", "/api/groups/"+gid, users[0], nil).Map(t)
	members := testkit.Do(t, w.h, "GET", "/api/groups/"+gid+"/members?limit=100", users[0], nil).Map(t)
	if detail["memberCount"] != 10.0 || len(members["items"].([]any)) != 10 {
		t.Fatalf("memberCount %v, members %d", detail["memberCount"], len(members["items"].([]any)))
	}
}

func TestJoiningTwiceOrAgainAfterLeavingAwardsPointsOnce(t *testing.T) {
	w := getWorld(t)
	f := w.fixture(t, fixtureOpts{})
	u := w.env.NewUserWithoutProfile(t, "Gabi Google")
	path := "/api/groups/" + f.g.ID + "/join"
	first := testkit.Do(t, w.h, "POST", path, u, nil)
	if first.Status != 201 || first.Map(t)["pontosGanhos"] != 10.0 {
		t.Fatalf("first join %d %s", first.Status, first.Body)
	}
	if again := testkit.Do(t, w.h, "POST", path, u, nil); again.Status != 409 {
		t.Fatalf("second join %d", again.Status)
	}
	if leave := testkit.Do(t, w.h, "DELETE", "/api/groups/"+f.g.ID+"/members/"+u.ID, u, nil); leave.Status != 204 {
		t.Fatalf("leave %d %s", leave.Status, leave.Body)
	}
	rejoin := testkit.Do(t, w.h, "POST", path, u, nil)
	if rejoin.Status != 201 || rejoin.Map(t)["pontosGanhos"] != 0.0 {
		t.Fatalf("rejoin %d %s", rejoin.Status, rejoin.Body)
	}
	p, found, err := w.env.Deps.Store.Profile(context.Background(), u.ID)
	if err != nil || !found || p.PontosTotais != 10 || p.Nivel != 1 || !slices.Equal(p.GruposParticipantes, []string{f.g.ID}) || p.Nome != "Gabi Google" {
		t.Fatalf("profile %+v found=%v err=%v", p, found, err)
	}
}

func TestPublicPageShowsCountsAndNoPersonalData(t *testing.T) {
	w := getWorld(t)
	f := w.fixture(t, fixtureOpts{})
	res := testkit.Do(t, w.h, "GET", "/api/groups/"+f.g.ID+"/public", w.anon, nil)
	if res.Status != 200 {
		t.Fatalf("%d %s", res.Status, res.Body)
	}
	body := string(res.Body)
	for _, leak := range []string{w.owner.Email, w.member.Email, w.owner.Name, w.member.Name, w.coord.Name, w.owner.ID, "@"} {
		if strings.Contains(body, leak) {
			t.Fatalf("public page leaks %q: %s", leak, body)
		}
	}
	m := res.Map(t)
	lotes := m["lotes"].(map[string]any)
	if m["memberCount"] != 4.0 || lotes["livre"] != 3.0 || lotes["ocupado"] != 1.0 || lotes["manutencao"] != 0.0 || m["novosMembrosMes"] != 4.0 {
		t.Fatalf("counts %v", m)
	}
	unknown := testkit.Do(t, w.h, "GET", "/api/groups/0190b6a4-0000-7000-8000-000000000000/public", w.anon, nil)
	fp := w.fixture(t, fixtureOpts{Private: true})
	private := testkit.Do(t, w.h, "GET", "/api/groups/"+fp.g.ID+"/public", w.anon, nil)
	if unknown.Status != 404 || private.Status != 404 || string(unknown.Body[:strings.Index(string(unknown.Body), "requestId")]) != string(private.Body[:strings.Index(string(private.Body), "requestId")]) {
		t.Fatalf("private %d %s vs unknown %d %s", private.Status, private.Body, unknown.Status, unknown.Body)
	}
}

func TestInvitePageTellsEveryStatus(t *testing.T) {
	w := getWorld(t)
	f := w.fixture(t, fixtureOpts{Private: true})
	page := testkit.Do(t, w.h, "GET", "/api/invites/"+f.invite, w.anon, nil).Map(t)
	grupo := page["grupo"].(map[string]any)
	if page["status"] != "valido" || page["jaMembro"] != nil || grupo["nome"] != f.g.Nome || grupo["visibilidade"] != "privado" {
		t.Fatalf("anonymous page %v", page)
	}
	if mine := testkit.Do(t, w.h, "GET", "/api/invites/"+f.invite, w.member, nil).Map(t); mine["jaMembro"] != true {
		t.Fatalf("member page %v", mine)
	}
	if testkit.Do(t, w.h, "DELETE", "/api/groups/"+f.g.ID+"/invites/"+f.invite, w.owner, nil).Status != 200 {
		t.Fatal("revoke")
	}
	if revoked := testkit.Do(t, w.h, "GET", "/api/invites/"+f.invite, w.stranger, nil).Map(t); revoked["status"] != "revogado" || revoked["jaMembro"] != false {
		t.Fatalf("revoked page %v", revoked)
	}
	accept := testkit.Do(t, w.h, "POST", "/api/invites/"+f.invite+"/accept", w.stranger, nil)
	if accept.Status != 409 || !strings.Contains(accept.ErrorMessage(), "revogado") {
		t.Fatalf("accept revoked %d %s", accept.Status, accept.Body)
	}
	for _, token := range []string{domain.NewInviteToken(), "curto", strings.Repeat("x", 300)} {
		res := testkit.Do(t, w.h, "GET", "/api/invites/"+token, w.anon, nil)
		if res.Status != 404 || !strings.Contains(res.ErrorMessage(), "Convite não encontrado") {
			t.Fatalf("unknown token %q: %d %s", token, res.Status, res.Body)
		}
	}
	one := testkit.Do(t, w.h, "POST", "/api/groups/"+f.g.ID+"/invites", w.coord, map[string]any{"maxUsos": 1, "expiraEmDias": 1}).Map(t)
	token := one["token"].(string)
	if one["link"] != "/grupos/"+f.g.ID+"/convite?c="+token || one["status"] != "valido" {
		t.Fatalf("invite %v", one)
	}
	if res := testkit.Do(t, w.h, "POST", "/api/invites/"+token+"/accept", w.stranger, nil); res.Status != 201 {
		t.Fatalf("accept %d %s", res.Status, res.Body)
	}
	if used := testkit.Do(t, w.h, "GET", "/api/invites/"+token, w.anon, nil).Map(t); used["status"] != "esgotado" {
		t.Fatalf("used-up page %v", used)
	}
}

func TestJoinRequestNotifiesOwnerAndApprovalNotifiesRequester(t *testing.T) {
	w := getWorld(t)
	ctx := context.Background()
	s := w.env.Deps.Store
	f := w.fixture(t, fixtureOpts{Approval: true})
	ownerBefore, _ := s.UnreadCount(ctx, w.owner.ID)
	u := w.env.NewUser(t, "Pedro Pedinte")
	if res := testkit.Do(t, w.h, "POST", "/api/groups/"+f.g.ID+"/join", u, nil); res.Status != 202 || res.Map(t)["status"] != "pendente" {
		t.Fatalf("request %d %s", res.Status, res.Body)
	}
	if n, _ := s.UnreadCount(ctx, w.owner.ID); n != ownerBefore+1 {
		t.Fatalf("owner unread %d, was %d", n, ownerBefore)
	}
	detail := testkit.Do(t, w.h, "GET", "/api/groups/"+f.g.ID, u, nil).Map(t)
	if detail["minhaSolicitacao"] != true || detail["meuPapel"] != nil {
		t.Fatalf("requester's view %v", detail)
	}
	list := testkit.Do(t, w.h, "GET", "/api/groups/"+f.g.ID+"/requests", w.coord, nil).Map(t)
	if len(list["items"].([]any)) != 2 {
		t.Fatalf("requests %v", list)
	}
	if res := testkit.Do(t, w.h, "POST", "/api/groups/"+f.g.ID+"/requests/"+u.ID+"/approve", w.coord, nil); res.Status != 201 {
		t.Fatalf("approve %d %s", res.Status, res.Body)
	}
	if n, _ := s.UnreadCount(ctx, u.ID); n != 1 {
		t.Fatalf("requester unread %d", n)
	}
	mine := testkit.Do(t, w.h, "GET", "/api/me/groups", u, nil).Map(t)
	items := mine["items"].([]any)
	if len(items) != 1 || items[0].(map[string]any)["meuPapel"] != "membro" || items[0].(map[string]any)["id"] != f.g.ID {
		t.Fatalf("my groups %v", mine)
	}
}

func TestOwnershipTransferAndAdminPowers(t *testing.T) {
	w := getWorld(t)
	f := w.fixture(t, fixtureOpts{Private: true})
	if res := testkit.Do(t, w.h, "POST", "/api/groups/"+f.g.ID+"/transfer", w.owner, map[string]any{"userId": w.member.ID}); res.Status != 204 {
		t.Fatalf("transfer %d %s", res.Status, res.Body)
	}
	d := testkit.Do(t, w.h, "GET", "/api/groups/"+f.g.ID, w.member, nil).Map(t)
	if d["meuPapel"] != "dono" || d["ownerId"] != w.member.ID {
		t.Fatalf("new owner sees %v", d)
	}
	old := testkit.Do(t, w.h, "GET", "/api/groups/"+f.g.ID, w.owner, nil).Map(t)
	if old["meuPapel"] != "coordenador" {
		t.Fatalf("old owner sees %v", old)
	}
	// A site admin edits, removes a coordinator and deletes a private group they are not in.
	if res := testkit.Do(t, w.h, "PATCH", "/api/groups/"+f.g.ID, w.admin, map[string]any{"version": d["version"], "descricao": "Moderado"}); res.Status != 200 {
		t.Fatalf("admin edit %d %s", res.Status, res.Body)
	}
	if res := testkit.Do(t, w.h, "DELETE", "/api/groups/"+f.g.ID+"/members/"+w.owner.ID, w.admin, nil); res.Status != 204 {
		t.Fatalf("admin removes %d %s", res.Status, res.Body)
	}
	if res := testkit.Do(t, w.h, "DELETE", "/api/groups/"+f.g.ID, w.admin, nil); res.Status != 204 {
		t.Fatalf("admin delete %d %s", res.Status, res.Body)
	}
	if res := testkit.Do(t, w.h, "GET", "/api/groups/"+f.g.ID, w.member, nil); res.Status != 404 {
		t.Fatalf("after delete %d", res.Status)
	}
}
