package store

import (
	"context"
	"errors"

	"github.com/verde-app/verde/shared/domain"
)

// Admin writes of the vegetable catalogue (/admin/vegetais): each is one
// transaction holding the vegetable and its audit item (audit.go); an edit
// or an archive reads the item first (one GetItem) and writes only over the
// version it read. A vegetable is never deleted: archived, it stays readable
// for the cultivos made of it and is no longer offered (CreateCultivo and
// domain.PlanteAgora refuse or skip it). SeedCatalog inserts only, so it
// never overwrites what an admin wrote.

// vegetableOf encodes v as the item it becomes at version and creation time.
func vegetableItemOf(v domain.Vegetable, version int, criadoEm string) vegetableItem {
	it := newVegetableItem(v, parseTime(criadoEm))
	it.Version, it.CriadoEm = version, criadoEm
	return it
}

// CreateVegetable stores a new vegetable made of in (already Valid) with
// the audit of its creation, counting the admin's daily catalogue writes.
func (s *Store) CreateVegetable(ctx context.Context, in domain.VegetableInput, actor Actor) (domain.Vegetable, error) {
	id := in.VegetableID()
	if !validID(id) {
		return domain.Vegetable{}, domain.ErrVegetalSemNome()
	}
	rules, err := s.Rules(ctx)
	if err != nil {
		return domain.Vegetable{}, err
	}
	now := s.now()
	defer s.forgetCatalogue()
	v := in.Apply(domain.Vegetable{ID: id})
	item := vegetableItemOf(v, 1, fmtTime(now))
	v = item.domain()
	t := newTxn(s.Table)
	t.putItem("vegetable", item, "attribute_not_exists(PK)")
	t.countDaily(actor.ID, domain.ActCatalogo, rules, now)
	t.audit(domain.AuditEntry{AdminID: actor.ID, Acao: domain.AuditVegetalCriado, Entidade: "vegetal", EntidadeID: id, Em: now, Depois: v})
	if err := s.write(ctx, t); err != nil {
		var c *cancelled
		if errors.As(err, &c) && c.failed("vegetable") {
			return domain.Vegetable{}, domain.ErrVegetalExists(id)
		}
		return domain.Vegetable{}, err
	}
	return v, nil
}

// readVegetable is the vegetable id with its stored creation time.
func (s *Store) readVegetable(ctx context.Context, id string) (vegetableItem, error) {
	if !validID(id) {
		return vegetableItem{}, domain.ErrVegetalNotFound()
	}
	r, err := s.getItem(ctx, VegetablePK(id), skMeta, "vegetable")
	if err != nil {
		return vegetableItem{}, err
	}
	if r == nil {
		return vegetableItem{}, domain.ErrVegetalNotFound()
	}
	return unmarshal[vegetableItem](r, "vegetable")
}

// UpdateVegetable writes in over the vegetable id if it is still at version
// (the one the admin's form was loaded with): one GetItem, one transaction.
func (s *Store) UpdateVegetable(ctx context.Context, id string, version int, in domain.VegetableInput, actor Actor) (domain.Vegetable, error) {
	cur, err := s.readVegetable(ctx, id)
	if err != nil {
		return domain.Vegetable{}, err
	}
	before := cur.domain()
	if err := before.CanEdit(version); err != nil {
		return domain.Vegetable{}, err
	}
	after := in.Apply(before)
	item := vegetableItemOf(after, version+1, cur.CriadoEm)
	item.FonteLinha, item.Arquivado = cur.FonteLinha, cur.Arquivado
	after = item.domain()
	return after, s.writeVegetable(ctx, item, version, domain.AuditEntry{
		AdminID: actor.ID, Acao: domain.AuditVegetalEditado, Entidade: "vegetal", EntidadeID: id, Em: s.now(), Antes: before, Depois: after,
	})
}

// SetVegetableArchived archives (or restores) the vegetable id at version.
// Asking for the state it is already in writes nothing.
func (s *Store) SetVegetableArchived(ctx context.Context, id string, version int, arquivar bool, actor Actor) (domain.Vegetable, error) {
	cur, err := s.readVegetable(ctx, id)
	if err != nil {
		return domain.Vegetable{}, err
	}
	before := cur.domain()
	writes, err := before.Archive(version, arquivar)
	if err != nil {
		return domain.Vegetable{}, err
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
	return after, s.writeVegetable(ctx, item, version, domain.AuditEntry{
		AdminID: actor.ID, Acao: acao, Entidade: "vegetal", EntidadeID: id, Em: s.now(), Antes: before, Depois: after,
	})
}

// writeVegetable puts item over the stored version prev, with its audit.
func (s *Store) writeVegetable(ctx context.Context, item vegetableItem, prev int, e domain.AuditEntry) error {
	defer s.forgetCatalogue()
	t := newTxn(s.Table)
	u := newUpd()
	u.cond("%s = %s", u.n("version"), u.v(num(prev)))
	t.putWhen("vegetable", item, u)
	t.audit(e)
	if err := s.write(ctx, t); err != nil {
		var c *cancelled
		if errors.As(err, &c) && c.failed("vegetable") {
			return domain.ErrVegetalChanged()
		}
		return err
	}
	return nil
}
