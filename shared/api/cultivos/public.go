package cultivos

import (
	"net/http"
	"strings"
	"time"

	"github.com/verde-app/verde/shared/api"
	"github.com/verde-app/verde/shared/api/kit"
	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
)

// The catalogue's shared replies (/api/public/…, api.Shared): the same for
// everyone who asks the same address, read without a token, kept by the
// browser and CloudFront. The catalogue itself comes from the container's
// copy (store/catalog_cache.go), which an admin's edit refreshes within five
// minutes: the caches keep a reply at most as long again.

// catalogueAge is how long the browser (max-age) and CloudFront (s-maxage) keep a reply.
const (
	catalogueMaxAge  = 5 * time.Minute
	catalogueSMaxAge = 10 * time.Minute
)

// publicCatalogue is h as a shared reply.
func publicCatalogue(h http.Handler) http.Handler {
	return api.Shared(catalogueMaxAge, catalogueSMaxAge)(h)
}

// handlePublicPlanteAgora is what to sow this month (Brasília time) in the
// region of ?uf=, which it needs (the signed-in route reads the UF on the
// caller's profile instead): no DynamoDB call while the catalogue copy is fresh.
func handlePublicPlanteAgora(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		uf := strings.ToUpper(strings.TrimSpace(r.URL.Query().Get("uf")))
		if !domain.ValidUF(uf) {
			api.WriteError(w, r, domain.ErrInvalidUF())
			return
		}
		out, err := planteAgoraFor(r, d, uf)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		api.Encode(w, http.StatusOK, out)
	})
}

// handlePublicGuide is one published guide (never an archived one: that is an admin's view).
func handlePublicGuide(d app.Deps) http.Handler {
	return kit.Read(d, http.StatusOK, func(r *http.Request, _ store.Actor) (Guia, error) {
		return kit.Shown(guiaOf)(d.Store.Guide(r.Context(), r.PathValue("guiaId"), false))
	})
}
