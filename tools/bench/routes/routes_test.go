// Package routes is the route part of `make bench` (tools/bench): every GET the SPA makes and
// every create (with the Idempotency-Key the SPA sends), called over HTTP as the SPA calls them
// against a local cloud that holds a season's data (the one `make season` kept in SEASON_DIR,
// copied; else a short season played here first), with each request's DynamoDB calls, the read
// and write request units AWS would bill for them (tools/meter, from item sizes), the CPU the
// in-process functions spend (median; the recorder paused) and the reply's bytes. It runs only
// with VERDE_BENCH=1 (tools/bench sets it); `make test` skips it without starting the emulators.
// It prints figures and asserts nothing about them.
package routes

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	cip "github.com/aws/aws-sdk-go-v2/service/cognitoidentityprovider"
	"github.com/aws/aws-sdk-go-v2/service/cognitoidentityprovider/types"
	"github.com/google/uuid"

	"github.com/verde-app/verde/infra/local/cloud"
	"github.com/verde-app/verde/infra/local/testcloud"
	"github.com/verde-app/verde/shared/store"
	"github.com/verde-app/verde/tools/meter"
	"github.com/verde-app/verde/tools/season/sim"
)

var (
	recorder = meter.NewLazyRecorder("", meter.IndexesOf(store.TableInput("")))
	seeded   *sim.Seeded // from the season's data, when there is one
)

func TestMain(m *testing.M) {
	if os.Getenv("VERDE_BENCH") != "1" {
		os.Exit(m.Run())
	}
	opts := cloud.Options{Instrument: func(id string, cfg *aws.Config) { recorder.Attach(id)(cfg) }}
	if dir := os.Getenv("SEASON_DIR"); dir != "" {
		if b, err := os.ReadFile(filepath.Join(dir, "seeded.json")); err == nil {
			var s sim.Seeded
			if json.Unmarshal(b, &s) == nil && s.Email != "" {
				copyDir, err := os.MkdirTemp(sim.MemTemp(), "verde-bench-")
				if err == nil && exec.Command("cp", "-a", dir+"/.", copyDir).Run() == nil {
					os.Remove(filepath.Join(copyDir, ".lock"))
					opts.DataDir = copyDir
					defer os.RemoveAll(copyDir)
					seeded = &s
				}
			}
		}
	}
	testcloud.Run(m, opts)
}

func cpuNow() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

type user struct {
	email, pass, token, id string
	totp                   string // an account with TOTP MFA (the demo admin)
}

type bench struct {
	t    *testing.T
	c    *cloud.Cloud
	http *http.Client
	idp  *cip.Client
	n    int
}

func (b *bench) signIn(u *user) {
	out, err := b.idp.InitiateAuth(context.Background(), &cip.InitiateAuthInput{ClientId: aws.String(b.c.ClientID), AuthFlow: types.AuthFlowTypeUserPasswordAuth,
		AuthParameters: map[string]string{"USERNAME": u.email, "PASSWORD": u.pass}})
	if err != nil {
		b.t.Fatalf("sign in %s: %v", u.email, err)
	}
	if out.ChallengeName == types.ChallengeNameTypeSoftwareTokenMfa { // the demo admin has TOTP
		res, err := b.idp.RespondToAuthChallenge(context.Background(), &cip.RespondToAuthChallengeInput{ClientId: aws.String(b.c.ClientID), ChallengeName: out.ChallengeName,
			Session: out.Session, ChallengeResponses: map[string]string{"USERNAME": u.email, "SOFTWARE_TOKEN_MFA_CODE": cloud.TOTPCode(u.totp, time.Now())}})
		if err != nil {
			b.t.Fatalf("TOTP of %s: %v", u.email, err)
		}
		out.AuthenticationResult = res.AuthenticationResult
	}
	u.token = aws.ToString(out.AuthenticationResult.AccessToken)
	var me struct {
		ID string `json:"id"`
	}
	b.do(u, "GET", "/api/me", nil, "", &me)
	u.id = me.ID
}

