package lotes_test

import (
	"testing"

	"github.com/verde-app/verde/infra/local/cloud"
	"github.com/verde-app/verde/infra/local/testcloud"
	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/api/lotes"
)

func TestMain(m *testing.M) { testcloud.Run(m, cloud.Options{SkipSeed: true}) }

// The world every test here shares (made once, on the first setup): the cast and the lotes handler.
var env, cast, h, setup = testkit.Vars(&testkit.Area{Cast: new(testkit.Cast), Server: lotes.NewServer})
