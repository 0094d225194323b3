package feed_test

import (
	"context"
	"strings"
	"testing"

	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/domain"
)

func reportPost(t *testing.T, u testkit.User, pid string) {
	t.Helper()
	if res := testkit.Do(t, h, "POST", "/api/posts/"+pid+"/denuncias", u, map[string]any{"motivo": "spam"}); res.Status != 201 {
		t.Fatalf("report by %s: %d %s", u.Name, res.Status, res.Body)
	}
}

// TestKeptPostIsNotHiddenAgain: after a site admin chose "manter", three
// more reports from accounts old enough to count put the post back in the
// queue without hiding it again.
func TestKeptPostIsNotHiddenAgain(t *testing.T) {
	setup(t)
	author := env.NewUser(t, "Mário Mantido")
	pid := newPost(t, author, "", "")
	for _, u := range []testkit.User{cast.Stranger, cast.Member, plain} {
		reportPost(t, u, pid)
	}
	if res := testkit.Do(t, h, "GET", "/api/posts/"+pid, cast.Coord, nil); res.Status != 404 {
		t.Fatalf("three reports did not hide the post: %d", res.Status)
	}
	if res := testkit.Do(t, h, "POST", "/api/admin/moderacao/"+pid, cast.Admin, map[string]any{"acao": "manter"}); res.Status != 204 {
		t.Fatalf("keep: %d %s", res.Status, res.Body)
	}
	for _, u := range []testkit.User{cast.Owner, cast.Coord, cast.Alvo} {
		reportPost(t, u, pid)
	}
	if p := getPost(t, cast.Stranger, pid); p["oculto"] != false {
		t.Fatalf("a kept post hidden again by later reports: %v", p)
	}
	item := queueItem(t, pid)
	if item == nil || item["total"] != float64(3) {
		t.Fatalf("the later reports are not in the queue: %v", item)
	}
}

// TestStaffPostsAreNotAutoHidden: a site admin's post reported by three
// counting accounts stays visible and waits in the queue for another admin.
func TestStaffPostsAreNotAutoHidden(t *testing.T) {
	setup(t)
	pid := newPost(t, cast.Admin, "", "")
	for _, u := range []testkit.User{cast.Stranger, cast.Member, plain} {
		reportPost(t, u, pid)
	}
	if p := getPost(t, cast.Coord, pid); p["oculto"] != false {
		t.Fatalf("an admin's post was hidden by reports: %v", p)
	}
	if item := queueItem(t, pid); item == nil || item["total"] != float64(3) {
		t.Fatalf("queue item %v", item)
	}
}

// aboutPost is the member's notifications linking to pid, and how many are unread.
func aboutPost(t *testing.T, u testkit.User, pid string) ([]domain.Notification, int) {
	t.Helper()
	ns, _, err := env.Deps.Store.Notifications(context.Background(), u.ID, 100, nil)
	if err != nil {
		t.Fatal(err)
	}
	var out []domain.Notification
	unread := 0
	for _, n := range ns {
		if n.Link == domain.LinkPost(pid) {
			out = append(out, n)
			if !n.Read {
				unread++
			}
		}
	}
	return out, unread
}

// TestCommentNotificationsCollapse: one commenter's forty comments give the
// post's author one unread notification, not forty; more commenters make it
// "Fulano e mais N comentaram"; the badge counts it once; once read, the
// next comment starts a new one. Earlier commenters get one each as well.
func TestCommentNotificationsCollapse(t *testing.T) {
	setup(t)
	author := env.NewUser(t, "Ana Autora")
	b, c, d := env.NewUser(t, "Beto Falante"), env.NewUser(t, "Caio Curioso"), env.NewUser(t, "Dani Direta")
	pid := newPost(t, author, "", "")
	before, err := env.Deps.Store.UnreadCount(context.Background(), author.ID)
	if err != nil {
		t.Fatal(err)
	}
	for range 40 {
		newComment(t, b, pid)
	}
	ns, unread := aboutPost(t, author, pid)
	if len(ns) != 1 || unread != 1 || ns[0].Texto != "Beto Falante comentou no seu post" {
		t.Fatalf("after 40 comments of one member: %d notifications (%d unread): %+v", len(ns), unread, ns)
	}
	newComment(t, c, pid)
	newComment(t, d, pid)
	newComment(t, b, pid)
	ns, unread = aboutPost(t, author, pid)
	if len(ns) != 1 || unread != 1 || ns[0].Texto != "Beto Falante e mais 2 comentaram no seu post" {
		t.Fatalf("after three commenters: %+v", ns)
	}
	if n, _ := env.Deps.Store.UnreadCount(context.Background(), author.ID); n != before+1 {
		t.Fatalf("badge %d, want %d", n, before+1)
	}
	// Beto, an earlier commenter, has one about Caio's and Dani's comments.
	if ns, unread := aboutPost(t, b, pid); len(ns) != 1 || unread != 1 || !strings.HasPrefix(ns[0].Texto, "Dani Direta e mais 1 também comentaram") {
		t.Fatalf("earlier commenter: %+v", ns)
	}
	if err := env.Deps.Store.MarkRead(context.Background(), author.ID, ns[0].ID); err != nil {
		t.Fatal(err)
	}
	newComment(t, c, pid)
	ns, unread = aboutPost(t, author, pid)
	if len(ns) != 2 || unread != 1 || ns[0].Texto != "Caio Curioso comentou no seu post" {
		t.Fatalf("after reading it, a new comment: %+v", ns)
	}
}
