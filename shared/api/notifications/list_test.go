package notifications_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/api/notifications"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
)

func TestListMarkOneAndMarkAllThroughTheAPI(t *testing.T) {
	env, h := testkit.NewEnvWith(t, notifications.NewServer)
	ana, bia := env.NewUser(t, "Ana"), env.NewUser(t, "Bia")
	base := time.Now().Add(-time.Hour)
	var ids []string
	for i := range 3 {
		n := store.NewNotification(ana.ID, domain.NotifNivel, fmt.Sprint("n", i), "/perfil", base.Add(time.Duration(i)*time.Minute))
		ids = append(ids, n.ID)
		if err := env.Deps.Store.Notify(context.Background(), n); err != nil {
			t.Fatal(err)
		}
	}
	// Mark the newest read: the list is n1, n0 (unread), then n2.
	if r := testkit.Do(t, h, "POST", "/api/notifications/"+ids[2]+"/read", ana, nil); r.Status != 204 {
		t.Fatalf("mark read: %d %s", r.Status, r.Body)
	}
	if r := testkit.Do(t, h, "GET", "/api/notifications/unread-count", ana, nil); r.Map(t)["count"] != 2.0 {
		t.Fatalf("count %s", r.Body)
	}
	env.Calls.Reset()
	r := testkit.Do(t, h, "GET", "/api/notifications?limit=2", ana, nil)
	var page struct {
		Items []struct {
			ID, Texto string
			Read      bool
		}
		NextCursor *string
	}
	r.Decode(t, &page)
	if r.Status != 200 || len(page.Items) != 2 || page.Items[0].Texto != "n1" || page.Items[1].Texto != "n0" || page.NextCursor == nil {
		t.Fatalf("page 1: %d %s", r.Status, r.Body)
	}
	if ops := env.Calls.ByOperation(); ops["Query"] != 1 || env.Calls.Total()-ops["GetSecretValue"] != 1 {
		t.Fatalf("page 1 made %v", env.Calls.ByOperation())
	}
	r = testkit.Do(t, h, "GET", "/api/notifications?limit=2&cursor="+*page.NextCursor, ana, nil)
	r.Decode(t, &page)
	if len(page.Items) != 1 || page.Items[0].Texto != "n2" || !page.Items[0].Read || page.NextCursor != nil {
		t.Fatalf("page 2: %s", r.Body)
	}
	// Someone else's cursor, id or notification.
	if r := testkit.Do(t, h, "GET", "/api/notifications?cursor="+*ptrTo(t, h, ana), bia, nil); r.Status != 400 {
		t.Fatalf("bia with ana's cursor: %d %s", r.Status, r.Body)
	}
	if r := testkit.Do(t, h, "POST", "/api/notifications/"+ids[0]+"/read", bia, nil); r.Status != 404 {
		t.Fatalf("bia marks ana's: %d %s", r.Status, r.Body)
	}
	if r := testkit.Do(t, h, "POST", "/api/notifications/xyz/read", ana, nil); r.Status != 404 {
		t.Fatalf("bad id: %d", r.Status)
	}
	if r := testkit.Do(t, h, "GET", "/api/notifications?limit=0", ana, nil); r.Status != 400 {
		t.Fatalf("limit 0: %d", r.Status)
	}
	// Anonymous.
	for _, c := range [][2]string{{"GET", "/api/notifications"}, {"POST", "/api/notifications/" + ids[0] + "/read"}, {"POST", "/api/notifications/read-all"}} {
		if r := testkit.Do(t, h, c[0], c[1], testkit.User{}, nil); r.Status != 401 {
			t.Errorf("anonymous %v: %d", c, r.Status)
		}
	}
	if r := testkit.Do(t, h, "POST", "/api/notifications/read-all", ana, nil); r.Status != 200 || r.Map(t)["marcadas"] != 2.0 {
		t.Fatalf("read all: %d %s", r.Status, r.Body)
	}
	if r := testkit.Do(t, h, "GET", "/api/notifications/unread-count", ana, nil); r.Map(t)["count"] != 0.0 {
		t.Fatalf("count after read all %s", r.Body)
	}
	if r := testkit.Do(t, h, "POST", "/api/notifications/read-all", bia, nil); r.Status != 200 || r.Map(t)["marcadas"] != 0.0 {
		t.Fatalf("bia read all: %d %s", r.Status, r.Body)
	}
}

// ptrTo is a cursor of ana's list.
func ptrTo(t *testing.T, h interface {
	ServeHTTP(w http.ResponseWriter, r *http.Request)
}, u testkit.User) *string {
	t.Helper()
	r := testkit.Do(t, h, "GET", "/api/notifications?limit=1", u, nil)
	var page struct{ NextCursor *string }
	r.Decode(t, &page)
	if page.NextCursor == nil {
		t.Fatal("no cursor")
	}
	return page.NextCursor
}
