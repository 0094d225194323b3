package store_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
)

func (f *fixture) unreadItems(uid string) (unread, read int) {
	f.t.Helper()
	var after map[string]string
	for range 100 {
		page, next, err := f.s.Notifications(context.Background(), uid, 100, after)
		if err != nil {
			f.t.Fatal(err)
		}
		for _, n := range page {
			if n.Read {
				read++
			} else {
				unread++
			}
		}
		if next == nil {
			return
		}
		after = next
	}
	f.t.Fatal("endless pages")
	return
}

func TestUnreadCounterExactUnder50ConcurrentNotificationsAndMarkAllRead(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	u := f.user("Bell")
	for i := range 10 {
		if err := f.s.Notify(ctx, store.NewNotification(u.ID, domain.NotifNivel, fmt.Sprint("antes ", i), "/perfil", time.Now())); err != nil {
			t.Fatal(err)
		}
	}
	var wg sync.WaitGroup
	for i := range 50 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := f.s.Notify(ctx, store.NewNotification(u.ID, domain.NotifNivel, fmt.Sprint("durante ", i), "/perfil", time.Now())); err != nil {
				t.Error(err)
			}
		}()
		if i == 20 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if _, err := f.s.MarkAllRead(ctx, u.ID); err != nil {
					t.Error(err)
				}
			}()
		}
	}
	wg.Wait()
	unread, read := f.unreadItems(u.ID)
	n, err := f.s.UnreadCount(ctx, u.ID)
	if err != nil || n != unread || unread+read != 60 || read < 10 {
		t.Fatalf("counter %d (%v); items: %d unread, %d read", n, err, unread, read)
	}
	f.calls.Reset()
	if _, err := f.s.MarkAllRead(ctx, u.ID); err != nil {
		t.Fatal(err)
	}
	if n, _ := f.s.UnreadCount(ctx, u.ID); n != 0 {
		t.Fatalf("after mark all: %d", n)
	}
	if unread, read := f.unreadItems(u.ID); unread != 0 || read != 60 {
		t.Fatalf("after mark all: %d unread %d read", unread, read)
	}
}

func TestNotificationsListUnreadFirstPagedAndMarkOne(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	u := f.user("Lista")
	base := time.Now().Add(-time.Hour)
	var ids []string
	for i := range 5 {
		n := store.NewNotification(u.ID, domain.NotifNivel, fmt.Sprint(i), "/perfil", base.Add(time.Duration(i)*time.Minute))
		ids = append(ids, n.ID)
		if err := f.s.Notify(ctx, n); err != nil {
			t.Fatal(err)
		}
	}
	// 1 and 3 read: the list is 4, 2, 0 (unread, newest first), then 3, 1.
	for _, i := range []int{1, 3} {
		if err := f.s.MarkRead(ctx, u.ID, ids[i]); err != nil {
			t.Fatal(err)
		}
	}
	if err := f.s.MarkRead(ctx, u.ID, ids[1]); err != nil {
		t.Fatalf("marking again: %v", err)
	}
	if n, _ := f.s.UnreadCount(ctx, u.ID); n != 3 {
		t.Fatalf("unread %d", n)
	}
	var got []string
	var after map[string]string
	pages := 0
	for {
		f.calls.Reset()
		page, next, err := f.s.Notifications(ctx, u.ID, 2, after)
		if err != nil {
			t.Fatal(err)
		}
		if q := f.calls.ByOperation()["Query"]; q > 2 || f.calls.Total() != q {
			t.Fatalf("a page made %v", f.calls.ByOperation())
		}
		pages++
		for _, n := range page {
			got = append(got, n.Texto)
		}
		if next == nil {
			break
		}
		after = next
	}
	if fmt.Sprint(got) != "[4 2 0 3 1]" || pages > 4 {
		t.Fatalf("order %v in %d pages", got, pages)
	}
	if err := f.s.MarkRead(ctx, u.ID, "01a20882-40f4-7f27-bf81-b68dd8dbff19"); domain.ErrorCode(err) != domain.ENotFound {
		t.Fatalf("unknown id: %v", err)
	}
	if err := f.s.MarkRead(ctx, f.user("Outro").ID, ids[0]); domain.ErrorCode(err) != domain.ENotFound {
		t.Fatalf("someone else's: %v", err)
	}
	if err := f.s.MarkRead(ctx, u.ID, "nada"); domain.ErrorCode(err) != domain.ENotFound {
		t.Fatalf("bad id: %v", err)
	}
}
