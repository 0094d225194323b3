package store

import (
	"context"
	"errors"
	"time"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/verde-app/verde/shared/domain"
)

// Every change of membership here reads what it decides on in one
// BatchGetItem, then writes in one TransactWriteItems whose conditions pin
// what was read; when another request got in between, the whole
// read-decide-write runs again (attempt), so the answer is always given on
// fresh data: "the group is full" after the tenth of fifty simultaneous
// joins, never an eleventh member.

// joinState is what a join reads about the group and the joiner.
type joinState struct {
	view    GroupView
	rules   domain.Rules
	profile profileState
	ledger  bool // the join points were paid before (joined once already)
	items   map[itemKey]map[string]types.AttributeValue
}

func (s *Store) readJoin(ctx context.Context, gid, uid string, extra ...itemKey) (joinState, error) {
	keys := append([]itemKey{
		{GroupPK(gid), skMeta}, {GroupPK(gid), MemberSK(uid)}, {GroupPK(gid), RequestSK(uid)},
		{UserPK(uid), skProfile}, {UserPK(uid), AwardSK(domain.MotivoEntrarGrupo, gid)},
	}, extra...)
	rules, err := s.Rules(ctx)
	if err != nil {
		return joinState{}, err
	}
	v, items, err := s.readView(ctx, gid, uid, keys...)
	if err != nil {
		return joinState{}, err
	}
	ps, err := readProfileState(uid, items[itemKey{UserPK(uid), skProfile}])
	if err != nil {
		return joinState{}, err
	}
	return joinState{
		view: v, rules: rules, profile: ps, items: items,
		ledger: items[itemKey{UserPK(uid), AwardSK(domain.MotivoEntrarGrupo, gid)}] != nil,
	}, nil
}

// addMember adds uid to the group in t: the membership (if absent), one more
// member on the group (only while memberCount < maxMembros), the join points
// (once per group), gruposParticipantes, and the removal of an open join
// request. fallbackNome names a user without a profile (from their request).
func (s *Store) addMember(ctx context.Context, t *txn, js joinState, uid string, source ProfileSource, fallbackNome string, now time.Time) (int, error) {
	g := js.view.Group
	meta := requireMeta(t, g.ID)
	meta.cond("memberCount < maxMembros")
	meta.incr("memberCount", 1)
	month := meta.n("entradasPorMes") + "." + meta.n(domain.MonthKey(now))
	meta.set("%s = if_not_exists(%s, %s) + %s", month, month, meta.v(num(0)), meta.v(num(1)))
	if js.view.Requested {
		t.delete(itemRequest, GroupPK(g.ID), RequestSK(uid), condExists())
		meta.incr("solicitacoesPendentes", -1)
	}
	pts, nome, err := s.applyProfile(ctx, t, js.profile,
		profileChange{award: ptr(domain.AwardEntrarGrupo(js.rules, g.ID)), addGroup: g.ID},
		js.ledger, source, now)
	if err != nil {
		return 0, err
	}
	if nome == "" {
		nome = fallbackNome
	}
	if err := s.leaderProgress(ctx, t, g, uid, now); err != nil {
		return 0, err
	}
	item, err := attributevalue.MarshalMap(toMemberItem(g, domain.Membership{
		UserID: uid, Papel: domain.PapelMembro, Nome: nome, JoinedAt: now.UTC(),
	}))
	if err != nil {
		return 0, err
	}
	t.put(itemMember, item, "attribute_not_exists(PK)")
	return pts, nil
}

func condExists() *upd {
	u := newUpd()
	u.cond("attribute_exists(PK)")
	return u
}

// JoinStatus says what a join did.
type JoinStatus string

const (
	JoinedNow JoinStatus = "membro"   // member at once (open group, approval, invite)
	Requested JoinStatus = "pendente" // request sent to the coordinators
)

// JoinResult is the outcome of a join.
type JoinResult struct {
	Status JoinStatus
	Pontos int // points awarded by this join (0 when paid before)
	Group  domain.Group
}

