package lotes_test

import (
	"net/http"
	"testing"

	"github.com/verde-app/verde/infra/local/cloud"
	"github.com/verde-app/verde/infra/local/testcloud"
	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/api/lotes"
)

func TestMain(m *testing.M) { testcloud.Run(m, cloud.Options{SkipSeed: true}) }

// The world every test here shares (made once, on the first setup): the cast and the lotes handler.
var (
	env  *testkit.Env
	cast testkit.Cast
	h    http.Handler
	area = testkit.Area{Env: &env, Cast: &cast, Handler: &h, Server: lotes.NewServer}
)

func setup(t testing.TB) { area.Setup(t) }
