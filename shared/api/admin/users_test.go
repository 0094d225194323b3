package admin_test

import (
	"context"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	cip "github.com/aws/aws-sdk-go-v2/service/cognitoidentityprovider"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/uuid"

	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/api/admin"
	"github.com/verde-app/verde/shared/api/me"
	"github.com/verde-app/verde/shared/api/notifications"
	"github.com/verde-app/verde/shared/domain"
)

// TestAdminAuthorizationMatrix: every route of the AdminFunction as
// anonymous (401), a member (403, nothing written or audited), an admin by
// the record whose account has no TOTP MFA (403 with field "mfa", nothing
// written or audited) and a site admin (who has it: testkit.NewAdmin).
func TestAdminAuthorizationMatrix(t *testing.T) {
	setup(t)
	member := env.NewUser(t, "Marcos Membro")
	adm := env.NewAdmin(t, "Ana Matriz")
	semTOTP := env.NewUser(t, "Nina Sem Totp")
	if err := env.Deps.Store.GrantAdminBootstrap(context.Background(), semTOTP.ID); err != nil {
		t.Fatal(err)
	}
	target := env.NewUser(t, "Tiago Alvo")
	rules := loadRules(t, adm)
	type row struct {
		method, path string
		body         func(t *testing.T) any
		adminWant    int
	}
	cases := []row{
		{"GET", "/api/admin/rules", nil, 200},
		{"GET", "/api/admin/audit?acao=regras.editadas", nil, 200},
		{"PUT", "/api/admin/rules", func(t *testing.T) any { return editBody(loadRules(t, adm)) }, 200},
		{"GET", "/api/admin/users?q=tiago", nil, 200},
		{"GET", "/api/admin/users/" + target.ID, nil, 200},
		{"GET", "/api/admin/users/" + target.ID + "/ledger", nil, 200},
		{"PUT", "/api/admin/users/" + target.ID + "/admin", func(*testing.T) any { return map[string]any{"admin": false} }, 200},
		{"PUT", "/api/admin/users/" + target.ID + "/status", func(*testing.T) any { return map[string]any{"desativado": false} }, 200},
		{"POST", "/api/admin/users/" + target.ID + "/pontos", func(*testing.T) any { return map[string]any{"pontos": 5, "motivo": "Mutirão"} }, 201},
		{"GET", "/api/admin/kpis", nil, 200},
		{"GET", "/api/admin/analytics?granularidade=semana", nil, 200},
		{"GET", "/api/admin/totais", nil, 200},
		{"GET", "/api/admin/conquistas", nil, 200},
	}
	_ = rules
	roles := []testkit.Role{{Name: "anonymous"}, {Name: "member", User: member}, {Name: "site admin", User: adm}, {Name: "admin without TOTP", User: semTOTP}}
	testkit.Matrix(t, roles, cases, func(c row) (string, testkit.Expect) {
		return c.method + " " + c.path, testkit.Expect{401, 403, c.adminWant, 403}
	}, func(t *testing.T, c row, u testkit.User) testkit.Response {
		var body any
		if c.body != nil {
			body = c.body(t)
		}
		res := testkit.DoWithHeader(t, h, c.method, c.path, u, body, http.Header{"Idempotency-Key": {uuid.NewString()}})
		if u.ID == semTOTP.ID && res.ErrorField() != "mfa" {
			t.Errorf("%s %s as an admin without TOTP: field %q, want mfa: %s", c.method, c.path, res.ErrorField(), res.Body)
		}
		return res
	})
	if log := env.AuditOf(t, member.ID); len(log) != 0 {
		t.Fatalf("a member's refused writes were audited: %+v", log)
	}
	if log := env.AuditOf(t, semTOTP.ID); len(log) != 0 {
		t.Fatalf("an admin without TOTP had writes audited: %+v", log)
	}
	if log := env.AuditOf(t, adm.ID); len(log) != 2 { // the rules save and the points; admin/status unchanged write nothing but the status (audited)
		acts := []string{}
		for _, e := range log {
			acts = append(acts, e.Acao)
		}
		if len(log) != 3 || !strings.Contains(strings.Join(acts, ","), "usuario.reativado") {
			t.Fatalf("admin audit: %v", acts)
		}
	}
}

