package groups_test

import (
	"net/http"
	"path/filepath"
	"testing"

	"github.com/verde-app/verde/infra/local/cloud"
	"github.com/verde-app/verde/infra/local/testcloud"
	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/api/groups"
	"github.com/verde-app/verde/shared/domain"
)

// The SPA's own index.html (spa/index.html, the page its build writes to spa/dist with the same
// head, #verde-config slot and #root) is the SPA bucket's, for the link previews: no build needed.
func TestMain(m *testing.M) {
	testcloud.Run(m, cloud.Options{SkipSeed: true, SPADir: filepath.Join("..", "..", "..", "spa")})
}

// world is the cast every test shares (testkit.Cast) and the GroupsFunction handler.
type world struct {
	env *testkit.Env
	h   http.Handler

	anon, stranger, member, coord, owner, admin, alvo, requester testkit.User
	cast                                                         testkit.Cast
}

var (
	theWorld world
	// area makes theWorld once, on the first getWorld.
	area = testkit.Area{Env: &theWorld.env, Cast: &theWorld.cast, Handler: &theWorld.h, Server: groups.NewServer,
		Extra: func(testing.TB) {
			c := theWorld.cast
			theWorld.stranger, theWorld.member, theWorld.coord, theWorld.owner = c.Stranger, c.Member, c.Coord, c.Owner
			theWorld.admin, theWorld.alvo, theWorld.requester = c.Admin, c.Alvo, c.Requester
		}}
)

func getWorld(t testing.TB) *world {
	t.Helper()
	area.Setup(t)
	return &theWorld
}

type fixture struct {
	g      domain.Group
	invite string
}

type fixtureOpts = testkit.FixtureOpts

func (w *world) fixture(t testing.TB, o fixtureOpts) fixture {
	t.Helper()
	f := w.env.NewFixture(t, w.cast, o)
	return fixture{g: f.Group, invite: f.Invite}
}
