package lotes_test

import (
	"net/http"
	"sync"
	"testing"

	"github.com/verde-app/verde/infra/local/cloud"
	"github.com/verde-app/verde/infra/local/testcloud"
	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/api/lotes"
)

func TestMain(m *testing.M) { testcloud.Run(m, cloud.Options{SkipSeed: true}) }

var (
	once sync.Once
	env  *testkit.Env
	cast testkit.Cast
	h    http.Handler
)

func setup(t testing.TB) {
	t.Helper()
	once.Do(func() {
		env = testkit.NewEnv(t)
		cast = env.NewCast(t)
		h = lotes.NewServer(env.Deps)
	})
	if h == nil {
		t.Fatal("setup failed")
	}
}
