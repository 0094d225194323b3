package store

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/verde-app/verde/shared/domain"
)

// A lote is never held by two members: every assignment is conditional on
// the lote being livre, in the same transaction that adds it to the member's
// lotes and moves the group's counters; of twenty simultaneous assignments
// one commits, and the others, reading again, find it ocupado (409).
//
// Open requests for a lote (GROUP#gid / LOTEREQ#<code>#<uid>) are counted on
// the lote (pedidosPendentes) and on each requester's membership
// (lotesSolicitados, at most MaxLoteRequestsMember per group); every write
// that adds or removes a request moves both in its transaction. The
// assignment closes every open request for the lote in its transaction: it
// pins pedidosPendentes to the value it read (a request filed or withdrawn in
// between makes it read again), deletes the requests, takes the code out of
// each requester's lotesSolicitados, tells them, and leaves the count at 0.

// The assignment's transaction: the lote, the member's membership, their own
// request, the group, the actor's check, the actor's day (the daily cap of
// coordination acts), and the member's notification and unread counter; then, per other request closed, the request, the
// requester's membership, a notification and its unread counter.
const (
	assignBaseItems        = 8
	closedRequestItems     = 4
	maxClosedPerAssignment = (100 - assignBaseItems) / closedRequestItems
)

// The per-lote cap keeps every assignment inside DynamoDB's 100 items (this
// fails to compile otherwise).
const _ uint = maxClosedPerAssignment - domain.MaxRequestsPerLote

type loteItem struct {
	PK               string  `dynamodbav:"PK"`
	SK               string  `dynamodbav:"SK"`
	Type             string  `dynamodbav:"type"`
	GroupID          string  `dynamodbav:"groupId"`
	Codigo           string  `dynamodbav:"codigo"`
	Area             float64 `dynamodbav:"area"`
	Status           string  `dynamodbav:"status"`
	ResponsavelID    *string `dynamodbav:"responsavelId,omitempty"`
	ResponsavelNome  *string `dynamodbav:"responsavelNome,omitempty"`
	AtribuidoEm      *string `dynamodbav:"atribuidoEm,omitempty"`
	Observacoes      string  `dynamodbav:"observacoes"`
	PedidosPendentes int     `dynamodbav:"pedidosPendentes"`
	CultivosAtivos   int     `dynamodbav:"cultivosAtivos"`
	Version          int     `dynamodbav:"version"`
	CreatedAt        string  `dynamodbav:"createdAt"`
	UpdatedAt        string  `dynamodbav:"updatedAt"`
}

func toLoteItem(l domain.Lote) loteItem {
	return loteItem{
		PK: GroupPK(l.GroupID), SK: LoteSK(l.Codigo), Type: "lote", GroupID: l.GroupID, Codigo: l.Codigo,
		Area: l.Area, Status: string(l.Status), Observacoes: l.Observacoes, Version: l.Version,
		CreatedAt: fmtTime(l.CreatedAt), UpdatedAt: fmtTime(l.UpdatedAt),
	}
}

func decodeLote(item map[string]types.AttributeValue) (domain.Lote, error) {
	it, err := unmarshal[loteItem](item, "lote")
	if err != nil {
		return domain.Lote{}, err
	}
	l := domain.Lote{
		GroupID: it.GroupID, Codigo: it.Codigo, Area: it.Area, Status: domain.LoteStatus(it.Status),
		ResponsavelID: it.ResponsavelID, ResponsavelNome: it.ResponsavelNome, Observacoes: it.Observacoes,
		PedidosPendentes: it.PedidosPendentes, CultivosAtivos: it.CultivosAtivos, Version: it.Version,
		CreatedAt: parseTime(it.CreatedAt), UpdatedAt: parseTime(it.UpdatedAt),
	}
	if it.AtribuidoEm != nil {
		t := parseTime(*it.AtribuidoEm)
		l.AtribuidoEm = &t
	}
	return l, nil
}

type loteRequestItem struct {
	PK        string `dynamodbav:"PK"`
	SK        string `dynamodbav:"SK"`
	Type      string `dynamodbav:"type"`
	GroupID   string `dynamodbav:"groupId"`
	Codigo    string `dynamodbav:"codigo"`
	UserID    string `dynamodbav:"userId"`
	Nome      string `dynamodbav:"nome"`
	CreatedAt string `dynamodbav:"createdAt"`
}

