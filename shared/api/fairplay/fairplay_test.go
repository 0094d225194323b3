// Package fairplay_test holds the tests of fair play (points, conquistas and
// rankings that cannot be bought): the farming runs that paid on main, played
// through every area's real handler against the local cloud, on a table of
// their own so the ceiling's test may set the rules it needs.
package fairplay_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/verde-app/verde/infra/local/cloud"
	"github.com/verde-app/verde/infra/local/testcloud"
	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/domain"
)

// The catalogue is seeded (with its yields): cultivos are made of it.
func TestMain(m *testing.M) { testcloud.Run(m, cloud.Options{}) }

// The world every test here shares (made once, on the first setup): one
// mux of every area's routes (the tests make their own users).
var env, _, h, setup = testkit.Vars(&testkit.Area{Server: testkit.AllAreas})

func do(t *testing.T, method, path string, u testkit.User, body any, want int) map[string]any {
	t.Helper()
	res := testkit.Do(t, h, method, path, u, body)
	if res.Status != want {
		t.Fatalf("%s %s: %d, want %d: %s", method, path, res.Status, want, res.Body)
	}
	if len(res.Body) == 0 {
		return nil
	}
	return res.Map(t)
}

func num(v any) int {
	f, _ := v.(float64)
	return int(f)
}

func points(t *testing.T, u testkit.User) int {
	t.Helper()
	return num(do(t, "GET", "/api/me", u, nil, 200)["pontosTotais"])
}

type row struct {
	motivo, rotulo, descricao string
	pontos                    int
	em                        time.Time
}

// ledger is every row of the member's points history (all its pages), as path lists them.
func ledger(t *testing.T, path string, as testkit.User) []row {
	t.Helper()
	var out []row
	cursor := ""
	for range 50 {
		p := path + "?limit=100"
		if cursor != "" {
			p += "&cursor=" + cursor
		}
		page := do(t, "GET", p, as, nil, 200)
		for _, it := range page["items"].([]any) {
			m := it.(map[string]any)
			em, _ := time.Parse(time.RFC3339, m["criadoEm"].(string))
			out = append(out, row{motivo: m["motivo"].(string), rotulo: m["rotulo"].(string), descricao: m["descricao"].(string), pontos: num(m["pontos"]), em: em})
		}
		next, _ := page["nextCursor"].(string)
		if next == "" {
			return out
		}
		cursor = next
	}
	t.Fatal("ledger without end")
	return nil
}

func sum(rows []row, motivo string) int {
	n := 0
	for _, r := range rows {
		if motivo == "" || r.motivo == motivo {
			n += r.pontos
		}
	}
	return n
}

func today() string { return domain.FormatDate(domain.LocalDate(env.Deps.Now())) }

func daysAgo(n int) string {
	return domain.FormatDate(domain.LocalDate(env.Deps.Now()).AddDate(0, 0, -n))
}

// newGroup is a public group of owner with members joined.
func newGroup(t *testing.T, owner testkit.User, members ...testkit.User) string {
	t.Helper()
	g := do(t, "POST", "/api/groups", owner, map[string]any{"nome": "Horta " + uuid.NewString()[:8], "cidade": "Campinas", "uf": "SP"}, 201)
	gid := g["id"].(string)
	for _, m := range members {
		do(t, "POST", "/api/groups/"+gid+"/join", m, nil, 201)
	}
	return gid
}

func newCultivo(t *testing.T, u testkit.User, gid, vegetal string, mudas float64, planted string) string {
	t.Helper()
	body := map[string]any{"vegetalId": vegetal, "metodo": "muda", "quantidade": mudas, "unidade": "mudas", "dataPlantio": planted, "fase": "semeado"}
	if gid != "" {
		body["grupoId"] = gid
	}
	return do(t, "POST", "/api/cultivos", u, body, 201)["cultivo"].(map[string]any)["id"].(string)
}

func colheita(t *testing.T, u testkit.User, cid string, qty float64, unidade string) map[string]any {
	t.Helper()
	return do(t, "POST", "/api/cultivos/"+cid+"/colheitas", u,
		map[string]any{"quantidade": qty, "unidade": unidade, "data": today(), "destino": "consumo"}, 201)["colheita"].(map[string]any)
}

