package uploads_test

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	v4 "github.com/aws/aws-sdk-go-v2/aws/signer/v4"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"github.com/verde-app/verde/infra/local/cloud"
	"github.com/verde-app/verde/infra/local/testcloud"
	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/api/uploads"
	"github.com/verde-app/verde/shared/domain"
)

// The black-box tests attach photos to cultivos: the catalogue is seeded.
func TestMain(m *testing.M) { testcloud.Run(m, cloud.Options{}) }

// The world every test here shares (made once, on the first setup): the cast and the uploads handler.
var env, cast, h, setup = testkit.Vars(&testkit.Area{Cast: new(testkit.Cast), Server: uploads.NewServer})

type upload struct {
	Key       string            `json:"key"`
	URL       string            `json:"url"`
	Method    string            `json:"method"`
	Headers   map[string]string `json:"headers"`
	ExpiresAt string            `json:"expiresAt"`
}

func presign(t *testing.T, u testkit.User, contentType string, size int, purpose string) (testkit.Response, upload) {
	t.Helper()
	return presignSized(t, u, contentType, size, 640, 480, purpose)
}

func presignSized(t *testing.T, u testkit.User, contentType string, size, width, height int, purpose string) (testkit.Response, upload) {
	t.Helper()
	res := testkit.Do(t, h, "POST", "/api/uploads", u, map[string]any{"contentType": contentType, "size": size, "width": width, "height": height, "purpose": purpose})
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
	testkit.Matrix(t, cast.Columns(), []string{"diario"}, func(purpose string) (string, testkit.Expect) {
		return "presign " + purpose, testkit.Expect{401, 200, 200, 200, 200, 200}
	}, func(t *testing.T, purpose string, u testkit.User) testkit.Response {
		res, up := presign(t, u, "image/jpeg", 1000, purpose)
		if res.Status == 200 && (!strings.HasPrefix(up.Key, "quarantine/"+u.ID+"/"+purpose+"/") || !strings.HasSuffix(up.Key, ".jpg")) {
			t.Errorf("%s: key %q not under their own prefix", u.Name, up.Key)
		}
		return res
	})
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
	for _, c := range []struct {
		w, h  int
		field string
	}{{20000, 20000, "width"}, {0, 480, "width"}, {640, 0, "height"}, {640, 10001, "height"}} {
		res, _ := presignSized(t, cast.Member, "image/png", 1000, c.w, c.h, "post")
		if res.Status != 400 || res.ErrorField() != c.field {
			t.Errorf("%dx%d: %d field %q, want 400 naming %s", c.w, c.h, res.Status, res.ErrorField(), c.field)
		}
	}
	for ct, ext := range domain.FotoTypes {
		res, up := presign(t, cast.Member, ct, domain.MaxFotoBytes, "perfil")
		if res.Status != 200 || !strings.HasSuffix(up.Key, "."+ext) {
			t.Errorf("%s: %d key %q", ct, res.Status, up.Key)
		}
	}
}