// loteOf is lote code of group gid among items read (nil: not there).
func loteOf(items map[itemKey]map[string]types.AttributeValue, gid, code string) (*domain.Lote, error) {
	li := items[itemKey{GroupPK(gid), LoteSK(code)}]
	if li == nil {
		return nil, nil
	}
	l, err := decodeLote(li)
	if err != nil {
		return nil, err
	}
	return &l, nil
}

func decodeLoteRequest(item map[string]types.AttributeValue) (domain.LoteRequest, error) {
	it, err := unmarshal[loteRequestItem](item, "lote request")
	if err != nil {
		return domain.LoteRequest{}, err
	}
	return domain.LoteRequest{GroupID: it.GroupID, Codigo: it.Codigo, UserID: it.UserID, Nome: it.Nome, CreatedAt: parseTime(it.CreatedAt)}, nil
}

// LotesScope binds a lotes-list cursor to its group.
func LotesScope(gid string) string { return "lotes:list|" + gid }

// LotesPage is one page of a group's lotes, in key order (the codes' byte
// order: A1, A10, A11 … A2), for GET /api/groups/{groupId}/lotes: one Query.
// The grid reads page after page and shows them in natural order.
func (s *Store) LotesPage(ctx context.Context, gid string, limit int, after map[string]string) ([]domain.Lote, map[string]string, error) {
	return queryPage(ctx, s, query{PK: GroupPK(gid), Prefix: prefixLote, Limit: limit, After: after, What: "lotes of " + gid}, decodeLote)
}

// LoteRequestsScope binds a lote-requests cursor to its group.
func LoteRequestsScope(gid string) string { return "lotes:requests|" + gid }

// LoteRequests lists a group's open lote requests by lote: one Query.
func (s *Store) LoteRequests(ctx context.Context, gid string, limit int, after map[string]string) ([]domain.LoteRequest, map[string]string, error) {
	return queryPage(ctx, s, query{PK: GroupPK(gid), Prefix: prefixLoteRequest, Limit: limit, After: after, What: "lote requests"}, decodeLoteRequest)
}

// openRequestsFor reads every open request for one lote: one strongly
// consistent Query of LOTEREQ#<code>#. The per-lote cap (20 small items)
// keeps it to one page; the loop only guards against older data.
func (s *Store) openRequestsFor(ctx context.Context, gid, code string) ([]domain.LoteRequest, error) {
	return queryAll(ctx, s, query{PK: GroupPK(gid), Prefix: loteRequestsOf(code), Consistent: true, What: "requests of lote " + code}, 5, decodeLoteRequest)
}

// loteState is what a lote write reads: the group, the actor's membership,
// the lote, and optionally a member and that member's request for it.
type loteState struct {
	view    GroupView
	access  domain.Access
	rules   domain.Rules
	lote    *domain.Lote
	target  *domain.Membership
	request *domain.LoteRequest
}

func (s *Store) readLote(ctx context.Context, gid, code string, actor Actor, target string) (loteState, error) {
	keys := []itemKey{{GroupPK(gid), skMeta}, {GroupPK(gid), MemberSK(actor.ID)}}
	if code != "" {
		keys = append(keys, itemKey{GroupPK(gid), LoteSK(code)})
	}
	if target != "" {
		keys = append(keys, itemKey{GroupPK(gid), MemberSK(target)})
		if code != "" {
			keys = append(keys, itemKey{GroupPK(gid), LoteRequestSK(code, target)})
		}
	}
	rules, err := s.Rules(ctx)
	if err != nil {
		return loteState{}, err
	}
	v, items, err := s.readView(ctx, gid, actor.ID, keys...)
	if err != nil {
		return loteState{}, err
	}
	st := loteState{view: v, access: v.Access(actor.ID, actor.Admin), rules: rules}
	if li := items[itemKey{GroupPK(gid), LoteSK(code)}]; code != "" && li != nil {
		l, err := decodeLote(li)
		if err != nil {
			return loteState{}, err
		}
		st.lote = &l
	}
	if target != "" {
		if st.target, err = memberOf(items, gid, target); err != nil {
			return loteState{}, err
		}
		if ri := items[itemKey{GroupPK(gid), LoteRequestSK(code, target)}]; code != "" && ri != nil {
			r, err := decodeLoteRequest(ri)
			if err != nil {
				return loteState{}, err
			}
			st.request = &r
		}
	}
	return st, nil
}

// counterOf is the group attribute counting lotes in status st.
func counterOf(st domain.LoteStatus) string {
	switch st {
	case domain.LoteOcupado:
		return "lotesOcupados"
	case domain.LoteManutencao:
		return "lotesManutencao"
	default:
		return "lotesLivres"
	}
}

