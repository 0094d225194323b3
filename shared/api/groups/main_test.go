package groups_test

import (
	"net/http"
	"path/filepath"
	"sync"
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
	worldOnce sync.Once
	theWorld  *world
)

func getWorld(t testing.TB) *world {
	t.Helper()
	worldOnce.Do(func() {
		env := testkit.NewEnv(t)
		c := env.NewCast(t)
		theWorld = &world{
			env: env, h: groups.NewServer(env.Deps), cast: c,
			stranger: c.Stranger, member: c.Member, coord: c.Coord, owner: c.Owner, admin: c.Admin, alvo: c.Alvo, requester: c.Requester,
		}
	})
	if theWorld == nil {
		t.Fatal("world setup failed")
	}
	return theWorld
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