// groupKg is the group's standing in this month's harvest ranking (grams per active member; 0: not ranked).
func groupKg(t *testing.T, u testkit.User, gid string) (grams, pos int) {
	t.Helper()
	r := do(t, "GET", "/api/rankings/grupos?periodo=mes&grupo="+gid, u, nil, 200)
	g, _ := r["grupo"].(map[string]any)
	if g == nil {
		return 0, 0
	}
	return num(g["valor"]), num(g["posicao"])
}

// TestFarmedColheitasPayTheFirstColheitaOnceConfirmedAndNothingBefore: one muda
// of alface planted today, then ten harvests of 1000 kg. Each is recorded but
// "a confirmar" (too early, and far beyond what one muda gives): no points, no
// kg in the group's ranking, no place in any ranking. Once a coordinator
// confirms them all, they pay the rule's first-harvest value once (a cultivo
// pays one harvest a day) and only then count in the ranking.
func TestFarmedColheitasPayTheFirstColheitaOnceConfirmedAndNothingBefore(t *testing.T) {
	setup(t)
	owner, farmer := env.NewUser(t, "Dona da Horta"), env.NewUser(t, "Fazendeiro")
	gid := newGroup(t, owner, farmer)
	cid := newCultivo(t, farmer, gid, "alface-verao", 1, today())
	before := points(t, farmer)
	monthBefore := do(t, "GET", "/api/rankings/membros?periodo=mes", farmer, nil, 200)["eu"].(map[string]any)

	var hids []string
	for i := range 10 {
		c := colheita(t, farmer, cid, 1000, "kg")
		if c["status"] != domain.ColheitaAConfirmar || num(c["pontos"]) != 0 || c["duvida"] == nil {
			t.Fatalf("harvest %d: %v", i, c)
		}
		hids = append(hids, c["id"].(string))
	}
	if got := points(t, farmer); got != before {
		t.Fatalf("ten unconfirmed harvests paid %d points", got-before)
	}
	if g, pos := groupKg(t, farmer, gid); g != 0 || pos != 0 {
		t.Fatalf("unconfirmed harvests ranked the group: %d g at %d", g, pos)
	}
	monthAfter := do(t, "GET", "/api/rankings/membros?periodo=mes", farmer, nil, 200)["eu"].(map[string]any)
	if num(monthAfter["valor"]) != num(monthBefore["valor"]) || num(monthAfter["posicao"]) != num(monthBefore["posicao"]) {
		t.Fatalf("the month's ranking moved: %v → %v", monthBefore, monthAfter)
	}
	// The group's coordinators find them in one list: a few calls, one Query.
	env.Calls.Reset()
	pend := do(t, "GET", "/api/groups/"+gid+"/colheitas-a-confirmar?limit=100", owner, nil, 200)["items"].([]any)
	if c := env.Calls.ByOperation(); c["Query"] != 1 || c["Scan"] != 0 || env.Calls.Total() > 3 {
		t.Errorf("pending list: %d calls %v", env.Calls.Total(), c)
	}
	if len(pend) != 10 || pend[0].(map[string]any)["vegetalNome"] != "Alface (verão)" {
		t.Fatalf("pending list: %d %v", len(pend), pend[0])
	}
	// Its author cannot confirm it.
	if r := testkit.Do(t, h, "POST", "/api/cultivos/"+cid+"/colheitas/"+hids[0]+"/confirmacao", farmer, nil); r.Status != 403 {
		t.Fatalf("author confirms: %d", r.Status)
	}

	for _, hid := range hids {
		c := do(t, "POST", "/api/cultivos/"+cid+"/colheitas/"+hid+"/confirmacao", owner, nil, 200)
		if c["status"] != domain.ColheitaConfirmada {
			t.Fatalf("confirmed: %v", c)
		}
	}
	if pend := do(t, "GET", "/api/groups/"+gid+"/colheitas-a-confirmar", owner, nil, 200)["items"].([]any); len(pend) != 0 {
		t.Fatalf("still pending after confirmation: %d", len(pend))
	}
	rows := ledger(t, "/api/me/pontos", farmer)
	first := domain.Defaults().Pontos.Colheita
	if got := sum(rows, domain.MotivoColheita); got != first {
		t.Fatalf("ten confirmed harvests of one cultivo in a day paid %d, want the first harvest's %d", got, first)
	}
	primeira, _ := domain.ConquistaByCode("primeira-colheita")
	if got := points(t, farmer) - before; got != first+primeira.BonusPadrao {
		t.Fatalf("points moved by %d, want %d (+ Primeira Colheita)", got, first+primeira.BonusPadrao)
	}
	if g, pos := groupKg(t, farmer, gid); g != 10*1000*1000 || pos == 0 {
		t.Fatalf("confirmed harvests: group at %d g, position %d", g, pos)
	}
}

