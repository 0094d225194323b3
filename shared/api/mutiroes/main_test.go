package mutiroes_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/verde-app/verde/infra/local/cloud"
	"github.com/verde-app/verde/infra/local/testcloud"
	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/api/mutiroes"
	"github.com/verde-app/verde/shared/domain"
)

// The catalogue is seeded: the report's test harvests cultivos made of it.
func TestMain(m *testing.M) { testcloud.Run(m, cloud.Options{}) }

// The world every test here shares (made once, on the first setup): the
// cast, the mutiroes handler and the clock both it and the store read.
var (
	clk                 = &clock{}
	env, cast, h, setup = testkit.Vars(&testkit.Area{Cast: new(testkit.Cast), Server: mutiroes.NewServer, Now: clk.Now})
)

// clock is the store's and the handlers' time, moved by the tests: a
// mutirão is scheduled the day before and its presence recorded on the day.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.t.IsZero() {
		return time.Now()
	}
	return c.t
}

func (c *clock) Set(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = t
}

// brt is a time of day in Brasília.
func brt(y int, m time.Month, d, hh, mm int) time.Time {
	return time.Date(y, m, d, hh, mm, 0, 0, domain.Brasilia)
}

// The fixture mutirão is on dia at 08:00 (3 h), scheduled the day before.
var (
	dia       = brt(2030, time.March, 12, 0, 0)
	vespera   = brt(2030, time.March, 11, 12, 0) // the day before, noon
	noDia     = brt(2030, time.March, 12, 14, 0) // the day, after it ended
	antesDeIr = brt(2030, time.March, 12, 7, 0)  // the day, before it starts
)

// newMutirao schedules a mutirão in f's group (by the owner) at the day
// before: one tarefa "Preparar canteiros" with vagas, one "Levar mudas" with 3.
func newMutirao(t testing.TB, gid string, vagas int) domain.Mutirao {
	t.Helper()
	clk.Set(vespera)
	in := domain.MutiraoInput{Titulo: "Mutirão de plantio", Data: domain.FormatDate(dia), Hora: "08:00", DuracaoMin: ptr(180),
		Local: "Horta da praça", Descricao: "Traga luvas e água.",
		Tarefas: []domain.TarefaInput{{Titulo: "Preparar canteiros", Vagas: ptr(vagas)}, {Titulo: "Levar mudas", Vagas: ptr(3)}}}
	return createMutirao(t, gid, cast.Owner, in)
}

// createMutirao is by's mutirão in, valid, in the group gid (on the store).
func createMutirao(t testing.TB, gid string, by testkit.User, in domain.MutiraoInput) domain.Mutirao {
	t.Helper()
	if err := in.Valid(); err != nil {
		t.Fatal(err)
	}
	m, err := env.Deps.Store.CreateMutirao(context.Background(), gid, testkit.Actor(by), in)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func ptr[T any](v T) *T { return &v }
