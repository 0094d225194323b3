package uploads_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/verde-app/verde/infra/local/cloud"
	"github.com/verde-app/verde/infra/local/testcloud"
	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/api/uploads"
	"github.com/verde-app/verde/shared/domain"
)

func TestMain(m *testing.M) { testcloud.Run(m, cloud.Options{SkipSeed: true}) }

var (
	once sync.Once
	env  *testkit.Env
	cast testkit.Cast
	h    http.Handler
)

func setup(t *testing.T) {
	t.Helper()
	once.Do(func() {
		env = testkit.NewEnv(t)
		cast = env.NewCast(t)
		h = uploads.NewServer(env.Deps)
	})
	if h == nil {
		t.Fatal("setup failed")
	}
}

type upload struct {
	Key       string            `json:"key"`
	URL       string            `json:"url"`
	Method    string            `json:"method"`
	Headers   map[string]string `json:"headers"`
	ExpiresAt string            `json:"expiresAt"`
}

func presign(t *testing.T, u testkit.User, contentType string, size int, purpose string) (testkit.Response, upload) {
	t.Helper()
	res := testkit.Do(t, h, "POST", "/api/uploads", u, map[string]any{"contentType": contentType, "size": size, "purpose": purpose})
	var up upload
	if res.Status == 200 {
		res.Decode(t, &up)
	}
	return res, up
}

// Every signed-in member may ask; anonymous is 401. The matrix has no group: an upload belongs
// to its member only, whatever their roles.
func TestAuthorization(t *testing.T) {
	setup(t)
	for i, u := range []testkit.User{cast.Anon, cast.Stranger, cast.Member, cast.Coord, cast.Owner, cast.Admin} {
		res, up := presign(t, u, "image/jpeg", 1000, "diario")
		if i == 0 {
			if res.Status != 401 {
				t.Errorf("anonymous: %d, want 401", res.Status)
			}
			continue
		}
		if res.Status != 200 {
			t.Fatalf("%s: %d %s", u.Name, res.Status, res.Body)
		}
		if !strings.HasPrefix(up.Key, "fotos/"+u.ID+"/diario/") || !strings.HasSuffix(up.Key, ".jpg") {
			t.Errorf("%s: key %q not under their own prefix", u.Name, up.Key)
		}
	}
}

func TestPresignRefusesOtherTypesSizesAndPurposes(t *testing.T) {
	setup(t)
	for _, c := range []struct {
		ct      string
		size    int
		purpose string
		field   string
	}{
		{"image/gif", 1000, "diario", "contentType"},
		{"text/plain", 1000, "diario", "contentType"},
		{"image/svg+xml", 1000, "diario", "contentType"},
		{"image/jpeg", domain.MaxFotoBytes + 1, "diario", "size"},
		{"image/jpeg", 0, "diario", "size"},
		{"image/png", 1000, "outra", "purpose"},
	} {
		res, _ := presign(t, cast.Member, c.ct, c.size, c.purpose)
		if res.Status != 400 || res.ErrorField() != c.field {
			t.Errorf("%s %d %s: %d field %q, want 400 naming %s", c.ct, c.size, c.purpose, res.Status, res.ErrorField(), c.field)
		}
	}
	for ct, ext := range domain.FotoTypes {
		res, up := presign(t, cast.Member, ct, domain.MaxFotoBytes, "perfil")
		if res.Status != 200 || !strings.HasSuffix(up.Key, "."+ext) {
			t.Errorf("%s: %d key %q", ct, res.Status, up.Key)
		}
	}
}

