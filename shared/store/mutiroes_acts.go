package store

import (
	"context"
	"crypto/rand"
	"math/big"
	"strings"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/google/uuid"

	"github.com/verde-app/verde/shared/domain"
)

// groupState is what a group write reads first: the group, the caller's
// place in it and the rules, with any other items of the same BatchGetItem.
type groupState struct {
	view   GroupView
	access domain.Access
	rules  domain.Rules
	items  map[itemKey]record
}

// readGroupState reads the group, the caller's membership and the rules
// (one BatchGetItem, with extra keys), and refuses with may's error when the
// caller's access does not allow the act (an Access method such as
// domain.Access.CanParticipate); the state read comes with that error.
func (s *Store) readGroupState(ctx context.Context, gid string, actor Actor, may func(domain.Access, domain.Group) error, extra ...itemKey) (groupState, error) {
	if !validID(gid) {
		return groupState{}, domain.ErrGroupNotFound()
	}
	rules, err := s.Rules(ctx)
	if err != nil {
		return groupState{}, err
	}
	keys := append([]itemKey{{GroupPK(gid), skMeta}, {GroupPK(gid), MemberSK(actor.ID)}}, extra...)
	v, items, err := s.readView(ctx, gid, actor.ID, keys...)
	if err != nil {
		return groupState{}, err
	}
	st := groupState{view: v, access: v.Access(actor.ID, actor.Admin), rules: rules, items: items}
	return st, may(st.access, v.Group)
}

// requireMember adds "the actor is still a member" to t.
func requireMember(t *txn, gid, uid string) {
	u := t.check(itemActor, GroupPK(gid), MemberSK(uid))
	u.cond("attribute_exists(PK)")
}

// checkinCode is a fresh 6-digit check-in code.
func checkinCode() string {
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		return "000000"
	}
	return strings.Repeat("0", 6-len(n.String())) + n.String()
}

// CreateMutirao schedules a mutirão (coordinators), with the reminder due the
// day before: one BatchGetItem and one TransactWriteItems.
func (s *Store) CreateMutirao(ctx context.Context, gid string, actor Actor, in domain.MutiraoInput) (domain.Mutirao, error) {
	var out domain.Mutirao
	err := attempt(ctx, func() error {
		st, err := s.readGroupState(ctx, gid, actor, domain.Access.CanManage)
		if err != nil {
			return err
		}
		now := s.now()
		m, err := in.NewMutirao(uuid.Must(uuid.NewV7()).String(), gid, checkinCode(), actor.ID, st.view.Membership.Nome, now)
		if err != nil {
			return err
		}
		t := newTxn(s.Table)
		t.put(itemMutirao, toMutiraoItem(m), "attribute_not_exists(PK)")
		requireMeta(t, gid)
		requireManager(t, gid, actor.ID)
		putGroupDue(t, addDays(m.Dia(), -1), dueMutirao, gid, m.ID, now)
		t.countDaily(actor.ID, domain.ActCoordenacao, st.rules, now)
		if err := retryable(s.write(ctx, t), itemMeta, itemActor); err != nil {
			return err
		}
		out = m
		return nil
	})
	return out, err
}

// InscricaoResult is a sign-up as it stands after the act.
type InscricaoResult struct {
	Inscricao domain.Inscricao
	Mutirao   domain.Mutirao
}