// TestDisabledMemberIsRefusedAndEnabledAgainWorks: an admin disables a
// member; the member's still-valid access token is refused by every API
// function (here GET /api/me and the notifications) with 401, the member
// cannot sign in; enabled again, the same token works and they sign in.
func TestDisabledMemberIsRefusedAndEnabledAgainWorks(t *testing.T) {
	setup(t)
	adm := env.NewAdmin(t, "Diana Desativa")
	m := env.NewUser(t, "Pedro Pausado")
	meH, notifH := me.NewServer(env.Deps), notifications.NewServer(env.Deps)
	if res := testkit.Do(t, meH, "GET", "/api/me", m, nil); res.Status != 200 {
		t.Fatalf("before: %d", res.Status)
	}
	res := testkit.Do(t, h, "PUT", "/api/admin/users/"+m.ID+"/status", adm, map[string]any{"desativado": true})
	if res.Status != 200 {
		t.Fatalf("disable: %d %s", res.Status, res.Body)
	}
	var u admin.UsuarioAdmin
	res.Decode(t, &u)
	if !u.Desativado {
		t.Fatalf("answer %+v", u)
	}
	for _, c := range []struct {
		h    http.Handler
		path string
	}{{meH, "/api/me"}, {notifH, "/api/notifications/unread-count"}} {
		r := testkit.Do(t, c.h, "GET", c.path, m, nil)
		if r.Status != 401 || !strings.Contains(r.ErrorMessage(), "desativada") {
			t.Fatalf("disabled member on %s: %d %s", c.path, r.Status, r.Body)
		}
	}
	// A fresh container (other Deps: its own copy of the disabled set) refuses too.
	other := testkit.NewEnv(t)
	if r := testkit.Do(t, me.NewServer(other.Deps), "GET", "/api/me", m, nil); r.Status != 401 {
		t.Fatalf("another container: %d", r.Status)
	}
	// Cognito holds the account disabled (no new sign-in in AWS; cognito-local does not enforce it).
	if enabled(t, m) {
		t.Fatal("the Cognito user is still enabled")
	}
	log := env.AuditOf(t, adm.ID)
	if len(log) != 1 || log[0].Acao != "usuario.desativado" || log[0].EntidadeID != m.ID || !strings.Contains(log[0].Depois, `"desativado":true`) {
		t.Fatalf("audit %+v", log)
	}
	// An admin cannot disable themself.
	if self := testkit.Do(t, h, "PUT", "/api/admin/users/"+adm.ID+"/status", adm, map[string]any{"desativado": true}); self.Status != 409 {
		t.Fatalf("self-disable: %d", self.Status)
	}

	res = testkit.Do(t, h, "PUT", "/api/admin/users/"+m.ID+"/status", adm, map[string]any{"desativado": false})
	if res.Status != 200 {
		t.Fatalf("enable: %d %s", res.Status, res.Body)
	}
	if r := testkit.Do(t, meH, "GET", "/api/me", m, nil); r.Status != 200 {
		t.Fatalf("enabled again: %d %s", r.Status, r.Body)
	}
	if !enabled(t, m) {
		t.Fatal("the Cognito user is still disabled")
	}
	if _, err := signIn(m); err != nil {
		t.Fatalf("sign-in after enable: %v", err)
	}
	if log := env.AuditOf(t, adm.ID); len(log) != 2 || log[0].Acao != "usuario.reativado" {
		t.Fatalf("audit after enable %+v", log)
	}
}

func enabled(t *testing.T, u testkit.User) bool {
	t.Helper()
	out, err := env.Cloud.Cognito().AdminGetUser(context.Background(), &cip.AdminGetUserInput{UserPoolId: aws.String(env.Cloud.UserPoolID), Username: aws.String(u.Email)})
	if err != nil {
		t.Fatal(err)
	}
	return out.Enabled
}

func signIn(u testkit.User) (string, error) {
	out, err := env.Cloud.Cognito().InitiateAuth(context.Background(), &cip.InitiateAuthInput{
		ClientId: aws.String(env.Cloud.ClientID), AuthFlow: "USER_PASSWORD_AUTH",
		AuthParameters: map[string]string{"USERNAME": u.Email, "PASSWORD": testkit.Password},
	})
	if err != nil {
		return "", err
	}
	return aws.ToString(out.AuthenticationResult.AccessToken), nil
}

