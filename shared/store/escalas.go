package store

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/verde-app/verde/shared/domain"
)

// Escalas (domain/escala.go): weekly rotas with swaps and turns done, all in
// the group's partition:
//
//	item                 PK            SK                             GSI1PK / GSI1SK
//	escala               GROUP#<gid>   ESCALA#<eid>                   MUTS#<gid> / ~ESCALA#<eid>            (the group's calendar)
//	a member's turns     GROUP#<gid>   ESCM#<eid>#<uid>               AGENDA#<uid> / ~ESCALA#<gid>#<eid>    (their calendar, "Minha escala")
//	a swap of a day      GROUP#<gid>   ESCD#<eid>#<day>#T             AGENDA#<para> / <start>#PEDIDO|TROCA#<eid>
//	a turn given away    GROUP#<gid>   ESCD#<eid>#<day>#X             AGENDA#<de> / <start>#CEDIDA#<eid>
//	a turn done          GROUP#<gid>   ESCD#<eid>#<day>#F#<uid>
//
// "~" sorts after every date, so a query of an agenda from a date reads the
// coming sign-ups and swaps and every weekly turn. An escala's page reads the
// escala with the group (one BatchGetItem) and its days from a week ago to
// four weeks ahead (one Query of ESCD#<eid>#<from>…<to>): the swaps and turns
// done of that window only, whatever the escala's history.

const (
	prefixEscala    = "ESCALA#"
	prefixEscMembro = "ESCM#"
	prefixEscDia    = "ESCD#"
	agendaEscala    = "~ESCALA#"
	itemEscala      = "escala"
	itemTroca       = "troca"
	itemFeito       = "feito"
)

func EscalaSK(eid string) string          { return prefixEscala + eid }
func escMembroSK(eid, uid string) string  { return prefixEscMembro + eid + "#" + uid }
func escDiaPrefix(eid string) string      { return prefixEscDia + eid + "#" }
func TrocaSK(eid, day string) string      { return escDiaPrefix(eid) + day + "#T" }
func cedidaSK(eid, day string) string     { return escDiaPrefix(eid) + day + "#X" }
func FeitoSK(eid, day, uid string) string { return escDiaPrefix(eid) + day + "#F#" + uid }
func agendaTroca(t time.Time, k, eid string) string {
	return fmtTime(t) + "#" + k + "#" + eid
}

type turnoAttr struct {
	Dia    int    `dynamodbav:"dia"`
	UserID string `dynamodbav:"userId"`
	Nome   string `dynamodbav:"nome"`
}

type escalaItem struct {
	PK         string      `dynamodbav:"PK"`
	SK         string      `dynamodbav:"SK"`
	Type       string      `dynamodbav:"type"`
	ID         string      `dynamodbav:"id"`
	GroupID    string      `dynamodbav:"groupId"`
	Nome       string      `dynamodbav:"nome"`
	Descricao  string      `dynamodbav:"descricao"`
	Hora       string      `dynamodbav:"hora"`
	DuracaoMin int         `dynamodbav:"duracaoMin"`
	Turnos     []turnoAttr `dynamodbav:"turnos"`
	Version    int         `dynamodbav:"version"`
	CriadoEm   string      `dynamodbav:"criadoEm"`
	GSI1PK     string      `dynamodbav:"GSI1PK"`
	GSI1SK     string      `dynamodbav:"GSI1SK"`
}

func toEscalaItem(e domain.Escala) escalaItem {
	it := escalaItem{PK: GroupPK(e.GroupID), SK: EscalaSK(e.ID), Type: "escala", ID: e.ID, GroupID: e.GroupID, Nome: e.Nome,
		Descricao: e.Descricao, Hora: e.Hora, DuracaoMin: e.DuracaoMin, Turnos: []turnoAttr{}, Version: e.Version, CriadoEm: fmtTime(e.CriadoEm),
		GSI1PK: mutsOfGroup + e.GroupID, GSI1SK: agendaEscala + e.ID}
	for _, t := range e.Turnos {
		it.Turnos = append(it.Turnos, turnoAttr(t))
	}
	return it
}