// Join lets the caller into an open group or files a request to a group that
// takes approval: one BatchGetItem and one TransactWriteItems. The join points
// are paid once per group, even after leaving and joining again.
func (s *Store) Join(ctx context.Context, gid string, who Actor) (JoinResult, error) {
	if !validID(gid) {
		return JoinResult{}, domain.ErrGroupNotFound()
	}
	var res JoinResult
	err := attempt(ctx, func() error {
		now := s.now()
		dayKey := itemKey{UserPK(who.ID), DaySK(now)}
		js, err := s.readJoin(ctx, gid, who.ID, dayKey)
		if err != nil {
			return err
		}
		g := js.view.Group
		outcome, err := js.view.Access(who.ID, who.Admin).DecideJoin(g, js.view.Requested, js.rules)
		if err != nil {
			return err
		}
		t := newTxn(s.Table)
		switch outcome {
		case domain.JoinByRequest:
			meta := requireMeta(t, gid)
			meta.cond("entrada = %s", meta.v(str(string(domain.EntradaAprovacao))))
			meta.cond("solicitacoesPendentes < %s", meta.v(num(js.rules.Limites.PedidosEntradaPorGrupo)))
			meta.incr("solicitacoesPendentes", 1)
			notMember := t.check(itemMember, GroupPK(gid), MemberSK(who.ID))
			notMember.cond("attribute_not_exists(PK)")
			_, nome, err := s.applyProfile(ctx, t, js.profile, profileChange{}, false, who.Source, now)
			if err != nil {
				return err
			}
			item, err := attributevalue.MarshalMap(requestItem{
				PK: GroupPK(gid), SK: RequestSK(who.ID), Type: "joinRequest", GroupID: gid, UserID: who.ID,
				Nome: nome, CreatedAt: fmtTime(now), GSI1PK: requestsOf(who.ID), GSI1SK: GroupPK(gid),
			})
			if err != nil {
				return err
			}
			t.put(itemRequest, item, "attribute_not_exists(PK)")
			t.countDaily(who.ID, domain.ActEntrada, js.rules, now)
			t.actedBy(js.profile, now)
			// One bell notification per requester per group per day: a
			// request/cancel loop does not fill the owner's bell.
			if tag := "pedidoEntrada:" + gid; !notifiedToday(js.items[dayKey], tag) {
				t.notify(NewNotification(g.OwnerID, domain.NotifSolicitacaoEntrada,
					domain.TextoSolicitacaoEntrada(nome, g.Nome), domain.LinkGrupoSolicitacoes(gid), now).By(who.ID, nome))
				t.noteOnce(who.ID, tag, now)
			}
			if err := retryable(s.write(ctx, t), itemMeta, itemMember, itemRequest, itemProfile); err != nil {
				return err
			}
			res = JoinResult{Status: Requested, Group: g}
			return nil
		default:
			meta := requireMeta(t, gid)
			meta.cond("entrada = %s", meta.v(str(string(domain.EntradaAberta))))
			pts, err := s.addMember(ctx, t, js, who.ID, who.Source, "", now)
			if err != nil {
				return err
			}
			t.countDaily(who.ID, domain.ActEntrada, js.rules, now)
			t.actedBy(js.profile, now)
			if err := retryable(s.write(ctx, t), itemMeta, itemMember, itemRequest, itemProfile, itemLedger); err != nil {
				return err
			}
			g.MemberCount++
			res = JoinResult{Status: JoinedNow, Pontos: pts, Group: g}
			return nil
		}
	})
	return res, err
}