// TestAdminRoleGrantAndRevoke: granting puts the member in the Cognito group
// admin (their next token carries it), revoking takes them out; audited.
func TestAdminRoleGrantAndRevoke(t *testing.T) {
	setup(t)
	adm := env.NewAdmin(t, "Gil Grant")
	m := env.NewUser(t, "Rosa Promovida")
	res := testkit.Do(t, h, "PUT", "/api/admin/users/"+m.ID+"/admin", adm, map[string]any{"admin": true})
	var u admin.UsuarioAdmin
	res.Decode(t, &u)
	if res.Status != 200 || !u.Admin {
		t.Fatalf("grant: %d %s", res.Status, res.Body)
	}
	// The role needs TOTP MFA on the account: without it, 403 saying so.
	if r := testkit.Do(t, h, "GET", "/api/admin/rules", m, nil); r.Status != 403 || !strings.Contains(r.ErrorMessage(), "verificação em duas etapas") {
		t.Fatalf("new admin without TOTP: %d %s", r.Status, r.Body)
	}
	m2 := m
	m2.Token = env.SignIn(t, m, env.SetUpTOTP(t, m))
	if r := testkit.Do(t, h, "GET", "/api/admin/rules", m2, nil); r.Status != 200 {
		t.Fatalf("new admin's new token: %d", r.Status)
	}
	if r := testkit.Do(t, h, "PUT", "/api/admin/users/"+m.ID+"/admin", adm, map[string]any{"admin": false}); r.Status != 200 {
		t.Fatalf("revoke: %d", r.Status)
	}
	if r := testkit.Do(t, h, "GET", "/api/admin/users/"+m.ID, adm, nil); !strings.Contains(string(r.Body), `"admin":false`) {
		t.Fatalf("after revoke: %s", r.Body)
	}
	log := env.AuditOf(t, adm.ID)
	if len(log) != 2 || log[0].Acao != "usuario.admin" || !strings.Contains(log[0].Depois, `"admin":false`) || !strings.Contains(log[1].Depois, `"admin":true`) {
		t.Fatalf("audit %+v", log)
	}
	if self := testkit.Do(t, h, "PUT", "/api/admin/users/"+adm.ID+"/admin", adm, map[string]any{"admin": false}); self.Status != 409 {
		t.Fatalf("self-revoke: %d", self.Status)
	}
	if r := testkit.Do(t, h, "PUT", "/api/admin/users/nao-existe/admin", adm, map[string]any{"admin": true}); r.Status != 404 {
		t.Fatalf("unknown member: %d", r.Status)
	}
}

