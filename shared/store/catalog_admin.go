package store

import (
	"context"

	"github.com/verde-app/verde/shared/domain"
)

// Admin writes of the vegetable catalogue (/admin/vegetais): each is one
// transaction holding the vegetable and its audit item (audit.go); an edit
// or an archive reads the item first (one GetItem) and writes only over the
// version it read. A vegetable is never deleted: archived, it stays readable
// for the cultivos made of it and is no longer offered (CreateCultivo and
// domain.PlanteAgora refuse or skip it). SeedCatalog inserts only, so it
// never overwrites what an admin wrote.

// vegetalItemOf encodes v as the item it becomes at version and creation time.
func vegetalItemOf(v domain.Vegetal, version int, criadoEm string) vegetalItem {
	it := newVegetalItem(v, parseTime(criadoEm))
	it.Version, it.CriadoEm = version, criadoEm
	return it
}

// CreateVegetal stores a new vegetable made of in (already Valid) with
// the audit of its creation, counting the admin's daily catalogue writes.
func (s *Store) CreateVegetal(ctx context.Context, in domain.VegetalInput, actor Actor) (domain.Vegetal, error) {
	id := in.VegetalID()
	if !validID(id) {
		return domain.Vegetal{}, domain.ErrVegetalSemNome()
	}
	rules, err := s.Rules(ctx)
	if err != nil {
		return domain.Vegetal{}, err
	}
	now := s.now()
	defer s.forgetCatalogue()
	v := in.Apply(domain.Vegetal{ID: id})
	item := vegetalItemOf(v, 1, fmtTime(now))
	v = item.domain()
	t := newTxn(s.Table)
	t.putItem("vegetal", item, "attribute_not_exists(PK)")
	t.countDaily(actor.ID, domain.ActCatalogo, rules, now)
	t.audit(domain.AuditEntry{AdminID: actor.ID, Acao: domain.AuditVegetalCriado, Entidade: "vegetal", EntidadeID: id, Em: now, Depois: v})
	if err := s.writeElse(ctx, t, "vegetal", domain.ErrVegetalExists(id)); err != nil {
		return domain.Vegetal{}, err
	}
	return v, nil
}

// readVegetal is the vegetable id with its stored creation time.
func (s *Store) readVegetal(ctx context.Context, id string) (vegetalItem, error) {
	return getMeta(ctx, s, VegetalPK, id, "vegetal", domain.ErrVegetalNotFound, unmarshalAs[vegetalItem]("vegetal"))
}

// UpdateVegetal writes in over the vegetable id if it is still at version
// (the one the admin's form was loaded with): one GetItem, one transaction.
func (s *Store) UpdateVegetal(ctx context.Context, id string, version int, in domain.VegetalInput, actor Actor) (domain.Vegetal, error) {
	cur, err := s.readVegetal(ctx, id)
	if err != nil {
		return domain.Vegetal{}, err
	}
	before := cur.domain()
	if err := before.CanEdit(version); err != nil {
		return domain.Vegetal{}, err
	}
	after := in.Apply(before)
	item := vegetalItemOf(after, version+1, cur.CriadoEm)
	item.FonteLinha, item.Arquivado = cur.FonteLinha, cur.Arquivado
	after = item.domain()
	return after, s.writeVegetal(ctx, item, version, domain.AuditEntry{
		AdminID: actor.ID, Acao: domain.AuditVegetalEditado, Entidade: "vegetal", EntidadeID: id, Em: s.now(), Antes: before, Depois: after,
	})
}

// SetVegetalArchived archives (or restores) the vegetable id at version.
// Asking for the state it is already in writes nothing.
func (s *Store) SetVegetalArchived(ctx context.Context, id string, version int, arquivar bool, actor Actor) (domain.Vegetal, error) {
	cur, err := s.readVegetal(ctx, id)
	if err != nil {
		return domain.Vegetal{}, err
	}
	before := cur.domain()
	writes, err := before.Archive(version, arquivar)
	if err != nil {
		return domain.Vegetal{}, err
	}
	if !writes {
		return before, nil
	}
	item := cur
	item.Arquivado, item.Version = arquivar, version+1
	acao := domain.AuditVegetalArquivado
	if !arquivar {
		acao = domain.AuditVegetalRestaurado
	}
	after := item.domain()
	return after, s.writeVegetal(ctx, item, version, domain.AuditEntry{
		AdminID: actor.ID, Acao: acao, Entidade: "vegetal", EntidadeID: id, Em: s.now(), Antes: before, Depois: after,
	})
}

// writeVegetal puts item over the stored version prev, with its audit.
func (s *Store) writeVegetal(ctx context.Context, item vegetalItem, prev int, e domain.AuditEntry) error {
	defer s.forgetCatalogue()
	t := newTxn(s.Table)
	u := newUpd()
	u.cond("%s = %s", u.n("version"), u.v(num(prev)))
	t.putWhen("vegetal", item, u)
	t.audit(e)
	return s.writeElse(ctx, t, "vegetal", domain.ErrVegetalChanged())
}
