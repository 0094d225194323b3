package uploads_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	xwebp "golang.org/x/image/webp"

	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/infra/testkit/testphoto"
	"github.com/verde-app/verde/shared/domain"
)

// These tests use the product as a browser does: the API through the local cloud's gateway,
// the presigned PUT through its origin, the photos at /media.

// A phone's 4032×3024 JPEG with its EXIF (GPS position, orientation), uploaded as it came off
// the camera and attached to a diary entry, a post and the profile: every variant served
// decodes as WebP, none is larger than 1280 px or carries a byte of the metadata, the original
// is served under no name, its used URL cannot write again, and what is served stays the same.
func TestPhonePhotoIsServedOnlyProcessed(t *testing.T) {
	setup(t)
	u := env.NewUser(t, "Paula Celular")
	photo := testphoto.PhoneJPEG(t, 4032, 3024, 6)
	status, body := call(t, "POST", "/api/cultivos", u, map[string]any{"vegetalId": "rucula", "metodo": "semente", "quantidade": 2,
		"unidade": "m2", "dataPlantio": domain.FormatDate(domain.LocalDate(time.Now())), "fase": "semeado"})
	if status != 201 {
		t.Fatalf("cultivo: %d %s", status, body)
	}
	var made struct{ Cultivo struct{ ID string } }
	json.Unmarshal(body, &made)
	attach := map[string]func(key string) string{
		"diario": func(key string) string {
			var out struct{ Entry struct{ Fotos []string } }
			mustCall(t, "POST", "/api/cultivos/"+made.Cultivo.ID+"/diario", u, map[string]any{"tipo": "foto", "texto": "Brotou", "fotos": []string{key}}, 201, &out)
			return out.Entry.Fotos[0]
		},
		"post": func(key string) string {
			var out struct{ Post struct{ Fotos []string } }
			mustCall(t, "POST", "/api/posts", u, map[string]any{"texto": "Minha horta", "fotos": []string{key}}, 201, &out)
			return out.Post.Fotos[0]
		},
		"perfil": func(key string) string {
			var out struct{ Foto string }
			mustCall(t, "PUT", "/api/me", u, map[string]any{"foto": key}, 200, &out)
			return out.Foto
		},
	}
	for purpose, attachTo := range attach {
		res, up := presignSized(t, u, "image/jpeg", len(photo), 4032, 3024, purpose)
		if res.Status != 200 {
			t.Fatalf("%s: presign %d %s", purpose, res.Status, res.Body)
		}
		if status := put(t, up, photo, nil); status != 200 {
			t.Fatalf("%s: PUT %d", purpose, status)
		}
		stored := attachTo(up.Key)
		p, ok := domain.ParseProcessedFoto(stored)
		if !ok {
			t.Fatalf("%s: the item stores %q, not a processed photo", purpose, stored)
		}
		if p.Largest != (domain.FotoSize{W: 960, H: 1280}) {
			t.Errorf("%s: largest variant %v, want 960×1280 (upright, at most 1280 px)", purpose, p.Largest)
		}
		served := map[string][]byte{}
		for _, s := range domain.FotoVariants(p.Largest) {
			key := domain.FotoVariantKey(p.Dir, s)
			res, err := http.Get(env.Cloud.URL + "/media/" + key)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if res.StatusCode != 200 || res.Header.Get("Content-Type") != "image/webp" || !strings.Contains(res.Header.Get("Cache-Control"), "immutable") {
				t.Fatalf("%s: GET %s: %d %q %q", purpose, key, res.StatusCode, res.Header.Get("Content-Type"), res.Header.Get("Cache-Control"))
			}
			img, err := xwebp.Decode(bytes.NewReader(b))
			if err != nil || img.Bounds().Dx() != s.W || img.Bounds().Dy() != s.H {
				t.Errorf("%s: %s does not decode as %v: %v", purpose, key, s, err)
			}
			for _, leak := range []string{testphoto.Home, "Exif", "EXIF", "XMP", "ICCP"} {
				if bytes.Contains(b, []byte(leak)) {
					t.Errorf("%s: %s carries %q", purpose, key, leak)
				}
			}
			served[key] = b
		}
		// The original: not served under its key, nor kept in the quarantine.
		if status, _ := get(t, "/media/"+up.Key); status != 404 {
			t.Errorf("%s: the upload is served: %d", purpose, status)
		}
		if o := object(t, up.Key); len(o) != 0 {
			t.Errorf("%s: the quarantine still holds %d bytes", purpose, len(o))
		}
		// The used URL cannot write again, and nothing served changes.
		if status := put(t, up, photo, nil); status != 412 {
			t.Errorf("%s: second PUT to the used URL: %d, want 412", purpose, status)
		}
		for key, b := range served {
			if _, now := get(t, "/media/"+key); !bytes.Equal(now, b) {
				t.Errorf("%s: %s changed", purpose, key)
			}
		}
		// The upload belongs to the item that first named it.
		if status, body := call(t, "POST", "/api/posts", u, map[string]any{"texto": "De novo", "fotos": []string{up.Key}}); status != 400 || !strings.Contains(string(body), `"fotos"`) {
			t.Errorf("%s: the used upload named again: %d %s", purpose, status, body)
		}
	}
}

