package store

import (
	"context"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/verde-app/verde/shared/domain"
)

// The members' catalogue (the search of /api/vegetables, Plante agora, the
// dashboard's suggestions) is read from a copy each container keeps for
// catalogueTTL: the catalogue is the same for everyone, small (admins curate
// it: hundreds of vegetables, one 1 MB page), and changes a few times a
// month. A search then costs no DynamoDB call at all while the copy is
// fresh, and one catalogue read (a page or two, whatever the search) when it
// is not; it always answers a full page (the old Query filtered nomeBusca
// after its Limit and answered empty pages with a cursor). This container's
// own admin writes drop the copy at once (the admin's catalogue lives in the
// same function); other containers see them within catalogueTTL, as the
// CloudFront and browser caches of these replies do (Cache-Control max-age).
// The admin's own list (archived included) reads the table.

const catalogueTTL = 5 * time.Minute

type catalogueCache struct {
	mu    sync.Mutex
	items []domain.Vegetal // every vegetable, archived included, in id order
	until time.Time
}

// catalogue is the whole catalogue, in id order, from this container's copy.
func (s *Store) catalogue(ctx context.Context) ([]domain.Vegetal, error) {
	c := &s.catalogueCache
	c.mu.Lock()
	defer c.mu.Unlock()
	now := time.Now()
	if c.items != nil && now.Before(c.until) {
		return c.items, nil
	}
	all, err := queryAll(ctx, s, query{Index: IndexGSI1, PK: catalogVegetal, What: "vegetais"}, maxCatalogPages, decodeVegetal)
	if err != nil {
		return nil, err
	}
	sort.Slice(all, func(i, j int) bool { return all[i].ID < all[j].ID })
	c.items, c.until = all, now.Add(catalogueTTL)
	return all, nil
}

// forgetCatalogue drops this container's copy (after an admin's write).
func (s *Store) forgetCatalogue() {
	s.catalogueCache.mu.Lock()
	s.catalogueCache.items = nil
	s.catalogueCache.mu.Unlock()
}

// ActiveVegetais is the catalogue members are offered (no archived
// vegetable), in id order, from the container's copy.
func (s *Store) ActiveVegetais(ctx context.Context) ([]domain.Vegetal, error) {
	all, err := s.catalogue(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]domain.Vegetal, 0, len(all))
	for _, v := range all {
		if !v.Arquivado {
			out = append(out, v)
		}
	}
	return out, nil
}

// searchCatalogue is one page of the members' catalogue whose folded name
// contains q's (every vegetable when q is empty), in id order, after the
// cursor position after: full pages from the container's copy.
func (s *Store) searchCatalogue(ctx context.Context, q string, limit int, after map[string]string) ([]domain.Vegetal, map[string]string, error) {
	qq := query{Index: IndexGSI1, PK: catalogVegetal, After: after}
	if !qq.positionFits() {
		return nil, nil, errBadCursor()
	}
	all, err := s.catalogue(ctx)
	if err != nil {
		return nil, nil, err
	}
	k := domain.SearchKey(q)
	from := after[attrGSI1SK]
	out := []domain.Vegetal{}
	for _, v := range all {
		if v.Arquivado || (from != "" && v.ID <= from) || (k != "" && !strings.Contains(v.SearchText(), k)) {
			continue
		}
		if len(out) == limit {
			last := out[len(out)-1]
			return out, map[string]string{attrPK: VegetalPK(last.ID), attrSK: skMeta, attrGSI1PK: catalogVegetal, attrGSI1SK: last.ID}, nil
		}
		out = append(out, v)
	}
	return out, nil, nil
}