func decodeEscala(r record) (domain.Escala, error) {
	it, err := unmarshal[escalaItem](r, "escala")
	if err != nil {
		return domain.Escala{}, err
	}
	e := domain.Escala{ID: it.ID, GroupID: it.GroupID, Nome: it.Nome, Descricao: it.Descricao, Hora: it.Hora, DuracaoMin: it.DuracaoMin,
		Turnos: []domain.Turno{}, Version: it.Version, CriadoEm: parseTime(it.CriadoEm)}
	for _, t := range it.Turnos {
		e.Turnos = append(e.Turnos, domain.Turno(t))
	}
	return e, nil
}

// escalaMembroItem is a member's weekly turns in one escala: their agenda entry.
type escalaMembroItem struct {
	PK         string `dynamodbav:"PK"`
	SK         string `dynamodbav:"SK"`
	Type       string `dynamodbav:"type"`
	GroupID    string `dynamodbav:"groupId"`
	EscalaID   string `dynamodbav:"escalaId"`
	UserID     string `dynamodbav:"userId"`
	Nome       string `dynamodbav:"nome"` // the escala's
	Hora       string `dynamodbav:"hora"`
	DuracaoMin int    `dynamodbav:"duracaoMin"`
	Dias       []int  `dynamodbav:"dias"`
	GSI1PK     string `dynamodbav:"GSI1PK"`
	GSI1SK     string `dynamodbav:"GSI1SK"`
}

type trocaItem struct {
	PK         string `dynamodbav:"PK"`
	SK         string `dynamodbav:"SK"`
	Type       string `dynamodbav:"type"`
	GroupID    string `dynamodbav:"groupId"`
	EscalaID   string `dynamodbav:"escalaId"`
	EscalaNome string `dynamodbav:"escalaNome"`
	Data       string `dynamodbav:"data"`
	Inicio     string `dynamodbav:"inicio"`
	DuracaoMin int    `dynamodbav:"duracaoMin"`
	De         string `dynamodbav:"de"`
	DeNome     string `dynamodbav:"deNome"`
	Para       string `dynamodbav:"para"`
	ParaNome   string `dynamodbav:"paraNome"`
	Aceita     bool   `dynamodbav:"aceita"`
	CriadoEm   string `dynamodbav:"criadoEm"`
	GSI1PK     string `dynamodbav:"GSI1PK"`
	GSI1SK     string `dynamodbav:"GSI1SK"`
}

type feitoItem struct {
	PK       string `dynamodbav:"PK"`
	SK       string `dynamodbav:"SK"`
	Type     string `dynamodbav:"type"`
	EscalaID string `dynamodbav:"escalaId"`
	Data     string `dynamodbav:"data"`
	UserID   string `dynamodbav:"userId"`
	Nome     string `dynamodbav:"nome"`
	Minutos  int    `dynamodbav:"minutos"`
	CriadoEm string `dynamodbav:"criadoEm"`
}

// EscalaView is an escala with its window's swaps and turns done.
type EscalaView struct {
	Escala domain.Escala
	Trocas []domain.Troca
	Feitos []domain.Feito
}

// EscalasScope binds an escalas-list cursor to its group.
func EscalasScope(gid string) string { return "escalas:list|" + gid }

// Escalas lists a group's escalas (at most domain.MaxEscalasGrupo): one Query.
func (s *Store) Escalas(ctx context.Context, gid string, limit int, after map[string]string) ([]domain.Escala, map[string]string, error) {
	return queryPage(ctx, s, query{PK: GroupPK(gid), Prefix: prefixEscala, Limit: limit, After: after, What: "escalas of " + gid}, decodeEscala)
}