// TestAPlausibleColheitaCountsAtOnceAndFollowsItsCorrectionAndDeletion: a
// harvest within what was planted counts at once; corrected beyond it, it
// goes back to "a confirmar" and its points and kg go with it; deleted, the
// same. The ledger says each step.
func TestAPlausibleColheitaCountsAtOnceAndFollowsItsCorrectionAndDeletion(t *testing.T) {
	setup(t)
	owner, grower := env.NewUser(t, "Dono Correção"), env.NewUser(t, "Hortelã")
	gid := newGroup(t, owner, grower)
	cid := newCultivo(t, grower, gid, "alface-verao", 12, daysAgo(40))
	before := points(t, grower)
	c := colheita(t, grower, cid, 2, "kg")
	if c["status"] != domain.ColheitaConfirmada || num(c["pontos"]) != 50 {
		t.Fatalf("plausible harvest: %v", c)
	}
	hid := c["id"].(string)
	if g, _ := groupKg(t, grower, gid); g != 2000 {
		t.Fatalf("group at %d g", g)
	}
	// Twelve mudas of alface do not give 500 kg: the correction waits for confirmation.
	e := do(t, "PUT", "/api/cultivos/"+cid+"/colheitas/"+hid, grower, map[string]any{"quantidade": 500, "unidade": "kg", "data": today(), "destino": "consumo"}, 200)
	if e["status"] != domain.ColheitaAConfirmar || num(e["pontos"]) != 0 || e["editadaEm"] == nil {
		t.Fatalf("corrected: %v", e)
	}
	if g, _ := groupKg(t, grower, gid); g != 0 {
		t.Fatalf("after the correction the group is at %d g", g)
	}
	primeira, _ := domain.ConquistaByCode("primeira-colheita")
	if got := points(t, grower) - before; got != primeira.BonusPadrao {
		t.Fatalf("after the correction: %d points from the harvest, want the conquista's %d alone", got, primeira.BonusPadrao)
	}
	// Another member's correction or deletion is refused.
	if r := testkit.Do(t, h, "DELETE", "/api/cultivos/"+cid+"/colheitas/"+hid, owner, nil); r.Status != 403 {
		t.Fatalf("the dono deletes a member's harvest: %d", r.Status)
	}
	// Corrected back, it counts again and pays again (a new row, not the reversed one).
	do(t, "PUT", "/api/cultivos/"+cid+"/colheitas/"+hid, grower, map[string]any{"quantidade": 1.5, "unidade": "kg", "data": today(), "destino": "doado"}, 200)
	if g, _ := groupKg(t, grower, gid); g != 1500 {
		t.Fatalf("corrected back: group at %d g", g)
	}
	do(t, "DELETE", "/api/cultivos/"+cid+"/colheitas/"+hid, grower, nil, 204)
	if g, _ := groupKg(t, grower, gid); g != 0 {
		t.Fatalf("deleted: group at %d g", g)
	}
	if got := points(t, grower) - before; got != primeira.BonusPadrao {
		t.Fatalf("deleted: %d points left, want the conquista's %d (it stays)", got, primeira.BonusPadrao)
	}
	rows := ledger(t, "/api/me/pontos", grower)
	if sum(rows, domain.MotivoColheita)+sum(rows, domain.MotivoEstorno) != 0 {
		t.Fatalf("harvest rows %+v", rows)
	}
	var estornos int
	for _, r := range rows {
		if r.motivo == domain.MotivoEstorno && strings.HasPrefix(r.rotulo, "Estorno") {
			estornos++
		}
	}
	if estornos != 2 {
		t.Fatalf("%d reversal rows, want 2: %+v", estornos, rows)
	}
	cult := do(t, "GET", "/api/cultivos/"+cid, grower, nil, 200)
	if tot := cult["totais"].(map[string]any); num(tot["colheitas"]) != 0 || tot["kg"].(float64) != 0 {
		t.Fatalf("cultivo totals after the deletion: %v", tot)
	}
}

