package admin_test

import (
	"testing"

	"github.com/verde-app/verde/infra/local/cloud"
	"github.com/verde-app/verde/infra/local/testcloud"
	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/api/admin"
)

func TestMain(m *testing.M) { testcloud.Run(m, cloud.Options{SkipSeed: true}) }

// The world every test here shares (made once, on the first setup): the
// admin handler (the tests make their own users).
var env, _, h, setup = testkit.Vars(&testkit.Area{Server: admin.NewServer})