// escalaDays reads the escala's window of days (swaps, turns given away,
// turns done): one Query.
func (s *Store) escalaDays(ctx context.Context, gid, eid string) ([]domain.Troca, []domain.Feito, error) {
	today := domain.LocalDate(s.now())
	from := escDiaPrefix(eid) + domain.FormatDate(today.AddDate(0, 0, -domain.JanelaEscalaPassado))
	to := escDiaPrefix(eid) + domain.FormatDate(today.AddDate(0, 0, domain.JanelaEscalaFuturo)) + "#~"
	recs, err := queryRangeAll(ctx, s, rangeQuery{PK: GroupPK(gid), From: from, To: to, What: "days of escala " + eid}, 3,
		func(r record) (record, error) { return r, nil })
	if err != nil {
		return nil, nil, err
	}
	trocas, feitos := []domain.Troca{}, []domain.Feito{}
	for _, r := range recs {
		switch sOf(r["type"]) {
		case "escalaTroca":
			it, err := unmarshal[trocaItem](r, "troca")
			if err != nil {
				return nil, nil, err
			}
			trocas = append(trocas, domain.Troca{Data: it.Data, De: it.De, DeNome: it.DeNome, Para: it.Para, ParaNome: it.ParaNome, Aceita: it.Aceita, CriadoEm: parseTime(it.CriadoEm)})
		case "escalaFeito":
			it, err := unmarshal[feitoItem](r, "feito")
			if err != nil {
				return nil, nil, err
			}
			feitos = append(feitos, domain.Feito{Data: it.Data, UserID: it.UserID, Nome: it.Nome, Minutos: it.Minutos, CriadoEm: parseTime(it.CriadoEm)})
		}
	}
	return trocas, feitos, nil
}

// readEscala reads the group, the caller's membership and the escala (one
// BatchGetItem, with extra keys) and, with days, its window (one Query).
func (s *Store) readEscala(ctx context.Context, gid, eid string, actor Actor, days bool, extra ...itemKey) (groupState, EscalaView, error) {
	if !validID(eid) {
		return groupState{}, EscalaView{}, domain.ErrEscalaNotFound()
	}
	st, err := s.readGroupState(ctx, gid, actor, domain.Access.CanReadInside, append([]itemKey{{GroupPK(gid), EscalaSK(eid)}}, extra...)...)
	if err != nil {
		return st, EscalaView{}, err
	}
	r := st.items[itemKey{GroupPK(gid), EscalaSK(eid)}]
	if r == nil {
		return st, EscalaView{}, domain.ErrEscalaNotFound()
	}
	e, err := decodeEscala(r)
	if err != nil {
		return st, EscalaView{}, err
	}
	v := EscalaView{Escala: e, Trocas: []domain.Troca{}, Feitos: []domain.Feito{}}
	if days {
		if v.Trocas, v.Feitos, err = s.escalaDays(ctx, gid, eid); err != nil {
			return st, v, err
		}
	}
	return st, v, nil
}

// Escala is an escala's page (members and site admins): one BatchGetItem and one Query.
func (s *Store) Escala(ctx context.Context, gid, eid string, actor Actor) (EscalaView, domain.Access, error) {
	st, v, err := s.readEscala(ctx, gid, eid, actor, true)
	return v, st.access, err
}

