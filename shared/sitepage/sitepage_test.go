package sitepage

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
)

// fakeBucket answers GetObject of /<bucket>/index.html (path-style, as against an emulator)
// with the current page, or 503 while down.
type fakeBucket struct {
	reads atomic.Int32
	page  atomic.Value // string
	down  atomic.Bool
}

func (f *fakeBucket) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.reads.Add(1)
	if f.down.Load() || r.URL.Path != "/spa/index.html" {
		w.WriteHeader(http.StatusServiceUnavailable)
		return
	}
	w.Header().Set("Content-Type", "text/html")
	w.Write([]byte(f.page.Load().(string)))
}

func newIndex(t *testing.T, f *fakeBucket) (*Index, *time.Time) {
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	t.Setenv("AWS_ENDPOINT_URL_S3", srv.URL)
	cfg := aws.Config{Region: "sa-east-1", Credentials: aws.AnonymousCredentials{}, RetryMaxAttempts: 1}
	x := New(cfg, "spa")
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	x.now = func() time.Time { return now }
	return x, &now
}

func TestIndexIsReadOnceATTLAndKeptWhenTheBucketFails(t *testing.T) {
	f := &fakeBucket{}
	f.page.Store("<title>v1</title>")
	x, now := newIndex(t, f)
	ctx := context.Background()
	get := func() string {
		t.Helper()
		b, err := x.Get(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	if get() != "<title>v1</title>" || get() != "<title>v1</title>" || f.reads.Load() != 1 {
		t.Fatalf("two gets within the TTL: %d reads, want 1", f.reads.Load())
	}
	f.page.Store("<title>v2</title>")
	*now = now.Add(TTL - time.Second)
	if get() != "<title>v1</title>" {
		t.Error("a copy younger than the TTL was read again")
	}
	*now = now.Add(2 * time.Second)
	if get() != "<title>v2</title>" || f.reads.Load() != 2 {
		t.Errorf("past the TTL: %d reads, want the new page", f.reads.Load())
	}
	f.down.Store(true)
	*now = now.Add(TTL)
	if get() != "<title>v2</title>" {
		t.Error("a failed read lost the last copy")
	}
}

func TestIndexWithoutACopyReturnsTheError(t *testing.T) {
	f := &fakeBucket{}
	f.down.Store(true)
	x, _ := newIndex(t, f)
	if _, err := x.Get(context.Background()); err == nil || !strings.Contains(err.Error(), "s3://spa/index.html") {
		t.Errorf("err = %v", err)
	}
	if _, err := New(aws.Config{}, "").Get(context.Background()); err == nil || !strings.Contains(err.Error(), "SPA_BUCKET") {
		t.Errorf("no bucket: err = %v", err)
	}
}

func TestWithHeadReplacesTheTitleAndDescriptionAndKeepsTheRest(t *testing.T) {
	page := `<!doctype html><html><head><meta charset="UTF-8" />
    <meta name="description" content="Verde: o site." />
    <TITLE>Verde</TITLE>
    <script id="verde-config" type="application/json">{"a":1}</script></head><body><div id="root"></div><script type="module" src="/assets/i.js"></script></body></html>`
	got := string(WithHead([]byte(page), Head{Title: `Horta "A" <b>&`, Meta: []Meta{
		{Attr: "name", Key: "description", Content: `Sobre "a" horta`},
		{Attr: "property", Key: "og:title", Content: `</title><script>x()</script>`},
	}}))
	for _, want := range []string{
		`<title>Horta &#34;A&#34; &lt;b&gt;&amp;</title>`,
		`<meta name="description" content="Sobre &#34;a&#34; horta" />`,
		`<meta property="og:title" content="&lt;/title&gt;&lt;script&gt;x()&lt;/script&gt;" />`,
		`<script id="verde-config" type="application/json">{"a":1}</script></head><body><div id="root"></div><script type="module" src="/assets/i.js"></script></body></html>`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("lacks %s:\n%s", want, got)
		}
	}
	if strings.Contains(got, "Verde: o site.") || strings.Contains(got, "<TITLE>") || strings.Count(got, "<title>") != 1 {
		t.Errorf("the page's own title or description stayed:\n%s", got)
	}
	if string(page) == got || !strings.Contains(page, "<TITLE>Verde</TITLE>") {
		t.Error("the page given was changed")
	}
}

func TestWithHeadWithoutATitleWritesBeforeTheHeadsEnd(t *testing.T) {
	got := string(WithHead([]byte(`<html><head><meta charset="utf-8"></head><body></body></html>`), Head{Title: "T", Meta: []Meta{{Attr: "property", Key: "og:type", Content: "website"}}}))
	if want := `<meta charset="utf-8"><title>T</title>` + "\n    " + `<meta property="og:type" content="website" />` + "\n</head>"; !strings.Contains(got, want) {
		t.Errorf("got %s", got)
	}
}
