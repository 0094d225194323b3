package store

import (
	"context"
	"slices"

	"github.com/verde-app/verde/shared/domain"
)

// Guides (keys.go): the guide GUIA#<id>/META, listed for the admin under
// GSI1 GUIAS#ALL (archived ones too), and one copy per linked vegetable,
// VEG#<vid>/GUIA#<id>, that the vegetable's and its cultivos' screens read
// with one Query. A create, an edit or an archive rewrites the copies in the
// same transaction as the guide and its audit item; an archived guide has no
// copies, so members never see it.

const (
	prefixGuia = "GUIA#"
	guiasAll   = "GUIAS#ALL"
)

func GuidePK(id string) string { return prefixGuia + id }

type guideItem struct {
	PK           string   `dynamodbav:"PK"`
	SK           string   `dynamodbav:"SK"`
	GSI1PK       string   `dynamodbav:"GSI1PK,omitempty"`
	GSI1SK       string   `dynamodbav:"GSI1SK,omitempty"`
	Type         string   `dynamodbav:"type"`
	ID           string   `dynamodbav:"id"`
	Titulo       string   `dynamodbav:"titulo"`
	TituloBusca  string   `dynamodbav:"tituloBusca"`
	Corpo        string   `dynamodbav:"corpo"`
	Vegetais     []string `dynamodbav:"vegetais"`
	Arquivado    bool     `dynamodbav:"arquivado"`
	Version      int      `dynamodbav:"version"`
	CriadoEm     string   `dynamodbav:"criadoEm"`
	AtualizadoEm string   `dynamodbav:"atualizadoEm"`
}

func (it guideItem) domain() domain.Guide {
	return domain.Guide{ID: it.ID, Titulo: it.Titulo, Corpo: it.Corpo, Vegetais: it.Vegetais, Arquivado: it.Arquivado,
		Version: it.Version, CriadoEm: parseTime(it.CriadoEm), AtualizadoEm: parseTime(it.AtualizadoEm)}
}

func guideItemOf(g domain.Guide) guideItem {
	return guideItem{PK: GuidePK(g.ID), SK: skMeta, GSI1PK: guiasAll, GSI1SK: g.ID, Type: "guide", ID: g.ID,
		Titulo: g.Titulo, TituloBusca: domain.SearchKey(g.Titulo), Corpo: g.Corpo, Vegetais: g.Vegetais, Arquivado: g.Arquivado,
		Version: g.Version, CriadoEm: fmtTime(g.CriadoEm), AtualizadoEm: fmtTime(g.AtualizadoEm)}
}

// linkOf is the guide's copy under vegetable vid.
func linkOf(g domain.Guide, vid string) guideItem {
	it := guideItemOf(g)
	it.PK, it.SK, it.GSI1PK, it.GSI1SK, it.Type = VegetalPK(vid), prefixGuia+g.ID, "", "", "guideLink"
	return it
}

func decodeGuide(r record) (domain.Guide, error) {
	it, err := unmarshal[guideItem](r, "guide")
	return it.domain(), err
}

// checkVegetais reads the guide's vegetables (and the guide itself when
// id is set) in one BatchGetItem: every vegetable must exist.
func (s *Store) guideReads(ctx context.Context, id string, vegetais []string) (*guideItem, error) {
	keys := make([]itemKey, 0, len(vegetais)+1)
	for _, v := range vegetais {
		if !validID(v) {
			return nil, domain.ErrGuiaVegetalUnknown(v)
		}
		keys = append(keys, itemKey{VegetalPK(v), skMeta})
	}
	if id != "" {
		if !validID(id) {
			return nil, domain.ErrGuiaNotFound()
		}
		keys = append(keys, itemKey{GuidePK(id), skMeta})
	}
	items, err := s.batchGet(ctx, keys...)
	if err != nil {
		return nil, err
	}
	for _, v := range vegetais {
		if items[itemKey{VegetalPK(v), skMeta}] == nil {
			return nil, domain.ErrGuiaVegetalUnknown(v)
		}
	}
	if id == "" {
		return nil, nil
	}
	r := items[itemKey{GuidePK(id), skMeta}]
	if r == nil {
		return nil, domain.ErrGuiaNotFound()
	}
	it, err := unmarshal[guideItem](r, "guide")
	return &it, err
}

// writeGuide puts g (over version prev, or new when prev is 0), its copies
// under its vegetables (none when archived), deletes the copies under the
// vegetables it left, and its audit item: one transaction.
func (s *Store) writeGuide(ctx context.Context, g domain.Guide, prev int, old []string, e domain.AuditEntry, daily string) error {
	t := newTxn(s.Table)
	if prev == 0 {
		t.putItem("guide", guideItemOf(g), "attribute_not_exists(PK)")
	} else {
		u := newUpd()
		u.cond("%s = %s", u.n("version"), u.v(num(prev)))
		t.putWhen("guide", guideItemOf(g), u)
	}
	live := []string{}
	if !g.Arquivado {
		live = g.Vegetais
	}
	for _, v := range live {
		t.putItem("link:"+v, linkOf(g, v), "")
	}
	for _, v := range old {
		if !slices.Contains(live, v) {
			t.delete("unlink:"+v, VegetalPK(v), prefixGuia+g.ID, nil)
		}
	}
	if daily != "" {
		rules, err := s.Rules(ctx)
		if err != nil {
			return err
		}
		t.countDaily(daily, domain.ActCatalogo, rules, g.AtualizadoEm)
	}
	t.audit(e)
	return s.writeElse(ctx, t, "guide", domain.ErrGuiaChanged())
}