// SaveEscala creates an escala (eid "") or replaces its rota at the version
// read (coordinators): the escala, every member's agenda entry (added,
// changed or removed) and its next turn's reminder. The turns' members are
// read with the group (one BatchGetItem); one TransactWriteItems.
func (s *Store) SaveEscala(ctx context.Context, gid, eid string, actor Actor, in domain.EscalaInput) (domain.Escala, error) {
	var out domain.Escala
	err := attempt(ctx, func() error {
		keys := []itemKey{}
		for _, t := range in.Turnos {
			if !validID(t.UserID) {
				return domain.ErrTurnosMembros()
			}
			keys = append(keys, itemKey{GroupPK(gid), MemberSK(t.UserID)})
		}
		creating := eid == ""
		if !creating {
			if !validID(eid) {
				return domain.ErrEscalaNotFound()
			}
			keys = append(keys, itemKey{GroupPK(gid), EscalaSK(eid)})
		}
		st, err := s.readGroupState(ctx, gid, actor, domain.Access.CanManage, keys...)
		if err != nil {
			return err
		}
		now := s.now()
		prev := domain.Escala{}
		if creating {
			if intOf(st.items[itemKey{GroupPK(gid), skMeta}]["escalas"]) >= domain.MaxEscalasGrupo {
				return domain.ErrTooManyEscalas()
			}
			eid = uuid.Must(uuid.NewV7()).String()
		} else {
			r := st.items[itemKey{GroupPK(gid), EscalaSK(eid)}]
			if r == nil {
				return domain.ErrEscalaNotFound()
			}
			if prev, err = decodeEscala(r); err != nil {
				return err
			}
			if in.Version == nil || *in.Version != prev.Version {
				return domain.ErrEscalaChanged()
			}
		}
		e := domain.Escala{ID: eid, GroupID: gid, Nome: in.Nome, Descricao: in.Descricao, Hora: in.Hora, DuracaoMin: *in.DuracaoMin,
			Turnos: []domain.Turno{}, Version: prev.Version + 1, CriadoEm: now}
		if !creating {
			e.CriadoEm = prev.CriadoEm
		}
		for i, t := range in.Turnos {
			m, err := memberOf(st.items, gid, t.UserID)
			if err != nil {
				return err
			}
			if m == nil {
				return domain.ErrNaoMembro(fmt.Sprintf("turnos[%d].userId", i))
			}
			e.Turnos = append(e.Turnos, domain.Turno{Dia: *t.Dia, UserID: t.UserID, Nome: m.Nome})
		}
		slices.SortStableFunc(e.Turnos, func(a, b domain.Turno) int { return a.Dia - b.Dia })
		t := newTxn(s.Table)
		if creating {
			t.putItem(itemEscala, toEscalaItem(e), "attribute_not_exists(PK)")
			meta := requireMeta(t, gid)
			meta.cond("attribute_not_exists(escalas) OR escalas < %s", meta.v(num(domain.MaxEscalasGrupo)))
			meta.incr("escalas", 1)
		} else {
			u := newUpd()
			u.cond("%s = %s", u.n("version"), u.v(num(prev.Version)))
			t.putWhen(itemEscala, toEscalaItem(e), u)
			requireMeta(t, gid)
		}
		requireManager(t, gid, actor.ID)
		now2 := e.Membros()
		for uid, dias := range now2 {
			t.putItem("membro:"+uid, escalaMembroItem{PK: GroupPK(gid), SK: escMembroSK(eid, uid), Type: "escalaMembro", GroupID: gid, EscalaID: eid,
				UserID: uid, Nome: e.Nome, Hora: e.Hora, DuracaoMin: e.DuracaoMin, Dias: dias,
				GSI1PK: mutsOfUser + uid, GSI1SK: agendaEscala + gid + "#" + eid}, "")
		}
		for uid := range prev.Membros() {
			if _, kept := now2[uid]; !kept {
				t.delete("membro:"+uid, GroupPK(gid), escMembroSK(eid, uid), nil)
			}
		}
		if day := e.ProximoTurno(domain.FormatDate(domain.LocalDate(now))); day != "" {
			putGroupDue(t, day, dueEscala, gid, eid, now)
		}
		t.countDaily(actor.ID, domain.ActCoordenacao, st.rules, now)
		err = s.write(ctx, t)
		if c, ok := isCancelled(err); ok && c.failed(itemEscala) && !creating {
			return domain.ErrEscalaChanged()
		}
		if c, ok := isCancelled(err); ok && c.failed(itemMeta) && creating {
			return domain.ErrTooManyEscalas()
		}
		if err := retryable(err, itemActor); err != nil {
			return err
		}
		out = e
		return nil
	})
	return out, err
}

// DeleteEscala removes an escala and its members' agenda entries
// (coordinators); its turns done stay counted in the report. One
// BatchGetItem and one TransactWriteItems.
func (s *Store) DeleteEscala(ctx context.Context, gid, eid string, actor Actor) error {
	return attempt(ctx, func() error {
		st, v, err := s.readEscala(ctx, gid, eid, actor, false)
		if err != nil {
			return err
		}
		if err := st.access.CanManage(st.view.Group); err != nil {
			return err
		}
		t := newTxn(s.Table)
		u := newUpd()
		u.cond("%s = %s", u.n("version"), u.v(num(v.Escala.Version)))
		t.delete(itemEscala, GroupPK(gid), EscalaSK(eid), u)
		requireMeta(t, gid).incr("escalas", -1)
		requireManager(t, gid, actor.ID)
		for uid := range v.Escala.Membros() {
			t.delete("membro:"+uid, GroupPK(gid), escMembroSK(eid, uid), nil)
		}
		return retryable(s.write(ctx, t), itemEscala, itemActor)
	})
}

