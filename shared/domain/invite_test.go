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
