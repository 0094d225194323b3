package store

import (
	"context"
	"slices"

	"github.com/google/uuid"

	"github.com/verde-app/verde/shared/domain"
)

// Banners (/admin/banners): one item each, all under one GSI1 partition, so
// the admins' list and the members' active banners are one Query of at most
// domain.MaxBanners items (a cap create enforces with a counter item).
//
//	banner           BANNER#<id>   META        GSI1 BANNERS / <id>
//	banner count     CONFIG        BANNERS     (n: how many banners exist)

const (
	gsiBanners    = "BANNERS"
	skBannerCount = "BANNERS"
)

func bannerPK(id string) string { return "BANNER#" + id }

type bannerItem struct {
	PK        string  `dynamodbav:"PK"`
	SK        string  `dynamodbav:"SK"`
	GSI1PK    string  `dynamodbav:"GSI1PK"`
	GSI1SK    string  `dynamodbav:"GSI1SK"`
	Type      string  `dynamodbav:"type"`
	ID        string  `dynamodbav:"id"`
	Titulo    string  `dynamodbav:"titulo"`
	Texto     string  `dynamodbav:"texto"`
	Imagem    *string `dynamodbav:"imagem,omitempty"`
	Link      string  `dynamodbav:"link"`
	Inicio    string  `dynamodbav:"inicio"`
	Fim       string  `dynamodbav:"fim"`
	Audiencia string  `dynamodbav:"audiencia"`
	Ordem     int     `dynamodbav:"ordem"`
	Version   int     `dynamodbav:"version"`
	CriadoEm  string  `dynamodbav:"criadoEm"`
	CriadoPor string  `dynamodbav:"criadoPor"`
}

func bannerItemOf(b domain.Banner) bannerItem {
	return bannerItem{PK: bannerPK(b.ID), SK: skMeta, GSI1PK: gsiBanners, GSI1SK: b.ID, Type: "banner", ID: b.ID,
		Titulo: b.Titulo, Texto: b.Texto, Imagem: b.Imagem, Link: b.Link, Inicio: b.Inicio, Fim: b.Fim, Audiencia: b.Audiencia,
		Ordem: b.Ordem, Version: b.Version, CriadoEm: fmtTime(b.CriadoEm), CriadoPor: b.CriadoPor}
}

func decodeBanner(r record) (domain.Banner, error) {
	it, err := unmarshal[bannerItem](r, "banner")
	return domain.Banner{ID: it.ID, Titulo: it.Titulo, Texto: it.Texto, Imagem: it.Imagem, Link: it.Link, Inicio: it.Inicio, Fim: it.Fim,
		Audiencia: it.Audiencia, Ordem: it.Ordem, Version: it.Version, CriadoEm: parseTime(it.CriadoEm), CriadoPor: it.CriadoPor}, err
}

// Banners are every banner in display order (ordem, then start date): one Query.
func (s *Store) Banners(ctx context.Context) ([]domain.Banner, error) {
	out, err := queryAll(ctx, s, query{Index: IndexGSI1, PK: gsiBanners, Limit: domain.MaxBanners, What: "banners"}, 2, decodeBanner)
	if err != nil {
		return nil, err
	}
	slices.SortStableFunc(out, func(a, b domain.Banner) int {
		if a.Ordem != b.Ordem {
			return a.Ordem - b.Ordem
		}
		if a.Inicio != b.Inicio {
			if a.Inicio < b.Inicio {
				return -1
			}
			return 1
		}
		if a.ID < b.ID {
			return -1
		}
		return 1
	})
	return out, nil
}

// ActiveBanners are the banners a member of uf sees today: the same Query, filtered.
func (s *Store) ActiveBanners(ctx context.Context, uf string) ([]domain.Banner, error) {
	all, err := s.Banners(ctx)
	if err != nil {
		return nil, err
	}
	today := domain.FormatDate(domain.LocalDate(s.now()))
	out := []domain.Banner{}
	for _, b := range all {
		if b.ActiveFor(today, uf) {
			out = append(out, b)
		}
	}
	return out, nil
}

func (s *Store) readBanner(ctx context.Context, id string) (domain.Banner, error) {
	return getMeta(ctx, s, bannerPK, id, "banner", domain.ErrBannerNotFound, decodeBanner)
}

// Banner is one banner (admins).
func (s *Store) Banner(ctx context.Context, id string) (domain.Banner, error) {
	return s.readBanner(ctx, id)
}

// CreateBanner stores a new banner with its audit, counting it against
// domain.MaxBanners: one transaction.
func (s *Store) CreateBanner(ctx context.Context, in domain.BannerInput, actor Actor) (domain.Banner, error) {
	now := s.now()
	b := in.Apply(domain.Banner{ID: uuid.Must(uuid.NewV7()).String(), Version: 1, CriadoEm: now, CriadoPor: actor.ID})
	t := newTxn(s.Table)
	t.putItem("banner", bannerItemOf(b), "attribute_not_exists(PK)")
	u := t.update("banner-count", pkConfig, skBannerCount)
	u.cond("attribute_not_exists(n) OR n < %s", u.v(num(domain.MaxBanners)))
	u.incr("n", 1)
	t.audit(domain.AuditEntry{AdminID: actor.ID, Acao: domain.AuditBannerCriado, Entidade: "banner", EntidadeID: b.ID, Em: now, Depois: b})
	if err := s.writeElse(ctx, t, "banner-count", domain.ErrTooManyBanners()); err != nil {
		return domain.Banner{}, err
	}
	return b, nil
}

// UpdateBanner writes in over the banner if it is still at version: one
// GetItem, one transaction with the audit.
func (s *Store) UpdateBanner(ctx context.Context, id string, version int, in domain.BannerInput, actor Actor) (domain.Banner, error) {
	cur, err := s.readBanner(ctx, id)
	if err != nil {
		return domain.Banner{}, err
	}
	if err := cur.CanEdit(version); err != nil {
		return domain.Banner{}, err
	}
	now := s.now()
	next := in.Apply(cur)
	next.Version = cur.Version + 1
	t := newTxn(s.Table)
	cond := newUpd()
	cond.cond("version = %s", cond.v(num(version)))
	t.putWhen("banner", bannerItemOf(next), cond)
	if cur.Imagem != nil && (next.Imagem == nil || *next.Imagem != *cur.Imagem) {
		t.release(now, *cur.Imagem)
	}
	t.audit(domain.AuditEntry{AdminID: actor.ID, Acao: domain.AuditBannerEditado, Entidade: "banner", EntidadeID: id, Em: now, Antes: cur, Depois: next})
	if err := s.writeElse(ctx, t, "banner", domain.ErrBannerChanged()); err != nil {
		return domain.Banner{}, err
	}
	return next, nil
}

// DeleteBanner removes the banner with its audit: one GetItem, one transaction.
func (s *Store) DeleteBanner(ctx context.Context, id string, actor Actor) error {
	cur, err := s.readBanner(ctx, id)
	if err != nil {
		return err
	}
	t := newTxn(s.Table)
	cond := newUpd()
	cond.cond("attribute_exists(PK)")
	t.delete("banner", bannerPK(id), skMeta, cond)
	if cur.Imagem != nil {
		t.release(s.now(), *cur.Imagem)
	}
	u := t.update("banner-count", pkConfig, skBannerCount)
	u.incr("n", -1)
	t.audit(domain.AuditEntry{AdminID: actor.ID, Acao: domain.AuditBannerExcluido, Entidade: "banner", EntidadeID: id, Em: s.now(), Antes: cur})
	return s.writeElse(ctx, t, "banner", domain.ErrBannerNotFound())
}
