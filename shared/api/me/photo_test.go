package me_test

import (
	"testing"

	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/api/me"
	"github.com/verde-app/verde/shared/domain"
)

// The profile photo is an upload of the member's own, processed before the profile refers to
// it: a text renamed .jpg, an object over 5 MB, a missing one (400) and another member's (403)
// are refused naming foto and change nothing; the profile stores the processed photo; "" removes
// the photo.
func TestPutMeFotoIsProcessed(t *testing.T) {
	env, h := testkit.NewEnvWith(t, me.NewServer)
	u := env.NewUser(t, "Helena Foto")
	other := env.NewUser(t, "Outro Membro")
	good := env.PutPhoto(t, u, testkit.JPEG(t, 50, 50), "jpg")
	cases := []struct {
		name   string
		foto   string
		status int
	}{
		{"text renamed .jpg", env.PutPhoto(t, u, []byte("não sou uma foto, sou texto"), "jpg"), 400},
		{"over 5 MB", env.PutPhoto(t, u, append(testkit.JPEG(t, 8, 8), make([]byte, domain.MaxFotoBytes)...), "jpg"), 400},
		{"never uploaded", domain.QuarantineKey(u.ID, domain.FotoPerfil, "0b6f1a9e-8f1c-4c1e-9a57-3c2d1e0f4a5b", "jpg"), 400},
		{"another member's photo", env.PutPhoto(t, other, testkit.JPEG(t, 20, 20), "jpg"), 403},
		{"not a key", "https://exemplo.com/foto.jpg", 400},
	}
	for _, c := range cases {
		res := testkit.Do(t, h, "PUT", "/api/me", u, map[string]any{"foto": c.foto})
		if res.Status != c.status || res.ErrorField() != "foto" {
			t.Errorf("%s: %d field %q, want %d naming foto: %s", c.name, res.Status, res.ErrorField(), c.status, res.Body)
		}
	}
	var p struct{ Foto *string }
	testkit.Do(t, h, "GET", "/api/me", u, nil).Decode(t, &p)
	if p.Foto != nil {
		t.Fatalf("a refused photo was written: %q", *p.Foto)
	}
	env.Calls.Reset()
	res := testkit.Do(t, h, "PUT", "/api/me", u, map[string]any{"foto": good})
	if res.Status != 200 {
		t.Fatalf("good photo: %d %s", res.Status, res.Body)
	}
	if ops := env.Calls.ByOperation(); ops["GetItem"] != 2 || ops["TransactWriteItems"] != 1 || env.Calls.Total() != 3 {
		t.Errorf("calls %v, want the profile read, one transaction and the profile read again", ops)
	}
	res.Decode(t, &p)
	up, _ := domain.ParseUpload(good)
	if pf, ok := domain.ParseProcessedFoto(deref(p.Foto)); !ok || pf.Dir != up.FotoDir() {
		t.Fatalf("foto %v, want the processed photo of %s", p.Foto, good)
	}
	// The same photo sent again is no change; the upload, used once, cannot be named again.
	if res := testkit.Do(t, h, "PUT", "/api/me", u, map[string]any{"foto": *p.Foto}); res.Status != 200 {
		t.Errorf("same photo again: %d %s", res.Status, res.Body)
	}
	if res := testkit.Do(t, h, "PUT", "/api/me", u, map[string]any{"foto": good}); res.Status != 400 || res.ErrorField() != "foto" {
		t.Errorf("used upload again: %d %s", res.Status, res.Body)
	}
	res = testkit.Do(t, h, "PUT", "/api/me", u, map[string]any{"foto": ""})
	p.Foto = nil
	res.Decode(t, &p)
	if res.Status != 200 || p.Foto != nil {
		t.Fatalf("removing: %d %v", res.Status, p.Foto)
	}
	if res := testkit.Do(t, h, "PUT", "/api/me", testkit.User{}, map[string]any{"foto": good}); res.Status != 401 {
		t.Errorf("anonymous: %d", res.Status)
	}
}

func deref(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}