// CreateGuide stores a new guide (in Valid) linked to its vegetables.
func (s *Store) CreateGuide(ctx context.Context, id string, in domain.GuideInput, actor Actor) (domain.Guide, error) {
	if _, err := s.guideReads(ctx, "", in.Vegetais); err != nil {
		return domain.Guide{}, err
	}
	now := s.now()
	g := domain.Guide{ID: id, Titulo: in.Titulo, Corpo: in.Corpo, Vegetais: in.Vegetais, Version: 1, CriadoEm: now, AtualizadoEm: now}
	return g, s.writeGuide(ctx, g, 0, nil, domain.AuditEntry{AdminID: actor.ID, Acao: domain.AuditGuiaCriado, Entidade: "guia",
		EntidadeID: id, Em: now, Depois: guideAudit(g)}, actor.ID)
}

// UpdateGuide writes in over guide id at version.
func (s *Store) UpdateGuide(ctx context.Context, id string, version int, in domain.GuideInput, actor Actor) (domain.Guide, error) {
	cur, err := s.guideReads(ctx, id, in.Vegetais)
	if err != nil {
		return domain.Guide{}, err
	}
	before := cur.domain()
	if err := before.CanEdit(version); err != nil {
		return domain.Guide{}, err
	}
	g := before
	g.Titulo, g.Corpo, g.Vegetais, g.Version, g.AtualizadoEm = in.Titulo, in.Corpo, in.Vegetais, version+1, s.now()
	return g, s.writeGuide(ctx, g, version, before.Vegetais, domain.AuditEntry{AdminID: actor.ID, Acao: domain.AuditGuiaEditado,
		Entidade: "guia", EntidadeID: id, Em: g.AtualizadoEm, Antes: guideAudit(before), Depois: guideAudit(g)}, "")
}

// SetGuideArchived archives (its copies go) or restores guide id at version.
func (s *Store) SetGuideArchived(ctx context.Context, id string, version int, arquivar bool, actor Actor) (domain.Guide, error) {
	cur, err := s.guideReads(ctx, id, nil)
	if err != nil {
		return domain.Guide{}, err
	}
	before := cur.domain()
	writes, err := before.Archive(version, arquivar)
	if err != nil {
		return domain.Guide{}, err
	}
	if !writes {
		return before, nil
	}
	g := before
	g.Arquivado, g.Version, g.AtualizadoEm = arquivar, version+1, s.now()
	acao := domain.AuditGuiaArquivado
	if !arquivar {
		acao = domain.AuditGuiaRestaurado
	}
	return g, s.writeGuide(ctx, g, version, before.Vegetais, domain.AuditEntry{AdminID: actor.ID, Acao: acao,
		Entidade: "guia", EntidadeID: id, Em: g.AtualizadoEm, Antes: guideAudit(before), Depois: guideAudit(g)}, "")
}

// guideAudit is what the audit log keeps of a guide.
func guideAudit(g domain.Guide) map[string]any {
	return map[string]any{"id": g.ID, "titulo": g.Titulo, "corpo": g.Corpo, "vegetais": g.Vegetais, "arquivado": g.Arquivado, "version": g.Version}
}

// Guide is one guide: one GetItem. An archived guide is found only by admins.
func (s *Store) Guide(ctx context.Context, id string, admin bool) (domain.Guide, error) {
	g, err := getMeta(ctx, s, GuidePK, id, "guide", domain.ErrGuiaNotFound, decodeGuide)
	if err == nil && !g.VisibleTo(admin) {
		return domain.Guide{}, domain.ErrGuiaNotFound()
	}
	return g, err
}

// GuidesScope binds a cursor to the list it came from.
func GuidesScope(vid string) string { return "guides|" + vid }

// GuidesOf is one page of the live guides of vegetable vid: one Query.
func (s *Store) GuidesOf(ctx context.Context, vid string, limit int, after map[string]string) ([]domain.Guide, map[string]string, error) {
	if !validID(vid) {
		return nil, nil, domain.ErrVegetalNotFound()
	}
	return queryPage(ctx, s, query{PK: VegetalPK(vid), Prefix: prefixGuia, Limit: limit, After: after, What: "guides"}, decodeGuide)
}

// AdminGuidesPage is one page of every guide (archived too), oldest first,
// only titles containing q when set: one Query.
func (s *Store) AdminGuidesPage(ctx context.Context, q string, limit int, after map[string]string) ([]domain.Guide, map[string]string, error) {
	qq := query{Index: IndexGSI1, PK: guiasAll, Limit: limit, After: after, What: "guides"}
	if k := domain.SearchKey(q); k != "" {
		qq.ContainsAttr, qq.Contains = "tituloBusca", k
	}
	return queryPage(ctx, s, qq, decodeGuide)
}

// PublicGuidesScope binds a cursor of /guias to its list.
const PublicGuidesScope = "guides|public"

// PublicGuidesPage is one page of the live guides (archived ones left out),
// oldest first: one Query.
func (s *Store) PublicGuidesPage(ctx context.Context, limit int, after map[string]string) ([]domain.Guide, map[string]string, error) {
	return queryPage(ctx, s, query{Index: IndexGSI1, PK: guiasAll, Limit: limit, After: after, NotTrue: "arquivado", What: "guides"}, decodeGuide)
}
