package domain

import (
	"testing"
	"time"
)

func TestLevelForFollowsFiftyNTimesNMinusOne(t *testing.T) {
	cases := []struct{ points, level int }{
		{-5, 1}, {0, 1}, {99, 1}, {100, 2}, {299, 2}, {300, 3}, {599, 3}, {600, 4}, {1000, 5}, {4500, 10}, {5500, 11},
	}
	for _, c := range cases {
		if got := LevelFor(c.points); got != c.level {
			t.Errorf("LevelFor(%d) = %d, want %d", c.points, got, c.level)
		}
	}
}

func TestLevelNameKeepsLastNamePastTen(t *testing.T) {
	if LevelName(1) != "Semente" || LevelName(10) != "Guardião do Verde" || LevelName(14) != "Guardião do Verde" {
		t.Fatal("unexpected level names")
	}
}

func TestProfileUpdateValid(t *testing.T) {
	s := func(v string) *string { return &v }
	long := make([]rune, MaxNomeLength+1)
	for i := range long {
		long[i] = 'á'
	}
	cases := []struct {
		name  string
		in    ProfileUpdate
		field string
		ok    bool
	}{
		{"empty", ProfileUpdate{}, "", false},
		{"blank nome", ProfileUpdate{Nome: s("   ")}, "nome", false},
		{"long nome counts runes", ProfileUpdate{Nome: s(string(long))}, "nome", false},
		{"exact nome", ProfileUpdate{Nome: s(string(long[:MaxNomeLength]))}, "", true},
		{"bio ok", ProfileUpdate{Bio: s("Planto tomates")}, "", true},
	}
	for _, c := range cases {
		err := c.in.Valid()
		if c.ok != (err == nil) {
			t.Fatalf("%s: err = %v", c.name, err)
		}
		if err != nil {
			e, _ := AsError(err)
			if e.Field != c.field || e.Code != EValidation {
				t.Fatalf("%s: got %+v", c.name, e)
			}
		}
	}
}

func TestProfileFromIdentityFallsBackToTheEmailAndKeepsOnlyHTTPSPhotos(t *testing.T) {
	p := ProfileFromIdentity("u1", "  ", "joana.silva@gmail.com", "http://insecure/x.png", time.Now())
	if p.Nome != "joana.silva" || p.Foto != nil || p.Nivel != 1 || p.Bio != "" {
		t.Fatalf("%+v", p)
	}
	p = ProfileFromIdentity("u1", "Joana  Silva", "j@x.com", "https://lh3.googleusercontent.com/a.png", time.Now())
	if p.Nome != "Joana Silva" || p.Foto == nil || *p.Foto != "https://lh3.googleusercontent.com/a.png" {
		t.Fatalf("%+v", p)
	}
}
