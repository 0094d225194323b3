package probe_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/google/uuid"

	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/api"
	"github.com/verde-app/verde/shared/areas"
	"github.com/verde-app/verde/shared/domain"
)

// revokedBound is how soon another container refuses an account: its copy
// of the access list is at most store.AccessTTL (2 s) old, plus a second
// for a loaded machine.
const revokedBound = 3 * time.Second

// anonymous are the routes that take no token at all (the public group page,
// the same answer for everyone): a refused account reads them as anyone does.
var anonymous = map[string]bool{
	"GET /api/groups/{groupId}/public": true,
	// The shared catalogue and banner replies CloudFront keeps, the same for everyone.
	"GET /api/public/vegetables": true, "GET /api/public/vegetables/{vegetalId}": true,
	"GET /api/public/vegetables/{vegetalId}/guias": true, "GET /api/public/guias/{guiaId}": true,
	"GET /api/public/plante-agora": true, "GET /api/public/banners": true,
	// The public catalogue pages (/hortalicas, /guias).
	"GET /api/hortalicas": true, "GET /api/hortalicas/{vegetalId}": true, "GET /api/guias": true,
	// An e-mail's unsubscribe link: its signed token is the credential.
	"GET /api/emails/descadastro": true, "POST /api/emails/descadastro": true,
	// A calendar feed: its signed address is the credential (a phone's calendar sends no token).
	"GET /api/calendario/{token}": true,
	// The pages a shared link opens, with their link previews (the SPA's HTML, the same for everyone).
	"GET /grupos/{groupId}/publico": true, "GET /grupos/{groupId}/convite": true,
}

// everyRoute calls every route of every area as u and returns the routes
// that did not answer 401.
func everyRoute(t *testing.T, env *testkit.Env, h http.Handler, u testkit.User) []string {
	t.Helper()
	fill := strings.NewReplacer("{groupId}", uuid.NewString(), "{userId}", u.ID, "{postId}", uuid.NewString(), "{comentarioId}", uuid.NewString(),
		"{cultivoId}", uuid.NewString(), "{token}", "convite", "{codigo}", "A1", "{bannerId}", uuid.NewString(), "{exportId}", uuid.NewString(),
		"{guiaId}", uuid.NewString(), "{vegetalId}", "alface", "{registroId}", uuid.NewString(), "{colheitaId}", uuid.NewString(),
		"{notificationId}", uuid.NewString(), "{pedidoId}", uuid.NewString())
	var wrong []string
	n := 0
	for _, a := range areas.APIs {
		for _, r := range a.Routes(env.Deps) {
			n++
			if anonymous[r.Method+" "+r.Path] {
				continue
			}
			path := fill.Replace(r.Path)
			res := testkit.DoWithHeader(t, h, r.Method, path, u, map[string]any{}, http.Header{"Idempotency-Key": {uuid.NewString()}})
			if res.Status != 401 {
				wrong = append(wrong, r.Method+" "+r.Path+": "+http.StatusText(res.Status))
			}
		}
	}
	if n < 100 {
		t.Fatalf("only %d routes", n)
	}
	return wrong
}

// itemsNaming counts the table's items that hold s anywhere (a test-only Scan).
func itemsNaming(t *testing.T, env *testkit.Env, s string) []string {
	t.Helper()
	var out []string
	in := &dynamodb.ScanInput{TableName: aws.String(env.Deps.Store.Table)}
	for {
		res, err := env.Cloud.DynamoDB().Scan(context.Background(), in)
		if err != nil {
			t.Fatal(err)
		}
		for _, it := range res.Items {
			if flat := testkit.Flatten(it); strings.Contains(flat, s) {
				out = append(out, flat)
			}
		}
		if len(res.LastEvaluatedKey) == 0 {
			return out
		}
		in.ExclusiveStartKey = res.LastEvaluatedKey
	}
}