// TestAdjustPoints: a reason is mandatory; an adjustment is a ledger entry
// with the reason, the level recomputed, the member notified, audited;
// taking more than the member has is refused.
func TestAdjustPoints(t *testing.T) {
	setup(t)
	adm := env.NewAdmin(t, "Paula Pontos")
	m := env.NewUser(t, "Caio Colhedor")
	path := "/api/admin/users/" + m.ID + "/pontos"
	for _, bad := range []struct {
		body  map[string]any
		field string
	}{
		{map[string]any{"pontos": 10, "motivo": "  "}, "motivo"},
		{map[string]any{"pontos": 0, "motivo": "Nada"}, "pontos"},
		{map[string]any{"pontos": 200000, "motivo": "Demais"}, "pontos"},
		{map[string]any{"pontos": -1, "motivo": "Sem saldo"}, "pontos"},
	} {
		if r := testkit.Do(t, h, "POST", path, adm, bad.body); r.Status != 400 || r.ErrorField() != bad.field {
			t.Fatalf("%v: %d %s", bad.body, r.Status, r.Body)
		}
	}
	env.Calls.Reset()
	key := http.Header{"Idempotency-Key": {uuid.NewString()}}
	res := testkit.DoWithHeader(t, h, "POST", path, adm, map[string]any{"pontos": 150, "motivo": "Mutirão de limpeza da horta"}, key)
	if res.Status != 201 {
		t.Fatalf("adjust: %d %s", res.Status, res.Body)
	}
	// The adjustment's one transaction, then the member's monthly league join
	// (their first points of the month: the série's counter and one transaction).
	if c := env.Calls.ByOperation(); c["TransactWriteItems"] != 2 || env.Calls.Total() > 6 {
		t.Fatalf("adjust calls %v", c)
	}
	var done admin.AjusteFeito
	res.Decode(t, &done)
	if done.PontosTotais != 150 || done.Nivel != domain.LevelFor(150) || done.Nivel < 2 {
		t.Fatalf("adjusted %+v", done)
	}
	// The same request again (a double click) adjusts once.
	if again := testkit.DoWithHeader(t, h, "POST", path, adm, map[string]any{"pontos": 150, "motivo": "Mutirão de limpeza da horta"}, key); again.Status != 201 {
		t.Fatalf("replay: %d", again.Status)
	}
	p, _, _ := env.Deps.Store.Profile(context.Background(), m.ID)
	if p.PontosTotais != 150 {
		t.Fatalf("profile total %d", p.PontosTotais)
	}
	led := testkit.Do(t, h, "GET", path[:len(path)-len("/pontos")]+"/ledger", adm, nil)
	var page struct{ Items []admin.LancamentoPontos }
	led.Decode(t, &page)
	if len(page.Items) != 1 || page.Items[0].Motivo != "AJUSTE" || page.Items[0].Pontos != 150 || page.Items[0].Descricao != "Mutirão de limpeza da horta" {
		t.Fatalf("ledger %s", led.Body)
	}
	told := env.Told(t, m.ID, domain.NotifPontosAjustados)
	found := false
	for _, n := range told {
		if strings.Contains(n.Texto, "150 pontos") && strings.Contains(n.Texto, "Mutirão") {
			found = true
		}
	}
	if unread, _ := env.Deps.Store.UnreadCount(context.Background(), m.ID); !found || unread < 1 {
		t.Fatalf("no notification (%d unread): %+v", unread, told)
	}
	log := env.AuditOf(t, adm.ID)
	if len(log) != 1 || log[0].Acao != "usuario.pontos" || !strings.Contains(log[0].Depois, `"pontosTotais":150`) || !strings.Contains(log[0].Antes, `"pontosTotais":0`) {
		t.Fatalf("audit %+v", log)
	}
	rankOf := func() (string, string) {
		out, err := env.Cloud.DynamoDB().GetItem(context.Background(), &dynamodb.GetItemInput{TableName: aws.String(env.Deps.Store.Table),
			Key: map[string]types.AttributeValue{"PK": &types.AttributeValueMemberS{Value: "USER#" + m.ID}, "SK": &types.AttributeValueMemberS{Value: "PROFILE"}}})
		if err != nil {
			t.Fatal(err)
		}
		var r struct {
			PontosMes int    `dynamodbav:"pontosMes"`
			Chave     string `dynamodbav:"rankChave"`
		}
		attributevalue.UnmarshalMap(out.Item, &r)
		return strconv.Itoa(r.PontosMes), r.Chave
	}
	// The adjustment moves the member's place in the rankings: this month's points and the keys.
	if mes, chave := rankOf(); mes != "150" || chave == "" {
		t.Fatalf("ranking after +150: pontosMes %s, key %q", mes, chave)
	}
	_, before := rankOf()
	if r := testkit.Do(t, h, "POST", path, adm, map[string]any{"pontos": -50, "motivo": "Correção"}); r.Status != 201 || !strings.Contains(string(r.Body), `"pontosTotais":100`) {
		t.Fatalf("take away: %d %s", r.Status, r.Body)
	}
	if mes, chave := rankOf(); mes != "100" || chave == before {
		t.Fatalf("ranking after -50: pontosMes %s, key %q (was %q)", mes, chave, before)
	}
}

