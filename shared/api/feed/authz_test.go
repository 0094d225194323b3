package feed_test

import (
	"strings"
	"testing"

	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/api/feed"
)

// roles are the matrix columns: the author is Alvo, a member who wrote the post.
var roles = [7]string{"anonymous", "stranger", "member", "coordinator", "dono", "author", "site admin"}

func byRole() [7]testkit.User {
	return [7]testkit.User{cast.Anon, cast.Stranger, plain, cast.Coord, cast.Owner, cast.Alvo, cast.Admin}
}

type expect [7]int

// TestAuthorizationMatrix sends every route of the FeedFunction as each
// role, in a public and in a private group; every write acts on a post (and
// comment) of its own, so no answer depends on an earlier row. A stranger
// guessing the ids of a private group's post gets 404 everywhere.
func TestAuthorizationMatrix(t *testing.T) {
	setup(t)
	const (
		ok, created, none                = 200, 201, 204
		bad, unauth, forbidden, notFound = 400, 401, 403, 404
	)
	type target struct{ post, comment, cultivo, group string }
	cases := []struct {
		name, method, path string
		private            bool
		fresh              bool // a fresh post (and a comment by plain) per role
		reported           bool // the fresh post reported by plain
		body               func(w world) any
		want               expect
	}{
		{name: "comunidade", method: "GET", path: "/api/feed/comunidade", want: expect{unauth, ok, ok, ok, ok, ok, ok}},
		{name: "meus grupos", method: "GET", path: "/api/feed/grupos", want: expect{unauth, ok, ok, ok, ok, ok, ok}},
		{name: "mural", method: "GET", path: "/api/groups/{gid}/posts", want: expect{unauth, forbidden, ok, ok, ok, ok, ok}},
		{name: "mural private", method: "GET", path: "/api/groups/{gid}/posts", private: true, want: expect{unauth, notFound, ok, ok, ok, ok, ok}},
		{name: "cultivo posts", method: "GET", path: "/api/cultivos/{cid}/posts", want: expect{unauth, ok, ok, ok, ok, ok, ok}},
		{name: "post in the community", method: "POST", path: "/api/posts", body: func(world) any { return map[string]any{"texto": "Bom dia, horta!"} },
			want: expect{unauth, created, created, created, created, created, created}},
		{name: "post in the group", method: "POST", path: "/api/posts", body: func(w world) any { return map[string]any{"texto": "Mutirão sábado", "grupoId": w.f.Group.ID} },
			want: expect{unauth, forbidden, created, created, created, created, forbidden}},
		{name: "post in a private group", method: "POST", path: "/api/posts", private: true, body: func(w world) any { return map[string]any{"texto": "Mutirão domingo", "grupoId": w.f.Group.ID} },
			want: expect{unauth, notFound, created, created, created, created, forbidden}},
		{name: "post", method: "GET", path: "/api/posts/{pid}", want: expect{unauth, notFound, ok, ok, ok, ok, ok}},
		{name: "post private", method: "GET", path: "/api/posts/{pid}", private: true, want: expect{unauth, notFound, ok, ok, ok, ok, ok}},
		{name: "edit", method: "PUT", path: "/api/posts/{pid}", fresh: true, body: func(world) any { return map[string]any{"texto": "Editado"} },
			want: expect{unauth, notFound, forbidden, forbidden, forbidden, ok, forbidden}},
		{name: "delete", method: "DELETE", path: "/api/posts/{pid}", fresh: true, want: expect{unauth, notFound, forbidden, none, none, none, none}},
		{name: "delete private", method: "DELETE", path: "/api/posts/{pid}", private: true, fresh: true, want: expect{unauth, notFound, forbidden, none, none, none, none}},
		{name: "like", method: "PUT", path: "/api/posts/{pid}/curtida", fresh: true, want: expect{unauth, notFound, ok, ok, ok, ok, ok}},
		{name: "like private", method: "PUT", path: "/api/posts/{pid}/curtida", private: true, fresh: true, want: expect{unauth, notFound, ok, ok, ok, ok, ok}},
		{name: "unlike", method: "DELETE", path: "/api/posts/{pid}/curtida", fresh: true, want: expect{unauth, notFound, ok, ok, ok, ok, ok}},
		{name: "comments", method: "GET", path: "/api/posts/{pid}/comentarios", want: expect{unauth, notFound, ok, ok, ok, ok, ok}},
		{name: "comments private", method: "GET", path: "/api/posts/{pid}/comentarios", private: true, want: expect{unauth, notFound, ok, ok, ok, ok, ok}},
		{name: "comment", method: "POST", path: "/api/posts/{pid}/comentarios", fresh: true, body: func(world) any { return map[string]any{"texto": "Parabéns!"} },
			want: expect{unauth, notFound, created, created, created, created, created}},
		{name: "comment private", method: "POST", path: "/api/posts/{pid}/comentarios", private: true, fresh: true, body: func(world) any { return map[string]any{"texto": "Parabéns!"} },
			want: expect{unauth, notFound, created, created, created, created, created}},
		{name: "delete comment (by the member)", method: "DELETE", path: "/api/posts/{pid}/comentarios/{cmt}", fresh: true,
			want: expect{unauth, notFound, none, none, none, forbidden, none}},
		{name: "report post", method: "POST", path: "/api/posts/{pid}/denuncias", fresh: true, body: func(world) any { return map[string]any{"motivo": "spam"} },
			want: expect{unauth, notFound, created, created, created, bad, created}},
		{name: "report post private", method: "POST", path: "/api/posts/{pid}/denuncias", private: true, fresh: true, body: func(world) any { return map[string]any{"motivo": "spam"} },
			want: expect{unauth, notFound, created, created, created, bad, created}},
		{name: "report comment (by the member)", method: "POST", path: "/api/posts/{pid}/comentarios/{cmt}/denuncias", fresh: true,
			body: func(world) any { return map[string]any{"motivo": "ofensivo"} }, want: expect{unauth, notFound, bad, created, created, created, created}},
		{name: "moderation queue", method: "GET", path: "/api/admin/moderacao", want: expect{unauth, forbidden, forbidden, forbidden, forbidden, forbidden, ok}},
		{name: "moderate", method: "POST", path: "/api/admin/moderacao/{pid}", fresh: true, reported: true, body: func(world) any { return map[string]any{"acao": "manter"} },
			want: expect{unauth, forbidden, forbidden, forbidden, forbidden, forbidden, none}},
	}
	codes := map[int]string{bad: "validation", unauth: "unauthenticated", forbidden: "forbidden", notFound: "not_found"}
	worlds := map[bool]world{}
	for _, c := range cases {
		for i, u := range byRole() {
			t.Run(c.name+"/"+roles[i], func(t *testing.T) {
				w, ok := worlds[c.private]
				if !ok {
					w = newWorld(t, c.private)
					worlds[c.private] = w
				}
				tg := target{post: w.groupPost, cultivo: w.cultivo, group: w.f.Group.ID}
				if c.fresh {
					tg.post = newPost(t, cast.Alvo, w.f.Group.ID, "")
					tg.comment = newComment(t, plain, tg.post)
					if c.method == "DELETE" && strings.HasSuffix(c.path, "/curtida") {
						testkit.Do(t, h, "PUT", "/api/posts/"+tg.post+"/curtida", u, nil)
					}
					if c.reported {
						report(t, plain, tg.post, "")
					}
				}
				path := strings.NewReplacer("{pid}", tg.post, "{cmt}", tg.comment, "{cid}", tg.cultivo, "{gid}", tg.group).Replace(c.path)
				var b any
				if c.body != nil {
					b = c.body(w)
				}
				res := testkit.Do(t, h, c.method, path, u, b)
				if res.Status != c.want[i] {
					t.Fatalf("%s %s as %s: %d, want %d: %s", c.method, path, roles[i], res.Status, c.want[i], res.Body)
				}
				if want, isErr := codes[res.Status]; isErr && res.ErrorCode() != want {
					t.Fatalf("envelope %s", res.Body)
				}
			})
		}
	}
	rows := map[string]bool{}
	for _, c := range cases {
		p := strings.NewReplacer("{pid}", "{postId}", "{cmt}", "{comentarioId}", "{cid}", "{cultivoId}", "{gid}", "{groupId}").Replace(c.path)
		rows[c.method+" "+p] = true
	}
	for _, r := range feed.Routes(env.Deps) {
		if !rows[r.Method+" "+r.Path] {
			t.Errorf("route %s %s has no row in the matrix", r.Method, r.Path)
		}
	}
}
