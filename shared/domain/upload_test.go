package domain

import (
	"strings"
	"testing"
)

func TestFotoVariantsNeverEnlargeAndKeepTheAspect(t *testing.T) {
	for _, c := range []struct {
		w, h int
		want []FotoSize
	}{
		{4032, 3024, []FotoSize{{160, 120}, {320, 240}, {640, 480}, {960, 720}, {1280, 960}}},
		{3024, 4032, []FotoSize{{160, 213}, {320, 427}, {640, 853}, {960, 1280}}},
		{500, 300, []FotoSize{{160, 96}, {320, 192}, {500, 300}}},
		{100, 5000, []FotoSize{{26, 1280}}},
		{1, 1, []FotoSize{{1, 1}}},
	} {
		got := FotoVariants(FotoLargestSize(c.w, c.h))
		if len(got) != len(c.want) {
			t.Errorf("%dx%d: %v, want %v", c.w, c.h, got, c.want)
			continue
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("%dx%d: %v, want %v", c.w, c.h, got, c.want)
			}
		}
	}
}

func TestUploadAndProcessedKeysRoundTrip(t *testing.T) {
	const id = "0b6f1a9e-8f1c-4c1e-9a57-3c2d1e0f4a5b"
	q := QuarantineKey("u-1", FotoPost, id, "png")
	u, ok := ParseUpload(q)
	if !ok || u.UserID != "u-1" || u.Purpose != FotoPost || u.ID != id || u.Ext != "png" {
		t.Fatalf("%s: %+v %v", q, u, ok)
	}
	key := FotoVariantKey(u.FotoDir(), FotoSize{1280, 960})
	if key != "fotos/u-1/post/"+id+"/1280x960.webp" {
		t.Fatalf("key %s", key)
	}
	p, ok := ParseProcessedFoto(key)
	if !ok || p.Dir != u.FotoDir() || p.UserID != "u-1" || p.Largest != (FotoSize{1280, 960}) {
		t.Fatalf("%+v %v", p, ok)
	}
	for _, bad := range []string{"fotos/u-1/post/" + id + ".jpg", "quarantine/u-1/post/" + id + ".gif", "quarantine/u-1/post/x.jpg",
		"quarantine/u-1/outra/" + id + ".jpg", "fotos/u-1/post/" + id + "/0x1.webp", "https://example.com/a.jpg"} {
		if _, ok := ParseUpload(bad); ok {
			t.Errorf("ParseUpload(%s) ok", bad)
		}
		if _, ok := ParseProcessedFoto(bad); ok {
			t.Errorf("ParseProcessedFoto(%s) ok", bad)
		}
	}
}

func TestUploadInputChecksDimensions(t *testing.T) {
	ok := UploadInput{ContentType: "image/jpeg", Size: 1000, Width: 4032, Height: 3024, Purpose: FotoPost}
	if _, err := ok.Valid(); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		w, h  int
		field string
	}{{0, 10, "width"}, {10, 0, "height"}, {20000, 20000, "width"}, {10, 10001, "height"}, {6000, 5000, "width"}} {
		in := ok
		in.Width, in.Height = c.w, c.h
		_, err := in.Valid()
		if de, isDE := err.(*Error); !isDE || de.Field != c.field {
			t.Errorf("%dx%d: %v, want a 400 naming %s", c.w, c.h, err, c.field)
		}
	}
	in := ok
	in.Width, in.Height = 20000, 20000
	if _, err := in.Valid(); !strings.Contains(err.Error(), "25 megapixels e 10.000 pixels") {
		t.Errorf("message %q", err)
	}
}