// The URL signs Content-Type, Content-Length and If-None-Match and expires in 5 minutes; it
// goes through the product's origin locally and writes to the quarantine, which nothing
// serves. The presign is one transaction (the daily cap and the upload's record).
func TestPresignedPutGoesToTheQuarantineWhichNothingServes(t *testing.T) {
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
	for _, hname := range []string{"content-length", "content-type", "host", "if-none-match"} {
		if !contains(signed, hname) {
			t.Errorf("signed headers %v lack %s", signed, hname)
		}
	}
	if up.Headers["Content-Type"] != "image/jpeg" || up.Headers["If-None-Match"] != "*" {
		t.Errorf("headers %v", up.Headers)
	}
	if status := put(t, up, photo, nil); status != 200 {
		t.Fatalf("PUT: %d", status)
	}
	if body := object(t, up.Key); !bytes.Equal(body, photo) {
		t.Fatalf("quarantine holds %d bytes", len(body))
	}
	// Nothing serves the quarantine, nor any name but a processed variant's.
	for _, path := range []string{"/media/" + up.Key, "/media/fotos/" + cast.Member.ID + "/diario/x.jpg", "/media/exports/x.csv"} {
		if status, _ := get(t, path); status != 404 {
			t.Errorf("GET %s: %d, want 404", path, status)
		}
	}
	// The site's origin takes only presigned PUTs of uploads: no reads, listings or unsigned writes.
	for _, c := range []struct{ method, path string }{
		{"GET", "/" + env.Deps.Config.UploadsBucket + "/" + up.Key},
		{"PUT", "/" + env.Deps.Config.UploadsBucket + "/quarantine/x/y.jpg"},
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
}

// Each PUT that S3 would refuse is refused locally too, and writes nothing: an expired URL,
// another member's key (or any other key) under a URL, another Content-Type, a body longer (or
// shorter) than signed, a forged signature, and a second PUT to the same URL.
func TestPresignedPutsAreCheckedAsS3ChecksThem(t *testing.T) {
	setup(t)
	photo := testkit.JPEG(t, 64, 48)
	_, up := presign(t, cast.Member, "image/jpeg", len(photo), "diario")
	_, theirs := presign(t, cast.Coord, "image/jpeg", len(photo), "diario")
	otherKey := strings.Replace(up.URL, up.Key, theirs.Key, 1)
	forged := strings.Replace(up.URL, "X-Amz-Signature=", "X-Amz-Signature=0", 1)
	cases := []struct {
		name   string
		url    string
		body   []byte
		header map[string]string
	}{
		{"another member's key", otherKey, photo, nil},
		{"another Content-Type", up.URL, photo, map[string]string{"Content-Type": "text/html"}},
		{"a body longer than signed", up.URL, append(append([]byte{}, photo...), "<script>alert(1)</script>"...), nil},
		{"a body shorter than signed", up.URL, photo[:len(photo)-10], nil},
		{"a forged signature", forged, photo, nil},
		{"without If-None-Match", up.URL, photo, map[string]string{"If-None-Match": ""}},
	}
	for _, c := range cases {
		if status := putTo(t, c.url, up.Headers, c.body, c.header); status != 403 {
			t.Errorf("%s: %d, want 403", c.name, status)
		}
	}
	if exists(t, up.Key) || exists(t, theirs.Key) {
		t.Fatal("a refused PUT wrote an object")
	}
	// An expired URL: signed as the functions sign, 10 minutes ago, for 5 minutes.
	expired := presignedAt(t, up.Key, "image/jpeg", int64(len(photo)), time.Now().Add(-10*time.Minute))
	if status := putTo(t, expired, up.Headers, photo, nil); status != 403 {
		t.Errorf("expired URL: %d, want 403", status)
	}
	// The same URL signed now is accepted: the check is the expiry, not the signing.
	if status := putTo(t, presignedAt(t, up.Key, "image/jpeg", int64(len(photo)), time.Now()), up.Headers, photo, nil); status != 200 {
		t.Errorf("fresh URL: %d, want 200", status)
	}
	// The object exists now: a second PUT to its URL, of as many bytes, is refused (If-None-Match: *).
	other := append([]byte{}, photo...)
	other[len(other)-3] ^= 0xFF
	if status := put(t, up, other, nil); status != 412 {
		t.Errorf("second PUT: %d, want 412", status)
	}
	if !bytes.Equal(object(t, up.Key), photo) {
		t.Error("the second PUT replaced the upload")
	}
}

// presignedAt is a PUT URL of key signed with the functions' credentials at signedAt, valid for
// uploads.Expiry, with the headers the API signs.
func presignedAt(t *testing.T, key, contentType string, size int64, signedAt time.Time) string {
	t.Helper()
	u := env.Cloud.URL + "/" + env.Deps.Config.UploadsBucket + "/" + key + "?X-Amz-Expires=300"
	req, _ := http.NewRequest("PUT", u, nil)
	req.Header.Set("Content-Type", contentType)
	req.Header.Set("If-None-Match", "*")
	req.ContentLength = size
	req.Header.Set("Content-Length", strconv.FormatInt(size, 10))
	creds, err := env.Deps.AWS.Credentials.Retrieve(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	signed, _, err := v4.NewSigner(func(o *v4.SignerOptions) { o.DisableURIPathEscaping = true }).
		PresignHTTP(context.Background(), creds, req, "UNSIGNED-PAYLOAD", "s3", env.Deps.AWS.Region, signedAt)
	if err != nil {
		t.Fatal(err)
	}
	return signed
}

func put(t *testing.T, up upload, body []byte, header map[string]string) int {
	t.Helper()
	return putTo(t, up.URL, up.Headers, body, header)
}

// putTo PUTs body to u with the presign's headers, then header's (an empty value removes one).
func putTo(t *testing.T, u string, headers map[string]string, body []byte, header map[string]string) int {
	t.Helper()
	req, _ := http.NewRequest("PUT", u, bytes.NewReader(body))
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	for k, v := range header {
		if v == "" {
			req.Header.Del(k)
		} else {
			req.Header.Set(k, v)
		}
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	return res.StatusCode
}

func get(t *testing.T, path string) (int, []byte) {
	t.Helper()
	res, err := http.Get(env.Cloud.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return res.StatusCode, body
}

// object reads key from the bucket itself (nil when absent).
func object(t *testing.T, key string) []byte {
	t.Helper()
	out, err := env.Cloud.S3().GetObject(context.Background(), &s3.GetObjectInput{Bucket: aws.String(env.Deps.Config.UploadsBucket), Key: aws.String(key)})
	if err != nil {
		return nil
	}
	defer out.Body.Close()
	b, _ := io.ReadAll(out.Body)
	return b
}

func exists(t *testing.T, key string) bool { return object(t, key) != nil }

// Over the member's daily cap, 429; other members are not affected.
func TestDailyCap(t *testing.T) {
	setup(t)
	env.SetRules(t, "test", func(r *domain.Rules) { r.Limites.FotosPorDia = 3 })
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