// ApproveRequest makes the requester a member (with the join points once)
// and tells them: one BatchGetItem and one TransactWriteItems.
func (s *Store) ApproveRequest(ctx context.Context, gid string, actor Actor, target string) (domain.Membership, error) {
	if !validID(gid) || !validID(target) {
		return domain.Membership{}, domain.ErrGroupNotFound()
	}
	var m domain.Membership
	err := attempt(ctx, func() error {
		now := s.now()
		js, err := s.readJoin(ctx, gid, target, itemKey{GroupPK(gid), MemberSK(actor.ID)})
		if err != nil {
			return err
		}
		g := js.view.Group
		am, err := memberOf(js.items, gid, actor.ID)
		if err != nil {
			return err
		}
		access := GroupView{Group: g, Membership: am}.Access(actor.ID, actor.Admin)
		if err := access.CanManage(g); err != nil {
			return err
		}
		if !js.view.Requested {
			return domain.ErrJoinRequestNotFound()
		}
		req, err := decodeRequest(js.items[itemKey{GroupPK(gid), RequestSK(target)}])
		if err != nil {
			return err
		}
		if js.view.Membership != nil {
			return domain.ErrPersonAlreadyMember()
		}
		if g.Full() {
			return domain.ErrGroupFull()
		}
		t := newTxn(s.Table)
		if _, err := s.addMember(ctx, t, js, target, nil, req.Nome, now); err != nil {
			return err
		}
		requireManager(t, gid, actor.ID)
		t.countDaily(actor.ID, domain.ActCoordenacao, js.rules, now)
		t.notify(NewNotification(target, domain.NotifSolicitacaoAprovada,
			domain.TextoSolicitacaoAprovada(g.Nome), domain.LinkGrupo(gid), now))
		if err := retryable(s.write(ctx, t), itemMeta, itemMember, itemRequest, itemProfile, itemLedger, itemActor); err != nil {
			return err
		}
		m = domain.Membership{GroupID: gid, UserID: target, Papel: domain.PapelMembro, Nome: req.Nome, JoinedAt: now, Lotes: []string{}, LotesSolicitados: []string{}}
		return nil
	})
	return m, err
}

// DeleteRequest rejects a join request (a coordinator; the requester is told)
// or cancels it (the requester): one BatchGetItem, one TransactWriteItems.
func (s *Store) DeleteRequest(ctx context.Context, gid string, actor Actor, target string) error {
	if !validID(gid) || !validID(target) {
		return domain.ErrGroupNotFound()
	}
	return attempt(ctx, func() error {
		now := s.now()
		v, items, err := s.readView(ctx, gid, actor.ID, itemKey{GroupPK(gid), skMeta}, itemKey{GroupPK(gid), MemberSK(actor.ID)}, itemKey{GroupPK(gid), RequestSK(target)})
		if err != nil {
			return err
		}
		g := v.Group
		self := actor.ID == target
		if !self {
			if err := v.Access(actor.ID, actor.Admin).CanManage(g); err != nil {
				return err
			}
		}
		if items[itemKey{GroupPK(gid), RequestSK(target)}] == nil {
			// No existence oracle: someone who may not see the group gets
			// the answer of an unknown group, not "no such request".
			if !v.Access(actor.ID, actor.Admin).Sees(g) {
				return domain.ErrGroupNotFound()
			}
			return domain.ErrJoinRequestNotFound()
		}
		t := newTxn(s.Table)
		t.delete(itemRequest, GroupPK(gid), RequestSK(target), condExists())
		requireMeta(t, gid).incr("solicitacoesPendentes", -1)
		if !self {
			rules, err := s.Rules(ctx)
			if err != nil {
				return err
			}
			requireManager(t, gid, actor.ID)
			t.countDaily(actor.ID, domain.ActCoordenacao, rules, now)
			t.notify(NewNotification(target, domain.NotifSolicitacaoRecusada,
				domain.TextoSolicitacaoRecusada(g.Nome), domain.LinkGrupo(gid), now))
		}
		return retryable(s.write(ctx, t), itemRequest, itemMeta, itemActor)
	})
}