// CreateLotes adds free lotes to a group (a coordinator; at most 98 at a
// time, 500 in all): one BatchGetItem and one TransactWriteItems that fails
// as a whole when any code already exists.
func (s *Store) CreateLotes(ctx context.Context, gid string, actor Actor, in domain.LoteBulkInput) ([]domain.Lote, error) {
	if !validID(gid) {
		return nil, domain.ErrGroupNotFound()
	}
	var created []domain.Lote
	err := attempt(ctx, func() error {
		st, err := s.readLote(ctx, gid, "", actor, "")
		if err != nil {
			return err
		}
		g := st.view.Group
		if err := st.access.CanManage(g); err != nil {
			return err
		}
		lotes := in.NewLotes(gid, s.now())
		n := len(lotes)
		max := st.rules.Limites.LotesPorGrupo
		if g.Lotes.Total+n > max {
			return domain.ErrTooManyLotes(max, g.Lotes.Total)
		}
		t := newTxn(s.Table)
		meta := requireMeta(t, gid)
		meta.cond("lotesTotal <= %s", meta.v(num(max-n)))
		meta.incr("lotesTotal", n)
		meta.incr("lotesLivres", n)
		requireManager(t, gid, actor.ID)
		for _, l := range lotes {
			item, err := attributevalue.MarshalMap(toLoteItem(l))
			if err != nil {
				return err
			}
			t.put("lote:"+l.Codigo, item, "attribute_not_exists(PK)")
		}
		t.stats(s.now()).total(TotalLotes, n)
		err = s.write(ctx, t)
		if c, ok := isCancelled(err); ok {
			if name, dup := c.failedPrefix("lote:"); dup {
				return domain.ErrLoteExists(strings.TrimPrefix(name, "lote:"))
			}
		}
		if err := retryable(err, itemMeta, itemActor); err != nil {
			return err
		}
		created = lotes
		return nil
	})
	return created, err
}

// UpdateLote edits a lote's area, observações or status livre/manutenção (a
// coordinator), if nobody changed it since version: one BatchGetItem and one
// TransactWriteItems.
func (s *Store) UpdateLote(ctx context.Context, gid, code string, actor Actor, u domain.LoteUpdate) (domain.Lote, error) {
	if !validID(gid) {
		return domain.Lote{}, domain.ErrGroupNotFound()
	}
	var out domain.Lote
	err := attempt(ctx, func() error {
		st, err := s.readLote(ctx, gid, code, actor, "")
		if err != nil {
			return err
		}
		if err := st.access.CanManage(st.view.Group); err != nil {
			return err
		}
		if st.lote == nil {
			return domain.ErrLoteNotFound(code)
		}
		if *u.Version != st.lote.Version {
			return errLoteChanged(code)
		}
		next, err := u.Apply(*st.lote, s.now())
		if err != nil {
			return err
		}
		t := newTxn(s.Table)
		lu := t.update("lote", GroupPK(gid), LoteSK(code))
		lu.cond("%s = %s", lu.n("version"), lu.v(num(st.lote.Version)))
		lu.set("%s = %s", lu.n("area"), lu.v(&types.AttributeValueMemberN{Value: fmt.Sprint(next.Area)}))
		lu.set("%s = %s", lu.n("observacoes"), lu.v(str(next.Observacoes)))
		lu.set("%s = %s", lu.n("status"), lu.v(str(string(next.Status))))
		lu.set("%s = %s", lu.n("updatedAt"), lu.v(str(fmtTime(next.UpdatedAt))))
		lu.set("%s = %s", lu.n("version"), lu.v(num(next.Version)))
		meta := requireMeta(t, gid)
		if next.Status != st.lote.Status {
			meta.incr(counterOf(st.lote.Status), -1)
			meta.incr(counterOf(next.Status), 1)
		}
		requireManager(t, gid, actor.ID)
		err = s.write(ctx, t)
		if c, ok := isCancelled(err); ok && c.failed("lote") {
			return errLoteChanged(code)
		}
		if err := retryable(err, itemMeta, itemActor); err != nil {
			return err
		}
		out = next
		return nil
	})
	return out, err
}

func errLoteChanged(code string) error {
	return domain.ErrLoteChanged(code)
}

