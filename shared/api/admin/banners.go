package admin

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/verde-app/verde/shared/api"
	"github.com/verde-app/verde/shared/api/kit"
	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
)

// Banner is a banner as members and admins see it (schema Banner).
type Banner struct {
	ID        string  `json:"id"`
	Titulo    string  `json:"titulo"`
	Texto     string  `json:"texto"`
	Imagem    *string `json:"imagem"`
	Link      string  `json:"link"`
	Inicio    string  `json:"inicio"`
	Fim       string  `json:"fim"`
	Audiencia string  `json:"audiencia"`
	Ordem     int     `json:"ordem"`
	Version   int     `json:"version"`
}

func bannerOf(b domain.Banner) Banner {
	return Banner{ID: b.ID, Titulo: b.Titulo, Texto: b.Texto, Imagem: b.Imagem, Link: b.Link, Inicio: b.Inicio, Fim: b.Fim,
		Audiencia: b.Audiencia, Ordem: b.Ordem, Version: b.Version}
}

func bannerPage(bs []domain.Banner) api.Page[Banner] {
	p := api.Page[Banner]{Items: make([]Banner, 0, len(bs))}
	for _, b := range bs {
		p.Items = append(p.Items, bannerOf(b))
	}
	return p
}

// BannerEdit is the body of PUT /api/admin/banners/{bannerId}: every field
// of a new banner and the version the form was loaded with.
type BannerEdit struct {
	Version   int     `json:"version"`
	Titulo    string  `json:"titulo"`
	Texto     string  `json:"texto"`
	Imagem    *string `json:"imagem" nullable:"true"`
	Link      string  `json:"link"`
	Inicio    string  `json:"inicio"`
	Fim       string  `json:"fim"`
	Audiencia string  `json:"audiencia"`
	Ordem     int     `json:"ordem"`
	in        domain.BannerInput
}

func (e *BannerEdit) Valid() error {
	if err := domain.ValidBannerVersion(e.Version); err != nil {
		return err
	}
	e.in = domain.BannerInput{Titulo: e.Titulo, Texto: e.Texto, Imagem: e.Imagem, Link: e.Link, Inicio: e.Inicio, Fim: e.Fim,
		Audiencia: e.Audiencia, Ordem: e.Ordem}
	return e.in.Valid()
}

// handleActiveBanners is what a member's dashboard shows: the banners active
// today for everyone or the member's UF (the profile's; one GetItem) in the
// admins' order (one Query).
func handleActiveBanners(d app.Deps) http.Handler {
	return kit.Read(d, http.StatusOK, func(r *http.Request, actor store.Actor) (api.Page[Banner], error) {
		p, _, err := d.Store.Profile(r.Context(), actor.ID)
		if err != nil {
			return api.Page[Banner]{}, err
		}
		return kit.Shown(bannerPage)(d.Store.ActiveBanners(r.Context(), p.UF))
	})
}

func handleAdminBanners(d app.Deps) http.Handler {
	return kit.Read(d, http.StatusOK, func(r *http.Request, _ store.Actor) (api.Page[Banner], error) {
		return kit.Shown(bannerPage)(d.Store.Banners(r.Context()))
	})
}

// bannerImage processes a banner's new image (kept: the banner's current one, left as it is).
func bannerImage(d app.Deps, r *http.Request, img *string, kept ...string) (context.Context, error) {
	if img == nil {
		return r.Context(), nil
	}
	ctx, keys, err := kit.Photos(r.Context(), kit.ActorFrom(d, r).ID, "imagem", []string{*img}, kept...)
	if err == nil {
		*img = keys[0]
	}
	return ctx, err
}

func handleCreateBanner(d app.Deps) http.Handler {
	return kit.Act(d, http.StatusCreated, func(r *http.Request, in domain.BannerInput, actor store.Actor) (Banner, error) {
		if err := in.BannerDatasPlausiveis(domain.LocalDate(d.Now())); err != nil {
			return Banner{}, err
		}
		ctx, err := bannerImage(d, r, in.Imagem)
		if err != nil {
			return Banner{}, err
		}
		return kit.Shown(bannerOf)(d.Store.CreateBanner(ctx, in, actor))
	})
}

func handleEditBanner(d app.Deps) http.Handler {
	return kit.Act(d, http.StatusOK, func(r *http.Request, in BannerEdit, actor store.Actor) (Banner, error) {
		if err := in.in.BannerDatasPlausiveis(domain.LocalDate(d.Now())); err != nil {
			return Banner{}, err
		}
		cur, err := d.Store.Banner(r.Context(), r.PathValue("bannerId"))
		if err != nil {
			return Banner{}, err
		}
		// An image kept as it was is not processed again (it may be another admin's upload).
		var kept []string
		if cur.Imagem != nil {
			kept = append(kept, *cur.Imagem)
		}
		ctx, err := bannerImage(d, r, in.in.Imagem, kept...)
		if err != nil {
			return Banner{}, err
		}
		b, err := d.Store.UpdateBanner(ctx, cur.ID, in.Version, in.in, actor)
		if err != nil {
			return Banner{}, err
		}
		if cur.Imagem != nil && (b.Imagem == nil || *b.Imagem != *cur.Imagem) {
			kit.StartPhotosJob(r.Context()) // the image replaced
		}
		return bannerOf(b), nil
	})
}

func handleDeleteBanner(d app.Deps) http.Handler {
	return kit.Done(d, func(r *http.Request, actor store.Actor) error {
		return kit.Released(r.Context(), d.Store.DeleteBanner(r.Context(), r.PathValue("bannerId"), actor)) // its image
	})
}

// ActiveBanners is GET /api/banners's handler (without its sign-in check),
// for the dashboard's one reply (shared/api/me/dashboard.go).
func ActiveBanners(d app.Deps) http.Handler { return handleActiveBanners(d) }

// handlePublicBanners is the banners active today for everyone and for ?uf=
// (none: everyone's alone), a shared reply read without a token
// (api.Shared): the same for everyone who asks for the same UF.
func handlePublicBanners(d app.Deps) http.Handler {
	return api.Shared(time.Minute, 5*time.Minute)(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		uf := strings.ToUpper(strings.TrimSpace(r.URL.Query().Get("uf")))
		if uf != "" && !domain.ValidUF(uf) {
			api.WriteError(w, r, domain.ErrUFQuery())
			return
		}
		bs, err := d.Store.ActiveBanners(r.Context(), uf)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		api.Encode(w, http.StatusOK, bannerPage(bs))
	}))
}