// newUser signs a new member up as the SPA does (their profile by PostConfirmation).
func (b *bench) newUser(uf string) *user {
	b.n++
	u := &user{email: fmt.Sprintf("bench-%d-%s@example.com", b.n, uuid.NewString()[:8]), pass: "Bench-2027!"}
	_, err := b.idp.SignUp(context.Background(), &cip.SignUpInput{ClientId: aws.String(b.c.ClientID), Username: aws.String(u.email), Password: aws.String(u.pass),
		UserAttributes: []types.AttributeType{{Name: aws.String("email"), Value: aws.String(u.email)}, {Name: aws.String("name"), Value: aws.String(fmt.Sprintf("Bancada Teste %d", b.n))}}})
	if err != nil {
		b.t.Fatalf("sign up: %v", err)
	}
	b.signIn(u)
	if uf != "" {
		b.do(u, "PUT", "/api/me", map[string]any{"uf": uf, "cidade": "Campinas"}, "", nil)
	}
	return u
}

// do sends one request as u (nil: anonymous), with an Idempotency-Key when key is set, and
// decodes a 2xx answer into out. It returns the status, the reply as sent and its request id.
func (b *bench) do(u *user, method, path string, body any, key string, out any) (int, []byte, string) {
	var rd io.Reader
	if body != nil {
		raw, _ := json.Marshal(body)
		rd = bytes.NewReader(raw)
	}
	req, _ := http.NewRequest(method, b.c.URL+path, rd)
	req.Header.Set("Accept", "application/json")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if u != nil {
		req.Header.Set("Authorization", "Bearer "+u.token)
	}
	if key != "" {
		req.Header.Set("Idempotency-Key", key)
	}
	res, err := b.http.Do(req)
	if err != nil {
		b.t.Fatalf("%s %s: %v", method, path, err)
	}
	raw, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if out != nil && res.StatusCode < 300 {
		json.Unmarshal(raw, out)
	}
	return res.StatusCode, raw, res.Header.Get("Apigw-Requestid")
}

// call is one measured route: path and body per run (after before, not measured).
type call struct {
	method, route string
	user          func() *user
	path          func(i int) string
	body          func(i int) any
	before        func(i int)
	create        bool
}

const runs = 5 // measured runs per route, after one warm-up run

