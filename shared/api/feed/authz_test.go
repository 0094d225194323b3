package feed_test

import (
	"strings"
	"testing"

	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/api/feed"
)

// columns are the matrix's roles: the author is Alvo, a member who wrote the post.
func columns() []testkit.Role {
	return []testkit.Role{
		{Name: "anonymous", User: cast.Anon}, {Name: "stranger", User: cast.Stranger}, {Name: "member", User: plain},
		{Name: "coordinator", User: cast.Coord}, {Name: "dono", User: cast.Owner}, {Name: "author", User: cast.Alvo},
		{Name: "site admin", User: cast.Admin},
	}
}

// TestAuthorizationMatrix sends every route of the FeedFunction as each
// role, in a public and in a private group; every write acts on a post (and
// comment) of its own, so no answer depends on an earlier row. A stranger
// guessing the ids of a private group's post gets 404 everywhere.
func TestAuthorizationMatrix(t *testing.T) {
	setup(t)
	type target struct{ post, comment, cultivo, group string }
	type row struct {
		name, method, path string
		private            bool
		fresh              bool // a fresh post (and a comment by plain) per role
		reported           bool // the fresh post reported by plain
		body               func(w world) any
		want               testkit.Expect
	}
	cases := []row{
		{name: "comunidade", method: "GET", path: "/api/feed/comunidade", want: testkit.Expect{401, 200, 200, 200, 200, 200, 200}},
		{name: "meus grupos", method: "GET", path: "/api/feed/grupos", want: testkit.Expect{401, 200, 200, 200, 200, 200, 200}},
		{name: "mural", method: "GET", path: "/api/groups/{gid}/posts", want: testkit.Expect{401, 403, 200, 200, 200, 200, 200}},
		{name: "mural private", method: "GET", path: "/api/groups/{gid}/posts", private: true, want: testkit.Expect{401, 404, 200, 200, 200, 200, 200}},
		{name: "cultivo posts", method: "GET", path: "/api/cultivos/{cid}/posts", want: testkit.Expect{401, 200, 200, 200, 200, 200, 200}},
		{name: "post in the community", method: "POST", path: "/api/posts", body: func(world) any { return map[string]any{"texto": "Bom dia, horta!"} },
			want: testkit.Expect{401, 201, 201, 201, 201, 201, 201}},
		{name: "post in the group", method: "POST", path: "/api/posts", body: func(w world) any { return map[string]any{"texto": "Mutirão sábado", "grupoId": w.f.Group.ID} },
			want: testkit.Expect{401, 403, 201, 201, 201, 201, 403}},
		{name: "post in a private group", method: "POST", path: "/api/posts", private: true, body: func(w world) any { return map[string]any{"texto": "Mutirão domingo", "grupoId": w.f.Group.ID} },
			want: testkit.Expect{401, 404, 201, 201, 201, 201, 403}},
		{name: "post", method: "GET", path: "/api/posts/{pid}", want: testkit.Expect{401, 404, 200, 200, 200, 200, 200}},
		{name: "post private", method: "GET", path: "/api/posts/{pid}", private: true, want: testkit.Expect{401, 404, 200, 200, 200, 200, 200}},
		{name: "edit", method: "PUT", path: "/api/posts/{pid}", fresh: true, body: func(world) any { return map[string]any{"texto": "Editado"} },
			want: testkit.Expect{401, 404, 403, 403, 403, 200, 403}},
		{name: "delete", method: "DELETE", path: "/api/posts/{pid}", fresh: true, want: testkit.Expect{401, 404, 403, 204, 204, 204, 204}},
		{name: "delete private", method: "DELETE", path: "/api/posts/{pid}", private: true, fresh: true, want: testkit.Expect{401, 404, 403, 204, 204, 204, 204}},
		{name: "like", method: "PUT", path: "/api/posts/{pid}/curtida", fresh: true, want: testkit.Expect{401, 404, 200, 200, 200, 200, 200}},
		{name: "like private", method: "PUT", path: "/api/posts/{pid}/curtida", private: true, fresh: true, want: testkit.Expect{401, 404, 200, 200, 200, 200, 200}},
		{name: "unlike", method: "DELETE", path: "/api/posts/{pid}/curtida", fresh: true, want: testkit.Expect{401, 404, 200, 200, 200, 200, 200}},
		{name: "comments", method: "GET", path: "/api/posts/{pid}/comentarios", want: testkit.Expect{401, 404, 200, 200, 200, 200, 200}},
		{name: "comments private", method: "GET", path: "/api/posts/{pid}/comentarios", private: true, want: testkit.Expect{401, 404, 200, 200, 200, 200, 200}},
		{name: "comment", method: "POST", path: "/api/posts/{pid}/comentarios", fresh: true, body: func(world) any { return map[string]any{"texto": "Parabéns!"} },
			want: testkit.Expect{401, 404, 201, 201, 201, 201, 201}},
		{name: "comment private", method: "POST", path: "/api/posts/{pid}/comentarios", private: true, fresh: true, body: func(world) any { return map[string]any{"texto": "Parabéns!"} },
			want: testkit.Expect{401, 404, 201, 201, 201, 201, 201}},
		{name: "delete comment (by the member)", method: "DELETE", path: "/api/posts/{pid}/comentarios/{cmt}", fresh: true,
			want: testkit.Expect{401, 404, 204, 204, 204, 403, 204}},
		{name: "report post", method: "POST", path: "/api/posts/{pid}/denuncias", fresh: true, body: func(world) any { return map[string]any{"motivo": "spam"} },
			want: testkit.Expect{401, 404, 201, 201, 201, 400, 201}},
		{name: "report post private", method: "POST", path: "/api/posts/{pid}/denuncias", private: true, fresh: true, body: func(world) any { return map[string]any{"motivo": "spam"} },
			want: testkit.Expect{401, 404, 201, 201, 201, 400, 201}},
		{name: "report comment (by the member)", method: "POST", path: "/api/posts/{pid}/comentarios/{cmt}/denuncias", fresh: true,
			body: func(world) any { return map[string]any{"motivo": "ofensivo"} }, want: testkit.Expect{401, 404, 400, 201, 201, 201, 201}},
		{name: "moderation queue", method: "GET", path: "/api/admin/moderacao", want: testkit.Expect{401, 403, 403, 403, 403, 403, 200}},
		{name: "moderate", method: "POST", path: "/api/admin/moderacao/{pid}", fresh: true, reported: true, body: func(world) any { return map[string]any{"acao": "manter"} },
			want: testkit.Expect{401, 403, 403, 403, 403, 403, 204}},
	}
	worlds := map[bool]world{}
	testkit.Matrix(t, columns(), cases, func(c row) (string, testkit.Expect) { return c.name, c.want }, func(t *testing.T, c row, u testkit.User) testkit.Response {
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
		return testkit.Do(t, h, c.method, path, u, b)
	})
	testkit.EveryRouteHasARow(t, feed.Routes(env.Deps), nil, cases, func(c row) string {
		return c.method + " " + strings.NewReplacer("{pid}", "{postId}", "{cmt}", "{comentarioId}", "{cid}", "{cultivoId}", "{gid}", "{groupId}").Replace(c.path)
	})
}
