package store_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
)

type fixture struct {
	t     *testing.T
	s     *store.Store
	calls *testkit.CallCounter
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	return newFixtureOn(t, "")
}

// newFixtureOn is a fixture on its own table (created if absent), or on the
// shared one when table is "".
func newFixtureOn(t *testing.T, table string) *fixture {
	t.Helper()
	s, calls := testkit.NewStore(t, table)
	return &fixture{t: t, s: s, calls: calls}
}

// user makes a profile and returns an actor for it.
func (f *fixture) user(name string) store.Actor {
	f.t.Helper()
	id := uuid.NewString()
	if _, _, err := f.s.CreateProfile(context.Background(), domain.NewProfile(id, name, id+"@example.com", nil, time.Now())); err != nil {
		f.t.Fatal(err)
	}
	return store.Actor{ID: id}
}

func (f *fixture) profile(uid string) domain.Profile {
	f.t.Helper()
	p, found, err := f.s.Profile(context.Background(), uid)
	if err != nil || !found {
		f.t.Fatalf("profile %s: found=%v err=%v", uid, found, err)
	}
	return p
}

func (f *fixture) group(owner store.Actor, edit func(*domain.GroupInput)) domain.Group {
	f.t.Helper()
	in := domain.GroupInput{Nome: "Horta " + uuid.NewString()[:6], Cidade: "Campinas", UF: "SP"}
	if edit != nil {
		edit(&in)
	}
	if err := in.Valid(); err != nil {
		f.t.Fatal(err)
	}
	g, _, err := f.create(owner, in)
	if err != nil {
		f.t.Fatal(err)
	}
	return g
}

// create makes a group of in for owner, returning the points awarded.
// update saves g edited by edit (a GroupUpdate at g's version) as by, and
// returns the group saved.
func (f *fixture) update(g domain.Group, by store.Actor, edit func(*domain.GroupUpdate)) domain.Group {
	f.t.Helper()
	v := g.Version
	u := domain.GroupUpdate{Version: &v}
	edit(&u)
	if err := u.Valid(); err != nil {
		f.t.Fatal(err)
	}
	next, err := u.Apply(g, time.Now())
	if err != nil {
		f.t.Fatal(err)
	}
	if err := f.s.SaveGroup(context.Background(), next, g, by, true); err != nil {
		f.t.Fatal(err)
	}
	return next
}

func (f *fixture) create(owner store.Actor, in domain.GroupInput) (domain.Group, int, error) {
	f.t.Helper()
	if err := in.Valid(); err != nil {
		f.t.Fatal(err)
	}
	return f.s.CreateGroup(context.Background(), domain.NewGroup(uuid.Must(uuid.NewV7()).String(), owner.ID, in, domain.Defaults(), time.Now()), owner)
}

func (f *fixture) view(gid, uid string) store.GroupView {
	f.t.Helper()
	v, err := f.s.GroupFor(context.Background(), gid, uid)
	if err != nil {
		f.t.Fatal(err)
	}
	return v
}

func code(err error) domain.Code {
	if err == nil {
		return ""
	}
	return domain.ErrorCode(err)
}

// conflict: err is a 409.
func conflict(err error) bool { return code(err) == domain.EConflict }

// tally counts the outcomes of racing calls: the successes and the errors
// refused accepts; any other error fails the test.
func tally(t *testing.T, errs []error, refused func(error) bool) (ok, refusedN int) {
	t.Helper()
	for _, err := range errs {
		switch {
		case err == nil:
			ok++
		case refused(err):
			refusedN++
		default:
			t.Errorf("unexpected %v", err)
		}
	}
	return ok, refusedN
}

// several makes n actors with mk (f.user, or a group's member), named
// format with each one's index.
func several(n int, format string, mk func(name string) store.Actor) []store.Actor {
	out := make([]store.Actor, n)
	for i := range out {
		out[i] = mk(fmt.Sprintf(format, i))
	}
	return out
}

