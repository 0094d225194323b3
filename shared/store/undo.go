package store

import (
	"context"
	"strconv"

	"github.com/verde-app/verde/shared/domain"
)

// Points follow undo: deleting a post, a comment, a diary entry or a harvest
// (colheitas.go) takes back what its act paid (a reversal row in the ledger,
// ledger.go) and moves back the counters conquistas read; a conquista
// already unlocked stays, and progress toward the next one counts from the
// counters as they are now.
//
// A diary entry's key holds its time, which its id does not: each entry a
// member writes also gets CULT#<cid> / LOGREF#<id>, which says where it is
// and what it counted, so deleting it by id is one BatchGetItem. A paid
// "rega" holds CULT#<cid> / REGA#<yyyy-mm-dd> (Brasília), so a cultivo pays
// one watering a day (deleting it takes its points back but frees no second
// paid watering that day).

const (
	prefixLogRef = "LOGREF#"
	prefixRega   = "REGA#"
	itemLogRef   = "logref"
	itemRega     = "rega"
)

func LogRefSK(id string) string { return prefixLogRef + id }
func RegaSK(day string) string  { return prefixRega + day }

type logRefItem struct {
	PK      string `dynamodbav:"PK"`
	SK      string `dynamodbav:"SK"`
	Type    string `dynamodbav:"type"`
	EntrySK string `dynamodbav:"entrySk"`
	AutorID string `dynamodbav:"autorId"`
	Fotos   int    `dynamodbav:"fotos"`
	Contou  bool   `dynamodbav:"contou"` // counted toward Diário em Dia
	Tipo    string `dynamodbav:"tipo"`
	Dia     string `dynamodbav:"dia"` // Brasília day it was written
}

// reversal is the profile change that takes back the award of ledger row li
// (nil: nothing was paid) with the counters' changes.
func reversal(li record, counts map[string]int) profileChange {
	ch := profileChange{counts: counts}
	if li == nil {
		return ch
	}
	pts, _ := strconv.Atoi(nOf(li["pontos"]))
	if pts <= 0 {
		return ch
	}
	e := domain.Estorno(domain.Award{Motivo: sOf(li["motivo"]), Ref: sOf(li["ref"]), Pontos: pts})
	ch.award, ch.refundDay = &e, domain.BrasiliaDay(parseTime(sOf(li["criadoEm"])))
	return ch
}

// undoRead is what removing someone's content reads besides the content:
// the author's profile, the ledger row of what it paid, and the remover's
// membership of the content's group when they are not its author.
type undoRead struct {
	author profileState
	ledger record
	member *domain.Membership
}

// readUndo reads them in one BatchGetItem (the author's profile only when it
// is not the caller's, already read as mine; the membership only for gid set).
func (s *Store) readUndo(ctx context.Context, author string, mine profileState, motivo, ref, gid string) (undoRead, error) {
	lk := ledgerKey(author, motivo, ref)
	keys := []itemKey{lk}
	if author != mine.uid {
		keys = append(keys, itemKey{UserPK(author), skProfile})
	}
	if gid != "" {
		keys = append(keys, itemKey{GroupPK(gid), MemberSK(mine.uid)})
	}
	got, err := s.batchGet(ctx, keys...)
	if err != nil {
		return undoRead{}, err
	}
	out := undoRead{author: mine, ledger: got[lk]}
	if author != mine.uid {
		if out.author, err = readProfileState(author, got[itemKey{UserPK(author), skProfile}]); err != nil {
			return undoRead{}, err
		}
	}
	if mi := got[itemKey{GroupPK(gid), MemberSK(mine.uid)}]; gid != "" && mi != nil {
		m, err := decodeMember(mi)
		if err != nil {
			return undoRead{}, err
		}
		out.member = &m
	}
	return out, nil
}

// DeleteDiario deletes a diary entry (its author): the entry, and what it
// paid and counted, in one transaction after one BatchGetItem.
func (s *Store) DeleteDiario(ctx context.Context, cid, eid string, actor Actor) error {
	if !validID(eid) {
		return domain.ErrDiarioNotFound()
	}
	return attempt(ctx, func() error {
		now := s.now()
		st, err := s.readCultivo(ctx, cid, actor, itemKey{CultivoPK(cid), LogRefSK(eid)}, ledgerKey(actor.ID, domain.MotivoDiario, eid))
		if err != nil {
			return err
		}
		ri := st.items[itemKey{CultivoPK(cid), LogRefSK(eid)}]
		if ri == nil {
			return domain.ErrDiarioNotFound()
		}
		ref, err := unmarshal[logRefItem](ri, "diary ref")
		if err != nil {
			return err
		}
		if err := domain.CanDeleteDiario(ref.AutorID, actor.ID); err != nil {
			return err
		}
		counts := map[string]int{}
		if ref.Contou {
			counts[domain.ContaDiario] = -1
		}
		if ref.Fotos > 0 {
			counts[domain.ContaFotos] = -ref.Fotos
		}
		t := newTxn(s.Table)
		li := st.items[ledgerKey(actor.ID, domain.MotivoDiario, eid)]
		if _, _, err := s.applyProfile(ctx, t, st.profile, reversal(li, counts), false, actor.Source, now); err != nil {
			return err
		}
		t.delete(itemLogRef, CultivoPK(cid), LogRefSK(eid), existsCond())
		t.delete("diario", CultivoPK(cid), ref.EntrySK, nil)
		if ref.Fotos > 0 {
			// The entry's photos, for the photos job to delete: the entry read for its keys
			// (one GetItem, only for an entry with photos).
			entry, err := s.getItem(ctx, CultivoPK(cid), ref.EntrySK, "diary entry")
			if err != nil {
				return err
			}
			if entry != nil {
				e, err := unmarshal[diarioItem](entry, "diary entry")
				if err != nil {
					return err
				}
				t.release(now, e.Fotos...)
			}
		}
		if err := retryable(s.write(ctx, t), itemProfile, itemLedger); err != nil {
			if c, ok := asCancelled(err); ok && c.failed(itemLogRef) {
				return domain.ErrDiarioNotFound()
			}
			return err
		}
		return nil
	})
}
