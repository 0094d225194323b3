package store

import (
	"context"
	"strings"

	"github.com/verde-app/verde/shared/domain"
)

// Partilha da colheita (domain/partilha.go), in the group's partition:
//
//	item          PK            SK                          GSI1PK / GSI1SK
//	offer         GROUP#<gid>   PARTILHA#<hid>              PARTILHAS#<gid> / <criadoEm>#<hid>   (the group's, newest first)
//	reservation   GROUP#<gid>   PARTILHA#<hid>#R#<uid>
//
// The offer's id is its harvest's, so a harvest is offered once. Its page is
// one Query (PARTILHA#<hid>: the offer and its reservations); each act one
// transaction, the offer's restante moved under a condition so two members
// never reserve the same kilo.

const (
	prefixPartilha = "PARTILHA#"
	partilhasOf    = "PARTILHAS#"
	itemPartilha   = "partilha"
	itemReserva    = "reserva"
)

func PartilhaSK(pid string) string     { return prefixPartilha + pid }
func ReservaSK(pid, uid string) string { return prefixPartilha + pid + "#R#" + uid }

type partilhaItem struct {
	PK         string  `dynamodbav:"PK"`
	SK         string  `dynamodbav:"SK"`
	Type       string  `dynamodbav:"type"`
	ID         string  `dynamodbav:"id"`
	GroupID    string  `dynamodbav:"groupId"`
	CultivoID  string  `dynamodbav:"cultivoId"`
	AutorID    string  `dynamodbav:"autorId"`
	AutorNome  string  `dynamodbav:"autorNome"`
	Vegetal    string  `dynamodbav:"vegetal"`
	Destino    string  `dynamodbav:"destino"`
	Unidade    string  `dynamodbav:"unidade"`
	Quantidade float64 `dynamodbav:"quantidade"`
	Restante   float64 `dynamodbav:"restante"`
	Descricao  string  `dynamodbav:"descricao"`
	Status     string  `dynamodbav:"status"`
	Reservas   int     `dynamodbav:"reservas"`
	CriadoEm   string  `dynamodbav:"criadoEm"`
	GSI1PK     string  `dynamodbav:"GSI1PK"`
	GSI1SK     string  `dynamodbav:"GSI1SK"`
}

type reservaItem struct {
	PK         string  `dynamodbav:"PK"`
	SK         string  `dynamodbav:"SK"`
	Type       string  `dynamodbav:"type"`
	UserID     string  `dynamodbav:"userId"`
	Nome       string  `dynamodbav:"nome"`
	Quantidade float64 `dynamodbav:"quantidade"`
	Status     string  `dynamodbav:"status"`
	CriadoEm   string  `dynamodbav:"criadoEm"`
}

func decodePartilha(r record) (domain.Partilha, error) {
	it, err := unmarshal[partilhaItem](r, "partilha")
	if err != nil {
		return domain.Partilha{}, err
	}
	return domain.Partilha{ID: it.ID, GroupID: it.GroupID, CultivoID: it.CultivoID, AutorID: it.AutorID, AutorNome: it.AutorNome,
		Vegetal: it.Vegetal, Destino: it.Destino, Unidade: it.Unidade, Quantidade: it.Quantidade, Restante: it.Restante,
		Descricao: it.Descricao, Status: it.Status, Reservas: it.Reservas, CriadoEm: parseTime(it.CriadoEm)}, nil
}

// PartilhaView is an offer with its reservations and the caller's.
type PartilhaView struct {
	Partilha domain.Partilha
	Reservas []domain.Reserva
	Minha    *domain.Reserva
}

// PartilhasScope binds a partilhas-list cursor to its group.
func PartilhasScope(gid string) string { return "partilhas:list|" + gid }

// Partilhas lists a group's offers, newest first: one Query of GSI1.
func (s *Store) Partilhas(ctx context.Context, gid string, limit int, after map[string]string) ([]domain.Partilha, map[string]string, error) {
	return queryPage(ctx, s, query{Index: IndexGSI1, PK: partilhasOf + gid, Limit: limit, After: after, NewestFirst: true, What: "partilhas of " + gid}, decodePartilha)
}

// Partilha reads an offer with its reservations: one strongly consistent Query.
func (s *Store) Partilha(ctx context.Context, gid, pid, uid string) (PartilhaView, error) {
	if !validID(pid) {
		return PartilhaView{}, domain.ErrPartilhaNotFound()
	}
	recs, err := queryAll(ctx, s, query{PK: GroupPK(gid), Prefix: PartilhaSK(pid), Consistent: true, What: "partilha " + pid}, 5,
		func(r record) (record, error) { return r, nil })
	if err != nil {
		return PartilhaView{}, err
	}
	v := PartilhaView{Reservas: []domain.Reserva{}}
	found := false
	for _, r := range recs {
		sk := sOf(r[attrSK])
		switch {
		case sk == PartilhaSK(pid):
			if v.Partilha, err = decodePartilha(r); err != nil {
				return v, err
			}
			found = true
		case strings.HasPrefix(sk, PartilhaSK(pid)+"#R#"):
			it, err := unmarshal[reservaItem](r, "reserva")
			if err != nil {
				return v, err
			}
			v.Reservas = append(v.Reservas, domain.Reserva{UserID: it.UserID, Nome: it.Nome, Quantidade: it.Quantidade, Status: it.Status, CriadoEm: parseTime(it.CriadoEm)})
		}
	}
	if !found {
		return v, domain.ErrPartilhaNotFound()
	}
	for i := range v.Reservas {
		if v.Reservas[i].UserID == uid {
			v.Minha = &v.Reservas[i]
		}
	}
	return v, nil
}

