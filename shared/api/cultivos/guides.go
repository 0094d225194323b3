package cultivos

import (
	"context"
	"net/http"
	"time"

	"github.com/google/uuid"

	"github.com/verde-app/verde/shared/api/kit"
	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
)

// Guia is a guide as the API shows it (schema Guia): its body is markdown,
// which the SPA renders without raw HTML.
type Guia struct {
	ID           string    `json:"id"`
	Titulo       string    `json:"titulo"`
	Corpo        string    `json:"corpo"`
	Vegetais     []string  `json:"vegetais"`
	Arquivado    bool      `json:"arquivado"`
	Version      int       `json:"version"`
	CriadoEm     time.Time `json:"criadoEm"`
	AtualizadoEm time.Time `json:"atualizadoEm"`
}

func guiaOf(g domain.Guide) Guia {
	v := g.Vegetais
	if v == nil {
		v = []string{}
	}
	return Guia{ID: g.ID, Titulo: g.Titulo, Corpo: g.Corpo, Vegetais: v, Arquivado: g.Arquivado, Version: g.Version,
		CriadoEm: g.CriadoEm, AtualizadoEm: g.AtualizadoEm}
}

// GuiaEdit is the body of PUT /api/admin/guias/{guiaId}.
type GuiaEdit struct {
	Version  int      `json:"version"`
	Titulo   string   `json:"titulo"`
	Corpo    string   `json:"corpo"`
	Vegetais []string `json:"vegetais"`
	in       domain.GuideInput
}

func (e *GuiaEdit) Valid() error {
	if err := domain.ValidGuiaEdit(e.Version); err != nil {
		return err
	}
	e.in = domain.GuideInput{Titulo: e.Titulo, Corpo: e.Corpo, Vegetais: e.Vegetais}
	return e.in.Valid()
}

func handleGuidesOf(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		vid := r.PathValue("vegetalId")
		kit.ListPage(w, r, d, store.GuidesScope(vid), func(ctx context.Context, limit int, after map[string]string) ([]domain.Guide, map[string]string, error) {
			return d.Store.GuidesOf(ctx, vid, limit, after)
		}, guiaOf)
	})
}

func handleGuide(d app.Deps) http.Handler {
	return kit.Read(d, http.StatusOK, func(r *http.Request, actor store.Actor) (Guia, error) {
		return kit.Shown(guiaOf)(d.Store.Guide(r.Context(), r.PathValue("guiaId"), actor.Admin))
	})
}

func handleAdminGuides(d app.Deps) http.Handler {
	return searched(d, func(q string) string { return "admin:guides|" + domain.SearchKey(q) }, d.Store.AdminGuidesPage, guiaOf)
}

func handleCreateGuide(d app.Deps) http.Handler {
	return kit.Act(d, http.StatusCreated, func(r *http.Request, in domain.GuideInput, actor store.Actor) (Guia, error) {
		return kit.Shown(guiaOf)(d.Store.CreateGuide(r.Context(), uuid.Must(uuid.NewV7()).String(), in, actor))
	})
}

func handleEditGuide(d app.Deps) http.Handler {
	return kit.Act(d, http.StatusOK, func(r *http.Request, in GuiaEdit, actor store.Actor) (Guia, error) {
		return kit.Shown(guiaOf)(d.Store.UpdateGuide(r.Context(), r.PathValue("guiaId"), in.Version, in.in, actor))
	})
}

func handleArchiveGuide(d app.Deps) http.Handler {
	return kit.Act(d, http.StatusOK, func(r *http.Request, in GuiaArquivo, actor store.Actor) (Guia, error) {
		return kit.Shown(guiaOf)(d.Store.SetGuideArchived(r.Context(), r.PathValue("guiaId"), in.Version, *in.Arquivado, actor))
	})
}

// GuiaArquivo is the body of POST /api/admin/guias/{guiaId}/arquivo.
type GuiaArquivo struct {
	Arquivado *bool `json:"arquivado"`
	Version   int   `json:"version"`
}

func (in *GuiaArquivo) Valid() error {
	return domain.ValidGuiaArquivo(in.Arquivado, in.Version)
}