// TestTwentyPostsCreatedAndDeletedLeaveNoPoints, and thirty comments: what
// each paid goes with it, and the counters conquistas read move back.
func TestTwentyPostsAndThirtyCommentsCreatedAndDeletedLeaveNoPoints(t *testing.T) {
	setup(t)
	u, other := env.NewUser(t, "Postadora"), env.NewUser(t, "Outra Pessoa")
	before := points(t, u)
	for i := range 20 {
		p := do(t, "POST", "/api/posts", u, map[string]any{"texto": fmt.Sprintf("Post número %d da horta", i)}, 201)
		do(t, "DELETE", "/api/posts/"+p["post"].(map[string]any)["id"].(string), u, nil, 204)
	}
	target := do(t, "POST", "/api/posts", other, map[string]any{"texto": "Um post para comentar"}, 201)["post"].(map[string]any)["id"].(string)
	for i := range 30 {
		c := do(t, "POST", "/api/posts/"+target+"/comentarios", u, map[string]any{"texto": fmt.Sprintf("Comentário %d", i)}, 201)
		do(t, "DELETE", "/api/posts/"+target+"/comentarios/"+c["comentario"].(map[string]any)["id"].(string), u, nil, 204)
	}
	if got := points(t, u) - before; got != 0 {
		t.Fatalf("created and deleted: %d points kept", got)
	}
	prog := do(t, "GET", "/api/me/progress", u, nil, 200)
	for _, c := range prog["conquistas"].([]any) {
		m := c.(map[string]any)
		if (m["codigo"] == "voz-da-comunidade" || m["codigo"] == "bom-vizinho") && m["conquistada"] == true {
			t.Fatalf("%s unlocked by deleted content", m["codigo"])
		}
	}
}

// TestTenRegasOnOneCultivoInADayPayOnce: "Reguei hoje" pays once per cultivo a day.
func TestTenRegasOnOneCultivoInADayPayOnce(t *testing.T) {
	setup(t)
	u := env.NewUser(t, "Regadora")
	cid := newCultivo(t, u, "", "alface-verao", 6, daysAgo(10))
	before := points(t, u)
	for i := range 10 {
		do(t, "POST", "/api/cultivos/"+cid+"/diario", u, map[string]any{"tipo": "rega", "texto": fmt.Sprintf("Reguei hoje %d", i)}, 201)
	}
	if got := points(t, u) - before; got != domain.Defaults().Pontos.Diario {
		t.Fatalf("ten regas paid %d, want %d", got, domain.Defaults().Pontos.Diario)
	}
	// Deleting the paid one takes its points back.
	page := do(t, "GET", "/api/cultivos/"+cid+"/diario?limit=100", u, nil, 200)
	var paid string
	for _, it := range page["items"].([]any) {
		if m := it.(map[string]any); num(m["pontos"]) > 0 {
			paid = m["id"].(string)
		}
	}
	if paid == "" {
		t.Fatal("no paid entry")
	}
	do(t, "DELETE", "/api/cultivos/"+cid+"/diario/"+paid, u, nil, 204)
	if got := points(t, u) - before; got != 0 {
		t.Fatalf("after deleting the paid rega: %d", got)
	}
	if r := testkit.Do(t, h, "DELETE", "/api/cultivos/"+cid+"/diario/"+paid, u, nil); r.Status != 404 {
		t.Fatalf("deleted twice: %d", r.Status)
	}
}