// PedirTroca: whoever is on duty on a day asks another member to take it;
// they are told. One BatchGetItem, one Query, one TransactWriteItems.
func (s *Store) PedirTroca(ctx context.Context, gid, eid string, actor Actor, in domain.TrocaInput) (domain.Troca, error) {
	var out domain.Troca
	err := attempt(ctx, func() error {
		if !validID(in.ParaUserID) {
			return domain.ErrMemberNotFound()
		}
		st, v, err := s.readEscala(ctx, gid, eid, actor, true, itemKey{GroupPK(gid), MemberSK(in.ParaUserID)})
		if err != nil {
			return err
		}
		if err := st.access.CanParticipate(st.view.Group); err != nil {
			return err
		}
		para, err := memberOf(st.items, gid, in.ParaUserID)
		if err != nil {
			return err
		}
		if para == nil {
			return domain.ErrNaoMembro("paraUserId")
		}
		now := s.now()
		e := v.Escala
		if err := e.PodeTrocar(in.Data, actor.ID, para.UserID, v.Trocas, now); err != nil {
			return err
		}
		inicio := e.Inicio(in.Data)
		tr := domain.Troca{Data: in.Data, De: actor.ID, DeNome: st.view.Membership.Nome, Para: para.UserID, ParaNome: para.Nome, CriadoEm: now}
		t := newTxn(s.Table)
		t.putItem(itemTroca, trocaItem{PK: GroupPK(gid), SK: TrocaSK(eid, in.Data), Type: "escalaTroca", GroupID: gid, EscalaID: eid, EscalaNome: e.Nome,
			Data: in.Data, Inicio: fmtTime(inicio), DuracaoMin: e.DuracaoMin, De: tr.De, DeNome: tr.DeNome, Para: tr.Para, ParaNome: tr.ParaNome,
			CriadoEm: fmtTime(now), GSI1PK: mutsOfUser + tr.Para, GSI1SK: agendaTroca(inicio, "PEDIDO", eid)}, "attribute_not_exists(PK)")
		ck := t.check(itemEscala, GroupPK(gid), EscalaSK(eid))
		ck.cond("%s = %s", ck.n("version"), ck.v(num(e.Version)))
		requireMember(t, gid, actor.ID)
		t.notify(NewNotification(tr.Para, domain.NotifEscalaTroca, domain.TextoEscalaTroca(tr.DeNome, e.Nome, in.Data), domain.LinkEscala(gid, eid), now))
		t.countDaily(actor.ID, domain.ActParticipacao, st.rules, now)
		if err := retryable(s.write(ctx, t), itemTroca, itemEscala, itemActor); err != nil {
			return err
		}
		out = tr
		return nil
	})
	return out, err
}

// ResponderTroca: the member asked accepts (they are on duty that day; the
// turn leaves the asker's calendar) or refuses (the request goes); the asker
// is told. The asker may also withdraw an open request (accept false). One
// BatchGetItem, one Query, one TransactWriteItems.
func (s *Store) ResponderTroca(ctx context.Context, gid, eid, day string, actor Actor, aceitar bool) (domain.Troca, error) {
	var out domain.Troca
	err := attempt(ctx, func() error {
		if _, ok := domain.ParseDate(day); !ok {
			return domain.ErrTrocaNotFound()
		}
		st, v, err := s.readEscala(ctx, gid, eid, actor, true)
		if err != nil {
			return err
		}
		if err := st.access.CanParticipate(st.view.Group); err != nil {
			return err
		}
		i := slices.IndexFunc(v.Trocas, func(t domain.Troca) bool { return t.Data == day })
		if i < 0 {
			return domain.ErrTrocaNotFound()
		}
		tr := v.Trocas[i]
		if tr.Aceita {
			return domain.ErrTrocaJaAceita()
		}
		asker := actor.ID == tr.De
		if actor.ID != tr.Para && !(asker && !aceitar) {
			return domain.ErrTrocaSoQuemRecebeu()
		}
		now := s.now()
		e := v.Escala
		t := newTxn(s.Table)
		u := newUpd()
		u.cond("%s = %s AND %s = %s", u.n("para"), u.v(str(tr.Para)), u.n("aceita"), u.v(boolean(false)))
		inicio := e.Inicio(day)
		if aceitar {
			tu := t.update(itemTroca, GroupPK(gid), TrocaSK(eid, day))
			tu.cond("%s = %s AND %s = %s", tu.n("para"), tu.v(str(tr.Para)), tu.n("aceita"), tu.v(boolean(false)))
			tu.set("%s = %s", tu.n("aceita"), tu.v(boolean(true)))
			tu.set("%s = %s", tu.n(attrGSI1SK), tu.v(str(agendaTroca(inicio, "TROCA", eid))))
			t.putItem("cedida", trocaItem{PK: GroupPK(gid), SK: cedidaSK(eid, day), Type: "escalaCedida", GroupID: gid, EscalaID: eid, EscalaNome: e.Nome,
				Data: day, Inicio: fmtTime(inicio), DuracaoMin: e.DuracaoMin, De: tr.De, DeNome: tr.DeNome, Para: tr.Para, ParaNome: tr.ParaNome,
				Aceita: true, CriadoEm: fmtTime(now), GSI1PK: mutsOfUser + tr.De, GSI1SK: agendaTroca(inicio, "CEDIDA", eid)}, "")
			t.notify(NewNotification(tr.De, domain.NotifEscalaTrocaOK, domain.TextoEscalaTrocaOK(tr.ParaNome, e.Nome, day), domain.LinkEscala(gid, eid), now))
			tr.Aceita = true
		} else {
			t.delete(itemTroca, GroupPK(gid), TrocaSK(eid, day), u)
			if !asker {
				t.notify(NewNotification(tr.De, domain.NotifEscalaTrocaNao, domain.TextoEscalaTrocaNao(tr.ParaNome, e.Nome, day), domain.LinkEscala(gid, eid), now))
			}
		}
		requireMember(t, gid, actor.ID)
		if err := retryable(s.write(ctx, t), itemTroca, itemActor); err != nil {
			return err
		}
		out = tr
		return nil
	})
	return out, err
}