// DeleteLote removes a lote that is not ocupado and has no open requests (a
// coordinator): one BatchGetItem and one TransactWriteItems.
func (s *Store) DeleteLote(ctx context.Context, gid, code string, actor Actor) error {
	if !validID(gid) {
		return domain.ErrGroupNotFound()
	}
	return attempt(ctx, func() error {
		st, err := s.readLote(ctx, gid, code, actor, "")
		if err != nil {
			return err
		}
		if err := st.access.CanManage(st.view.Group); err != nil {
			return err
		}
		l := st.lote
		if l == nil {
			return domain.ErrLoteNotFound(code)
		}
		if err := l.CanDelete(); err != nil {
			return err
		}
		t := newTxn(s.Table)
		d := newUpd()
		d.cond("%s = %s AND pedidosPendentes = %s", d.n("status"), d.v(str(string(l.Status))), d.v(num(0)))
		t.delete("lote", GroupPK(gid), LoteSK(code), d)
		meta := requireMeta(t, gid)
		meta.incr("lotesTotal", -1)
		meta.incr(counterOf(l.Status), -1)
		requireManager(t, gid, actor.ID)
		t.stats(s.now()).total(TotalLotes, -1)
		return retryable(s.write(ctx, t), "lote", itemMeta, itemActor)
	})
}

// AssignLote makes target responsible for a free lote (a coordinator), or
// approves target's request for it (fromRequest: the request must exist).
// The member is told; every other open request for the lote is closed in the
// same transaction and its requester told. One BatchGetItem, one Query when
// the lote has requests other than target's (its pedidosPendentes says so),
// and one TransactWriteItems: 2 calls, or 3.
func (s *Store) AssignLote(ctx context.Context, gid, code string, actor Actor, target string, fromRequest bool) (domain.Lote, error) {
	if !validID(gid) {
		return domain.Lote{}, domain.ErrGroupNotFound()
	}
	if !validID(target) {
		return domain.Lote{}, domain.ErrMemberNotFound()
	}
	var out domain.Lote
	recheck := fromRequest
	err := attempt(ctx, func() error {
		now := s.now()
		st, err := s.readLote(ctx, gid, code, actor, target)
		if err != nil {
			return err
		}
		g := st.view.Group
		a := domain.Assignment{Access: st.access, Group: g, Codigo: code, Lote: st.lote,
			Member: st.target, Request: st.request, FromRequest: fromRequest}
		if err := a.Check(st.rules); err != nil {
			if recheck && st.request == nil && st.lote != nil && st.lote.Status == domain.LoteLivre {
				// BatchGetItem reads each item on its own: it may see the
				// request already closed by an assignment committing right
				// then, and the lote still livre. One more read tells that
				// from a missing request.
				recheck = false
				return errRetry
			}
			return err
		}
		var others []domain.LoteRequest
		if a.OthersMayHaveAsked() {
			all, err := s.openRequestsFor(ctx, gid, code)
			if err != nil {
				return err
			}
			var stale bool
			if others, stale = a.Closing(all); stale {
				return errRetry // target's request arrived after the read
			}
			if len(others) > maxClosedPerAssignment {
				return domain.ErrLoteTooManyToClose(code, len(all))
			}
		}
		t := newTxn(s.Table)
		lu := t.update("lote", GroupPK(gid), LoteSK(code))
		lu.cond("%s = %s", lu.n("status"), lu.v(str(string(domain.LoteLivre))))
		// The requests closed below are all there are: a request filed or
		// withdrawn since the read moved this count.
		if st.lote.PedidosPendentes == 0 {
			lu.cond("attribute_not_exists(pedidosPendentes) OR pedidosPendentes = %s", lu.v(num(0)))
		} else {
			lu.cond("pedidosPendentes = %s", lu.v(num(st.lote.PedidosPendentes)))
		}
		lu.set("%s = %s", lu.n("status"), lu.v(str(string(domain.LoteOcupado))))
		lu.set("responsavelId = %s", lu.v(str(target)))
		lu.set("responsavelNome = %s", lu.v(str(st.target.Nome)))
		lu.set("atribuidoEm = %s", lu.v(str(fmtTime(now))))
		lu.set("updatedAt = %s", lu.v(str(fmtTime(now))))
		lu.set("pedidosPendentes = %s", lu.v(num(0)))
		lu.incr("version", 1)
		mu := t.update(itemMember, GroupPK(gid), MemberSK(target))
		mu.cond("attribute_exists(PK)")
		mu.cond("attribute_not_exists(lotes) OR size(lotes) < %s", mu.v(num(st.rules.Limites.LotesPorMembro)))
		mu.add("lotes %s", mu.v(&types.AttributeValueMemberSS{Value: []string{code}}))
		if st.request != nil {
			t.delete("lotereq", GroupPK(gid), LoteRequestSK(code, target), condExists())
			mu.del("lotesSolicitados %s", mu.v(&types.AttributeValueMemberSS{Value: []string{code}}))
		}
		closeLoteRequests(t, g, code, actor.ID, others, now)
		meta := requireMeta(t, gid)
		meta.incr("lotesLivres", -1)
		meta.incr("lotesOcupados", 1)
		requireManager(t, gid, actor.ID) // merges into the member's update when assigning to oneself
		if target != actor.ID {
			t.notify(NewNotification(target, domain.NotifLoteAtribuido, domain.TextoLoteAtribuido(code, g.Nome), domain.LinkLotes(gid), now))
		}
		if target != actor.ID || len(others) > 0 {
			t.countDaily(actor.ID, domain.ActCoordenacao, st.rules, now)
		}
		if err := retryable(s.write(ctx, t), "lote", "lotereq", "lotereq:*", itemMember, "member:*", itemMeta, itemActor); err != nil {
			return err
		}
		out = a.Assigned(now)
		return nil
	})
	return out, err
}