// TestLikesAndDenunciasOfUnverifiedAccountsCountForNothing: eight fresh
// accounts whose e-mail is not verified like a post and pay its author
// nothing; a verified one pays; a self-like never does. Their reports do not
// hide it, even from accounts old enough.
func TestLikesAndDenunciasOfUnverifiedAccountsCountForNothing(t *testing.T) {
	setup(t)
	author, fan := env.NewUser(t, "Autora"), env.NewUser(t, "Fã Verificada")
	pid := do(t, "POST", "/api/posts", author, map[string]any{"texto": "Minha primeira couve!"}, 201)["post"].(map[string]any)["id"].(string)
	before := points(t, author)
	for i := range 8 {
		bot := env.NewUnverifiedUser(t, fmt.Sprintf("Conta %d", i), 0)
		do(t, "PUT", "/api/posts/"+pid+"/curtida", bot, nil, 200)
	}
	do(t, "PUT", "/api/posts/"+pid+"/curtida", author, nil, 200)
	if got := points(t, author) - before; got != 0 {
		t.Fatalf("unverified likes and a self-like paid %d", got)
	}
	do(t, "PUT", "/api/posts/"+pid+"/curtida", fan, nil, 200)
	if got := points(t, author) - before; got != domain.Defaults().Pontos.CurtidaRecebida {
		t.Fatalf("a verified like paid %d", got)
	}
	for i := range domain.Defaults().Limites.DenunciasParaOcultar + 1 {
		old := env.NewUnverifiedUser(t, fmt.Sprintf("Antiga %d", i), 30*24*time.Hour)
		do(t, "POST", "/api/posts/"+pid+"/denuncias", old, map[string]any{"motivo": "spam"}, 201)
	}
	if p := do(t, "GET", "/api/posts/"+pid, fan, nil, 200); p["oculto"] == true {
		t.Fatal("unverified reports hid the post")
	}
}

// TestLedgerAddsUpToTheTotalInTimeOrder: a member who did everything (a
// group, a join, a cultivo, diary entries, harvests, posts, comments, likes
// received and taken back, deletions, an admin's adjustment, conquistas):
// their history and the admin's view of it list every row in time order,
// each labelled in Portuguese, adding up to pontosTotais exactly.
func TestLedgerAddsUpToTheTotalInTimeOrder(t *testing.T) {
	setup(t)
	u, other, adm := env.NewUser(t, "Faz Tudo"), env.NewUser(t, "Vizinha"), env.NewAdmin(t, "Admin Livro")
	gid := newGroup(t, u, other)
	og := newGroup(t, other)
	do(t, "POST", "/api/groups/"+og+"/join", u, nil, 201)
	cid := newCultivo(t, u, gid, "alface-verao", 12, daysAgo(40))
	for _, tipo := range []string{"rega", "adubacao", "observacao"} {
		do(t, "POST", "/api/cultivos/"+cid+"/diario", u, map[string]any{"tipo": tipo, "texto": "Cuidado de " + tipo}, 201)
	}
	colheita(t, u, cid, 1, "kg")
	colheita(t, u, cid, 0.5, "kg")
	big := colheita(t, u, cid, 900, "kg")
	do(t, "POST", "/api/cultivos/"+cid+"/colheitas/"+big["id"].(string)+"/confirmacao", other, nil, 200)
	var pids []string
	for i := range 3 {
		pids = append(pids, do(t, "POST", "/api/posts", u, map[string]any{"texto": fmt.Sprintf("Post %d", i)}, 201)["post"].(map[string]any)["id"].(string))
	}
	do(t, "PUT", "/api/posts/"+pids[0]+"/curtida", other, nil, 200)
	do(t, "PUT", "/api/posts/"+pids[1]+"/curtida", other, nil, 200)
	do(t, "DELETE", "/api/posts/"+pids[1]+"/curtida", other, nil, 200)
	do(t, "DELETE", "/api/posts/"+pids[2], u, nil, 204)
	theirs := do(t, "POST", "/api/posts", other, map[string]any{"texto": "Post da vizinha"}, 201)["post"].(map[string]any)["id"].(string)
	do(t, "POST", "/api/posts/"+theirs+"/comentarios", u, map[string]any{"texto": "Que bonito!"}, 201)
	do(t, "POST", "/api/admin/users/"+u.ID+"/pontos", adm, map[string]any{"pontos": 7, "motivo": "Mutirão"}, 201)

	total := points(t, u)
	for _, view := range []struct {
		path string
		as   testkit.User
	}{{"/api/me/pontos", u}, {"/api/admin/users/" + u.ID + "/ledger", adm}} {
		rows := ledger(t, view.path, view.as)
		if got := sum(rows, ""); got != total {
			t.Errorf("%s: rows add to %d, pontosTotais is %d: %+v", view.path, got, total, rows)
		}
		seen := map[string]bool{}
		for i, r := range rows {
			seen[r.motivo] = true
			if r.rotulo == "" || r.rotulo == r.motivo || strings.ToUpper(r.rotulo) == r.rotulo {
				t.Errorf("%s: row %d has no Portuguese label: %+v", view.path, i, r)
			}
			if i > 0 && r.em.After(rows[i-1].em) {
				t.Errorf("%s: row %d (%v) after row %d (%v): not newest first", view.path, i, r.em, i-1, rows[i-1].em)
			}
		}
		for _, m := range []string{domain.MotivoCriarGrupo, domain.MotivoEntrarGrupo, domain.MotivoCultivo, domain.MotivoDiario,
			domain.MotivoColheita, domain.MotivoPost, domain.MotivoComentario, domain.MotivoCurtidaRecebida, domain.MotivoConquista,
			domain.MotivoEstorno, domain.MotivoAjuste} {
			if !seen[m] {
				t.Errorf("%s: no %s row", view.path, m)
			}
		}
	}
}