// TestUserSearchByNameAndEmail: a word's start or an e-mail's start finds
// the member; the member page shows profile, e-mail and counts.
func TestUserSearchByNameAndEmail(t *testing.T) {
	setup(t)
	adm := env.NewAdmin(t, "Sara Busca")
	m := env.NewUser(t, "Joaquina Xavantes Oliveira")
	for _, q := range []string{"xavan", "Joaquina xav", "oliv", strings.ToUpper(m.Email[:8]) + "&por=email", urlq(m.Email)} {
		res := testkit.Do(t, h, "GET", "/api/admin/users?q="+urlq(q), adm, nil)
		if res.Status != 200 || !strings.Contains(string(res.Body), m.ID) {
			t.Fatalf("search %q: %d %s", q, res.Status, res.Body)
		}
	}
	if res := testkit.Do(t, h, "GET", "/api/admin/users?q=xavantez", adm, nil); strings.Contains(string(res.Body), m.ID) {
		t.Fatalf("xavantez found %s", res.Body)
	}
	if res := testkit.Do(t, h, "GET", "/api/admin/users?q=ab", adm, nil); res.Status != 400 || res.ErrorField() != "q" {
		t.Fatalf("short query: %d %s", res.Status, res.Body)
	}
	// A rename moves the member in the index.
	upd := testkit.Do(t, me.NewServer(env.Deps), "PUT", "/api/me", m, map[string]any{"nome": "Joaquina Borges"})
	if upd.Status != 200 {
		t.Fatalf("rename: %d %s", upd.Status, upd.Body)
	}
	if res := testkit.Do(t, h, "GET", "/api/admin/users?q=xavan", adm, nil); strings.Contains(string(res.Body), m.ID) {
		t.Fatalf("old name still found %s", res.Body)
	}
	if res := testkit.Do(t, h, "GET", "/api/admin/users?q=borges", adm, nil); !strings.Contains(string(res.Body), m.ID) {
		t.Fatalf("new name not found %s", res.Body)
	}
	res := testkit.Do(t, h, "GET", "/api/admin/users/"+m.ID, adm, nil)
	var u admin.UsuarioAdmin
	res.Decode(t, &u)
	if res.Status != 200 || u.Email != m.Email || u.Admin || u.Desativado || u.Nome != "Joaquina Borges" {
		t.Fatalf("member page %d %s", res.Status, res.Body)
	}
	if r := testkit.Do(t, h, "GET", "/api/admin/users/nao-existe", adm, nil); r.Status != 404 {
		t.Fatalf("unknown member: %d", r.Status)
	}
}

func urlq(q string) string { return strings.NewReplacer(" ", "+", "@", "%40", "+", "%2B").Replace(q) }

// TestCallCountsUnchangedWith10000Users: the search, the member page and the
// ledger make the same DynamoDB calls with 10,000 more members in the table,
// and never Scan.
func TestCallCountsUnchangedWith10000Users(t *testing.T) {
	setup(t)
	adm := env.NewAdmin(t, "Contadora")
	m := env.NewUser(t, "Zuleica Quantidade")
	measure := func() []map[string]int {
		// a warm container: the disabled set (read once a minute) is in memory
		if _, err := env.Deps.Store.IsDisabled(context.Background(), ""); err != nil {
			t.Fatal(err)
		}
		var out []map[string]int
		for _, p := range []string{"/api/admin/users?q=zulei", "/api/admin/users?por=email&q=" + urlq(m.Email[:10]), "/api/admin/users/" + m.ID, "/api/admin/users/" + m.ID + "/ledger", "/api/admin/conquistas"} {
			env.Calls.Reset()
			if r := testkit.Do(t, h, "GET", p, adm, nil); r.Status != 200 {
				t.Fatalf("%s: %d", p, r.Status)
			}
			c := env.Calls.ByOperation()
			if c["Scan"] != 0 || env.Calls.Total()-c["AdminListGroupsForUser"] > 2 {
				t.Fatalf("%s calls %v", p, c)
			}
			out = append(out, c)
		}
		// The statistics (store/stats.go): BatchGetItem calls of ≤ 100 keys
		// over a bounded run of days, never a Query or a Scan.
		reads := statsReads(t)
		for _, p := range slices.Sorted(maps.Keys(reads)) {
			bound := reads[p]
			env.Calls.Reset()
			if r := testkit.Do(t, h, "GET", p, adm, nil); r.Status != 200 {
				t.Fatalf("%s: %d %s", p, r.Status, r.Body)
			}
			c := env.Calls.ByOperation()
			if env.Calls.Total() != c["BatchGetItem"] || c["BatchGetItem"] > bound {
				t.Fatalf("%s calls %v, want at most %d BatchGetItem", p, c, bound)
			}
			out = append(out, map[string]int{p: c["BatchGetItem"]})
		}
		return out
	}
	before := measure()
	fill(t, 10000)
	after := measure()
	if fmt.Sprint(before) != fmt.Sprint(after) {
		t.Fatalf("calls changed with 10,000 users: %v -> %v", before, after)
	}
	// and the search still finds them, a page at a time
	res := testkit.Do(t, h, "GET", "/api/admin/users?q=zulei&limit=20", adm, nil)
	var page struct {
		Items      []admin.UsuarioResumo
		NextCursor *string
	}
	res.Decode(t, &page)
	if len(page.Items) != 20 || page.NextCursor == nil {
		t.Fatalf("a page of the 10,000: %d items, next %v", len(page.Items), page.NextCursor)
	}
}