// CreatePartilha offers part of a harvest of the caller's (compartilhado or
// doado) in the cultivo's group: one BatchGetItem and one TransactWriteItems.
func (s *Store) CreatePartilha(ctx context.Context, gid string, actor Actor, in domain.PartilhaInput) (domain.Partilha, error) {
	if !validID(in.CultivoID) || !validID(in.ColheitaID) {
		return domain.Partilha{}, domain.ErrColheitaNaoEncontrada()
	}
	var out domain.Partilha
	err := attempt(ctx, func() error {
		ck, hk, pk := itemKey{CultivoPK(in.CultivoID), skMeta}, itemKey{CultivoPK(in.CultivoID), ColheitaSK(in.ColheitaID)}, itemKey{GroupPK(gid), PartilhaSK(in.ColheitaID)}
		st, err := s.readGroupState(ctx, gid, actor, domain.Access.CanParticipate, ck, hk, pk)
		if err != nil {
			return err
		}
		if st.items[pk] != nil {
			return domain.ErrColheitaJaPartilhada()
		}
		if st.items[ck] == nil || st.items[hk] == nil {
			return domain.ErrColheitaNaoEncontrada()
		}
		c, err := decodeCultivo(st.items[ck])
		if err != nil {
			return err
		}
		if c.GrupoID != gid {
			return domain.ErrColheitaDeOutroGrupo()
		}
		h, err := decodeColheita(st.items[hk])
		if err != nil {
			return err
		}
		now := s.now()
		p, err := domain.NovaPartilha(h, c, actor.ID, *in.Quantidade, in.Descricao, now)
		if err != nil {
			return err
		}
		t := newTxn(s.Table)
		t.putItem(itemPartilha, partilhaItem{PK: GroupPK(gid), SK: PartilhaSK(p.ID), Type: "partilha", ID: p.ID, GroupID: gid, CultivoID: p.CultivoID,
			AutorID: p.AutorID, AutorNome: p.AutorNome, Vegetal: p.Vegetal, Destino: p.Destino, Unidade: p.Unidade, Quantidade: p.Quantidade,
			Restante: p.Restante, Descricao: p.Descricao, Status: p.Status, CriadoEm: fmtTime(now),
			GSI1PK: partilhasOf + gid, GSI1SK: fmtTime(now) + "#" + p.ID}, "attribute_not_exists(PK)")
		requireMeta(t, gid)
		requireMember(t, gid, actor.ID)
		t.countDaily(actor.ID, domain.ActParticipacao, st.rules, now)
		err = s.write(ctx, t)
		if c, ok := isCancelled(err); ok && c.failed(itemPartilha) {
			return domain.ErrColheitaJaPartilhada()
		}
		if err := retryable(err, itemActor); err != nil {
			return err
		}
		out = p
		return nil
	})
	return out, err
}

// Reservar reserves part of an offer (members but the giver), who is told:
// one BatchGetItem, one Query and one TransactWriteItems.
func (s *Store) Reservar(ctx context.Context, gid, pid string, actor Actor, in domain.ReservaInput) (domain.Reserva, error) {
	var out domain.Reserva
	err := attempt(ctx, func() error {
		st, err := s.readGroupState(ctx, gid, actor, domain.Access.CanParticipate)
		if err != nil {
			return err
		}
		v, err := s.Partilha(ctx, gid, pid, actor.ID)
		if err != nil {
			return err
		}
		p := v.Partilha
		q := *in.Quantidade
		if err := p.PodeReservar(actor.ID, q, v.Minha); err != nil {
			return err
		}
		now := s.now()
		r := domain.Reserva{UserID: actor.ID, Nome: st.view.Membership.Nome, Quantidade: q, Status: domain.ReservaReservada, CriadoEm: now}
		t := newTxn(s.Table)
		pu := t.update(itemPartilha, GroupPK(gid), PartilhaSK(pid))
		pu.cond("%s = %s AND %s >= %s", pu.n("status"), pu.v(str(domain.PartilhaAberta)), pu.n("restante"), pu.v(floatAV(q)))
		pu.add("%s %s", pu.n("restante"), pu.v(floatAV(-q)))
		pu.incr("reservas", 1)
		t.putItem(itemReserva, reservaItem{PK: GroupPK(gid), SK: ReservaSK(pid, actor.ID), Type: "reserva", UserID: r.UserID, Nome: r.Nome,
			Quantidade: q, Status: r.Status, CriadoEm: fmtTime(now)}, "attribute_not_exists(PK)")
		requireMember(t, gid, actor.ID)
		t.notify(NewNotification(p.AutorID, domain.NotifPartilhaReserva,
			domain.TextoPartilhaReserva(r.Nome, domain.FormatQuantidade(q), domain.UnidadeTexto(p.Unidade), p.Vegetal), domain.LinkPartilha(gid, pid), now))
		t.countDaily(actor.ID, domain.ActParticipacao, st.rules, now)
		if err := retryable(s.write(ctx, t), itemPartilha, itemReserva, itemActor); err != nil {
			return err
		}
		out = r
		return nil
	})
	return out, err
}