// MarcarFeito: whoever is on duty marks a day's turn done (up to a week
// later): the escala's minutes count for them (ContaMinutosVoluntarios) and
// in the group's report. One BatchGetItem, one Query, one TransactWriteItems.
func (s *Store) MarcarFeito(ctx context.Context, gid, eid string, actor Actor, in domain.FeitoInput) (domain.Feito, error) {
	var out domain.Feito
	err := attempt(ctx, func() error {
		st, v, err := s.readEscala(ctx, gid, eid, actor, true, itemKey{UserPK(actor.ID), skProfile})
		if err != nil {
			return err
		}
		if err := st.access.CanParticipate(st.view.Group); err != nil {
			return err
		}
		now := s.now()
		e := v.Escala
		if err := e.PodeMarcarFeito(in.Data, actor.ID, v.Trocas, v.Feitos, now); err != nil {
			return err
		}
		f := domain.Feito{Data: in.Data, UserID: actor.ID, Nome: st.view.Membership.Nome, Minutos: e.DuracaoMin, CriadoEm: now}
		t := newTxn(s.Table)
		t.putItem(itemFeito, feitoItem{PK: GroupPK(gid), SK: FeitoSK(eid, in.Data, actor.ID), Type: "escalaFeito", EscalaID: eid, Data: f.Data,
			UserID: f.UserID, Nome: f.Nome, Minutos: f.Minutos, CriadoEm: fmtTime(now)}, "attribute_not_exists(PK)")
		requireMember(t, gid, actor.ID)
		ps, err := readProfileState(actor.ID, st.items[itemKey{UserPK(actor.ID), skProfile}])
		if err != nil {
			return err
		}
		if _, _, err := s.applyProfile(ctx, t, ps, profileChange{counts: map[string]int{domain.ContaMinutosVoluntarios: f.Minutos}}, false, actor.Source, now); err != nil {
			return err
		}
		day, _ := domain.ParseDate(in.Data)
		t.relMinutes(gid, day, relChange{minutos: map[string]int{actor.ID: f.Minutos}, nomes: map[string]string{actor.ID: f.Nome},
			atividade: "escala:" + eid, atividadeNome: domain.AtividadeEscala(e.Nome)})
		if err := retryable(s.write(ctx, t), itemFeito, itemProfile, itemActor, rankItemNames); err != nil {
			if c, ok := isCancelled(err); ok && c.failed(itemFeito) {
				return domain.ErrTurnoJaFeito()
			}
			return err
		}
		out = f
		return nil
	})
	return out, err
}