// RemoveMember takes target out of the group (target == actor: leaving): the
// membership goes, the member count drops, the lotes they held become free,
// their open lote requests go, and the group leaves their
// gruposParticipantes — one BatchGetItem and one TransactWriteItems (at most
// 10 lotes and 5 lote requests per member keep it under 100 items).
func (s *Store) RemoveMember(ctx context.Context, gid string, actor Actor, target string) error {
	if !validID(gid) || !validID(target) {
		return domain.ErrGroupNotFound()
	}
	return attempt(ctx, func() error {
		now := s.now()
		about, err := s.readAboutMember(ctx, gid, actor.ID, target, itemKey{UserPK(target), skProfile})
		if err != nil {
			return err
		}
		items, v, tm := about.items, about.view, about.target
		g := v.Group
		access := v.Access(actor.ID, actor.Admin)
		if target == actor.ID && tm == nil {
			if !access.Sees(g) {
				return domain.ErrGroupNotFound()
			}
			return domain.ErrNotAMember()
		}
		targetPapel := about.papel
		if err := access.CanRemove(g, target, targetPapel); err != nil {
			return err
		}
		ps, err := readProfileState(target, items[itemKey{UserPK(target), skProfile}])
		if err != nil {
			return err
		}

		t := newTxn(s.Table)
		del := newUpd()
		del.cond("attribute_exists(PK) AND papel = %s", del.v(str(string(tm.Papel))))
		t.delete(itemMember, GroupPK(gid), MemberSK(target), del)
		meta := requireMeta(t, gid)
		meta.incr("memberCount", -1)
		freeHeldLotes(t, meta, gid, target, tm.Lotes, now)
		dropLoteRequests(t, gid, target, tm.LotesSolicitados)
		if _, _, err := s.applyProfile(ctx, t, ps, profileChange{removeGroup: gid}, false, nil, now); err != nil {
			return err
		}
		if target != actor.ID && !actor.Admin {
			if targetPapel == domain.PapelCoordenador {
				requireOwner(t, gid, actor.ID)
			} else {
				requireManager(t, gid, actor.ID)
			}
		}
		return retryable(s.write(ctx, t), itemMember, itemMeta, itemProfile, itemActor, "lote:*", "lotereq:*")
	})
}

// freeHeldLotes frees the lotes uid held (leaving, removal).
func freeHeldLotes(t *txn, meta *upd, gid, uid string, codes []string, now time.Time) {
	for _, code := range codes {
		u := t.update("lote:"+code, GroupPK(gid), LoteSK(code))
		u.cond("responsavelId = %s", u.v(str(uid)))
		u.set("%s = %s", u.n("status"), u.v(str(string(domain.LoteLivre))))
		u.set("updatedAt = %s", u.v(str(fmtTime(now))))
		u.remove("responsavelId")
		u.remove("responsavelNome")
		u.remove("atribuidoEm")
		u.incr("version", 1)
	}
	meta.incr("lotesOcupados", -len(codes))
	meta.incr("lotesLivres", len(codes))
}

// dropLoteRequests deletes uid's open lote requests and their counts on the lotes.
func dropLoteRequests(t *txn, gid, uid string, codes []string) {
	for _, code := range codes {
		// Only if still there: an assignment may have just closed it (and taken
		// it off the member's list); the retry then reads the new list, so the
		// lote's count is never taken down twice.
		gone := newUpd()
		gone.cond("attribute_exists(PK)")
		t.delete("lotereq:"+code, GroupPK(gid), LoteRequestSK(code, uid), gone)
		u := t.update("lote:"+code, GroupPK(gid), LoteSK(code))
		u.cond("attribute_exists(PK)")
		u.incr("pedidosPendentes", -1)
	}
}

// aboutMember is what a write about another member reads in one BatchGetItem:
// the group as the actor sees it, and the target's membership (nil and no
// papel when they are not a member), plus any extra items the write needs.
type aboutMember struct {
	view   GroupView
	target *domain.Membership
	papel  domain.Papel
	items  map[itemKey]map[string]types.AttributeValue
}

func (s *Store) readAboutMember(ctx context.Context, gid, actorID, target string, extra ...itemKey) (aboutMember, error) {
	keys := append([]itemKey{{GroupPK(gid), skMeta}, {GroupPK(gid), MemberSK(actorID)}, {GroupPK(gid), MemberSK(target)}}, extra...)
	v, items, err := s.readView(ctx, gid, actorID, keys...)
	if err != nil {
		return aboutMember{}, err
	}
	tm, err := memberOf(items, gid, target)
	if err != nil {
		return aboutMember{}, err
	}
	a := aboutMember{view: v, target: tm, items: items}
	if tm != nil {
		a.papel = tm.Papel
	}
	return a, nil
}