// The URL signs Content-Type and Content-Length (S3 refuses a PUT that differs), expires in 5
// minutes, goes through the product's origin locally, and the photo is then served at /media/.
func TestPresignedPutThroughTheSiteThenServedAtMedia(t *testing.T) {
	setup(t)
	photo := testkit.JPEG(t, 64, 48)
	env.Calls.Reset()
	res, up := presign(t, cast.Member, "image/jpeg", len(photo), "diario")
	if res.Status != 200 {
		t.Fatalf("presign: %d %s", res.Status, res.Body)
	}
	ops := env.Calls.ByOperation()
	if ops["TransactWriteItems"] != 1 || ops["Scan"] != 0 || ops["Query"] != 0 || ops["GetItem"] > 1 {
		t.Errorf("presign calls: %v, want one transaction and at most the rules' GetItem", ops)
	}
	u, err := url.Parse(up.URL)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(up.URL, env.Cloud.URL+"/") {
		t.Errorf("url %s is not on the site's origin %s", up.URL, env.Cloud.URL)
	}
	q := u.Query()
	if q.Get("X-Amz-Expires") != "300" {
		t.Errorf("expires %q, want 300", q.Get("X-Amz-Expires"))
	}
	signed := strings.Split(q.Get("X-Amz-SignedHeaders"), ";")
	for _, hname := range []string{"content-length", "content-type", "host"} {
		if !contains(signed, hname) {
			t.Errorf("signed headers %v lack %s", signed, hname)
		}
	}
	if up.Headers["Content-Type"] != "image/jpeg" {
		t.Errorf("headers %v", up.Headers)
	}
	req, _ := http.NewRequest(up.Method, up.URL, bytes.NewReader(photo))
	for k, v := range up.Headers {
		req.Header.Set(k, v)
	}
	put, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	put.Body.Close()
	if put.StatusCode != 200 {
		t.Fatalf("PUT: %d", put.StatusCode)
	}
	get, err := http.Get(env.Cloud.URL + "/media/" + up.Key)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(get.Body)
	get.Body.Close()
	if get.StatusCode != 200 || !bytes.Equal(body, photo) {
		t.Fatalf("GET /media: %d, %d bytes", get.StatusCode, len(body))
	}
	if cc := get.Header.Get("Cache-Control"); !strings.Contains(cc, "max-age=31536000") {
		t.Errorf("Cache-Control %q", cc)
	}
	if err := env.Deps.Uploads.Check(context.Background(), "fotos", up.Key); err != nil {
		t.Errorf("check of the uploaded photo: %v", err)
	}
	// The site's origin takes only signed PUTs of photos: no listing, no unsigned writes.
	for _, c := range []struct{ method, path string }{
		{"GET", "/" + env.Deps.Config.UploadsBucket + "/" + up.Key},
		{"PUT", "/" + env.Deps.Config.UploadsBucket + "/fotos/x/y.jpg"},
		{"GET", "/" + env.Deps.Config.UploadsBucket + "/"},
	} {
		req, _ := http.NewRequest(c.method, env.Cloud.URL+c.path, strings.NewReader("x"))
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != 403 {
			t.Errorf("%s %s: %d, want 403", c.method, c.path, res.StatusCode)
		}
	}
	if res, _ := http.Get(env.Cloud.URL + "/media/fotos/nobody/none.jpg"); res.StatusCode != 404 {
		t.Errorf("missing photo: %d, want 404", res.StatusCode)
	}
}

func TestObjectCheck(t *testing.T) {
	setup(t)
	ctx := context.Background()
	b := env.Deps.Uploads
	big := append(testkit.JPEG(t, 8, 8), bytes.Repeat([]byte{0}, domain.MaxFotoBytes)...)
	webp := append([]byte("RIFF\x10\x00\x00\x00WEBPVP8 "), bytes.Repeat([]byte{1}, 20)...)
	png := append([]byte("\x89PNG\r\n\x1a\n"), bytes.Repeat([]byte{1}, 20)...)
	cases := []struct {
		name string
		body []byte
		ok   bool
	}{
		{"jpeg", testkit.JPEG(t, 16, 16), true},
		{"png", png, true},
		{"webp", webp, true},
		{"text renamed .jpg", []byte("isto não é uma foto, é um texto qualquer"), false},
		{"over 5 MB", big, false},
		{"tiny", []byte{0xFF}, false},
	}
	for _, c := range cases {
		key := env.PutPhoto(t, cast.Member, c.body, "jpg")
		env.Calls.Reset()
		err := b.Check(ctx, "fotos", key)
		if c.ok != (err == nil) {
			t.Errorf("%s: %v", c.name, err)
		}
		if err != nil && (domain.ErrorCode(err) != domain.EValidation || fieldOf(err) != "fotos") {
			t.Errorf("%s: %v, want a validation error naming fotos", c.name, err)
		}
		if n := env.Calls.Total(); n != 1 {
			t.Errorf("%s: %d calls %v, want one GetObject", c.name, n, env.Calls.ByOperation())
		}
	}
	if err := b.Check(ctx, "foto", "fotos/"+cast.Member.ID+"/diario/nada.jpg"); fieldOf(err) != "foto" {
		t.Errorf("missing object: %v, want a 400 naming foto", err)
	}
}

// Over the member's daily cap, 429; other members are not affected.
func TestDailyCap(t *testing.T) {
	setup(t)
	ctx := context.Background()
	cur, err := env.Deps.Store.Rules(ctx)
	if err != nil {
		t.Fatal(err)
	}
	cur.Limites.FotosPorDia = 3
	cur.Version++
	if err := env.Deps.Store.SaveRules(ctx, cur, "test"); err != nil {
		t.Fatal(err)
	}
	u := env.NewUser(t, "Fabiana Fotos")
	for i := 0; i < 3; i++ {
		if res, _ := presign(t, u, "image/webp", 1000, "diario"); res.Status != 200 {
			t.Fatalf("upload %d: %d %s", i+1, res.Status, res.Body)
		}
	}
	res, _ := presign(t, u, "image/webp", 1000, "diario")
	if res.Status != 429 || !strings.Contains(res.ErrorMessage(), "3 fotos enviadas por dia") {
		t.Errorf("fourth: %d %s", res.Status, res.Body)
	}
	if res, _ := presign(t, env.NewUser(t, "Outra Pessoa"), "image/webp", 1000, "diario"); res.Status != 200 {
		t.Errorf("another member: %d", res.Status)
	}
}

func contains(xs []string, x string) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}

func fieldOf(err error) string {
	var de *domain.Error
	if errors.As(err, &de) {
		return de.Field
	}
	return ""
}
