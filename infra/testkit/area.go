package testkit

import (
	"net/http"
	"sync"
	"testing"

	"github.com/verde-app/verde/shared/api"
	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/areas"
)

// Area is the world one package's API tests share, made once for the whole
// test binary by the first test that calls Setup: an Env, the Cast, the
// package's own extras and the handler under test. It writes each into the
// package variable it points to, so the tests read them by name:
//
//	var (
//		env  *testkit.Env
//		cast testkit.Cast
//		h    http.Handler
//		area = testkit.Area{Env: &env, Cast: &cast, Handler: &h, Server: lotes.NewServer}
//	)
//
//	func setup(t testing.TB) { area.Setup(t) }
type Area struct {
	Env **Env
	// Cast, if set, receives Env.NewCast (nil: the tests make their own users).
	Cast *Cast
	// Plain, if set, receives one more user, "Gabriel Grupo": a member the
	// package's worlds add to their groups besides the cast.
	Plain   *User
	Handler *http.Handler
	// Server makes the handler under test from the Env's Deps: an area's
	// NewServer, or AllAreas.
	Server func(app.Deps) http.Handler
	// Extra, if set, makes the package's own part of the world once the Env,
	// the Cast and Plain are in their variables and before the handler is made
	// from the Deps: the tests' clock, a quiet views job.
	Extra func(t testing.TB)

	once sync.Once
}

// Setup makes the world on its first call and fails t when it is not whole
// (the first setup failed), then and on every later call.
func (a *Area) Setup(t testing.TB) {
	t.Helper()
	a.once.Do(func() {
		env := NewEnv(t)
		*a.Env = env
		if a.Cast != nil {
			*a.Cast = env.NewCast(t)
		}
		if a.Plain != nil {
			*a.Plain = env.NewUser(t, "Gabriel Grupo")
		}
		if a.Extra != nil {
			a.Extra(t)
		}
		*a.Handler = a.Server(env.Deps)
	})
	if *a.Handler == nil {
		t.Fatal("setup failed")
	}
}

// AllRoutes are the routes of every area of the API (areas.APIs), built from d.
func AllRoutes(d app.Deps) []api.Route {
	var all []api.Route
	for _, a := range areas.APIs {
		all = append(all, a.Routes(d)...)
	}
	return all
}

// AllAreas is one mux of every area's routes, as the API serves them.
func AllAreas(d app.Deps) http.Handler { return api.NewMux(AllRoutes(d)) }