// fill writes n members named "Zuleica <i>" with e-mails zulei<i>@…
// straight to the table: every one's name index item (all in the partition
// the search reads: the worst case), the profiles and e-mail items of the
// first 50 (what a page shows; writing 30,000 items takes DynamoDB Local
// minutes, and the items of other partitions do not change a Query).
func fill(t *testing.T, n int) {
	t.Helper()
	db := env.Cloud.DynamoDB()
	var reqs []types.WriteRequest
	var mu sync.Mutex
	var wg sync.WaitGroup
	sem := make(chan struct{}, 4)
	flush := func(batch []types.WriteRequest) {
		defer wg.Done()
		sem <- struct{}{}
		defer func() { <-sem }()
		for len(batch) > 0 {
			out, err := db.BatchWriteItem(context.Background(), &dynamodb.BatchWriteItemInput{RequestItems: map[string][]types.WriteRequest{env.Deps.Store.Table: batch}})
			if err != nil {
				mu.Lock()
				t.Errorf("fill: %v", err)
				mu.Unlock()
				return
			}
			batch = out.UnprocessedItems[env.Deps.Store.Table]
		}
	}
	for i := range n {
		uid := fmt.Sprintf("fill-%05d", i)
		p := domain.NewProfile(uid, fmt.Sprintf("Zuleica %05d", i), fmt.Sprintf("zulei%05d@example.com", i), nil, env.Deps.Now())
		items, err := profileItems(p)
		if err != nil {
			t.Fatal(err)
		}
		if i >= 50 {
			items = items[1:2]
		}
		for _, it := range items {
			reqs = append(reqs, types.WriteRequest{PutRequest: &types.PutRequest{Item: it}})
			if len(reqs) == 25 {
				wg.Add(1)
				go flush(reqs)
				reqs = nil
			}
		}
	}
	if len(reqs) > 0 {
		wg.Add(1)
		go flush(reqs)
	}
	wg.Wait()
}

// profileItems are the items CreateProfile writes for p.
func profileItems(p domain.Profile) ([]map[string]types.AttributeValue, error) {
	prof, err := attributevalue.MarshalMap(map[string]any{"PK": "USER#" + p.ID, "SK": "PROFILE", "type": "profile", "id": p.ID, "nome": p.Nome,
		"email": p.Email, "nivel": 1, "pontosTotais": 0, "dataCadastro": "2026-01-01T00:00:00.000Z", "version": 1, "bio": "", "conquistas": []string{}, "gruposParticipantes": []string{}})
	if err != nil {
		return nil, err
	}
	word, email := strings.ToLower(strings.Fields(p.Nome)[0]), strings.ToLower(p.Email)
	nameIdx, _ := attributevalue.MarshalMap(map[string]any{"PK": "USER#" + p.ID, "SK": "UIDX#N#0", "type": "useridx", "userId": p.ID,
		"GSI1PK": "USRNOME#" + word[:3], "GSI1SK": word + "#" + strings.ToLower(p.Nome) + "#" + p.ID, "texto": " " + strings.ToLower(p.Nome)})
	emailIdx, _ := attributevalue.MarshalMap(map[string]any{"PK": "USER#" + p.ID, "SK": "UIDX#E", "type": "useridx", "userId": p.ID,
		"GSI1PK": "USREMAIL#" + email[:3], "GSI1SK": email + "#" + p.ID})
	return []map[string]types.AttributeValue{prof, nameIdx, emailIdx}, nil
}
