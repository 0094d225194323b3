package testkit

import (
	"net/http"
	"sync"
	"testing"
	"time"

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
//
// A package with nothing of its own to add makes them in one line with Vars.
type Area struct {
	// Env, if set, receives the Env (Vars gives the package its own).
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
	// from the Deps: a quiet views job.
	Extra func(t testing.TB)
	// Now, if set, is the clock of the Env's Deps and of its Store, set
	// before Extra: tests that move time (a mutirão the day before and on the day).
	Now func() time.Time

	// into, set by Vars, receives a copy of the Env as soon as it is made.
	into *Env
	once sync.Once
}

// Vars makes, for a package whose tests read the world by name, its
// variables and the setup to call first in each test, so the package states
// only its handler and what it adds:
//
//	var env, cast, h, setup = testkit.Vars(&testkit.Area{Cast: new(testkit.Cast), Server: lotes.NewServer})
//
// env is filled by the first setup, cast is a.Cast (nil when a.Cast is not
// set: the tests make their own users), and h serves through the handler the
// first setup makes. Vars sets a.Handler.
func Vars(a *Area) (*Env, *Cast, http.Handler, func(testing.TB)) {
	env, h := new(Env), new(lazyHandler)
	a.Handler, a.into = &h.h, env
	return env, a.Cast, h, a.Setup
}

// lazyHandler serves through h, made by the first setup.
type lazyHandler struct{ h http.Handler }

func (l *lazyHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) { l.h.ServeHTTP(w, r) }

// Setup makes the world on its first call and fails t when it is not whole
// (the first setup failed), then and on every later call.
func (a *Area) Setup(t testing.TB) {
	t.Helper()
	a.once.Do(func() {
		env := NewEnv(t)
		if a.Env != nil {
			*a.Env = env
		}
		if a.into != nil {
			*a.into = *env
			env = a.into
		}
		if a.Cast != nil {
			*a.Cast = env.NewCast(t)
		}
		if a.Plain != nil {
			*a.Plain = env.NewUser(t, "Gabriel Grupo")
		}
		if a.Now != nil {
			env.Deps.Store.Now, env.Deps.Now = a.Now, a.Now
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
