package domain

import (
	"testing"
	"time"
)

func TestInviteStatusOrder(t *testing.T) {
	now := time.Now()
	base := Invite{ExpiraEm: now.Add(time.Hour), MaxUsos: 2, Usos: 0}
	cases := []struct {
		name string
		edit func(*Invite)
		want InviteStatus
	}{
		{"valid", func(*Invite) {}, ConviteValido},
		{"used up", func(i *Invite) { i.Usos = 2 }, ConviteEsgotado},
		{"expired", func(i *Invite) { i.ExpiraEm = now; i.Usos = 2 }, ConviteExpirado},
		{"revoked wins", func(i *Invite) { i.Revogado = true; i.ExpiraEm = now.Add(-time.Hour) }, ConviteRevogado},
	}
	for _, c := range cases {
		inv := base
		c.edit(&inv)
		if got := inv.StatusAt(now); got != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
		if (inv.Usable(now) == nil) != (c.want == ConviteValido) {
			t.Errorf("%s: Usable disagrees with status", c.name)
		}
	}
}

func TestInviteInputValid(t *testing.T) {
	in := InviteInput{}
	if err := in.Valid(); err != nil || *in.ExpiraEmDias != DefaultInviteDias || *in.MaxUsos != DefaultInviteUsos {
		t.Fatalf("defaults: %v", err)
	}
	wantField(t, "days 0", (&InviteInput{ExpiraEmDias: ptr(0)}).Valid(), "expiraEmDias", "de 1 a 90 dias")
	wantField(t, "days 91", (&InviteInput{ExpiraEmDias: ptr(91)}).Valid(), "expiraEmDias", "de 1 a 90 dias")
	wantField(t, "uses 0", (&InviteInput{MaxUsos: ptr(0)}).Valid(), "maxUsos", "entre 1 e 1000")
	wantField(t, "uses 1001", (&InviteInput{MaxUsos: ptr(1001)}).Valid(), "maxUsos", "entre 1 e 1000")
}

func TestInviteTokenIs128RandomBits(t *testing.T) {
	a, b := NewInviteToken(), NewInviteToken()
	if a == b || !ValidInviteToken(a) || len(a) != 22 {
		t.Fatalf("tokens %q %q", a, b)
	}
	for _, bad := range []string{"", "short", a + "x", "abc/def+ghijklmnopqrst"} {
		if ValidInviteToken(bad) {
			t.Errorf("accepted %q", bad)
		}
	}
}

// CanJoinByInvite answers in order: already a member, then the invite's
// state (revoked, expired, used up), then a full group.
func TestCanJoinByInvite(t *testing.T) {
	now := time.Date(2025, 3, 10, 12, 0, 0, 0, time.UTC)
	usable := Invite{ExpiraEm: now.Add(time.Hour), MaxUsos: 2, Usos: 1}
	open := Group{MemberCount: 3, MaxMembros: 10}
	full := Group{MemberCount: 10, MaxMembros: 10}
	cases := []struct {
		name   string
		g      Group
		inv    Invite
		member bool
		want   error
	}{
		{"joins", open, usable, false, nil},
		{"last place", Group{MemberCount: 9, MaxMembros: 10}, usable, false, nil},
		{"already a member", full, Invite{Revogado: true}, true, ErrAlreadyMember()},
		{"revoked", full, Invite{Revogado: true, ExpiraEm: now.Add(time.Hour), MaxUsos: 2}, false,
			Conflict("Este convite foi revogado. Peça um novo convite a um coordenador do grupo")},
		{"expired", open, Invite{ExpiraEm: now, MaxUsos: 2}, false,
			Conflict("Este convite expirou. Peça um novo convite a um coordenador do grupo")},
		{"used up", open, Invite{ExpiraEm: now.Add(time.Hour), MaxUsos: 2, Usos: 2}, false,
			Conflict("Este convite atingiu o limite de usos. Peça um novo convite a um coordenador do grupo")},
		{"full group", full, usable, false, ErrGroupFull()},
	}
	for _, c := range cases {
		err := CanJoinByInvite(c.g, c.inv, c.member, now)
		if !sameError(err, c.want) {
			t.Errorf("%s: %v, want %v", c.name, err, c.want)
		}
	}
}
