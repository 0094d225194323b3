package groups_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/google/uuid"
	"golang.org/x/net/html"

	"github.com/verde-app/verde/infra/local/testcloud"
	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/api/groups"
	"github.com/verde-app/verde/shared/awsenv"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/sitepage"
	"github.com/verde-app/verde/shared/store"
)

// page is what a crawler (or a browser) reads of an HTML page.
type page struct {
	title   string
	meta    map[string]string // property or name → content
	scripts []string          // each <script>'s src, or its id
	root    bool              // <div id="root">
	config  string            // #verde-config's JSON
	body    string
}

// parsePage reads raw as an HTML parser does: what a value escapes to stays inside it.
func parsePage(t *testing.T, raw []byte) page {
	t.Helper()
	doc, err := html.Parse(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	p := page{meta: map[string]string{}, body: string(raw)}
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			attr := map[string]string{}
			for _, a := range n.Attr {
				attr[a.Key] = a.Val
			}
			switch n.Data {
			case "title":
				if n.FirstChild != nil {
					p.title = n.FirstChild.Data
				}
			case "meta":
				if k := attr["property"] + attr["name"]; k != "" {
					if _, twice := p.meta[k]; twice {
						t.Errorf("meta %s twice", k)
					}
					p.meta[k] = attr["content"]
				}
			case "script":
				p.scripts = append(p.scripts, attr["src"]+attr["id"])
				if attr["id"] == "verde-config" && n.FirstChild != nil {
					p.config = n.FirstChild.Data
				}
			case "div":
				p.root = p.root || attr["id"] == "root"
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	return p
}

// spaIndex is the SPA bucket's index.html, as the local cloud's S3 serves it to the function.
func spaIndex(t *testing.T) page {
	t.Helper()
	c := testcloud.Get()
	out, err := c.S3().GetObject(context.Background(), &s3.GetObjectInput{Bucket: aws.String(c.SPABucket), Key: aws.String(sitepage.Key)})
	if err != nil {
		t.Fatal(err)
	}
	defer out.Body.Close()
	raw, _ := io.ReadAll(out.Body)
	return parsePage(t, raw)
}

// newPreviewGroup writes a group through the store (a cover photo's key as the processor names
// them: the preview only reads the key).
func newPreviewGroup(t *testing.T, w *world, in domain.GroupInput) domain.Group {
	t.Helper()
	if err := in.Valid(); err != nil {
		t.Fatal(err)
	}
	g, _, err := w.env.Deps.Store.CreateGroup(context.Background(), domain.NewGroup(uuid.Must(uuid.NewV7()).String(), w.owner.ID, in, domain.Defaults(), time.Now()), store.Actor{ID: w.owner.ID})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// newPreviewInvite is an invite of the owner's to group gid, with the defaults (store.CreateInvite).
func newPreviewInvite(t *testing.T, w *world, gid string) domain.Invite {
	t.Helper()
	var in domain.InviteInput
	if err := in.Valid(); err != nil {
		t.Fatal(err)
	}
	inv, err := w.env.Deps.Store.CreateInvite(context.Background(), gid, store.Actor{ID: w.owner.ID}, in)
	if err != nil {
		t.Fatal(err)
	}
	return inv
}

func coverKey(uid string) string {
	return "fotos/" + uid + "/capa/" + uuid.NewString() + "/1280x853.webp"
}

func (w *world) preview(t *testing.T, path string, u testkit.User) page {
	t.Helper()
	res := testkit.Do(t, w.h, "GET", path, u, nil)
	if res.Status != http.StatusOK || res.Header.Get("Content-Type") != "text/html; charset=utf-8" {
		t.Fatalf("GET %s: %d %s\n%.300s", path, res.Status, res.Header.Get("Content-Type"), res.Body)
	}
	if cc := res.Header.Get("Cache-Control"); cc != "public, max-age=60, s-maxage=60" {
		t.Errorf("GET %s: Cache-Control %q, want a minute's", path, cc)
	}
	return parsePage(t, res.Body)
}

// TestPreviewOfAPublicGroupNamesItAndShowsItsCover: the public page and an invite link of a
// public group carry its name, place and members count, its cover photo as an absolute /media
// address, every Open Graph and Twitter tag, and a title that matches.
func TestPreviewOfAPublicGroupNamesItAndShowsItsCover(t *testing.T) {
	w := getWorld(t)
	capa := coverKey(w.owner.ID)
	in := domain.GroupInput{Nome: "Horta do Sol Nascente", Descricao: "Canteiros de alface e couve.", Cidade: "Campinas", UF: "SP", FotoCapa: &capa}
	g := newPreviewGroup(t, w, in)
	site := w.env.Deps.Config.SiteURL
	image := site + "/media/" + capa
	token := domain.NewInviteToken()

	for _, c := range []struct {
		path, title, url string
	}{
		{"/grupos/" + g.ID + "/publico", "Horta do Sol Nascente no Verde", site + "/grupos/" + g.ID + "/publico"},
		{"/grupos/" + g.ID + "/convite?c=" + token, "Convite para o grupo Horta do Sol Nascente no Verde", site + "/grupos/" + g.ID + "/convite?c=" + token},
	} {
		p := w.preview(t, c.path, w.anon)
		want := map[string]string{
			"og:title": c.title, "twitter:title": c.title, "og:url": c.url,
			"og:image": image, "twitter:image": image, "og:image:width": "1280", "og:image:height": "853",
			"og:type": "website", "og:locale": "pt_BR", "og:site_name": "Verde", "twitter:card": "summary_large_image",
		}
		for k, v := range want {
			if p.meta[k] != v {
				t.Errorf("%s: %s = %q, want %q", c.path, k, p.meta[k], v)
			}
		}
		if p.title != c.title {
			t.Errorf("%s: <title> %q, want %q", c.path, p.title, c.title)
		}
		for _, k := range []string{"og:description", "twitter:description", "description"} {
			if d := p.meta[k]; !strings.Contains(d, "Campinas/SP · 1 membro") || !strings.Contains(d, "alface e couve") {
				t.Errorf("%s: %s %q lacks the place, members count or description", c.path, k, d)
			}
		}
		if !strings.HasPrefix(image, "http") {
			t.Errorf("og:image %q is not absolute (SITE_URL %q)", image, site)
		}
	}
}

func TestPreviewOfAPublicGroupWithoutCoverShowsTheDefaultImage(t *testing.T) {
	w := getWorld(t)
	g := newPreviewGroup(t, w, domain.GroupInput{Nome: "Horta Sem Foto", Cidade: "Belém", UF: "PA"})
	p := w.preview(t, "/grupos/"+g.ID+"/publico", w.anon)
	want := w.env.Deps.Config.SiteURL + "/og-verde.png"
	if p.meta["og:image"] != want || p.meta["twitter:image"] != want || p.meta["og:image:width"] != "1200" || p.meta["og:image:height"] != "630" {
		t.Errorf("image %q %sx%s, want %s 1200x630", p.meta["og:image"], p.meta["og:image:width"], p.meta["og:image:height"], want)
	}
	if p.meta["og:title"] != "Horta Sem Foto no Verde" {
		t.Errorf("og:title %q", p.meta["og:title"])
	}
}

// TestPreviewOfAPrivateGroupRevealsNothing: a private group's public-page link, and an invite
// link without a valid invite to it (none, revoked, another group's, malformed), name nothing of
// it anywhere in the HTML, and are byte for byte an unknown group's but for the id in og:url.
func TestPreviewOfAPrivateGroupRevealsNothing(t *testing.T) {
	w := getWorld(t)
	capa := coverKey(w.owner.ID)
	g := newPreviewGroup(t, w, domain.GroupInput{Nome: "Horta Sigilosa Quintal", Descricao: "Só vizinhos do bloco C", Cidade: "Ouro Preto", UF: "MG",
		Visibilidade: domain.Privado, FotoCapa: &capa})
	inv := newPreviewInvite(t, w, g.ID)
	revoked := newPreviewInvite(t, w, g.ID)
	if _, err := w.env.Deps.Store.RevokeInvite(context.Background(), g.ID, revoked.Token, store.Actor{ID: w.owner.ID}); err != nil {
		t.Fatal(err)
	}
	// Another group's valid invite opens nothing of this one.
	other := newPreviewGroup(t, w, domain.GroupInput{Nome: "Outra Horta", Cidade: "Recife", UF: "PE", Visibilidade: domain.Privado})
	elsewhere := newPreviewInvite(t, w, other.ID)
	unknown := uuid.NewString()
	for _, path := range []string{"/grupos/%s/publico", "/grupos/%s/publico?c=" + inv.Token, "/grupos/%s/convite", "/grupos/%s/convite?c=" + revoked.Token,
		"/grupos/%s/convite?c=" + elsewhere.Token, "/grupos/%s/convite?c=nao-e-um-convite"} {
		res := testkit.Do(t, w.h, "GET", fmt.Sprintf(path, g.ID), w.anon, nil)
		none := testkit.Do(t, w.h, "GET", fmt.Sprintf(path, unknown), w.anon, nil)
		if res.Status != 200 || none.Status != 200 {
			t.Fatalf("%s: private %d, unknown %d", path, res.Status, none.Status)
		}
		for _, secret := range []string{"Sigilosa", "vizinhos", "Ouro Preto", capa} {
			if bytes.Contains(res.Body, []byte(secret)) {
				t.Errorf("%s of a private group shows %q", path, secret)
			}
		}
		if !bytes.Equal(bytes.ReplaceAll(res.Body, []byte(g.ID), []byte(unknown)), none.Body) {
			t.Errorf("%s: a private group's page differs from an unknown group's", path)
		}
		p := parsePage(t, res.Body)
		if p.meta["og:image"] != w.env.Deps.Config.SiteURL+"/og-verde.png" || !strings.HasPrefix(p.meta["og:title"], "Verde") && !strings.HasPrefix(p.meta["og:title"], "Convite para um grupo") {
			t.Errorf("%s: not the generic preview: %v", path, p.meta)
		}
	}
}

// TestPreviewOfAValidInviteToAPrivateGroupShowsIt: the invite's own page shows the group's
// summary to whoever holds the link (GET /api/invites/{token}), so its preview does too: name,
// place, members and cover; the group's public-page link still shows nothing.
func TestPreviewOfAValidInviteToAPrivateGroupShowsIt(t *testing.T) {
	w := getWorld(t)
	capa := coverKey(w.owner.ID)
	g := newPreviewGroup(t, w, domain.GroupInput{Nome: "Horta do Condomínio Ipê", Descricao: "Canteiros no pátio.", Cidade: "Niterói", UF: "RJ",
		Visibilidade: domain.Privado, FotoCapa: &capa})
	inv := newPreviewInvite(t, w, g.ID)
	p := w.preview(t, "/grupos/"+g.ID+"/convite?c="+inv.Token, w.anon)
	title := "Convite para o grupo Horta do Condomínio Ipê no Verde"
	if p.meta["og:title"] != title || p.meta["og:image"] != w.env.Deps.Config.SiteURL+"/media/"+capa || !strings.Contains(p.meta["og:description"], "Niterói/RJ") {
		t.Errorf("a valid invite to a private group: %v", p.meta)
	}
	if pub := w.preview(t, "/grupos/"+g.ID+"/publico?c="+inv.Token, w.anon); strings.Contains(pub.meta["og:title"], "Ipê") {
		t.Errorf("the public page of a private group shows it: %v", pub.meta)
	}
}

// TestPreviewOfAnUnknownGroupIsGenericAndStillTheSPA: an id that names no group (a valid id, a
// malformed one) gets the generic preview and the SPA, 200: the SPA shows its own not-found.
func TestPreviewOfAnUnknownGroupIsGenericAndStillTheSPA(t *testing.T) {
	w := getWorld(t)
	for _, path := range []string{"/grupos/" + uuid.NewString() + "/publico", "/grupos/sem%23grupo/publico", "/grupos/" + uuid.NewString() + "/convite"} {
		p := w.preview(t, path, w.anon)
		want := domain.GroupPreview(nil, domain.PreviewPublico, false)
		if strings.Contains(path, "convite") {
			want = domain.GroupPreview(nil, domain.PreviewConvite, false)
		}
		if p.title != want.Title || p.meta["og:title"] != want.Title || p.meta["og:description"] != want.Description {
			t.Errorf("%s: %q %v", path, p.title, p.meta)
		}
		if !p.root {
			t.Errorf("%s: no #root", path)
		}
	}
}

// TestPreviewValuesAreEscaped: a name with quotes, angle brackets and a script element stays
// inside its attribute and its <title>: the page has exactly the SPA's script elements, and a
// parser reads the name back as it was written.
func TestPreviewValuesAreEscaped(t *testing.T) {
	w := getWorld(t)
	nome := `Horta "A" <script>alert('x')</script> & Cia`
	g := newPreviewGroup(t, w, domain.GroupInput{Nome: nome, Descricao: `"/><script>alert(2)</script>`, Cidade: "Natal", UF: "RN"})
	raw := testkit.Do(t, w.h, "GET", "/grupos/"+g.ID+"/publico", w.anon, nil).Body
	p := parsePage(t, raw)
	if want := nome + " no Verde"; p.title != want || p.meta["og:title"] != want || p.meta["twitter:title"] != want {
		t.Errorf("title %q, og:title %q, want %q", p.title, p.meta["og:title"], want)
	}
	if !strings.Contains(p.meta["og:description"], `"/><script>alert(2)</script>`) {
		t.Errorf("og:description %q", p.meta["og:description"])
	}
	if got, want := strings.Join(p.scripts, " "), strings.Join(spaIndex(t).scripts, " "); got != want {
		t.Errorf("scripts %q, the SPA's %q", got, want)
	}
	if bytes.Contains(raw, []byte("<script>alert")) {
		t.Error("a value was written unescaped")
	}
}

// TestPreviewIsTheSPAsOwnPage: the page is the SPA bucket's index.html (the site's
// configuration, every script, #root, everything after the head byte for byte) with one
// <title> and one description.
func TestPreviewIsTheSPAsOwnPage(t *testing.T) {
	w := getWorld(t)
	f := w.fixture(t, fixtureOpts{})
	spa := spaIndex(t)
	if spa.config == "" || !strings.Contains(spa.config, w.env.Cloud.UserPoolID) {
		t.Fatalf("the SPA bucket's index.html has no site configuration: %q", spa.config)
	}
	for _, path := range []string{"/grupos/" + f.g.ID + "/publico", "/grupos/" + f.g.ID + "/convite?c=" + f.invite} {
		p := w.preview(t, path, w.anon)
		if p.config != spa.config || !p.root || strings.Join(p.scripts, " ") != strings.Join(spa.scripts, " ") || len(p.scripts) < 2 {
			t.Errorf("%s: config %t, root %t, scripts %v (the SPA's %v)", path, p.config == spa.config, p.root, p.scripts, spa.scripts)
		}
		_, after, _ := strings.Cut(p.body, "</head>")
		_, spaAfter, _ := strings.Cut(spa.body, "</head>")
		if after != spaAfter || after == "" {
			t.Errorf("%s: the body differs from the SPA's", path)
		}
		if strings.Count(p.body, "<title>") != 1 || strings.Count(p.body, `name="description"`) != 1 {
			t.Errorf("%s: the head keeps the SPA's own title or description", path)
		}
	}
}

// TestPreviewNeedsNoTokenAndATokenChangesNothing: anonymous, a member's valid token and a
// malformed one get the same page (the route reads no identity).
func TestPreviewNeedsNoTokenAndATokenChangesNothing(t *testing.T) {
	w := getWorld(t)
	for _, o := range []fixtureOpts{{}, {Private: true}} {
		f := w.fixture(t, o)
		path := "/grupos/" + f.g.ID + "/convite?c=" + f.invite
		anon := testkit.Do(t, w.h, "GET", path, w.anon, nil)
		for _, u := range []testkit.User{w.member, w.owner, {Token: "nao-e-um-token"}} {
			got := testkit.Do(t, w.h, "GET", path, u, nil)
			if got.Status != 200 || anon.Status != 200 || !bytes.Equal(got.Body, anon.Body) || got.Header.Get("ETag") != anon.Header.Get("ETag") {
				t.Errorf("private %t, token %.12q: %d, anonymous %d, same page %t", o.Private, u.Token, got.Status, anon.Status, bytes.Equal(got.Body, anon.Body))
			}
		}
	}
}

// TestPreviewCallsAGetItemOrTwoAndReadsTheSPAOnceAMinute: a request reads the group's one item;
// a container reads index.html from the SPA bucket on its first request and not again within
// sitepage.TTL. An If-None-Match with the page's ETag answers 304 for the same cost.
func TestPreviewCallsAGetItemOrTwoAndReadsTheSPAOnceAMinute(t *testing.T) {
	w := getWorld(t)
	f := w.fixture(t, fixtureOpts{})
	fresh := groups.NewServer(w.env.Deps) // a new container: nothing read yet
	// The DynamoDB calls, and the S3 GetObjects of index.html (one signed request, counted
	// where the S3 emulator answers it).
	measure := func(path string, header http.Header, status int) calls {
		t.Helper()
		w.env.Calls.Reset()
		before := w.env.Cloud.S3Reads(w.env.Deps.Config.SpaBucket, sitepage.Key)
		res := testkit.DoWithHeader(t, fresh, "GET", path, w.anon, nil, header)
		if res.Status != status {
			t.Fatalf("%s: %d, want %d", path, res.Status, status)
		}
		got := calls(w.env.Calls.ByOperation())
		if n := w.env.Cloud.S3Reads(w.env.Deps.Config.SpaBucket, sitepage.Key) - before; n > 0 {
			got["GetObject"] = n
		}
		return got
	}
	page := "/grupos/" + f.g.ID + "/publico"
	private := newPreviewGroup(t, w, domain.GroupInput{Nome: "Horta Fechada", Cidade: "Natal", UF: "RN", Visibilidade: domain.Privado})
	privateInvite := newPreviewInvite(t, w, private.ID)
	for _, c := range []struct {
		name, path string
		want       calls
	}{
		{"first request of a container", page, calls{"GetItem": 1, "GetObject": 1}},
		{"the next", page, calls{"GetItem": 1}},
		{"an invite link", "/grupos/" + f.g.ID + "/convite?c=" + f.invite, calls{"GetItem": 1}},
		{"an invite link to a private group: its invite too", "/grupos/" + private.ID + "/convite?c=" + privateInvite.Token, calls{"GetItem": 2}},
		{"a private group's page", "/grupos/" + private.ID + "/publico?c=" + privateInvite.Token, calls{"GetItem": 1}},
		{"an unknown group", "/grupos/" + uuid.NewString() + "/publico", calls{"GetItem": 1}},
		{"a malformed id", "/grupos/sem%23grupo/convite", calls{}},
	} {
		if got := measure(c.path, nil, 200); fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
	etag := testkit.Do(t, fresh, "GET", page, w.anon, nil).Header.Get("ETag")
	if got := measure(page, http.Header{"If-None-Match": {etag}}, 304); fmt.Sprint(got) != fmt.Sprint(calls{"GetItem": 1}) {
		t.Errorf("revalidated with its ETag %q: %v, want one GetItem", etag, got)
	}
}

// TestPreviewWithoutTheTableStillOpensTheSPA: when the group cannot be read (here a table that
// does not exist), a person still gets the SPA, with the generic preview, and no cache keeps it.
func TestPreviewWithoutTheTableStillOpensTheSPA(t *testing.T) {
	w := getWorld(t)
	d := w.env.Deps
	d.Store = store.New(awsenv.For(d.AWS, "DYNAMODB"), "sem-tabela")
	res := testkit.Do(t, groups.NewServer(d), "GET", "/grupos/"+uuid.NewString()+"/publico", w.anon, nil)
	p := parsePage(t, res.Body)
	if res.Status != 200 || res.Header.Get("Cache-Control") != "no-store" || res.Header.Get("ETag") != "" {
		t.Errorf("%d, Cache-Control %q, ETag %q", res.Status, res.Header.Get("Cache-Control"), res.Header.Get("ETag"))
	}
	if want := domain.GroupPreview(nil, domain.PreviewPublico, false); p.meta["og:title"] != want.Title || !p.root {
		t.Errorf("og:title %q, #root %t", p.meta["og:title"], p.root)
	}
}

// TestCrawlerGetsThePreviewThroughTheLocalCloud plays WhatsApp's crawler as a shared link meets
// it: a plain GET (no token, no compression) with its user agent, through the local cloud as
// through CloudFront (template.yaml's routes, the origin header, the Lambda adapter, the SPA
// bucket's index.html from its S3). A public group's page and an invite link carry its name and
// its cover photo, which the crawler can fetch; a private group's link names nothing of it.
func TestCrawlerGetsThePreviewThroughTheLocalCloud(t *testing.T) {
	w := getWorld(t)
	site := testcloud.Get().URL
	capa := w.env.ProcessedPhoto(t, w.owner, testkit.JPEG(t, 1600, 900))
	pub := newPreviewGroup(t, w, domain.GroupInput{Nome: "Horta da Praça Verde", Cidade: "Recife", UF: "PE", FotoCapa: &capa})
	inv := newPreviewInvite(t, w, pub.ID)
	priv := newPreviewGroup(t, w, domain.GroupInput{Nome: "Horta Fechada do Beco", Cidade: "Olinda", UF: "PE", Visibilidade: domain.Privado, FotoCapa: &capa})

	crawler := &http.Client{Transport: &http.Transport{DisableCompression: true}}
	crawl := func(path string) (*http.Response, []byte) {
		t.Helper()
		req, _ := http.NewRequest("GET", site+path, nil)
		req.Header.Set("User-Agent", "WhatsApp/2.23.20.0 A")
		req.Header.Set("Accept", "*/*")
		res, err := crawler.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		body, _ := io.ReadAll(res.Body)
		return res, body
	}
	image := site + "/media/" + capa
	for _, c := range []struct{ path, title string }{
		{"/grupos/" + pub.ID + "/publico", "Horta da Praça Verde no Verde"},
		{"/grupos/" + pub.ID + "/convite?c=" + inv.Token, "Convite para o grupo Horta da Praça Verde no Verde"},
	} {
		res, body := crawl(c.path)
		if res.StatusCode != 200 || res.Header.Get("Content-Type") != "text/html; charset=utf-8" || res.Header.Get("Content-Encoding") != "" {
			t.Fatalf("%s: %d %s %s", c.path, res.StatusCode, res.Header.Get("Content-Type"), res.Header.Get("Content-Encoding"))
		}
		if res.Header.Get("Cache-Control") != "public, max-age=60, s-maxage=60" || res.Header.Get("X-Frame-Options") != "DENY" ||
			!strings.Contains(res.Header.Get("Content-Security-Policy"), "script-src 'self'") {
			t.Errorf("%s: headers %v (a minute's cache and the SPA's security headers)", c.path, res.Header)
		}
		p := parsePage(t, body)
		if p.meta["og:title"] != c.title || p.meta["og:image"] != image || p.meta["twitter:image"] != image || !p.root {
			t.Errorf("%s: og:title %q, og:image %q (want %q, %q), #root %t", c.path, p.meta["og:title"], p.meta["og:image"], c.title, image, p.root)
		}
	}
	img, raw := crawl("/media/" + capa)
	if img.StatusCode != 200 || img.Header.Get("Content-Type") != "image/webp" || len(raw) == 0 {
		t.Errorf("og:image %s: %d %s, %d bytes", image, img.StatusCode, img.Header.Get("Content-Type"), len(raw))
	}
	for _, path := range []string{"/grupos/" + priv.ID + "/publico", "/grupos/" + priv.ID + "/convite?c=" + inv.Token} {
		res, body := crawl(path)
		if res.StatusCode != 200 {
			t.Fatalf("%s: %d", path, res.StatusCode)
		}
		for _, secret := range []string{"Fechada", "Beco", "Olinda", capa} {
			if bytes.Contains(body, []byte(secret)) {
				t.Errorf("%s of a private group shows %q", path, secret)
			}
		}
		if p := parsePage(t, body); p.meta["og:image"] != site+"/og-verde.png" || !p.root {
			t.Errorf("%s: og:image %q, #root %t", path, p.meta["og:image"], p.root)
		}
	}
}