// TestTheDailyCeilingCutsAwardsAndSaysSo: past the rules' tetoDiario, acts
// pay nothing more that day, and the history says the ceiling was reached.
func TestTheDailyCeilingCutsAwardsAndSaysSo(t *testing.T) {
	setup(t)
	env.SetRulesForTest(t, "fairplay", func(r *domain.Rules) { r.Pontos.TetoDiario = 25 })
	u := env.NewUser(t, "Apressada")
	for i := range 5 {
		newCultivo(t, u, "", "alface-verao", 4, daysAgo(10)) // 10 points each, and Primeira Semente's bonus
		_ = i
	}
	rows := ledger(t, "/api/me/pontos", u)
	acts := sum(rows, domain.MotivoCultivo)
	if acts != 25 {
		t.Fatalf("five cultivos under a ceiling of 25 paid %d", acts)
	}
	noted := 0
	for _, r := range rows {
		if strings.Contains(r.descricao, "Teto diário de 25 pontos atingido") {
			noted++
		}
	}
	if noted == 0 {
		t.Fatalf("no row says the ceiling was reached: %+v", rows)
	}
	if got := points(t, u); got != sum(rows, "") {
		t.Fatalf("total %d, rows %d", got, sum(rows, ""))
	}
}

// TestPointsHistoryAuthorization: the member's own history is theirs alone
// (every role reads only their own rows); the admin's view of anyone's is
// for site admins.
func TestPointsHistoryAuthorization(t *testing.T) {
	setup(t)
	a, b, adm := env.NewUser(t, "Ana Pontos"), env.NewUser(t, "Beto Pontos"), env.NewAdmin(t, "Admin Pontos")
	newGroup(t, a)
	if r := testkit.Do(t, h, "GET", "/api/me/pontos", testkit.User{}, nil); r.Status != 401 {
		t.Fatalf("anonymous: %d", r.Status)
	}
	if rows := ledger(t, "/api/me/pontos", b); len(rows) != 0 {
		t.Fatalf("b sees %+v", rows)
	}
	if rows := ledger(t, "/api/me/pontos", a); sum(rows, "") != points(t, a) || len(rows) == 0 {
		t.Fatalf("a sees %+v", rows)
	}
	if rows := ledger(t, "/api/me/pontos", adm); len(rows) != 0 {
		t.Fatalf("the admin's own history holds %+v", rows)
	}
	for _, u := range []testkit.User{{}, a, b} {
		want := 403
		if u.Token == "" {
			want = 401
		}
		if r := testkit.Do(t, h, "GET", "/api/admin/users/"+a.ID+"/ledger", u, nil); r.Status != want {
			t.Fatalf("admin ledger as %q: %d, want %d", u.Name, r.Status, want)
		}
	}
	if rows := ledger(t, "/api/admin/users/"+a.ID+"/ledger", adm); sum(rows, "") != points(t, a) {
		t.Fatalf("admin view %+v", rows)
	}
}
