package testkit

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
)

// Cast is one user per role of the authorization matrices, plus a member
// to act upon (Alvo) and someone to file a join request (Requester).
type Cast struct {
	Anon, Stranger, Member, Coord, Owner, Admin, Alvo, Requester User
}

// Roles are the matrix columns, in order.
var Roles = [6]string{"anonymous", "stranger", "member", "coordinator", "owner", "admin"}

// ByRole is the cast in the order of Roles.
func (c Cast) ByRole() [6]User {
	return [6]User{c.Anon, c.Stranger, c.Member, c.Coord, c.Owner, c.Admin}
}

// NewCast creates the users (with profiles).
func (e *Env) NewCast(t testing.TB) Cast {
	t.Helper()
	return Cast{
		Stranger: e.NewUser(t, "Sérgio Estranho"), Member: e.NewUser(t, "Marta Membro"),
		Coord: e.NewUser(t, "Carla Coordenadora"), Owner: e.NewUser(t, "Otávio Dono"),
		Admin: e.NewAdmin(t, "Alice Admin"), Alvo: e.NewUser(t, "Álvaro Alvo"), Requester: e.NewUser(t, "Renata Pedido"),
	}
}

// Actor is u as the store's rules see them.
func Actor(u User) store.Actor { return store.Actor{ID: u.ID, Admin: u.Admin} }

// NewJoiner is NewUser who has joined the group gid through the store: a
// member of an open group, an open request to one that asks approval.
func (e *Env) NewJoiner(t testing.TB, gid, name string) User {
	t.Helper()
	u := e.NewUser(t, name)
	if _, err := e.Deps.Store.Join(context.Background(), gid, Actor(u)); err != nil {
		t.Fatal(err)
	}
	return u
}

// Fixture is a fresh group of the cast: Owner (dono), Coord (coordenador),
// Member and Alvo (membros), an invite, lotes A1–A4 of 12.5 m² (A3 held by
// Member, A4 requested by Member) and, with Approval, Requester's open join
// request.
type Fixture struct {
	Group  domain.Group
	Invite string
}

// FixtureOpts shape a fixture.
type FixtureOpts struct {
	Private  bool // privado (entrada convite)
	Approval bool // entrada aprovacao, with Requester's open request
}

// NewFixture builds a fixture through the store (no HTTP, no call asserted).
func (e *Env) NewFixture(t testing.TB, c Cast, o FixtureOpts) Fixture {
	t.Helper()
	ctx := context.Background()
	s := e.Deps.Store
	in := domain.GroupInput{Nome: "Horta " + uuid.NewString()[:8], Descricao: "Canteiros coletivos", Cidade: "Campinas", UF: "SP"}
	if err := in.Valid(); err != nil {
		t.Fatal(err)
	}
	g, _, err := s.CreateGroup(ctx, domain.NewGroup(uuid.Must(uuid.NewV7()).String(), c.Owner.ID, in, domain.Defaults(), time.Now()), Actor(c.Owner))
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range []User{c.Coord, c.Member, c.Alvo} {
		if _, err := s.Join(ctx, g.ID, Actor(u)); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.SetPapel(ctx, g.ID, Actor(c.Owner), c.Coord.ID, domain.PapelCoordenador); err != nil {
		t.Fatal(err)
	}
	from, to, area := 1, 4, 12.5
	if _, err := s.CreateLotes(ctx, g.ID, Actor(c.Owner), domain.LoteBulkInput{Prefixo: "A", Inicio: &from, Fim: &to, Area: &area}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.AssignLote(ctx, g.ID, "A3", Actor(c.Owner), c.Member.ID, false); err != nil {
		t.Fatal(err)
	}
	if _, err := s.RequestLote(ctx, g.ID, "A4", Actor(c.Member)); err != nil {
		t.Fatal(err)
	}
	days, uses := 7, 10
	inv, err := s.CreateInvite(ctx, g.ID, Actor(c.Owner), domain.InviteInput{ExpiraEmDias: &days, MaxUsos: &uses})
	if err != nil {
		t.Fatal(err)
	}
	if o.Private || o.Approval {
		v, err := s.GroupFor(ctx, g.ID, "")
		if err != nil {
			t.Fatal(err)
		}
		u := domain.GroupUpdate{Version: &v.Group.Version}
		if o.Private {
			p := domain.Privado
			u.Visibilidade = &p
		} else {
			en := domain.EntradaAprovacao
			u.Entrada = &en
		}
		next, err := u.Apply(v.Group, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		if err := s.SaveGroup(ctx, next, v.Group, Actor(c.Owner), true); err != nil {
			t.Fatal(err)
		}
	}
	if o.Approval {
		if res, err := s.Join(ctx, g.ID, Actor(c.Requester)); err != nil || res.Status != store.Requested {
			t.Fatalf("request: %+v %v", res, err)
		}
	}
	v, err := s.GroupFor(ctx, g.ID, "")
	if err != nil {
		t.Fatal(err)
	}
	return Fixture{Group: v.Group, Invite: inv.Token}
}
