package cultivos

import (
	"net/http"
	"slices"

	"github.com/verde-app/verde/shared/api/kit"
	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
)

// The public catalogue (/hortalicas, /hortalicas/:id, /guias): read without
// signing in, so a link can be shared and found by search engines. Each
// reply is at most two DynamoDB calls.

// HortalicaResumo is a vegetable as the public list shows it (schema
// HortalicaResumo): enough to search and to filter by region and month.
type HortalicaResumo struct {
	ID              string           `json:"id"`
	Nome            string           `json:"nome"`
	Estacao         string           `json:"estacao"`
	NomeCientifico  string           `json:"nomeCientifico"`
	NomesPopulares  []string         `json:"nomesPopulares"`
	Familia         string           `json:"familia"`
	Metodo          string           `json:"metodo"`
	DiasColheitaMin int              `json:"diasColheitaMin"`
	DiasColheitaMax int              `json:"diasColheitaMax"`
	Semeadura       map[string][]int `json:"semeadura"`
}

// Hortalicas is the whole public catalogue (schema Hortalicas): tens of
// vegetables, one reply the browser filters as the reader types.
type Hortalicas struct {
	Items []HortalicaResumo `json:"items"`
}

// Hortalica is one vegetable's public page (schema Hortalica): the
// vegetable with its care fields and their sources, and its guides.
type Hortalica struct {
	Vegetal Vegetal `json:"vegetal"`
	Guias   []Guia  `json:"guias"`
}

// maxGuiasHortalica bounds the guides shown on a vegetable's page.
const maxGuiasHortalica = 20

func resumoOf(v domain.Vegetal) HortalicaResumo {
	pop := v.NomesPopulares
	if pop == nil {
		pop = []string{}
	}
	return HortalicaResumo{ID: v.ID, Nome: v.Nome, Estacao: v.Estacao, NomeCientifico: v.NomeCientifico, NomesPopulares: pop,
		Familia: v.Familia, Metodo: v.Metodo, DiasColheitaMin: v.DiasColheitaMin, DiasColheitaMax: v.DiasColheitaMax, Semeadura: v.Semeadura}
}

// handleHortalicas is every vegetable members may grow: one Query.
func handleHortalicas(d app.Deps) http.Handler {
	return kit.Read(d, http.StatusOK, func(r *http.Request, _ store.Actor) (Hortalicas, error) {
		all, err := d.Store.Vegetais(r.Context())
		if err != nil {
			return Hortalicas{}, err
		}
		out := Hortalicas{Items: make([]HortalicaResumo, 0, len(all))}
		for _, v := range all {
			if !v.Arquivado {
				out.Items = append(out.Items, resumoOf(v))
			}
		}
		return out, nil
	})
}

// handleHortalica is one vegetable and its guides: a GetItem and a Query.
// An archived vegetable is not found.
func handleHortalica(d app.Deps) http.Handler {
	return kit.Read(d, http.StatusOK, func(r *http.Request, _ store.Actor) (Hortalica, error) {
		ctx := r.Context()
		v, err := d.Store.Vegetal(ctx, r.PathValue("vegetalId"))
		if err == nil && v.Arquivado {
			err = domain.ErrVegetalNotFound()
		}
		if err != nil {
			return Hortalica{}, err
		}
		guides, _, err := d.Store.GuidesOf(ctx, v.ID, maxGuiasHortalica, nil)
		if err != nil {
			return Hortalica{}, err
		}
		out := Hortalica{Vegetal: vegetalOf(v), Guias: make([]Guia, 0, len(guides))}
		for _, g := range guides {
			out.Guias = append(out.Guias, guiaOf(g))
		}
		slices.SortFunc(out.Guias, func(a, b Guia) int { return a.CriadoEm.Compare(b.CriadoEm) })
		return out, nil
	})
}

// handlePublicGuides is a page of the live guides: one Query.
func handlePublicGuides(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		kit.ListPage(w, r, d, store.PublicGuidesScope, d.Store.PublicGuidesPage, guiaOf)
	})
}