// TestDeletedAccountTokenIsRefusedEverywhereAndWritesNothing: once POST
// /api/me/exclusao has finished, the account's still-unexpired access token
// gets 401 on every route of every function (like, report and presign
// among them), another container refuses it within revokedBound, and the
// table holds no item naming the account but the access list's entry
// (kept store.DeletedKeep, the README's privacy section).
func TestDeletedAccountTokenIsRefusedEverywhereAndWritesNothing(t *testing.T) {
	env, cast, h := newWorld(t)
	u := env.NewUser(t, "Elisa Excluída")
	post := testkit.DoWithHeader(t, h, "POST", "/api/posts", cast.Member, map[string]any{"texto": "Couves novas"}, http.Header{"Idempotency-Key": {uuid.NewString()}})
	if post.Status != 201 {
		t.Fatalf("post: %d %s", post.Status, post.Body)
	}
	var created struct{ Post struct{ ID string } }
	post.Decode(t, &created)
	p := created.Post
	other := testkit.NewContainer(t) // another Lambda container, warm with the account's token
	otherFeed := api.NewMux(areas.APIs["FeedFunction"].Routes(other.Deps))
	if r := testkit.Do(t, otherFeed, "GET", "/api/posts/"+p.ID, u, nil); r.Status != 200 {
		t.Fatalf("before: %d %s", r.Status, r.Body)
	}

	for i := 0; ; i++ {
		res := testkit.Do(t, h, "POST", "/api/me/exclusao", u, map[string]any{"confirmacao": "EXCLUIR", "senha": testkit.Password})
		if res.Status != 200 {
			t.Fatalf("delete: %d %s", res.Status, res.Body)
		}
		if strings.Contains(string(res.Body), `"concluida":true`) {
			break
		}
		if i == 20 {
			t.Fatal("the deletion does not end")
		}
	}
	done := time.Now()
	for {
		r := testkit.Do(t, otherFeed, "PUT", "/api/posts/"+p.ID+"/curtida", u, nil)
		if r.Status == 401 {
			break
		}
		if time.Since(done) > revokedBound {
			t.Fatalf("another container still takes the deleted account's like %s later: %d %s", time.Since(done).Round(time.Millisecond), r.Status, r.Body)
		}
		time.Sleep(50 * time.Millisecond) // polling a condition with a deadline
	}
	for _, c := range []struct {
		method, path string
		body         any
	}{
		{"PUT", "/api/posts/" + p.ID + "/curtida", nil},
		{"POST", "/api/posts/" + p.ID + "/denuncias", map[string]any{"motivo": "spam", "texto": "depois de excluída"}},
		{"POST", "/api/uploads", uploadBody()},
		{"GET", "/api/me", nil},
	} {
		r := testkit.DoWithHeader(t, h, c.method, c.path, u, c.body, http.Header{"Idempotency-Key": {uuid.NewString()}})
		if r.Status != 401 || r.ErrorCode() != string(domain.EUnauthenticated) {
			t.Errorf("%s %s after the deletion: %d %s", c.method, c.path, r.Status, r.Body)
		}
	}
	if wrong := everyRoute(t, env, h, u); len(wrong) > 0 {
		t.Errorf("routes that did not refuse the deleted account with 401: %v", wrong)
	}
	for _, flat := range itemsNaming(t, env, u.ID) {
		if !strings.Contains(flat, "PK=CONFIG|") || !strings.Contains(flat, "SK=DESATIVADOS|") {
			t.Errorf("an item names the deleted account: %s", flat)
		}
	}
}

// TestDisabledAccountTokenIsRefusedOnEveryRoute: a member an admin disabled
// gets 401 on every route of every function at once.
func TestDisabledAccountTokenIsRefusedOnEveryRoute(t *testing.T) {
	env, cast, h := newWorld(t)
	u := env.NewUser(t, "Davi Desativado")
	if r := testkit.Do(t, h, "PUT", "/api/admin/users/"+u.ID+"/status", cast.Admin, map[string]any{"desativado": true}); r.Status != 200 {
		t.Fatalf("disable: %d %s", r.Status, r.Body)
	}
	if wrong := everyRoute(t, env, h, u); len(wrong) > 0 {
		t.Errorf("routes that did not refuse the disabled account with 401: %v", wrong)
	}
}
