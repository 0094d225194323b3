package store

import (
	"context"
	"slices"
	"time"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/verde-app/verde/shared/domain"
)

// Editing a cultivo: its writers change its data (método, quantidade,
// plantio, notas); only its responsible member changes who helps and which
// lote it is on. One BatchGetItem (cultivo and profile), a second one for the
// new collaborators' memberships and the new lote when those change, and one
// TransactWriteItems: the cultivo under the version the form was read at,
// the CULTOF# refs of the collaborators who join or leave, each new one's
// membership, and the active-cultivo counts of the lotes it leaves and joins.

// Item names of the lote a cultivo leaves (itemLote is the one it joins).
const itemLoteAntigo = "loteAntigo"

// EditCultivo applies in to the cultivo cid for actor.
func (s *Store) EditCultivo(ctx context.Context, cid string, actor Actor, in domain.CultivoEdit) (domain.Cultivo, error) {
	for _, col := range in.Colaboradores {
		if !validID(col) {
			return domain.Cultivo{}, domain.ErrColaboradorNotFound()
		}
	}
	return s.changeCultivo(ctx, cid, actor, func(t *txn, st cultivoState, now time.Time, skipOld *bool) (domain.Cultivo, error) {
		c := st.c
		people, err := c.DecideEdit(actor.ID, in, now)
		if err != nil {
			return domain.Cultivo{}, err
		}

		next := c
		next.Metodo, next.Quantidade, next.Unidade = in.Metodo, *in.Quantidade, in.Unidade
		next.DataPlantio, next.Notas, next.LoteCodigo = in.DataPlantio, in.Notas, in.LoteCodigo
		next.Version, next.AtualizadoEm = c.Version+1, now

		requireWriterMember(t, c, actor.ID)
		if people {
			cols, err := s.editPeople(ctx, t, c, in)
			if err != nil {
				return domain.Cultivo{}, err
			}
			next.Colaboradores = cols
			moveLotes(t, c, next, *skipOld)
		}
		u := t.update(itemCultivo, CultivoPK(c.ID), skMeta)
		u.cond("version = %s", u.v(num(c.Version)))
		set := func(attr string, av types.AttributeValue) { u.set("%s = %s", u.n(attr), u.v(av)) }
		set("metodo", str(next.Metodo))
		set("quantidade", floatAV(next.Quantidade))
		set("unidade", str(next.Unidade))
		set("dataPlantio", str(next.DataPlantio))
		set("notas", str(next.Notas))
		set("loteCodigo", str(next.LoteCodigo))
		cols, err := attributevalue.Marshal(next.Colaboradores)
		if err != nil {
			return domain.Cultivo{}, err
		}
		set("colaboradores", cols)
		set("version", num(next.Version))
		set("atualizadoEm", str(fmtTime(now)))
		if err := retryable(s.write(ctx, t), itemCultivo); err != nil {
			if cc, ok := isCancelled(err); ok {
				if cc.failed(itemLoteAntigo) {
					*skipOld = true // the lote it leaves was deleted since: nothing to count down
					return domain.Cultivo{}, errRetry
				}
				if cc.failed(itemLote) {
					return domain.Cultivo{}, domain.ErrCultivoLoteNotHeld()
				}
				if _, gone := cc.failedPrefix("member:"); gone {
					return domain.Cultivo{}, domain.ErrColaboradorNotMember()
				}
			}
			return domain.Cultivo{}, err
		}
		return next, nil
	})
}

// editPeople reads the memberships of the collaborators who join and the lote
// the cultivo moves to (one BatchGetItem), checks them, and adds to t the
// refs of those who join and leave. It returns the new collaborators, in the
// order asked, with their names.
func (s *Store) editPeople(ctx context.Context, t *txn, c domain.Cultivo, in domain.CultivoEdit) ([]domain.Colaborador, error) {
	g := c.GrupoID
	had := map[string]domain.Colaborador{}
	for _, col := range c.Colaboradores {
		had[col.UserID] = col
	}
	var keys []itemKey
	for _, uid := range in.Colaboradores {
		if _, ok := had[uid]; !ok {
			keys = append(keys, itemKey{GroupPK(g), MemberSK(uid)})
		}
	}
	loteMoves := in.LoteCodigo != "" && in.LoteCodigo != c.LoteCodigo
	if loteMoves {
		keys = append(keys, itemKey{GroupPK(g), LoteSK(in.LoteCodigo)})
	}
	items := map[itemKey]map[string]types.AttributeValue{}
	if len(keys) > 0 {
		var err error
		if items, err = s.batchGet(ctx, keys...); err != nil {
			return nil, err
		}
	}
	cols := make([]domain.Colaborador, 0, len(in.Colaboradores))
	for _, uid := range in.Colaboradores {
		if uid == c.ResponsavelID {
			return nil, domain.ErrColaboradorNotMember()
		}
		if col, ok := had[uid]; ok {
			cols = append(cols, col)
			continue
		}
		m, err := memberOf(items, g, uid)
		if err != nil {
			return nil, err
		}
		if err := domain.CheckColaborador(uid, c.ResponsavelID, m != nil); err != nil {
			return nil, err
		}
		cols = append(cols, domain.Colaborador{UserID: uid, Nome: m.Nome})
		u := t.check("member:"+uid, GroupPK(g), MemberSK(uid))
		u.cond("attribute_exists(PK)")
		t.putItem("ref:"+uid, refOf(c, uid, g, "colaborador"), "")
	}
	for uid := range had {
		if !slices.Contains(in.Colaboradores, uid) {
			t.delete("ref:"+uid, UserPK(uid), CultOfSK(c.ID), nil)
		}
	}
	if loteMoves {
		l, err := loteOf(items, g, in.LoteCodigo)
		if err != nil {
			return nil, err
		}
		holder, err := domain.CultivoLoteHolder(l, c.ResponsavelID, in.Colaboradores)
		if err != nil {
			return nil, err
		}
		lu := t.check(itemLote, GroupPK(g), LoteSK(in.LoteCodigo))
		lu.cond("responsavelId = %s", lu.v(str(holder)))
	}
	return cols, nil
}

// moveLotes keeps the active-cultivo counts of the lote the cultivo leaves
// and the one it joins (skipOld: the one it leaves was deleted since).
func moveLotes(t *txn, before, after domain.Cultivo, skipOld bool) {
	if before.LoteCodigo == after.LoteCodigo || !ativo(before) {
		return
	}
	if before.LoteCodigo != "" && !skipOld {
		u := t.update(itemLoteAntigo, GroupPK(before.GrupoID), LoteSK(before.LoteCodigo))
		u.cond("attribute_exists(PK)")
		u.incr("cultivosAtivos", -1)
	}
	if after.LoteCodigo != "" {
		t.update(itemLote, GroupPK(after.GrupoID), LoteSK(after.LoteCodigo)).incr("cultivosAtivos", 1)
	}
}