func TestCreateGroupMakesOwnerAwardsPointsOnceInOneTransaction(t *testing.T) {
	f := newFixture(t)
	owner := f.user("Ana")
	// A container reads the rules at most once a minute (TestRulesAreReadOncePerMinute);
	// the create itself is measured with them in the cache.
	if _, err := f.s.Rules(context.Background()); err != nil {
		t.Fatal(err)
	}
	f.calls.Reset()
	g, pts, err := f.create(owner, domain.GroupInput{Nome: "Horta Primeira", Cidade: "Campinas", UF: "SP"})
	if err != nil || pts != domain.Defaults().Pontos.CriarGrupo {
		t.Fatalf("create: %d points, %v", pts, err)
	}
	// The act (a BatchGetItem and a transaction), then, as it is the member's
	// first points of the month, their monthly league join (liga.go): the
	// série's counter and one transaction.
	if ops := f.calls.ByOperation(); ops["BatchGetItem"] != 1 || ops["TransactWriteItems"] != 2 || ops["UpdateItem"] != 1 || f.calls.Total() != 4 {
		t.Fatalf("create made %v", ops)
	}
	v := f.view(g.ID, owner.ID)
	if v.Membership == nil || v.Membership.Papel != domain.PapelDono || v.Group.MemberCount != 1 {
		t.Fatalf("owner membership %+v %+v", v.Membership, v.Group)
	}
	p := f.profile(owner.ID)
	// 20 for the group and the Fundador conquista's bonus, unlocked in the same transaction.
	if p.PontosTotais != 20+bonus("fundador") || p.Nivel != 1 || !slices.Equal(p.GruposParticipantes, []string{g.ID}) ||
		!slices.Equal(p.Conquistas, []string{"fundador"}) {
		t.Fatalf("profile %+v", p)
	}
}

func TestCreateGroupBuildsAMissingProfile(t *testing.T) {
	f := newFixture(t)
	id := uuid.NewString()
	owner := store.Actor{ID: id, Source: func(context.Context) (domain.Profile, error) {
		return domain.NewProfile(id, "Sem Perfil", "x@example.com", nil, time.Now()), nil
	}}
	g := f.group(owner, nil)
	p := f.profile(id)
	if p.PontosTotais != 20+bonus("fundador") || !slices.Equal(p.Conquistas, []string{"fundador"}) || p.Nome != "Sem Perfil" || !slices.Equal(p.GruposParticipantes, []string{g.ID}) {
		t.Fatalf("profile %+v", p)
	}
	if m := f.view(g.ID, id).Membership; m == nil || m.Nome != "Sem Perfil" {
		t.Fatalf("membership %+v", m)
	}
}

func TestJoinTwiceAndRejoinAwardPointsOnce(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	owner, joiner := f.user("Dona"), f.user("Bia")
	g := f.group(owner, nil)

	f.calls.Reset()
	res, err := f.s.Join(ctx, g.ID, joiner)
	if err != nil || res.Status != store.JoinedNow || res.Pontos != 10 {
		t.Fatalf("join: %+v %v", res, err)
	}
	// The act (a BatchGetItem and a transaction), then, as it is the member's
	// first points of the month, their monthly league join (liga.go): the
	// série's counter and one transaction.
	if ops := f.calls.ByOperation(); ops["BatchGetItem"] != 1 || ops["TransactWriteItems"] != 2 || ops["UpdateItem"] != 1 || f.calls.Total() != 4 {
		t.Fatalf("join made %v", ops)
	}
	if _, err := f.s.Join(ctx, g.ID, joiner); code(err) != domain.EConflict {
		t.Fatalf("second join: %v", err)
	}
	if p := f.profile(joiner.ID); p.PontosTotais != 10 || !slices.Equal(p.GruposParticipantes, []string{g.ID}) {
		t.Fatalf("after join %+v", p)
	}
	if err := f.s.RemoveMember(ctx, g.ID, joiner, joiner.ID); err != nil {
		t.Fatalf("leave: %v", err)
	}
	if p := f.profile(joiner.ID); p.PontosTotais != 10 || len(p.GruposParticipantes) != 0 {
		t.Fatalf("after leave %+v", p)
	}
	if v := f.view(g.ID, joiner.ID); v.Membership != nil || v.Group.MemberCount != 1 {
		t.Fatalf("after leave %+v", v)
	}
	res, err = f.s.Join(ctx, g.ID, joiner)
	if err != nil || res.Pontos != 0 {
		t.Fatalf("rejoin: %+v %v", res, err)
	}
	if p := f.profile(joiner.ID); p.PontosTotais != 10 || !slices.Equal(p.GruposParticipantes, []string{g.ID}) {
		t.Fatalf("after rejoin %+v", p)
	}
}

func TestJoinRejectsWhenFullUnderConcurrency(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	owner := f.user("Dona")
	g := f.group(owner, func(in *domain.GroupInput) { n := 10; in.MaxMembros = &n })
	const n = 50
	joiners := several(n, "Pessoa %d", f.user)
	errs := testkit.AtOnce(n, func(i int) error {
		_, err := f.s.Join(ctx, g.ID, joiners[i])
		return err
	})
	joined, full := tally(t, errs, conflict)
	v := f.view(g.ID, "")
	members, _, err := f.s.Members(ctx, g.ID, 100, nil)
	if err != nil {
		t.Fatal(err)
	}
	if joined != 9 || v.Group.MemberCount != 10 || len(members) != 10 || full != 41 {
		t.Fatalf("joined %d, refused %d, memberCount %d, members %d", joined, full, v.Group.MemberCount, len(members))
	}
}