// closeLoteRequests closes other members' open requests for a lote being
// assigned: each request goes, its code leaves the requester's
// lotesSolicitados (freeing one of their MaxLoteRequestsMember), and the
// requester is told (unless they are the one assigning). The lote's count is
// the caller's.
func closeLoteRequests(t *txn, g domain.Group, code, actorID string, reqs []domain.LoteRequest, now time.Time) {
	for _, r := range reqs {
		t.delete("lotereq:"+r.UserID, GroupPK(g.ID), LoteRequestSK(code, r.UserID), condExists())
		mu := t.update("member:"+r.UserID, GroupPK(g.ID), MemberSK(r.UserID))
		mu.cond("attribute_exists(PK)")
		mu.del("lotesSolicitados %s", mu.v(&types.AttributeValueMemberSS{Value: []string{code}}))
		if r.UserID != actorID {
			t.notify(NewNotification(r.UserID, domain.NotifPedidoLoteEncerrado,
				domain.TextoPedidoLoteEncerrado(code, g.Nome), domain.LinkLotes(g.ID), now))
		}
	}
}

// FreeLote makes an occupied lote livre again (a coordinator, or the member
// responsible giving it up): one BatchGetItem and one TransactWriteItems.
func (s *Store) FreeLote(ctx context.Context, gid, code string, actor Actor) (domain.Lote, error) {
	if !validID(gid) {
		return domain.Lote{}, domain.ErrGroupNotFound()
	}
	var out domain.Lote
	err := attempt(ctx, func() error {
		now := s.now()
		st, err := s.readLote(ctx, gid, code, actor, "")
		if err != nil {
			return err
		}
		g := st.view.Group
		if err := st.access.CanReadInside(g); err != nil {
			return err
		}
		if st.lote == nil {
			return domain.ErrLoteNotFound(code)
		}
		l := *st.lote
		holder := l.ResponsavelID != nil && *l.ResponsavelID == actor.ID
		if !holder {
			if err := st.access.CanManage(g); err != nil {
				return err
			}
		}
		if l.Status != domain.LoteOcupado || l.ResponsavelID == nil {
			return domain.ErrLoteNotOccupied(code)
		}
		t := newTxn(s.Table)
		meta := requireMeta(t, gid)
		freeHeldLotes(t, meta, gid, *l.ResponsavelID, []string{code}, now)
		mu := t.update(itemMember, GroupPK(gid), MemberSK(*l.ResponsavelID))
		mu.cond("attribute_exists(PK)")
		mu.del("lotes %s", mu.v(&types.AttributeValueMemberSS{Value: []string{code}}))
		if !holder {
			requireManager(t, gid, actor.ID)
		}
		if err := retryable(s.write(ctx, t), "lote:*", itemMember, itemMeta, itemActor); err != nil {
			return err
		}
		l.Status, l.ResponsavelID, l.ResponsavelNome, l.AtribuidoEm, l.UpdatedAt = domain.LoteLivre, nil, nil, nil, now
		l.Version++
		out = l
		return nil
	})
	return out, err
}