// SetPapel promotes a membro to coordenador or demotes back (the dono only):
// one BatchGetItem, one TransactWriteItems (none when nothing changes).
func (s *Store) SetPapel(ctx context.Context, gid string, actor Actor, target string, papel domain.Papel) (domain.Membership, error) {
	if !validID(gid) || !validID(target) {
		return domain.Membership{}, domain.ErrGroupNotFound()
	}
	var out domain.Membership
	err := attempt(ctx, func() error {
		about, err := s.readAboutMember(ctx, gid, actor.ID, target)
		if err != nil {
			return err
		}
		v, tm, tp := about.view, about.target, about.papel
		if err := v.Access(actor.ID, actor.Admin).CanSetPapel(v.Group, target, tp, papel); err != nil {
			return err
		}
		out = *tm
		if tm.Papel == papel {
			return nil
		}
		t := newTxn(s.Table)
		u := t.update(itemMember, GroupPK(gid), MemberSK(target))
		u.cond("papel = %s", u.v(str(string(tm.Papel))))
		u.set("papel = %s", u.v(str(string(papel))))
		requireOwner(t, gid, actor.ID)
		if err := retryable(s.write(ctx, t), itemMember, itemActor); err != nil {
			return err
		}
		out.Papel = papel
		return nil
	})
	return out, err
}

// Transfer hands the group to another member: they become dono, the old dono
// a coordenador, and they are told. One BatchGetItem, one TransactWriteItems.
func (s *Store) Transfer(ctx context.Context, gid string, actor Actor, target string) error {
	if !validID(gid) {
		return domain.ErrGroupNotFound()
	}
	if !validID(target) {
		return domain.ErrMemberNotFound()
	}
	return attempt(ctx, func() error {
		now := s.now()
		about, err := s.readAboutMember(ctx, gid, actor.ID, target, itemKey{UserPK(actor.ID), skProfile}, itemKey{UserPK(target), skProfile})
		if err != nil {
			return err
		}
		v, tm, tp := about.view, about.target, about.papel
		if err := v.Access(actor.ID, actor.Admin).CanTransfer(v.Group, target, tp); err != nil {
			return err
		}
		t := newTxn(s.Table)
		// The count of owned groups moves with the group. A transfer is never
		// refused for the receiver's cap (it would strand a group whose owner
		// wants to leave): past it, they just cannot create another.
		for _, move := range []struct {
			uid   string
			delta int
		}{{actor.ID, -1}, {target, 1}} {
			uid, delta := move.uid, move.delta
			if about.items[itemKey{UserPK(uid), skProfile}] == nil {
				continue
			}
			o := t.update("owner:"+uid, UserPK(uid), skProfile)
			o.cond("attribute_exists(PK)")
			owned := o.n(attrGruposDono)
			start := 0
			if delta < 0 {
				start = 1
			}
			o.set("%s = if_not_exists(%s, %s) + %s", owned, owned, o.v(num(start)), o.v(num(delta)))
		}
		nu := t.update(itemMember, GroupPK(gid), MemberSK(target))
		nu.cond("papel = %s", nu.v(str(string(tm.Papel))))
		nu.set("papel = %s", nu.v(str(string(domain.PapelDono))))
		ou := t.update(itemActor, GroupPK(gid), MemberSK(actor.ID))
		ou.cond("papel = %s", ou.v(str(string(domain.PapelDono))))
		ou.set("papel = %s", ou.v(str(string(domain.PapelCoordenador))))
		meta := requireMeta(t, gid)
		meta.cond("ownerId = %s", meta.v(str(actor.ID)))
		meta.set("ownerId = %s", meta.v(str(target)))
		rules, err := s.Rules(ctx)
		if err != nil {
			return err
		}
		t.countDaily(actor.ID, domain.ActCoordenacao, rules, now)
		t.notify(NewNotification(target, domain.NotifGrupoTransferido, domain.TextoGrupoTransferido(v.Group.Nome), domain.LinkGrupo(gid), now))
		return retryable(s.write(ctx, t), itemMember, itemActor, itemMeta, "owner:*")
	})
}

// isCancelled reports whether err is a refused transaction.
func isCancelled(err error) (*cancelled, bool) {
	var c *cancelled
	ok := errors.As(err, &c)
	return c, ok
}