// CancelarReserva gives a part not yet delivered back to the offer (the
// member who reserved it): one BatchGetItem, one Query, one TransactWriteItems.
func (s *Store) CancelarReserva(ctx context.Context, gid, pid string, actor Actor) error {
	return attempt(ctx, func() error {
		if _, err := s.readGroupState(ctx, gid, actor, domain.Access.CanParticipate); err != nil {
			return err
		}
		v, err := s.Partilha(ctx, gid, pid, actor.ID)
		if err != nil {
			return err
		}
		if v.Minha == nil {
			return domain.ErrReservaNotFound()
		}
		if v.Minha.Status == domain.ReservaEntregue {
			return domain.ErrParteJaEntregue()
		}
		t := newTxn(s.Table)
		d := newUpd()
		d.cond("%s = %s", d.n("status"), d.v(str(domain.ReservaReservada)))
		t.delete(itemReserva, GroupPK(gid), ReservaSK(pid, actor.ID), d)
		pu := t.update(itemPartilha, GroupPK(gid), PartilhaSK(pid))
		pu.cond("attribute_exists(PK)")
		pu.add("%s %s", pu.n("restante"), pu.v(floatAV(v.Minha.Quantidade)))
		pu.incr("reservas", -1)
		return retryable(s.write(ctx, t), itemReserva, itemPartilha)
	})
}

// Entregar marks a member's part delivered (the giver): the kg count for the
// giver and the group this month; the member is told. One BatchGetItem, one
// Query, one TransactWriteItems.
func (s *Store) Entregar(ctx context.Context, gid, pid, target string, actor Actor) (domain.Reserva, error) {
	var out domain.Reserva
	err := attempt(ctx, func() error {
		if _, err := s.readGroupState(ctx, gid, actor, domain.Access.CanParticipate); err != nil {
			return err
		}
		v, err := s.Partilha(ctx, gid, pid, target)
		if err != nil {
			return err
		}
		p := v.Partilha
		if p.AutorID != actor.ID {
			return domain.ErrSoDoadorEntrega()
		}
		r := v.Minha
		if r == nil {
			return domain.ErrReservaNotFound()
		}
		if r.Status == domain.ReservaEntregue {
			out = *r
			return nil
		}
		now := s.now()
		t := newTxn(s.Table)
		u := t.update(itemReserva, GroupPK(gid), ReservaSK(pid, target))
		u.cond("%s = %s", u.n("status"), u.v(str(domain.ReservaReservada)))
		u.set("%s = %s", u.n("status"), u.v(str(domain.ReservaEntregue)))
		u.set("%s = %s", u.n("entregueEm"), u.v(str(fmtTime(now))))
		requireMember(t, gid, actor.ID)
		t.relPartilha(gid, actor.ID, p.AutorNome, p.KgDe(r.Quantidade), domain.LocalDate(now))
		t.notify(NewNotification(target, domain.NotifPartilhaEntrega, domain.TextoPartilhaEntrega(p.AutorNome, p.Vegetal), domain.LinkPartilha(gid, pid), now))
		if err := retryable(s.write(ctx, t), itemReserva, itemActor); err != nil {
			return err
		}
		out = *r
		out.Status = domain.ReservaEntregue
		return nil
	})
	return out, err
}

// EncerrarPartilha closes an offer to new reservations (the giver or a
// coordinator): one BatchGetItem, one Query, one TransactWriteItems.
func (s *Store) EncerrarPartilha(ctx context.Context, gid, pid string, actor Actor) (domain.Partilha, error) {
	st, err := s.readGroupState(ctx, gid, actor, domain.Access.CanParticipate)
	if err != nil {
		return domain.Partilha{}, err
	}
	v, err := s.Partilha(ctx, gid, pid, actor.ID)
	if err != nil {
		return domain.Partilha{}, err
	}
	p := v.Partilha
	if p.AutorID != actor.ID && !st.access.Manager() {
		return p, domain.ErrSoDoadorEncerra()
	}
	t := newTxn(s.Table)
	u := t.update(itemPartilha, GroupPK(gid), PartilhaSK(pid))
	u.cond("attribute_exists(PK)")
	u.set("%s = %s", u.n("status"), u.v(str(domain.PartilhaEncerrada)))
	requireMember(t, gid, actor.ID)
	if err := s.write(ctx, t); err != nil {
		return p, err
	}
	p.Status = domain.PartilhaEncerrada
	return p, nil
}
