package groups

import (
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/verde-app/verde/shared/api"
	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/sitepage"
)

// Link previews (docs/link-previews.md). A group's public page and an invite link are pages of
// the SPA, but a link-preview crawler (WhatsApp, Facebook, Telegram, Slack …) runs no
// JavaScript: it reads the Open Graph and Twitter tags of the HTML it is sent. So CloudFront
// sends these two paths to this function (template.yaml, the /grupos/*/publico and
// /grupos/*/convite behaviours), which answers with the SPA's own index.html (the bytes the
// bucket serves everyone, the site's configuration included) with the group's preview written
// into its head. People get the same page and the SPA starts as on any other path.
//
// A request costs one GetItem (the group's META, store.GroupFor without a member; a second, the
// invite, for an invite link to a private group) and, once a
// minute per container, one S3 GetObject (sitepage.Index). The reply is the same for everyone
// (no token is read), so CloudFront and the browser keep it a minute (api.Shared).

// previewMaxAge is how long the browser and CloudFront keep a page: a group renamed, made
// private or given a new photo shows in new previews within a minute.
const previewMaxAge = time.Minute

// handlePreview serves page for the group in the path. An unknown or private group gets the
// generic preview (domain.GroupPreview) and still the SPA, which shows its own not-found or
// invite page.
func handlePreview(d app.Deps, index *sitepage.Index, page domain.PreviewPage) http.Handler {
	shared := api.Shared(previewMaxAge, previewMaxAge)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		spa, err := index.Get(r.Context())
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		gid := r.PathValue("groupId")
		var g *domain.Group
		keep := true
		v, err := d.Store.GroupFor(r.Context(), gid, "")
		switch {
		case err == nil:
			g = &v.Group
		case domain.ErrorCode(err) != domain.ENotFound:
			// The table did not answer: the page still opens, with the generic preview, and no
			// cache keeps it (NoStore's Cache-Control stays).
			slog.WarnContext(r.Context(), "link preview without the group", "requestId", api.RequestIDFrom(r.Context()), "err", err)
			keep = false
		}
		// A private group shows itself only to a valid invite to it: its invite read (a second
		// GetItem) only then.
		invited := false
		if c := r.URL.Query().Get("c"); page == domain.PreviewConvite && g != nil && !domain.ShowsGroup(g, page, false) && domain.ValidInviteToken(c) {
			inv, err := d.Store.Invite(r.Context(), c)
			switch {
			case err == nil:
				invited = domain.InviteOpensPreview(inv, gid, d.Now())
			case domain.ErrorCode(err) != domain.ENotFound:
				slog.WarnContext(r.Context(), "link preview without the invite", "requestId", api.RequestIDFrom(r.Context()), "err", err)
				keep = false
			}
		}
		site := d.Config.SiteURL
		body := sitepage.WithHead(spa, previewHead(site, pageURL(site, gid, page, r), domain.GroupPreview(g, page, invited)))
		var reply http.Handler = http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.WriteHeader(http.StatusOK)
			w.Write(body)
		})
		if keep {
			reply = shared(reply)
		}
		reply.ServeHTTP(w, r)
	})
}

// pageURL is the page's address on the site (og:url): an invite's keeps its token when the
// request has one of a token's shape, so the preview's link opens the invite.
func pageURL(site, gid string, page domain.PreviewPage, r *http.Request) string {
	u := strings.TrimSuffix(site, "/") + "/grupos/" + url.PathEscape(gid) + "/" + string(page)
	if c := r.URL.Query().Get("c"); page == domain.PreviewConvite && domain.ValidInviteToken(c) {
		u += "?c=" + c
	}
	return u
}

// previewHead is the preview as the page's title and its Open Graph and Twitter tags, with
// absolute addresses on the site's origin (SITE_URL).
func previewHead(site, pageURL string, p domain.LinkPreview) sitepage.Head {
	image := strings.TrimSuffix(site, "/") + p.Image
	meta := []sitepage.Meta{{Attr: "name", Key: "description", Content: p.Description}}
	add := func(attr, key, content string) {
		meta = append(meta, sitepage.Meta{Attr: attr, Key: key, Content: content})
	}
	// Open Graph (<meta property="og:…">) and Twitter's card (<meta name="twitter:…">) say the
	// same of the page.
	card := func(attr, prefix string) {
		add(attr, prefix+"title", p.Title)
		add(attr, prefix+"description", p.Description)
		add(attr, prefix+"image", image)
		add(attr, prefix+"image:alt", p.ImageAlt)
	}
	card("property", "og:")
	add("property", "og:image:width", strconv.Itoa(p.ImageWidth))
	add("property", "og:image:height", strconv.Itoa(p.ImageHeight))
	add("property", "og:url", pageURL)
	add("property", "og:type", "website")
	add("property", "og:site_name", domain.PreviewSiteName)
	add("property", "og:locale", domain.PreviewLocale)
	add("name", "twitter:card", "summary_large_image")
	card("name", "twitter:")
	return sitepage.Head{Title: p.Title, Meta: meta}
}
