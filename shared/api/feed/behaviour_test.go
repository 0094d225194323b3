package feed_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
)

func getPost(t *testing.T, u testkit.User, pid string) map[string]any {
	t.Helper()
	res := testkit.Do(t, h, "GET", "/api/posts/"+pid, u, nil)
	if res.Status != 200 {
		t.Fatalf("get post as %s: %d %s", u.Name, res.Status, res.Body)
	}
	return res.Map(t)
}

// TestLikesConcurrent: 50 distinct members liking at once leave the count
// at 50 and pay the author 50 points; one member liking 10 times at once
// counts once and pays 1 point once. A like may answer 503 when the table
// does not keep up within the request's deadline (DynamoDB Local on a busy
// machine, 50 transactions on one post): the member taps again, as in the
// app, and the like still counts exactly once, whether or not the first try
// committed.
func TestLikesConcurrent(t *testing.T) {
	setup(t)
	author := env.NewUser(t, "Ana Autora")
	pid := newPost(t, author, "", "")
	likers := make([]testkit.User, 50)
	for i := range likers {
		likers[i] = env.NewUser(t, fmt.Sprintf("Curtidor %d", i))
	}
	before := points(t, author)
	var wg sync.WaitGroup
	errs := make(chan string, 60)
	for _, u := range likers {
		wg.Add(1)
		go func(u testkit.User) {
			defer wg.Done()
			if res, _ := likeAgainOn503(t, "PUT", pid, u); res.Status != 200 {
				errs <- fmt.Sprintf("%d %s", res.Status, res.Body)
			}
		}(u)
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
	if got := getPost(t, author, pid)["curtidas"]; got != float64(50) {
		t.Fatalf("curtidas %v, want 50", got)
	}
	if got := points(t, author) - before; got != 50 {
		t.Fatalf("author earned %d points, want 50", got)
	}
	// One like-notification for the post within the hour, not 50.
	if n := unread(t, author); n != 1 {
		t.Fatalf("author has %d unread notifications, want 1", n)
	}

	pid2 := newPost(t, author, "", "")
	before = points(t, author)
	one := likers[0]
	var wg2 sync.WaitGroup
	for i := 0; i < 10; i++ {
		wg2.Add(1)
		go func() {
			defer wg2.Done()
			if res, _ := likeAgainOn503(t, "PUT", pid2, one); res.Status != 200 {
				t.Errorf("like: %d %s", res.Status, res.Body)
			}
		}()
	}
	wg2.Wait()
	p := getPost(t, one, pid2)
	if p["curtidas"] != float64(1) || p["curtido"] != true {
		t.Fatalf("after 10 likes by one member: %v", p)
	}
	if got := points(t, author) - before; got != 1 {
		t.Fatalf("author earned %d points, want 1", got)
	}
	// Unlike takes the point back; unliking again changes nothing; never negative.
	for i := 0; i < 2; i++ {
		res := testkit.Do(t, h, "DELETE", "/api/posts/"+pid2+"/curtida", one, nil)
		if res.Status != 200 || res.Map(t)["curtidas"] != float64(0) {
			t.Fatalf("unlike: %d %s", res.Status, res.Body)
		}
	}
	if got := points(t, author) - before; got != 0 {
		t.Fatalf("after unlike the author keeps %d points, want 0", got)
	}
	// Liking one's own post counts, pays nothing, notifies nobody.
	before, n := points(t, author), unread(t, author)
	if res := testkit.Do(t, h, "PUT", "/api/posts/"+pid2+"/curtida", author, nil); res.Status != 200 {
		t.Fatal(res.Body)
	}
	if points(t, author) != before || unread(t, author) != n {
		t.Fatal("liking one's own post paid or notified")
	}
}

// likeAgainOn503 is u's like (PUT) or unlike (DELETE) of pid, sent again (at
// most 5 times) while it answers 503: the one answer after which the app asks
// the member to try again. tries is how many requests it took.
func likeAgainOn503(t *testing.T, method, pid string, u testkit.User) (res testkit.Response, tries int) {
	for tries = 1; ; tries++ {
		res = testkit.Do(t, h, method, "/api/posts/"+pid+"/curtida", u, nil)
		if res.Status != 503 || tries == 5 {
			return res, tries
		}
	}
}

// TestUnlikeNeverNegative: an author whose points were spent elsewhere
// (here: set to zero) loses nothing below zero on an unlike.
func TestUnlikeNeverNegative(t *testing.T) {
	setup(t)
	author, liker := env.NewUser(t, "Zé Zero"), env.NewUser(t, "Lia Liker")
	pid := newPost(t, author, "", "")
	testkit.Do(t, h, "PUT", "/api/posts/"+pid+"/curtida", liker, nil)
	setPoints(t, author, 0)
	if res := testkit.Do(t, h, "DELETE", "/api/posts/"+pid+"/curtida", liker, nil); res.Status != 200 {
		t.Fatal(res.Body)
	}
	if p := points(t, author); p != 0 {
		t.Fatalf("points %d, want 0", p)
	}
}

// TestDenunciasConcurrent: three simultaneous reports from old accounts hide
// the post exactly once; it stays visible to its author; the site admin
// keeps it from the queue and it returns.
func TestDenunciasConcurrent(t *testing.T) {
	setup(t)
	author := env.NewUser(t, "Rui Reportado")
	pid := newPost(t, author, "", "")
	var wg sync.WaitGroup
	for _, u := range []testkit.User{cast.Stranger, cast.Member, plain} {
		wg.Add(1)
		go func(u testkit.User) {
			defer wg.Done()
			if res := testkit.Do(t, h, "POST", "/api/posts/"+pid+"/denuncias", u, map[string]any{"motivo": "spam"}); res.Status != 201 {
				t.Errorf("report: %d %s", res.Status, res.Body)
			}
		}(u)
	}
	wg.Wait()
	if res := testkit.Do(t, h, "GET", "/api/posts/"+pid, cast.Coord, nil); res.Status != 404 {
		t.Fatalf("hidden post seen by another member: %d", res.Status)
	}
	if p := getPost(t, author, pid); p["oculto"] != true {
		t.Fatalf("author should see the hidden post: %v", p)
	}
	if ocultacoes(t, pid) != "1" {
		t.Fatalf("hidden %s times, want 1", ocultacoes(t, pid))
	}
	// Hidden, the post is gone for the members who reported it.
	if res := testkit.Do(t, h, "POST", "/api/posts/"+pid+"/denuncias", plain, map[string]any{"motivo": "spam"}); res.Status != 404 {
		t.Fatalf("report of a hidden post: %d %s", res.Status, res.Body)
	}
	// The queue has it once, with three reports.
	item := queueItem(t, pid)
	if item == nil || item["total"] != float64(3) || len(item["denuncias"].([]any)) != 3 || item["autorId"] != author.ID {
		t.Fatalf("queue item %v", item)
	}
	if res := testkit.Do(t, h, "POST", "/api/admin/moderacao/"+pid, cast.Admin, map[string]any{"acao": "manter"}); res.Status != 204 {
		t.Fatalf("keep: %d %s", res.Status, res.Body)
	}
	if p := getPost(t, cast.Coord, pid); p["oculto"] != false {
		t.Fatalf("kept post %v", p)
	}
	if queueItem(t, pid) != nil {
		t.Fatal("resolved item still in the queue")
	}
	// Resolving twice: 404.
	if res := testkit.Do(t, h, "POST", "/api/admin/moderacao/"+pid, cast.Admin, map[string]any{"acao": "manter"}); res.Status != 404 {
		t.Fatalf("second decision: %d", res.Status)
	}
}

// TestYoungAccountsDoNotHide: reports from accounts younger than 3 days are
// recorded but do not count toward hiding.
func TestYoungAccountsDoNotHide(t *testing.T) {
	setup(t)
	author := env.NewUser(t, "Vera Visível")
	pid := newPost(t, author, "", "")
	for i := 0; i < 3; i++ {
		u := env.NewUser(t, fmt.Sprintf("Novato %d", i))
		if res := testkit.Do(t, h, "POST", "/api/posts/"+pid+"/denuncias", u, map[string]any{"motivo": "outro", "texto": "Não gostei"}); res.Status != 201 {
			t.Fatal(res.Body)
		}
	}
	if p := getPost(t, cast.Coord, pid); p["oculto"] != false {
		t.Fatal("young accounts hid the post")
	}
	// One report per member and item.
	report(t, plain, pid, "")
	if res := testkit.Do(t, h, "POST", "/api/posts/"+pid+"/denuncias", plain, map[string]any{"motivo": "perigoso"}); res.Status != 409 {
		t.Fatalf("second report: %d %s", res.Status, res.Body)
	}
	item := queueItem(t, pid)
	if item == nil || item["total"] != float64(4) {
		t.Fatalf("reports not queued: %v", item)
	}
	for _, d := range item["denuncias"].([]any)[:3] {
		if d.(map[string]any)["conta"] != false {
			t.Fatalf("a young account's report counts: %v", d)
		}
	}
}

// TestModerationRemoveAndWarn: remove and warn deletes the post, notifies
// the author twice (removal, warning) and writes the audit log; an admin
// cannot resolve reports on their own content.
func TestModerationRemoveAndWarn(t *testing.T) {
	setup(t)
	author := env.NewUser(t, "Bia Banida")
	pid := newPost(t, author, "", "")
	report(t, plain, pid, "")
	n := unread(t, author)
	if res := testkit.Do(t, h, "POST", "/api/admin/moderacao/"+pid, cast.Admin, map[string]any{"acao": "remover_avisar"}); res.Status != 204 {
		t.Fatalf("remove: %d %s", res.Status, res.Body)
	}
	if res := testkit.Do(t, h, "GET", "/api/posts/"+pid, author, nil); res.Status != 404 {
		t.Fatalf("removed post: %d", res.Status)
	}
	if got := unread(t, author) - n; got != 2 {
		t.Fatalf("author got %d notifications, want 2 (removal and warning)", got)
	}
	recs, _, err := env.Deps.Store.AuditPage(context.Background(), store.AuditFilter{}, 20, nil)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, r := range recs {
		if r.EntidadeID == pid && r.Acao == string(domain.AuditModeracaoRemoverAvisar) && r.AdminID == cast.Admin.ID {
			found = true
		}
	}
	if !found {
		t.Fatal("no audit entry for the moderation")
	}

	own := newPost(t, cast.Admin, "", "")
	report(t, plain, own, "")
	if res := testkit.Do(t, h, "POST", "/api/admin/moderacao/"+own, cast.Admin, map[string]any{"acao": "manter"}); res.Status != 403 {
		t.Fatalf("admin resolving own content: %d %s", res.Status, res.Body)
	}
}

// TestCommentsAndNotifications: a comment notifies the post's author and
// earlier commenters (a reply in a thread), pays 1 point, pages oldest
// first; a coordinator removes a comment in their group and its author is told.
func TestCommentsAndNotifications(t *testing.T) {
	setup(t)
	w := newWorld(t, false)
	pid := w.groupPost
	// A member who has not commented today (the day's first 10 comments earn a point).
	fresh := env.NewJoiner(t, w.f.Group.ID, "Cíntia Comenta")
	a0, p0 := unread(t, cast.Alvo), points(t, fresh)
	res := testkit.Do(t, h, "POST", "/api/posts/"+pid+"/comentarios", fresh, map[string]any{"texto": "Que alface linda!"})
	if res.Status != 201 || res.Map(t)["pontos"] != float64(1) {
		t.Fatalf("comment: %d %s", res.Status, res.Body)
	}
	if unread(t, cast.Alvo) != a0+1 || points(t, fresh) != p0+1 {
		t.Fatal("comment did not notify the author or pay the point")
	}
	m0 := unread(t, fresh)
	cid := newComment(t, cast.Coord, pid)
	if unread(t, fresh) != m0+1 {
		t.Fatal("earlier commenter not notified of the reply")
	}
	page := testkit.Do(t, h, "GET", "/api/posts/"+pid+"/comentarios?limit=1", cast.Owner, nil)
	var p struct {
		Items      []map[string]any `json:"items"`
		NextCursor *string          `json:"nextCursor"`
	}
	page.Decode(t, &p)
	if len(p.Items) != 1 || p.Items[0]["autorId"] != fresh.ID || p.NextCursor == nil {
		t.Fatalf("first page %s", page.Body)
	}
	if got := getPost(t, cast.Owner, pid)["comentarios"]; got != float64(2) {
		t.Fatalf("comentarios %v", got)
	}
	c0 := unread(t, cast.Coord)
	if res := testkit.Do(t, h, "DELETE", "/api/posts/"+pid+"/comentarios/"+cid, cast.Owner, nil); res.Status != 204 {
		t.Fatal(res.Body)
	}
	if unread(t, cast.Coord) != c0+1 {
		t.Fatal("author of a removed comment not told")
	}
	if got := getPost(t, cast.Owner, pid)["comentarios"]; got != float64(1) {
		t.Fatalf("comentarios after delete %v", got)
	}
}

// TestPrivateGroupNeverLeaks: a stranger guessing the ids of a private
// group's post and comment is refused on every route, and never sees the
// post in any list.
func TestPrivateGroupNeverLeaks(t *testing.T) {
	setup(t)
	w := newWorld(t, true)
	cid := newComment(t, plain, w.groupPost)
	s := cast.Stranger
	for _, r := range []struct {
		method, path string
		body         any
	}{
		{"GET", "/api/posts/" + w.groupPost, nil},
		{"PUT", "/api/posts/" + w.groupPost, map[string]any{"texto": "x"}},
		{"DELETE", "/api/posts/" + w.groupPost, nil},
		{"PUT", "/api/posts/" + w.groupPost + "/curtida", nil},
		{"DELETE", "/api/posts/" + w.groupPost + "/curtida", nil},
		{"GET", "/api/posts/" + w.groupPost + "/comentarios", nil},
		{"POST", "/api/posts/" + w.groupPost + "/comentarios", map[string]any{"texto": "oi"}},
		{"DELETE", "/api/posts/" + w.groupPost + "/comentarios/" + cid, nil},
		{"POST", "/api/posts/" + w.groupPost + "/denuncias", map[string]any{"motivo": "spam"}},
		{"POST", "/api/posts/" + w.groupPost + "/comentarios/" + cid + "/denuncias", map[string]any{"motivo": "spam"}},
		{"GET", "/api/groups/" + w.f.Group.ID + "/posts", nil},
	} {
		if res := testkit.Do(t, h, r.method, r.path, s, r.body); res.Status != 404 || strings.Contains(string(res.Body), "alface") {
			t.Errorf("%s %s as a stranger: %d %s", r.method, r.path, res.Status, res.Body)
		}
	}
	for _, path := range []string{"/api/feed/comunidade?limit=100", "/api/feed/grupos?limit=100", "/api/cultivos/" + w.cultivo + "/posts"} {
		res := testkit.Do(t, h, "GET", path, s, nil)
		if res.Status != 200 || strings.Contains(string(res.Body), w.groupPost) {
			t.Errorf("%s as a stranger shows the private post: %s", path, res.Body)
		}
	}
	// Members see it in Meus grupos, the Mural and the cultivo's posts.
	for _, path := range []string{"/api/feed/grupos?limit=100", "/api/groups/" + w.f.Group.ID + "/posts", "/api/cultivos/" + w.cultivo + "/posts"} {
		res := testkit.Do(t, h, "GET", path, plain, nil)
		if res.Status != 200 || !strings.Contains(string(res.Body), w.groupPost) {
			t.Errorf("%s as a member misses the post: %s", path, res.Body)
		}
	}
}

// TestBadInput: empty, blank and over-long texts, HTML kept as typed,
// photos of another member, a cultivo that is not the author's, a hidden
// post, an unknown motivo; each a 400 naming the field (or the state's
// answer) and nothing written.
func TestBadInput(t *testing.T) {
	setup(t)
	u := env.NewUser(t, "Bruno Bad")
	other := env.NewUser(t, "Olga Outra")
	theirPhoto := env.PutPhoto(t, other, testkit.JPEG(t, 8, 8), "jpg")
	otherCultivo := newCultivo(t, "", other)
	cases := []struct {
		name  string
		body  any
		code  int
		field string
	}{
		{"empty", map[string]any{"texto": ""}, 400, "texto"},
		{"blank", map[string]any{"texto": " \u200b\n "}, 400, "texto"},
		{"too long", map[string]any{"texto": strings.Repeat("a", 2001)}, 400, "texto"},
		{"five photos", map[string]any{"texto": "fotos", "fotos": []string{"a", "b", "c", "d", "e"}}, 400, "fotos"},
		{"photo of another member", map[string]any{"texto": "foto alheia", "fotos": []string{theirPhoto}}, 403, "fotos"},
		{"cultivo of another member", map[string]any{"texto": "cultivo alheio", "cultivoId": otherCultivo}, 400, "cultivoId"},
		{"unknown field", map[string]any{"texto": "x", "html": true}, 400, ""},
	}
	for _, c := range cases {
		res := testkit.Do(t, h, "POST", "/api/posts", u, c.body)
		if res.Status != c.code || (c.field != "" && res.ErrorField() != c.field) {
			t.Errorf("%s: %d %s", c.name, res.Status, res.Body)
		}
	}
	if res := testkit.Do(t, h, "GET", "/api/feed/comunidade?limit=100", u, nil); strings.Contains(string(res.Body), u.ID) {
		t.Fatal("a refused post was written")
	}
	// 2000 characters exactly pass; HTML is stored and returned as typed (the SPA renders text, never HTML).
	html := `<script>alert("x")</script><b>negrito</b> ` + strings.Repeat("é", 1950)
	res := testkit.Do(t, h, "POST", "/api/posts", u, map[string]any{"texto": html})
	if res.Status != 201 {
		t.Fatalf("html post: %d %s", res.Status, res.Body)
	}
	var created struct {
		Post map[string]any `json:"post"`
	}
	res.Decode(t, &created)
	if created.Post["texto"] != html {
		t.Fatalf("text not kept as typed: %v", created.Post["texto"])
	}
	pid := created.Post["id"].(string)
	// Comments: empty and over 500.
	for _, txt := range []string{"", strings.Repeat("b", 501)} {
		if res := testkit.Do(t, h, "POST", "/api/posts/"+pid+"/comentarios", u, map[string]any{"texto": txt}); res.Status != 400 || res.ErrorField() != "texto" {
			t.Errorf("comment %d chars: %d %s", len(txt), res.Status, res.Body)
		}
	}
	// Reports: unknown motivo, outro without text.
	if res := testkit.Do(t, h, "POST", "/api/posts/"+pid+"/denuncias", other, map[string]any{"motivo": "chato"}); res.Status != 400 || res.ErrorField() != "motivo" {
		t.Errorf("bad motivo: %d %s", res.Status, res.Body)
	}
	if res := testkit.Do(t, h, "POST", "/api/posts/"+pid+"/denuncias", other, map[string]any{"motivo": "outro"}); res.Status != 400 || res.ErrorField() != "texto" {
		t.Errorf("outro without text: %d %s", res.Status, res.Body)
	}
	// A hidden post: others get 404 on like and comment; its author cannot edit it.
	for _, r := range []testkit.User{cast.Stranger, cast.Member, plain} {
		report(t, r, pid, "")
	}
	if res := testkit.Do(t, h, "PUT", "/api/posts/"+pid+"/curtida", other, nil); res.Status != 404 {
		t.Errorf("like of a hidden post: %d", res.Status)
	}
	if res := testkit.Do(t, h, "POST", "/api/posts/"+pid+"/comentarios", other, map[string]any{"texto": "oi"}); res.Status != 404 {
		t.Errorf("comment on a hidden post: %d", res.Status)
	}
	if res := testkit.Do(t, h, "PUT", "/api/posts/"+pid, u, map[string]any{"texto": "agora"}); res.Status != 409 {
		t.Errorf("edit of a hidden post: %d %s", res.Status, res.Body)
	}
	// A deleted post: 404 everywhere.
	gone := newPost(t, u, "", "")
	testkit.Do(t, h, "DELETE", "/api/posts/"+gone, u, nil)
	for _, m := range []string{"GET", "DELETE"} {
		if res := testkit.Do(t, h, m, "/api/posts/"+gone, u, nil); res.Status != 404 {
			t.Errorf("%s deleted post: %d", m, res.Status)
		}
	}
}

// TestEditWindowAndRepeats: the author edits within 15 minutes, not after;
// the same text twice within a minute is refused (409), after it accepted.
func TestEditWindowAndRepeats(t *testing.T) {
	setup(t)
	u := env.NewUser(t, "Edu Editor")
	clock := time.Now()
	s := env.Deps.Store
	s.Now = func() time.Time { return clock }
	defer func() { s.Now = time.Now }()
	body := map[string]any{"texto": "Colhi tomates hoje"}
	res := testkit.Do(t, h, "POST", "/api/posts", u, body)
	if res.Status != 201 {
		t.Fatal(res.Body)
	}
	var c struct {
		Post map[string]any `json:"post"`
	}
	res.Decode(t, &c)
	pid := c.Post["id"].(string)
	if res := testkit.Do(t, h, "POST", "/api/posts", u, map[string]any{"texto": "  colhi   TOMATES hoje "}); res.Status != 409 {
		t.Fatalf("repeat within a minute: %d %s", res.Status, res.Body)
	}
	clock = clock.Add(14 * time.Minute)
	if res := testkit.Do(t, h, "PUT", "/api/posts/"+pid, u, map[string]any{"texto": "Colhi 2 kg de tomates"}); res.Status != 200 || res.Map(t)["editadoEm"] == nil {
		t.Fatalf("edit at 14 min: %d %s", res.Status, res.Body)
	}
	if res := testkit.Do(t, h, "POST", "/api/posts", u, body); res.Status != 201 {
		t.Fatalf("same text after a minute: %d %s", res.Status, res.Body)
	}
	clock = clock.Add(2 * time.Minute)
	if res := testkit.Do(t, h, "PUT", "/api/posts/"+pid, u, map[string]any{"texto": "tarde demais"}); res.Status != 403 {
		t.Fatalf("edit at 16 min: %d %s", res.Status, res.Body)
	}
}

// TestDailyCapsAndPoints: 20 posts a day (the 21st is a 429 in Portuguese),
// of which 5 earn 5 points; 100 comments a day, of which 10 earn a point.
func TestDailyCapsAndPoints(t *testing.T) {
	setup(t)
	env.SetRulesForTest(t, "test", func(r *domain.Rules) {
		r.Limites.PostsPorDia, r.Limites.ComentariosPorDia = domain.Defaults().Limites.PostsPorDia, domain.Defaults().Limites.ComentariosPorDia
	})
	u := env.NewUser(t, "Paula Posts")
	before := points(t, u)
	var pid string
	for i := 0; i < 20; i++ {
		res := testkit.Do(t, h, "POST", "/api/posts", u, map[string]any{"texto": fmt.Sprintf("Post número %d", i)})
		if res.Status != 201 {
			t.Fatalf("post %d: %d %s", i+1, res.Status, res.Body)
		}
		if i == 0 {
			var c struct {
				Post map[string]any `json:"post"`
			}
			res.Decode(t, &c)
			pid = c.Post["id"].(string)
		}
	}
	res := testkit.Do(t, h, "POST", "/api/posts", u, map[string]any{"texto": "Post vinte e um"})
	if res.Status != 429 || res.ErrorCode() != "rate_limited" || !strings.Contains(res.ErrorMessage(), "20 posts publicados por dia") {
		t.Fatalf("21st post: %d %s", res.Status, res.Body)
	}
	// 5 posts earn points, and the 10th unlocks Voz da Comunidade with its bonus (30).
	if got := points(t, u) - before; got != 25+30 {
		t.Fatalf("20 posts earned %d points, want 25 (5 count) + 30 (Voz da Comunidade)", got)
	}
	before = points(t, u)
	for i := 0; i < 100; i++ {
		if res := testkit.Do(t, h, "POST", "/api/posts/"+pid+"/comentarios", u, map[string]any{"texto": fmt.Sprintf("c%d", i)}); res.Status != 201 {
			t.Fatalf("comment %d: %d %s", i+1, res.Status, res.Body)
		}
	}
	res = testkit.Do(t, h, "POST", "/api/posts/"+pid+"/comentarios", u, map[string]any{"texto": "mais um"})
	if res.Status != 429 || !strings.Contains(res.ErrorMessage(), "100 comentários por dia") {
		t.Fatalf("101st comment: %d %s", res.Status, res.Body)
	}
	if got := points(t, u) - before; got != 10 {
		t.Fatalf("100 comments earned %d points, want 10", got)
	}
}

// TestIdempotentCreates: the same Idempotency-Key sent twice creates one post.
func TestIdempotentCreates(t *testing.T) {
	setup(t)
	u := env.NewUser(t, "Iara Idem")
	hdr := http.Header{"Idempotency-Key": []string{"chave-post-1"}}
	a := testkit.DoWithHeader(t, h, "POST", "/api/posts", u, map[string]any{"texto": "Uma vez só"}, hdr)
	b := testkit.DoWithHeader(t, h, "POST", "/api/posts", u, map[string]any{"texto": "Uma vez só"}, hdr)
	if a.Status != 201 || b.Status != 201 || a.Map(t)["post"].(map[string]any)["id"] != b.Map(t)["post"].(map[string]any)["id"] {
		t.Fatalf("%d %s / %d %s", a.Status, a.Body, b.Status, b.Body)
	}
}