// escalaReminder adds to t the morning reminder of an escala's turn on day
// to whoever is on duty (after any swap), and makes the next turn due.
func (s *Store) escalaReminder(ctx context.Context, t *txn, gid, eid, day string, at, now time.Time) (bool, []Aviso, error) {
	items, err := s.batchGet(ctx, itemKey{GroupPK(gid), EscalaSK(eid)}, itemKey{GroupPK(gid), TrocaSK(eid, day)})
	if err != nil {
		return false, nil, err
	}
	r := items[itemKey{GroupPK(gid), EscalaSK(eid)}]
	if r == nil {
		return false, nil, nil // deleted since
	}
	e, err := decodeEscala(r)
	if err != nil {
		return false, nil, err
	}
	var trocas []domain.Troca
	if tr := items[itemKey{GroupPK(gid), TrocaSK(eid, day)}]; tr != nil {
		it, err := unmarshal[trocaItem](tr, "troca")
		if err != nil {
			return false, nil, err
		}
		trocas = append(trocas, domain.Troca{Data: it.Data, De: it.De, Para: it.Para, ParaNome: it.ParaNome, Aceita: it.Aceita})
	}
	if next := e.ProximoTurno(addDays(day, 1)); next != "" {
		putGroupDue(t, next, dueEscala, gid, eid, now)
	}
	texto := domain.TextoEscalaLembrete(e.Nome, e.Hora)
	link := domain.LinkEscala(gid, eid)
	var avisos []Aviso
	for _, tu := range e.NoDia(day, trocas) {
		t.notify(domain.NewNotification("lembrete-"+day+"-escala-"+eid+"-"+tu.UserID, tu.UserID, domain.NotifEscalaLembrete, texto, link, at))
		avisos = append(avisos, Aviso{UID: tu.UserID, Tipo: domain.NotifEscalaLembrete, Texto: texto, Link: link, Vegetal: e.Nome})
	}
	return true, avisos, nil // the next turn's reminder is written even when nobody is on duty today
}

// decodeEscalaAgenda reads an escala's entries of an agenda partition.
func decodeEscalaAgenda(r record) (domain.AgendaItem, error) {
	switch sOf(r["type"]) {
	case "escala":
		e, err := decodeEscala(r)
		if err != nil {
			return domain.AgendaItem{}, err
		}
		a := domain.AgendaItem{Tipo: domain.AgendaEscala, GroupID: e.GroupID, RefID: e.ID, Titulo: e.Nome, Descricao: e.Descricao,
			Hora: e.Hora, DuracaoMin: e.DuracaoMin}
		for d := range 7 {
			if len(e.NaRota(domain.FormatDate(time.Date(2030, 1, 6+d, 0, 0, 0, 0, time.UTC)))) > 0 { // 2030-01-06 is a Sunday
				a.Dias = append(a.Dias, d)
			}
		}
		var quem []string
		for _, t := range e.Turnos {
			quem = append(quem, domain.DiasSemana[t.Dia]+": "+t.Nome)
		}
		if len(quem) > 0 {
			a.Descricao = strings.TrimSpace(a.Descricao + "\n\n" + strings.Join(quem, "\n"))
		}
		return a, nil
	case "escalaMembro":
		it, err := unmarshal[escalaMembroItem](r, "escala membro")
		if err != nil {
			return domain.AgendaItem{}, err
		}
		return domain.AgendaItem{Tipo: domain.AgendaEscala, GroupID: it.GroupID, RefID: it.EscalaID, Titulo: it.Nome, Hora: it.Hora,
			DuracaoMin: it.DuracaoMin, Dias: it.Dias}, nil
	case "escalaTroca", "escalaCedida":
		it, err := unmarshal[trocaItem](r, "troca")
		if err != nil {
			return domain.AgendaItem{}, err
		}
		tipo := domain.AgendaTroca
		switch {
		case sOf(r["type"]) == "escalaCedida":
			tipo = domain.AgendaCedida
		case !it.Aceita:
			tipo = domain.AgendaPedido
		}
		return domain.AgendaItem{Tipo: tipo, GroupID: it.GroupID, RefID: it.EscalaID, Titulo: it.EscalaNome, Inicio: parseTime(it.Inicio),
			DuracaoMin: it.DuracaoMin, De: it.DeNome, Data: it.Data}, nil
	}
	return domain.AgendaItem{}, fmt.Errorf("agenda: unknown item %q", sOf(r[attrSK]))
}