func TestRouteFigures(t *testing.T) {
	if os.Getenv("VERDE_BENCH") != "1" {
		t.Skip("make bench runs this (VERDE_BENCH=1)")
	}
	c := testcloud.Get()
	b := &bench{t: t, c: c, http: &http.Client{Timeout: time.Minute}, idp: c.CognitoAsSite()}
	if seeded == nil {
		// No season kept: play a short one here (40 members, two months) for data to read.
		cfg := sim.Defaults()
		cfg.Members, cfg.Groups, cfg.Days, cfg.Workers = 40, 4, 60, 4
		s := sim.New(c, recorder, cfg)
		if err := s.Run(context.Background()); err != nil {
			t.Fatal(err)
		}
		x := s.Seeded()
		seeded = &x
		fmt.Println("BENCH-NOTE no season data (SEASON_DIR): measured on a short season of 40 members and 60 days played first; run make season for the full data size")
	} else {
		size := fmt.Sprintf("%d members, %d days", seeded.Members, seeded.Days)
		if seeded.Members == 0 {
			size = "its size is in its report"
		}
		fmt.Printf("BENCH-NOTE measured on the season kept in SEASON_DIR (%s)\n", size)
	}
	// The season's clock: its data is dated on it (a cloud starts on the wall clock).
	end := seeded.Now
	if end == "" {
		end = sim.Defaults().Start.AddDate(0, 0, max(seeded.Days, 365)).Format(time.RFC3339)
	}
	if req, err := http.NewRequest(http.MethodPut, c.URL+cloud.ClockPath, strings.NewReader(`{"now":"`+end+`"}`)); err == nil {
		if res, err := b.http.Do(req); err == nil {
			res.Body.Close()
		}
	}
	recorder.TakeAll()
	member := &user{email: seeded.Email, pass: seeded.Password}
	b.signIn(member)
	admin := &user{email: c.AdminEmail, pass: c.AdminPassword, totp: c.AdminTOTPSecret}
	b.signIn(admin)
	gid := seeded.GroupID
	coord := b.coordinatorOf(member, gid, seeded.Coordinator)
	cid := seeded.CultivoID

	// Ids the routes need, read as the SPA would find them.
	var plante struct {
		UF    string `json:"uf"`
		Items []struct {
			ID string `json:"id"`
		} `json:"items"`
	}
	b.do(member, "GET", "/api/vegetables/plante-agora", nil, "", &plante)
	if len(plante.Items) == 0 {
		t.Fatal("plante agora is empty for the seeded member")
	}
	vid := plante.Items[0].ID
	var feed struct {
		Items []struct {
			ID string `json:"id"`
		} `json:"items"`
	}
	b.do(member, "GET", "/api/groups/"+gid+"/posts?limit=20", nil, "", &feed)
	if len(feed.Items) == 0 {
		b.do(coord, "POST", "/api/posts", map[string]any{"texto": "Bem-vindos à horta", "grupoId": gid}, uuid.NewString(), nil)
		b.do(member, "GET", "/api/groups/"+gid+"/posts?limit=20", nil, "", &feed)
	}
	pid := feed.Items[0].ID
	var guide struct {
		ID string `json:"id"`
	}
	b.do(admin, "POST", "/api/admin/guias", map[string]any{"titulo": "Como regar " + vid, "corpo": "Regue cedo.", "vegetais": []string{vid}}, uuid.NewString(), &guide)
	var invite struct {
		Token string `json:"token"`
	}
	b.do(coord, "POST", "/api/groups/"+gid+"/invites", map[string]any{"maxUsos": 100}, uuid.NewString(), &invite)
	today := func() string {
		var clock struct{ Now time.Time }
		res, err := http.Get(c.URL + cloud.ClockPath)
		if err == nil {
			json.NewDecoder(res.Body).Decode(&clock)
			res.Body.Close()
		}
		return clock.Now.Add(-3 * time.Hour).Format("2006-01-02")
	}()

	// A group that takes members by approval, its owner and people waiting to be approved.
	owner := b.newUser(plante.UF)
	var appr struct {
		ID string `json:"id"`
	}
	b.do(owner, "POST", "/api/groups", map[string]any{"nome": "Horta da Bancada", "cidade": "Campinas", "uf": "SP", "entrada": "aprovacao", "maxMembros": 500}, uuid.NewString(), &appr)
	// Cultivos ready for a harvest, one per run.
	var ready []string
	var joiners, acceptors, requesters, founders, reporters []*user
	for i := 0; i <= runs; i++ {
		rep := b.newUser("")
		b.do(rep, "POST", "/api/groups/"+gid+"/join", nil, uuid.NewString(), nil)
		reporters = append(reporters, rep)
		joiners = append(joiners, b.newUser(""))
		acceptors = append(acceptors, b.newUser(""))
		founders = append(founders, b.newUser("SP"))
		r := b.newUser("")
		b.do(r, "POST", "/api/groups/"+appr.ID+"/join", nil, uuid.NewString(), nil)
		requesters = append(requesters, r)
		var cv struct {
			Cultivo struct {
				ID string `json:"id"`
			} `json:"cultivo"`
		}
		b.do(member, "POST", "/api/cultivos", map[string]any{"vegetalId": vid, "grupoId": gid, "metodo": "muda", "quantidade": 4, "unidade": "mudas", "dataPlantio": today, "fase": "semeado"}, uuid.NewString(), &cv)
		for _, f := range []string{"germinando", "crescendo", "florescendo", "pronto"} {
			b.do(member, "POST", "/api/cultivos/"+cv.Cultivo.ID+"/fase", map[string]any{"fase": f}, "", nil)
		}
		ready = append(ready, cv.Cultivo.ID)
	}
	// Lotes for lote requests (a prefix per bench run).
	prefix := string(rune('K' + time.Now().Second()%10))
	b.do(coord, "POST", "/api/groups/"+gid+"/lotes", map[string]any{"prefixo": prefix, "inicio": 1, "fim": 20, "area": 5}, uuid.NewString(), nil)
	// Posts the member reports, one per run (a report is once per member and post).
	var reportable []string
	for i := 0; i <= runs; i++ {
		var p struct {
			Post struct {
				ID string `json:"id"`
			} `json:"post"`
		}
		b.do(coord, "POST", "/api/posts", map[string]any{"texto": fmt.Sprintf("Mutirão de sábado, turma %d", i), "grupoId": gid}, uuid.NewString(), &p)
		reportable = append(reportable, p.Post.ID)
	}

	fixed := func(p string) func(int) string { return func(int) string { return p } }
	as := func(u *user) func() *user { return func() *user { return u } }
	g := "/api/groups/" + gid
	cp := "/api/cultivos/" + cid
	pp := "/api/posts/" + url.PathEscape(pid)
	month := today[:7]
	cases := []call{
		// The dashboard's reads: the shell's GET /api/me and every card's reply in one
		// GET /api/dashboard (docs/reads.md); then each card's own route, which its "Tentar
		// novamente" asks.
		{method: "GET", route: "/api/me", user: as(member), path: fixed("/api/me")},
		{method: "GET", route: "/api/dashboard", user: as(member), path: fixed("/api/dashboard")},
		{method: "GET", route: "/api/me/agenda", user: as(member), path: fixed("/api/me/agenda")},
		{method: "GET", route: "/api/notifications/unread-count", user: as(member), path: fixed("/api/notifications/unread-count")},
		{method: "GET", route: "/api/banners", user: as(member), path: fixed("/api/banners")},
		{method: "GET", route: "/api/rankings/membros", user: as(member), path: fixed("/api/rankings/membros?periodo=mes&limit=0")},
		{method: "GET", route: "/api/cultivos", user: as(member), path: fixed("/api/cultivos?ativos=true&limit=5")},
		{method: "GET", route: "/api/vegetables/plante-agora", user: as(member), path: fixed("/api/vegetables/plante-agora")},
		{method: "GET", route: "/api/me/groups", user: as(member), path: fixed("/api/me/groups?limit=5")},
		{method: "GET", route: "/api/me/progress", user: as(member), path: fixed("/api/me/progress")},
		{method: "GET", route: "/api/feed/grupos", user: as(member), path: fixed("/api/feed/grupos?limit=3")},
		// The other screens' reads.
		{method: "GET", route: "/api/groups/{groupId}/colheitas-a-confirmar", user: as(coord), path: fixed(g + "/colheitas-a-confirmar?limit=20")},
		{method: "GET", route: "/api/groups/{groupId}/mutiroes", user: as(member), path: fixed(g + "/mutiroes")},
		{method: "GET", route: "/api/public/vegetables", user: as(nil), path: fixed("/api/public/vegetables?q=tomate")},
		{method: "GET", route: "/api/public/plante-agora", user: as(nil), path: fixed("/api/public/plante-agora?uf=SP")},
		{method: "GET", route: "/api/me/groups", user: as(member), path: fixed("/api/me/groups?limit=100")},
		{method: "GET", route: "/api/members/{userId}", user: as(member), path: fixed("/api/members/" + coord.id)},
		{method: "GET", route: "/api/notifications", user: as(member), path: fixed("/api/notifications?limit=20")},
		{method: "GET", route: "/api/groups", user: as(member), path: fixed("/api/groups?q=horta&limit=20")},
		{method: "GET", route: "/api/groups/{groupId}", user: as(member), path: fixed(g)},
		{method: "GET", route: "/api/groups/{groupId}/public", user: as(nil), path: fixed(g + "/public")},
		{method: "GET", route: "/api/groups/{groupId}/members", user: as(member), path: fixed(g + "/members?limit=50")},
		{method: "GET", route: "/api/groups/{groupId}/requests", user: as(owner), path: fixed("/api/groups/" + appr.ID + "/requests?limit=50")},
		{method: "GET", route: "/api/groups/{groupId}/invites", user: as(coord), path: fixed(g + "/invites?limit=20")},
		{method: "GET", route: "/api/invites/{token}", user: as(member), path: fixed("/api/invites/" + invite.Token)},
		{method: "GET", route: "/api/groups/{groupId}/lotes", user: as(member), path: fixed(g + "/lotes?limit=100")},
		{method: "GET", route: "/api/groups/{groupId}/lote-requests", user: as(coord), path: fixed(g + "/lote-requests?limit=100")},
		{method: "GET", route: "/api/groups/{groupId}/cultivos", user: as(member), path: fixed(g + "/cultivos?limit=20")},
		{method: "GET", route: "/api/groups/{groupId}/posts", user: as(member), path: fixed(g + "/posts?limit=20")},
		{method: "GET", route: "/api/vegetables", user: as(member), path: fixed("/api/vegetables?limit=100")},
		{method: "GET", route: "/api/vegetables", user: as(member), path: fixed("/api/vegetables?q=tomate&limit=100")},
		{method: "GET", route: "/api/vegetables/{vegetalId}", user: as(member), path: fixed("/api/vegetables/" + vid)},
		{method: "GET", route: "/api/vegetables/{vegetalId}/guias", user: as(member), path: fixed("/api/vegetables/" + vid + "/guias?limit=20")},
		{method: "GET", route: "/api/guias/{guiaId}", user: as(member), path: fixed("/api/guias/" + guide.ID)},
		{method: "GET", route: "/api/cultivos", user: as(member), path: fixed("/api/cultivos?limit=20")},
		{method: "GET", route: "/api/cultivos", user: as(member), path: fixed("/api/cultivos?ativos=true&limit=100")},
		{method: "GET", route: "/api/cultivos/{cultivoId}", user: as(member), path: fixed(cp)},
		{method: "GET", route: "/api/cultivos/{cultivoId}/diario", user: as(member), path: fixed(cp + "/diario?limit=20")},
		{method: "GET", route: "/api/cultivos/{cultivoId}/colheitas", user: as(member), path: fixed(cp + "/colheitas?limit=20")},
		{method: "GET", route: "/api/cultivos/{cultivoId}/posts", user: as(member), path: fixed(cp + "/posts?limit=20")},
		{method: "GET", route: "/api/feed/grupos", user: as(member), path: fixed("/api/feed/grupos?limit=20")},
		{method: "GET", route: "/api/feed/comunidade", user: as(member), path: fixed("/api/feed/comunidade?limit=20")},
		{method: "GET", route: "/api/posts/{postId}", user: as(member), path: fixed(pp)},
		{method: "GET", route: "/api/posts/{postId}/comentarios", user: as(member), path: fixed(pp + "/comentarios?limit=20")},
		{method: "GET", route: "/api/rankings/membros", user: as(member), path: fixed("/api/rankings/membros?periodo=mes")},
		{method: "GET", route: "/api/rankings/membros", user: as(member), path: fixed("/api/rankings/membros?periodo=geral")},
		{method: "GET", route: "/api/rankings/grupos", user: as(member), path: fixed("/api/rankings/grupos?periodo=mes")},
		{method: "GET", route: "/api/rankings/grupos/{groupId}/membros", user: as(member), path: fixed("/api/rankings/grupos/" + gid + "/membros?periodo=mes")},
		{method: "GET", route: "/api/me/conta", user: as(member), path: fixed("/api/me/conta")},
		{method: "GET", route: "/api/me/notificacoes/preferencias", user: as(member), path: fixed("/api/me/notificacoes/preferencias")},
		{method: "GET", route: "/api/me/dados", user: as(member), path: fixed("/api/me/dados")},
		// The admin's reads.
		{method: "GET", route: "/api/admin/users", user: as(admin), path: fixed("/api/admin/users?q=ana&limit=20")},
		{method: "GET", route: "/api/admin/users/{userId}", user: as(admin), path: fixed("/api/admin/users/" + member.id)},
		{method: "GET", route: "/api/admin/users/{userId}/ledger", user: as(admin), path: fixed("/api/admin/users/" + member.id + "/ledger?limit=20")},
		{method: "GET", route: "/api/admin/rules", user: as(admin), path: fixed("/api/admin/rules")},
		{method: "GET", route: "/api/admin/conquistas", user: as(admin), path: fixed("/api/admin/conquistas")},
		{method: "GET", route: "/api/admin/audit", user: as(admin), path: fixed("/api/admin/audit?limit=20")},
		{method: "GET", route: "/api/admin/moderacao", user: as(admin), path: fixed("/api/admin/moderacao?limit=20")},
		{method: "GET", route: "/api/admin/banners", user: as(admin), path: fixed("/api/admin/banners")},
		{method: "GET", route: "/api/admin/vegetables", user: as(admin), path: fixed("/api/admin/vegetables?limit=100")},
		{method: "GET", route: "/api/admin/guias", user: as(admin), path: fixed("/api/admin/guias?limit=50")},
		{method: "GET", route: "/api/admin/dados/exports", user: as(admin), path: fixed("/api/admin/dados/exports?limit=20")},
		{method: "GET", route: "/api/admin/kpis", user: as(admin), path: fixed("/api/admin/kpis")},
		{method: "GET", route: "/api/admin/totais", user: as(admin), path: fixed("/api/admin/totais")},
		{method: "GET", route: "/api/admin/analytics", user: as(admin), path: fixed("/api/admin/analytics?de=" + month + "-01&ate=" + today + "&granularidade=dia")},

		// Every create, with the SPA's Idempotency-Key.
		{method: "POST", route: "/api/cultivos", create: true, user: as(member), path: fixed("/api/cultivos"), body: func(int) any {
			return map[string]any{"vegetalId": vid, "grupoId": gid, "metodo": "semente", "quantidade": 10, "unidade": "sementes", "dataPlantio": today, "notas": "Canteiro 3"}
		}},
		{method: "POST", route: "/api/cultivos/{cultivoId}/diario", create: true, user: as(member), path: fixed(cp + "/diario"), body: func(i int) any {
			return map[string]any{"tipo": "rega", "texto": fmt.Sprintf("Rega da manhã %d", i)}
		}},
		{method: "POST", route: "/api/cultivos/{cultivoId}/colheitas", create: true, user: as(member), path: func(i int) string { return "/api/cultivos/" + ready[i] + "/colheitas" }, body: func(int) any {
			return map[string]any{"quantidade": 0.8, "unidade": "kg", "data": today, "destino": "consumo"}
		}},
		{method: "POST", route: "/api/posts", create: true, user: as(member), path: fixed("/api/posts"), body: func(i int) any {
			return map[string]any{"texto": fmt.Sprintf("Colheita de hoje, cesta %d", i), "grupoId": gid}
		}},
		{method: "POST", route: "/api/posts/{postId}/comentarios", create: true, user: as(member), path: fixed(pp + "/comentarios"), body: func(i int) any {
			return map[string]any{"texto": fmt.Sprintf("Que beleza! (%d)", i)}
		}},
		{method: "POST", route: "/api/posts/{postId}/denuncias", create: true, path: func(i int) string { return "/api/posts/" + url.PathEscape(reportable[i]) + "/denuncias" }, body: func(int) any {
			return map[string]any{"motivo": "spam"}
		}},
		{method: "POST", route: "/api/groups", create: true, path: fixed("/api/groups"), body: func(i int) any {
			return map[string]any{"nome": fmt.Sprintf("Horta Nova %d %s", i, uuid.NewString()[:4]), "cidade": "Campinas", "uf": "SP"}
		}},
		{method: "POST", route: "/api/groups/{groupId}/join", create: true, path: fixed(g + "/join")},
		{method: "POST", route: "/api/groups/{groupId}/requests/{userId}/approve", create: true, user: as(owner), path: func(i int) string {
			return "/api/groups/" + appr.ID + "/requests/" + requesters[i].id + "/approve"
		}},
		{method: "POST", route: "/api/groups/{groupId}/invites", create: true, user: as(coord), path: fixed(g + "/invites"), body: func(int) any { return map[string]any{"maxUsos": 10} }},
		{method: "POST", route: "/api/invites/{token}/accept", create: true, path: fixed("/api/invites/" + invite.Token + "/accept")},
		{method: "POST", route: "/api/groups/{groupId}/lotes", create: true, user: as(coord), path: fixed(g + "/lotes"), body: func(i int) any {
			return map[string]any{"prefixo": prefix + string(rune('A'+i)), "inicio": 1, "fim": 10, "area": 4}
		}},
		{method: "POST", route: "/api/groups/{groupId}/lotes/{codigo}/requests", create: true, path: func(i int) string {
			return fmt.Sprintf("%s/lotes/%s%d/requests", g, prefix, i+1)
		}},
		{method: "POST", route: "/api/admin/banners", create: true, user: as(admin), path: fixed("/api/admin/banners"), body: func(i int) any {
			return map[string]any{"titulo": fmt.Sprintf("Feira de trocas %d", i), "inicio": today, "fim": today}
		}},
		{method: "POST", route: "/api/admin/vegetables", create: true, user: as(admin), path: fixed("/api/admin/vegetables"), body: func(i int) any {
			return map[string]any{"nome": fmt.Sprintf("Ora-pro-nóbis da bancada %d %s", i, uuid.NewString()[:4]), "metodo": "muda", "diasColheitaMin": 60, "diasColheitaMax": 90}
		}},
		{method: "POST", route: "/api/admin/guias", create: true, user: as(admin), path: fixed("/api/admin/guias"), body: func(i int) any {
			return map[string]any{"titulo": fmt.Sprintf("Guia %d", i), "corpo": "Texto do guia.", "vegetais": []string{vid}}
		}},
		{method: "POST", route: "/api/admin/users/{userId}/pontos", create: true, user: as(admin), path: fixed("/api/admin/users/" + member.id + "/pontos"), body: func(i int) any {
			return map[string]any{"pontos": 1, "motivo": fmt.Sprintf("Ajuste de teste %d", i)}
		}},
		{method: "POST", route: "/api/admin/dados/exports", create: true, user: as(admin), path: fixed("/api/admin/dados/exports"), body: func(int) any {
			return map[string]any{"entidade": "guias", "formato": "csv"}
		}},
		{method: "POST", route: "/api/uploads", user: as(member), path: fixed("/api/uploads"), body: func(int) any {
			return map[string]any{"contentType": "image/jpeg", "size": 52000, "width": 1280, "height": 960, "purpose": "diario"}
		}},
	}
	var figures []Figure
	for _, cs := range cases {
		var cpus []float64
		var last Figure
		var lastBody string
		for i := 0; i <= runs; i++ {
			if cs.before != nil {
				cs.before(i)
			}
			u := (*user)(nil)
			switch {
			case cs.route == "/api/groups" && cs.method == "POST":
				u = founders[i]
			case cs.route == "/api/groups/{groupId}/join":
				u = joiners[i]
			case cs.route == "/api/invites/{token}/accept":
				u = acceptors[i]
			case cs.route == "/api/posts/{postId}/denuncias":
				u = reporters[i] // a report is once per member and post, never of one's own
			case cs.route == "/api/groups/{groupId}/lotes/{codigo}/requests":
				u = joiners[i] // members since their join above; one open request each

			case cs.user != nil:
				u = cs.user()
			}
			var body any
			if cs.body != nil {
				body = cs.body(i)
			}
			key := ""
			if cs.create {
				key = uuid.NewString()
			}
			// Two requests each run: units with the recorder (its item reads), then, for reads,
			// the same request again for CPU with the recorder paused.
			status, raw, id := b.do(u, cs.method, cs.path(i), body, key, nil)
			lastBody = string(raw)
			calls := recorder.Take(id)
			cpu := 0.0
			if cs.method == "GET" {
				recorder.Pause(true)
				start := cpuNow()
				b.do(u, cs.method, cs.path(i), body, key, nil)
				cpu = float64((cpuNow() - start).Microseconds()) / 1000
				recorder.Pause(false)
			}
			if i == 0 {
				continue // warms caches (the token, connections, rules)
			}
			if cs.method != "GET" {
				cpu = -1
			}
			cpus = append(cpus, cpu)
			f := Figure{Method: cs.method, Route: cs.route, Status: status, Bytes: len(raw), GzipBytes: gzipLen(raw), ByOp: map[string]int{}, Create: cs.create}
			if q := strings.SplitN(cs.path(i), "?", 2); len(q) == 2 {
				f.Query = q[1]
			}
			for _, c := range calls {
				f.Calls++
				f.ByOp[c.Op]++
				f.RCU += c.Units.Read
				f.WCU += c.Units.Write
			}
			last = f
		}
		if last.Status >= 400 {
			fmt.Printf("BENCH-NOTE %s %s answered %d: %s\n", cs.method, cs.route, last.Status, lastBody)
		}
		sort.Float64s(cpus)
		last.CPUMs = cpus[len(cpus)/2]
		figures = append(figures, last)
	}
	out, _ := json.Marshal(figures)
	fmt.Println("BENCH-JSON " + string(out))
}

// coordinatorOf signs in the coordinator of gid: by the e-mail the season gave, or found among
// the group's members (the season's e-mails end with the member's number, as their names do).
func (b *bench) coordinatorOf(member *user, gid, email string) *user {
	if email == "" {
		var ms struct {
			Items []struct {
				Nome  string `json:"nome"`
				Papel string `json:"papel"`
			} `json:"items"`
		}
		b.do(member, "GET", "/api/groups/"+gid+"/members?limit=100", nil, "", &ms)
		num := regexp.MustCompile(`(\d+)$`)
		prefix := strings.TrimSuffix(member.email, num.FindString(strings.Split(member.email, "@")[0])+"@temporada.example.com")
		for _, m := range ms.Items {
			if m.Papel == "dono" || (m.Papel == "coordenador" && email == "") {
				if n := num.FindString(m.Nome); n != "" {
					email = prefix + n + "@temporada.example.com"
				}
			}
		}
	}
	u := &user{email: email, pass: seeded.Password}
	b.signIn(u)
	return u
}

// gzipLen is the body's size as the API's gzip middleware sends it (replies from 1 kB).
func gzipLen(body []byte) int {
	if len(body) < 1024 {
		return len(body)
	}
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write(body)
	zw.Close()
	return buf.Len()
}
