package admin_test

import (
	"context"
	"net/http"
	"sync"
	"testing"

	"github.com/verde-app/verde/infra/local/cloud"
	"github.com/verde-app/verde/infra/local/testcloud"
	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/api/admin"
	"github.com/verde-app/verde/shared/store"
)

func TestMain(m *testing.M) { testcloud.Run(m, cloud.Options{SkipSeed: true}) }

var (
	once sync.Once
	env  *testkit.Env
	h    http.Handler
)

func setup(t testing.TB) {
	t.Helper()
	once.Do(func() {
		env = testkit.NewEnv(t)
		h = admin.NewServer(env.Deps)
	})
	if h == nil {
		t.Fatal("setup failed")
	}
}

func auditOf(t *testing.T, uid string) []store.AuditRecord {
	t.Helper()
	items, _, err := env.Deps.Store.AuditPage(context.Background(), store.AuditFilter{AdminID: uid}, 100, nil)
	if err != nil {
		t.Fatal(err)
	}
	return items
}
