package admin_test

import (
	"context"
	"testing"

	"github.com/verde-app/verde/infra/local/cloud"
	"github.com/verde-app/verde/infra/local/testcloud"
	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/api/admin"
	"github.com/verde-app/verde/shared/store"
)

func TestMain(m *testing.M) { testcloud.Run(m, cloud.Options{SkipSeed: true}) }

// The world every test here shares (made once, on the first setup): the
// admin handler (the tests make their own users).
var env, _, h, setup = testkit.Vars(&testkit.Area{Server: admin.NewServer})

func auditOf(t *testing.T, uid string) []store.AuditRecord {
	t.Helper()
	items, _, err := env.Deps.Store.AuditPage(context.Background(), store.AuditFilter{AdminID: uid}, 100, nil)
	if err != nil {
		t.Fatal(err)
	}
	return items
}