// A PNG with a script after its end, an SVG and a 20,000 × 20,000 PNG that compresses to
// kilobytes, each uploaded as an image within the presign's limits: the item is refused with
// a 400 naming fotos, no post is made and nothing is written under the member's photos.
func TestHostileUploadsAreRefusedAndNothingIsWritten(t *testing.T) {
	setup(t)
	u := env.NewUser(t, "Hugo Hostil")
	for _, c := range []struct {
		name, contentType string
		body              []byte
		message           string
	}{
		{"png with a script appended", "image/png", testphoto.WithScript(t), "outros dados além da foto"},
		{"svg", "image/png", []byte(testphoto.SVG), "não é uma foto JPEG, PNG ou WebP"},
		{"20,000 × 20,000 png", "image/png", testphoto.Bomb(t, 20000), "25 megapixels"},
	} {
		res, up := presignSized(t, u, c.contentType, len(c.body), 1000, 1000, "post")
		if res.Status != 200 {
			t.Fatalf("%s: presign %d %s", c.name, res.Status, res.Body)
		}
		if status := put(t, up, c.body, nil); status != 200 {
			t.Fatalf("%s: PUT %d", c.name, status)
		}
		status, body := call(t, "POST", "/api/posts", u, map[string]any{"texto": "Olha", "fotos": []string{up.Key}})
		var e struct {
			Error struct{ Field, Message string }
		}
		json.Unmarshal(body, &e)
		if status != 400 || e.Error.Field != "fotos" || !strings.Contains(e.Error.Message, c.message) {
			t.Errorf("%s: %d %s, want a 400 naming fotos saying %q", c.name, status, body, c.message)
		}
		if o := object(t, up.Key); len(o) != 0 {
			t.Errorf("%s: the upload is still in the quarantine (%d bytes)", c.name, len(o))
		}
	}
	objs, _, err := env.Deps.Uploads.List(t.Context(), domain.PhotoKeyPrefix(u.ID), "", 10)
	if err != nil || len(objs) != 0 {
		t.Errorf("objects written under the member's photos: %v %v", objs, err)
	}
	var feed struct{ Items []struct{ AutorID string } }
	mustCall(t, "GET", "/api/feed/comunidade", u, nil, 200, &feed)
	for _, p := range feed.Items {
		if p.AutorID == u.ID {
			t.Errorf("a refused post was made: %+v", p)
		}
	}
}

// A deleted post's photo and a replaced profile photo leave the bucket and are invalidated in
// CloudFront, by the photos job the API starts, in one request per batch; /media stops serving them.
func TestDeletedPhotosAreDeletedAndInvalidated(t *testing.T) {
	setup(t)
	u := env.NewUser(t, "Irene Invalida")
	upload := func(purpose string) string {
		photo := testphoto.JPEG(t, 800, 600)
		_, up := presignSized(t, u, "image/jpeg", len(photo), 800, 600, purpose)
		if status := put(t, up, photo, nil); status != 200 {
			t.Fatalf("PUT %d", status)
		}
		return up.Key
	}
	var post struct {
		Post struct {
			ID    string
			Fotos []string
		}
	}
	mustCall(t, "POST", "/api/posts", u, map[string]any{"texto": "Vai sumir", "fotos": []string{upload("post")}}, 201, &post)
	var me struct{ Foto string }
	mustCall(t, "PUT", "/api/me", u, map[string]any{"foto": upload("perfil")}, 200, &me)
	before := len(env.Cloud.Invalidations())
	mustCall(t, "DELETE", "/api/posts/"+post.Post.ID, u, nil, 204, nil)
	mustCall(t, "PUT", "/api/me", u, map[string]any{"foto": upload("perfil")}, 200, nil)
	// Each variant's path, or its photo's directory with a wildcard (a small batch).
	var want, served []string
	for _, stored := range []string{post.Post.Fotos[0], me.Foto} {
		p, _ := domain.ParseProcessedFoto(stored)
		want = append(want, "/media/"+p.Dir)
		for _, s := range domain.FotoVariants(p.Largest) {
			served = append(served, "/media/"+domain.FotoVariantKey(p.Dir, s))
		}
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		got := map[string]bool{}
		for _, inv := range env.Cloud.Invalidations()[before:] {
			for _, p := range inv.Paths {
				got[p] = true
			}
		}
		missing := 0
		for _, dir := range want {
			if got[dir+"*"] {
				continue
			}
			for _, p := range served {
				if strings.HasPrefix(p, dir) && !got[p] {
					missing++
				}
			}
		}
		if missing == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after 30 s, %d of %v not invalidated (got %v)", missing, want, got)
		}
		time.Sleep(100 * time.Millisecond)
	}
	for _, p := range served {
		if status, _ := get(t, p); status != 404 {
			t.Errorf("%s still served: %d", p, status)
		}
	}
}

// call makes one API request through the gateway as u (a create with an Idempotency-Key).
func call(t *testing.T, method, path string, u testkit.User, body any) (int, []byte) {
	t.Helper()
	var rd io.Reader
	if body != nil {
		raw, _ := json.Marshal(body)
		rd = bytes.NewReader(raw)
	}
	req, _ := http.NewRequest(method, env.Cloud.URL+path, rd)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", u.Bearer())
	if method == "POST" {
		req.Header.Set("Idempotency-Key", uuid.NewString())
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, b
}

func mustCall(t *testing.T, method, path string, u testkit.User, body any, want int, out any) {
	t.Helper()
	status, b := call(t, method, path, u, body)
	if status != want {
		t.Fatalf("%s %s: %d %s, want %d", method, path, status, b, want)
	}
	if out != nil {
		if err := json.Unmarshal(b, out); err != nil {
			t.Fatalf("%s %s: %v", method, path, err)
		}
	}
}