// RequestLote files the caller's request for a free lote (any member; one
// open request per member and lote, at most 5 open per member, at most 20
// open per lote) and tells the group's dono: one BatchGetItem and one
// TransactWriteItems.
func (s *Store) RequestLote(ctx context.Context, gid, code string, actor Actor) (domain.LoteRequest, error) {
	if !validID(gid) {
		return domain.LoteRequest{}, domain.ErrGroupNotFound()
	}
	var out domain.LoteRequest
	err := attempt(ctx, func() error {
		now := s.now()
		st, err := s.readLote(ctx, gid, code, actor, actor.ID)
		if err != nil {
			return err
		}
		g := st.view.Group
		me := st.view.Membership
		if err := st.access.CanRequestLote(g, code, st.lote, me, st.request, st.rules); err != nil {
			return err
		}
		t := newTxn(s.Table)
		req := domain.LoteRequest{GroupID: gid, Codigo: code, UserID: actor.ID, Nome: me.Nome, CreatedAt: now}
		item, err := attributevalue.MarshalMap(loteRequestItem{
			PK: GroupPK(gid), SK: LoteRequestSK(code, actor.ID), Type: "loteRequest", GroupID: gid,
			Codigo: code, UserID: actor.ID, Nome: me.Nome, CreatedAt: fmtTime(now),
		})
		if err != nil {
			return err
		}
		t.put("lotereq", item, "attribute_not_exists(PK)")
		mu := t.update(itemMember, GroupPK(gid), MemberSK(actor.ID))
		mu.cond("attribute_exists(PK)")
		mu.cond("attribute_not_exists(lotesSolicitados) OR size(lotesSolicitados) < %s", mu.v(num(st.rules.Limites.PedidosLotePorMembro)))
		mu.add("lotesSolicitados %s", mu.v(&types.AttributeValueMemberSS{Value: []string{code}}))
		lu := t.update("lote", GroupPK(gid), LoteSK(code))
		lu.cond("%s = %s", lu.n("status"), lu.v(str(string(domain.LoteLivre))))
		lu.cond("attribute_not_exists(pedidosPendentes) OR pedidosPendentes < %s", lu.v(num(st.rules.Limites.PedidosPorLote)))
		lu.incr("pedidosPendentes", 1)
		meta := requireMeta(t, gid)
		if g.OwnerID != actor.ID {
			// The dono read is the dono told: a transfer in between makes this read again.
			meta.cond("ownerId = %s", meta.v(str(g.OwnerID)))
			t.notify(NewNotification(g.OwnerID, domain.NotifPedidoLote,
				domain.TextoPedidoLote(me.Nome, code, g.Nome), domain.LinkLotes(gid), now).By(actor.ID, me.Nome))
		}
		t.countDaily(actor.ID, domain.ActPedidoLote, st.rules, now)
		if err := retryable(s.write(ctx, t), "lotereq", itemMember, "lote", itemMeta); err != nil {
			return err
		}
		out = req
		return nil
	})
	return out, err
}

// DeleteLoteRequest rejects (a coordinator) or cancels (the requester) a
// lote request: one BatchGetItem and one TransactWriteItems. The request's
// delete is conditional, so a request closed in between (an assignment, a
// second click) is not counted off the lote twice.
func (s *Store) DeleteLoteRequest(ctx context.Context, gid, code string, actor Actor, target string) error {
	if !validID(gid) {
		return domain.ErrGroupNotFound()
	}
	if !validID(target) {
		return domain.ErrLoteRequestNotFound()
	}
	return attempt(ctx, func() error {
		st, err := s.readLote(ctx, gid, code, actor, target)
		if err != nil {
			return err
		}
		self := actor.ID == target
		if self {
			if !st.access.Member() {
				return st.access.CanParticipate(st.view.Group)
			}
		} else if err := st.access.CanManage(st.view.Group); err != nil {
			return err
		}
		if st.request == nil {
			return domain.ErrLoteRequestNotFound()
		}
		t := newTxn(s.Table)
		t.delete("lotereq", GroupPK(gid), LoteRequestSK(code, target), condExists())
		lu := t.update("lote", GroupPK(gid), LoteSK(code))
		lu.cond("attribute_exists(PK)")
		lu.incr("pedidosPendentes", -1)
		if st.target != nil {
			mu := t.update(itemMember, GroupPK(gid), MemberSK(target))
			mu.cond("attribute_exists(PK)")
			mu.del("lotesSolicitados %s", mu.v(&types.AttributeValueMemberSS{Value: []string{code}}))
		}
		if !self {
			requireManager(t, gid, actor.ID)
		}
		return retryable(s.write(ctx, t), "lote", "lotereq", itemMember, itemActor)
	})
}