// Inscrever signs the caller up for a tarefa (members): confirmed while it
// has vagas, on its waiting list otherwise (the coordinator is told when the
// last vaga is taken); the same tarefa again answers the
// sign-up as it is. One BatchGetItem, one Query (the mutirão and its
// sign-ups) and one TransactWriteItems; under contention, a few rounds.
func (s *Store) Inscrever(ctx context.Context, gid, mid string, actor Actor, in domain.InscricaoInput) (InscricaoResult, error) {
	var res InscricaoResult
	err := attempt(ctx, func() error {
		st, err := s.readGroupState(ctx, gid, actor, domain.Access.CanParticipate, itemKey{UserPK(actor.ID), skProfile})
		if err != nil {
			return err
		}
		mv, err := s.readMutirao(ctx, gid, mid, actor.ID)
		if err != nil {
			return err
		}
		m := mv.Mutirao
		if mine := mv.Minha; mine != nil {
			if mine.TarefaID == in.TarefaID {
				res = InscricaoResult{Inscricao: *mine, Mutirao: m}
				return nil
			}
			return domain.ErrJaInscrito()
		}
		now := s.now()
		status, err := m.Inscrever(in.TarefaID, now)
		if err != nil {
			return err
		}
		tarefa, _ := m.Tarefa(in.TarefaID)
		nome := st.view.Membership.Nome
		t := newTxn(s.Table)
		mu := t.update(itemMutirao, GroupPK(gid), MutiraoSK(mid))
		ins := mu.n(insAttr(tarefa.ID))
		mu.cond("%s = %s", mu.n("status"), mu.v(str(string(domain.MutiraoAgendado))))
		if status == domain.InscricaoConfirmada {
			mu.cond("%s < %s", ins, mu.v(num(tarefa.Vagas)))
			mu.incr(insAttr(tarefa.ID), 1)
			tarefa.Inscritos++
		} else {
			// Full when it commits, and the waiting list as read: nobody
			// waits while a vaga is free.
			mu.cond("%s >= %s AND %s = %s", ins, mu.v(num(tarefa.Vagas)), mu.n(espAttr(tarefa.ID)), mu.v(num(tarefa.Espera)))
			mu.cond("%s < %s", mu.n("esperaTotal"), mu.v(num(domain.MaxEsperaMutirao)))
			mu.incr(espAttr(tarefa.ID), 1)
			tarefa.Espera++
		}
		mu.add("%s %s", mu.n("esperaTotal"), mu.v(num(boolInt(status == domain.InscricaoEspera))))
		item := inscricaoItem{
			PK: GroupPK(gid), SK: InscricaoSK(mid, actor.ID), Type: "inscricao", GroupID: gid, MutiraoID: mid,
			UserID: actor.ID, Nome: nome, TarefaID: tarefa.ID, Status: string(status), Desde: fmtTime(now),
			Titulo: m.Titulo, Local: m.Local, Inicio: fmtTime(m.Inicio), DuracaoMin: m.DuracaoMin,
			GSI1PK: mutsOfUser + actor.ID, GSI1SK: mutiraoByTime(m),
		}
		t.putItem(itemInscricao, item, "attribute_not_exists(PK)")
		requireMember(t, gid, actor.ID)
		// The coordinator hears when a tarefa's last vaga is taken, not of
		// every sign-up: twenty sign-ups are one notice, not twenty.
		if status == domain.InscricaoConfirmada && tarefa.Inscritos == tarefa.Vagas && m.CriadoPor != actor.ID {
			t.notify(NewNotification(m.CriadoPor, domain.NotifMutiraoInscricao,
				domain.TextoMutiraoTarefaCompleta(tarefa.Titulo, m.Titulo), domain.LinkMutirao(gid, mid), now))
		}
		t.countDaily(actor.ID, domain.ActParticipacao, st.rules, now)
		if err := retryable(s.write(ctx, t), itemMutirao, itemInscricao, itemActor); err != nil {
			return err
		}
		after, err := decodeInscricao(mustMarshal(item))
		if err != nil {
			return err
		}
		if status == domain.InscricaoEspera {
			after.Posicao = tarefa.Espera
		}
		for i := range m.Tarefas {
			if m.Tarefas[i].ID == tarefa.ID {
				m.Tarefas[i] = tarefa
			}
		}
		res = InscricaoResult{Inscricao: after, Mutirao: m}
		return nil
	})
	return res, err
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Desistir takes the caller out of their tarefa (members, until the
// mutirão starts). A confirmed member's vaga goes to the first one waiting
// for the same tarefa, who is told, in the same transaction. One
// BatchGetItem, one Query and one TransactWriteItems.
func (s *Store) Desistir(ctx context.Context, gid, mid string, actor Actor) error {
	return attempt(ctx, func() error {
		if _, err := s.readGroupState(ctx, gid, actor, domain.Access.CanParticipate); err != nil {
			return err
		}
		mv, err := s.readMutirao(ctx, gid, mid, actor.ID)
		if err != nil {
			return err
		}
		m, mine := mv.Mutirao, mv.Minha
		if mine == nil {
			return domain.ErrInscricaoNotFound()
		}
		now := s.now()
		if err := m.PodeDesistir(now); err != nil {
			return err
		}
		tarefa, _ := m.Tarefa(mine.TarefaID)
		t := newTxn(s.Table)
		del := newUpd()
		del.cond("%s = %s", del.n("status"), del.v(str(string(mine.Status))))
		t.delete(itemInscricao, GroupPK(gid), InscricaoSK(mid, actor.ID), del)
		mu := t.update(itemMutirao, GroupPK(gid), MutiraoSK(mid))
		esp := mu.n(espAttr(tarefa.ID))
		// The waiting list as read: a member who joined it since makes this
		// read again (and may be the one moved up).
		mu.cond("%s = %s", esp, mu.v(num(tarefa.Espera)))
		if mine.Status == domain.InscricaoEspera {
			mu.incr(espAttr(tarefa.ID), -1)
			mu.incr("esperaTotal", -1)
		} else if next, ok := domain.PrimeiroDaFila(mv.Inscricoes, tarefa.ID); ok {
			mu.incr(espAttr(tarefa.ID), -1)
			mu.incr("esperaTotal", -1)
			pu := t.update(itemPromovida, GroupPK(gid), InscricaoSK(mid, next.UserID))
			pu.cond("%s = %s", pu.n("status"), pu.v(str(string(domain.InscricaoEspera))))
			pu.set("%s = %s", pu.n("status"), pu.v(str(string(domain.InscricaoConfirmada))))
			t.notify(NewNotification(next.UserID, domain.NotifMutiraoVaga, domain.TextoMutiraoVaga(tarefa.Titulo, m.Titulo), domain.LinkMutirao(gid, mid), now))
		} else {
			mu.incr(insAttr(tarefa.ID), -1)
		}
		if m.CriadoPor != actor.ID && mine.Status == domain.InscricaoConfirmada {
			t.notify(NewNotification(m.CriadoPor, domain.NotifMutiraoDesistiu,
				domain.TextoMutiraoDesistiu(mine.Nome, tarefa.Titulo, m.Titulo), domain.LinkMutirao(gid, mid), now))
		}
		return retryable(s.write(ctx, t), itemMutirao, itemInscricao, itemPromovida)
	})
}

// Checkin records that the caller arrived, with the code the coordinator
// shows (members with a confirmed vaga, on the day); a coordinator confirms
// it with the hours. One BatchGetItem, one Query, one TransactWriteItems.
func (s *Store) Checkin(ctx context.Context, gid, mid string, actor Actor, in domain.CheckinInput) (domain.Inscricao, error) {
	var out domain.Inscricao
	err := attempt(ctx, func() error {
		st, err := s.readGroupState(ctx, gid, actor, domain.Access.CanParticipate)
		if err != nil {
			return err
		}
		mv, err := s.readMutirao(ctx, gid, mid, actor.ID)
		if err != nil {
			return err
		}
		now := s.now()
		if err := mv.Mutirao.PodeCheckin(mv.Minha, in.Codigo, now); err != nil {
			return err
		}
		if mv.Minha.CheckinEm != nil {
			out = *mv.Minha
			return nil
		}
		t := newTxn(s.Table)
		u := t.update(itemInscricao, GroupPK(gid), InscricaoSK(mid, actor.ID))
		u.cond("%s = %s", u.n("status"), u.v(str(string(domain.InscricaoConfirmada))))
		u.set("%s = %s", u.n("checkinEm"), u.v(str(fmtTime(now))))
		t.countDaily(actor.ID, domain.ActParticipacao, st.rules, now)
		if err := retryable(s.write(ctx, t), itemInscricao); err != nil {
			return err
		}
		out = *mv.Minha
		out.CheckinEm = &now
		return nil
	})
	return out, err
}

// RegistrarPresenca records whether a member with a confirmed vaga came and
// for how many minutes (coordinators, from the mutirão's day): the sign-up,
// the mutirão's totals, the member's minutes (ContaMinutosVoluntarios, and a
// conquista it completes), the group's report of the month and year, and the
// first time Rules.Pontos.Mutirao points, once per member and mutirão. A
// correction moves the totals by the difference. One BatchGetItem, one Query
// and one TransactWriteItems.
func (s *Store) RegistrarPresenca(ctx context.Context, gid, mid, target string, actor Actor, in domain.PresencaInput) (domain.Inscricao, error) {
	if !validID(target) {
		return domain.Inscricao{}, domain.ErrMemberNotFound()
	}
	var out domain.Inscricao
	err := attempt(ctx, func() error {
		ledger := itemKey{UserPK(target), AwardSK(domain.MotivoMutirao, mid)}
		st, err := s.readGroupState(ctx, gid, actor, domain.Access.CanManage, itemKey{UserPK(target), skProfile}, ledger)
		if err != nil {
			return err
		}
		mv, err := s.readMutirao(ctx, gid, mid, target)
		if err != nil {
			return err
		}
		m, ins := mv.Mutirao, mv.Minha
		now := s.now()
		if err := m.PodeRegistrarPresenca(ins, now); err != nil {
			return err
		}
		minutos := *in.Minutos
		presente := *in.Presente
		if ins.Presente == presente && ins.Minutos == minutos {
			out = *ins
			return nil
		}
		ps, err := readProfileState(target, st.items[itemKey{UserPK(target), skProfile}])
		if err != nil {
			return err
		}
		delta := minutos - ins.Minutos
		dPres := boolInt(presente) - boolInt(ins.Presente)
		t := newTxn(s.Table)
		u := t.update(itemInscricao, GroupPK(gid), InscricaoSK(mid, target))
		u.cond("%s = %s AND %s = %s", u.n("status"), u.v(str(string(domain.InscricaoConfirmada))), u.n("minutos"), u.v(num(ins.Minutos)))
		u.set("%s = %s", u.n("presente"), u.v(boolean(presente)))
		u.set("%s = %s", u.n("minutos"), u.v(num(minutos)))
		mu := t.update(itemMutirao, GroupPK(gid), MutiraoSK(mid))
		mu.cond("attribute_exists(PK)")
		mu.incr("presentes", dPres)
		mu.incr("minutos", delta)
		requireManager(t, gid, actor.ID)
		ch := profileChange{counts: map[string]int{domain.ContaMinutosVoluntarios: delta}}
		if presente {
			ch.award = ptr(domain.AwardMutirao(st.rules, mid))
		}
		if ps.found {
			if _, _, err := s.applyProfile(ctx, t, ps, ch, st.items[ledger] != nil, nil, now); err != nil {
				return err
			}
		}
		rel := relChange{minutos: map[string]int{target: delta}, nomes: map[string]string{target: ins.Nome},
			atividade: "mutirao:" + mid, atividadeNome: domain.AtividadeMutirao(m.Titulo), mutirao: &m, presentesDelta: dPres}
		t.relMinutes(gid, domain.LocalDate(m.Inicio), rel)
		if presente {
			t.notify(NewNotification(target, domain.NotifMutiraoPresenca, domain.TextoMutiraoPresenca(m.Titulo, minutos), domain.LinkMutirao(gid, mid), now))
		}
		if err := retryable(s.write(ctx, t), itemInscricao, itemMutirao, itemProfile, itemLedger, itemActor, rankItemNames); err != nil {
			return err
		}
		out = *ins
		out.Presente, out.Minutos = presente, minutos
		return nil
	})
	return out, err
}

// CancelarMutirao cancels a mutirão that has not ended (coordinators):
// every sign-up is marked (the members' calendars show it cancelled) and its
// member told. One BatchGetItem, one Query and one TransactWriteItems per 30
// people (two for a full mutirão); each is safe to repeat, and cancelling
// again finishes what a failure in between left.
func (s *Store) CancelarMutirao(ctx context.Context, gid, mid string, actor Actor) (domain.Mutirao, error) {
	var out domain.Mutirao
	err := attempt(ctx, func() error {
		if _, err := s.readGroupState(ctx, gid, actor, domain.Access.CanManage); err != nil {
			return err
		}
		mv, err := s.readMutirao(ctx, gid, mid, actor.ID)
		if err != nil {
			return err
		}
		m := mv.Mutirao
		now := s.now()
		if err := m.PodeCancelar(now); err != nil {
			return err
		}
		var pending []domain.Inscricao
		for _, in := range mv.Inscricoes {
			if !in.Cancelado {
				pending = append(pending, in)
			}
		}
		texto := domain.TextoMutiraoCancelado(m.Titulo, domain.DiaLocal(m.Inicio))
		first := m.Status == domain.MutiraoAgendado
		for len(pending) > 0 || first {
			n := min(len(pending), cancelTxnPeople)
			batch := pending[:n]
			pending = pending[n:]
			t := newTxn(s.Table)
			if first {
				mu := t.update(itemMutirao, GroupPK(gid), MutiraoSK(mid))
				mu.cond("%s = %s", mu.n("status"), mu.v(str(string(domain.MutiraoAgendado))))
				// The sign-ups as read: one made since makes this read again.
				mu.cond("%s = %s", mu.n("esperaTotal"), mu.v(num(espera(m))))
				for _, tr := range m.Tarefas {
					mu.cond("%s = %s", mu.n(insAttr(tr.ID)), mu.v(num(tr.Inscritos)))
				}
				mu.set("%s = %s", mu.n("status"), mu.v(str(string(domain.MutiraoCancelado))))
				requireManager(t, gid, actor.ID)
			}
			for _, in := range batch {
				u := t.update("inscricao:"+in.UserID, GroupPK(gid), InscricaoSK(mid, in.UserID))
				u.cond("attribute_exists(PK) AND attribute_not_exists(%s)", u.n("cancelado"))
				u.set("%s = %s", u.n("cancelado"), u.v(boolean(true)))
				if in.UserID != actor.ID {
					t.notify(NewNotification(in.UserID, domain.NotifMutiraoCancelado, texto, domain.LinkMutirao(gid, mid), now))
				}
			}
			err := s.write(ctx, t)
			if first {
				if err := retryable(err, itemMutirao, itemActor); err != nil {
					return err
				}
			} else if err != nil {
				if _, ok := isCancelled(err); ok {
					return errRetry // a sign-up left or was marked since: read again and finish
				}
				return err
			}
			first = false
		}
		m.Status = domain.MutiraoCancelado
		out = m
		return nil
	})
	return out, err
}

func espera(m domain.Mutirao) int {
	_, _, e := m.Vagas()
	return e
}

// mustMarshal is an item struct as stored (nil if it does not encode).
func mustMarshal(v any) record {
	item, err := attributevalue.MarshalMap(v)
	if err != nil {
		return nil
	}
	return item
}
