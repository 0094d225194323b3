package store

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/verde-app/verde/shared/domain"
)

// A deleted group's cultivos are not deleted: they are their members'
// records (diary, harvests, points), so each one moves to its responsible
// member's Horta pessoal. It leaves the group's index partition, loses its
// group, lote and collaborators (a personal cultivo has none), and the
// collaborators' CULTOF# refs go; the responsible member's ref follows. The
// group's harvest totals (its CULTSTATS item) go with the group's items;
// each member's own totals stay.
//
// Cultivos are read a page at a time from the group's GSI1 partition and
// written in transactions of a few cultivos each (at most 100 items), every
// cultivo under the condition that it is still in the group: a deletion cut
// short and called again picks up the ones left, and one already moved (a
// stale index page) is skipped.

// maxCultivosPerTxn keeps a transaction under 100 items: a cultivo is its own
// item, its responsible member's ref and up to domain.MaxColaboradores refs.
const maxCultivosPerTxn = 100 / (2 + domain.MaxColaboradores)

// releaseGroupCultivos moves every cultivo of gid to its responsible member's
// Horta pessoal, at most maxGroupPages pages of the index per call.
func (s *Store) releaseGroupCultivos(ctx context.Context, gid string) error {
	q := query{Index: IndexGSI1, PK: cultsOfGroup(gid), What: "group cultivos"}
	for range maxGroupPages {
		cs, next, err := queryPage(ctx, s, q, decodeCultivo)
		if err != nil {
			return err
		}
		for start := 0; start < len(cs); start += maxCultivosPerTxn {
			if err := s.releaseCultivos(ctx, gid, cs[start:min(start+maxCultivosPerTxn, len(cs))]); err != nil {
				return err
			}
		}
		if next == nil {
			return nil
		}
		q.After = next
	}
	return domain.ErrBusy() // a very large group: calling DELETE again goes on where this stopped
}

// releaseCultivos writes one transaction for cs. When a condition fails
// (a cultivo moved meanwhile, read from a stale index page, or a responsible
// member's ref gone), each cultivo is written on its own: a moved one is
// skipped, and one whose ref is gone is moved without it.
func (s *Store) releaseCultivos(ctx context.Context, gid string, cs []domain.Cultivo) error {
	withRef := true
	return attempt(ctx, func() error {
		err := s.write(ctx, releaseTxn(s.Table, gid, cs, withRef))
		c, ok := isCancelled(err)
		switch {
		case !ok:
			return err
		case c.transient():
			return errRetry
		case len(cs) > 1:
			for _, one := range cs {
				if err := s.releaseCultivos(ctx, gid, []domain.Cultivo{one}); err != nil {
					return err
				}
			}
			return nil
		case withRef && !c.failed(itemCultivo):
			withRef = false // the responsible member's ref is gone: move the cultivo alone
			return errRetry
		default:
			return nil // moved already
		}
	})
}

func releaseTxn(table, gid string, cs []domain.Cultivo, withRef bool) *txn {
	t := newTxn(table)
	for _, c := range cs {
		name := itemCultivo
		if len(cs) > 1 {
			name += ":" + c.ID
		}
		u := t.update(name, CultivoPK(c.ID), skMeta)
		u.cond("grupoId = %s", u.v(str(gid)))
		u.set("grupoId = %s", u.v(str("")))
		u.set("grupoNome = %s", u.v(str("")))
		u.set("loteCodigo = %s", u.v(str("")))
		u.set("colaboradores = %s", u.v(&types.AttributeValueMemberL{Value: []types.AttributeValue{}}))
		u.remove(u.n(attrGSI1PK))
		u.remove(u.n(attrGSI1SK))
		u.remove(u.n(attrGSI2PK))
		u.remove(u.n(attrGSI2SK))
		u.incr("version", 1)
		if withRef {
			r := t.update("ref:"+c.ResponsavelID+":"+c.ID, UserPK(c.ResponsavelID), CultOfSK(c.ID))
			r.cond("attribute_exists(PK)")
			r.set("grupoId = %s", r.v(str("")))
		}
		for _, col := range c.Colaboradores {
			t.delete("ref:"+col.UserID+":"+c.ID, UserPK(col.UserID), CultOfSK(c.ID), nil)
		}
	}
	return t
}
