package store

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"time"

	"github.com/verde-app/verde/shared/domain"
)

// Calendar feeds (iCalendar, served by shared/api/mutiroes): a member's own
// (the mutirões they signed up for and their escala turns) and a group's
// (its mutirões and escalas), each at an address the API signs. The address
// carries a nonce kept here; revoking deletes it, and a new address replaces
// it, so an address once shared stops working.
//
//	item                  PK           SK                              attributes
//	a member's feed       USER#<uid>   CALFEED#MEMBRO                  nonce, criadoEm
//	a group's feed        USER#<uid>   CALFEED#GRUPO#<gid>             nonce, criadoEm (one per member who asked)
//
// The feed reads its nonce (with the group and membership, for a group's) in
// one BatchGetItem, then one Query of the agenda partition from 30 days ago:
// AGENDA#<uid> (sign-ups, by date; escala turns under ~ESCALA#, after every
// date) or MUTS#<gid> (mutirões by date; escalas under ~ESCALA#).

const prefixCalFeed = "CALFEED#"

func calFeedSK(gid string) string {
	if gid == "" {
		return prefixCalFeed + "MEMBRO"
	}
	return prefixCalFeed + "GRUPO#" + gid
}

// CalendarFeed is the nonce of a member's feed (gid "" for their own).
type CalendarFeed struct {
	UserID, GroupID, Nonce string
}

func newNonce() string {
	b := make([]byte, 12)
	rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// CalendarFeedOf reads the caller's feed of scope (nil when none): one
// GetItem.
func (s *Store) CalendarFeedOf(ctx context.Context, uid, gid string) (*CalendarFeed, error) {
	if gid != "" && !validID(gid) {
		return nil, domain.ErrGroupNotFound()
	}
	r, err := s.getItem(ctx, UserPK(uid), calFeedSK(gid), "calendar feed")
	if err != nil || r == nil {
		return nil, err
	}
	return &CalendarFeed{UserID: uid, GroupID: gid, Nonce: sOf(r["nonce"])}, nil
}

// NewCalendarFeed gives the caller a new feed address of scope (a group's:
// members only), replacing any before: for a group one BatchGetItem, then
// one TransactWriteItems.
func (s *Store) NewCalendarFeed(ctx context.Context, actor Actor, gid string) (CalendarFeed, error) {
	f := CalendarFeed{UserID: actor.ID, GroupID: gid, Nonce: newNonce()}
	t := newTxn(s.Table)
	t.put("feed", record{attrPK: str(UserPK(actor.ID)), attrSK: str(calFeedSK(gid)), "type": str("calendarFeed"),
		"nonce": str(f.Nonce), "groupId": str(gid), "criadoEm": str(fmtTime(s.now()))}, "")
	if gid != "" {
		if _, err := s.readGroupState(ctx, gid, actor, domain.Access.CanParticipate); err != nil {
			return f, err
		}
		requireMember(t, gid, actor.ID)
	}
	if err := s.write(ctx, t); err != nil {
		if c, ok := isCancelled(err); ok && c.failed(itemActor) {
			return f, domain.ErrNotAMember()
		}
		return f, err
	}
	return f, nil
}

// RevokeCalendarFeed deletes the caller's feed of scope: its address stops
// working at once. One DeleteItem (as a transaction of one).
func (s *Store) RevokeCalendarFeed(ctx context.Context, uid, gid string) error {
	if gid != "" && !validID(gid) {
		return domain.ErrGroupNotFound()
	}
	t := newTxn(s.Table)
	t.delete("feed", UserPK(uid), calFeedSK(gid), nil)
	return s.write(ctx, t)
}

// CalendarFeedView is what a feed shows: its entries and, for a group's,
// the group's name.
type CalendarFeedView struct {
	Grupo string
	Itens []domain.AgendaItem
}

// ReadCalendarFeed reads the feed f names if it still holds f's nonce (and,
// for a group's, its member still belongs): one BatchGetItem and one Query.
// Anything else is not found.
func (s *Store) ReadCalendarFeed(ctx context.Context, f CalendarFeed) (CalendarFeedView, error) {
	notFound := domain.ErrCalendarioNotFound()
	if !validID(f.UserID) || (f.GroupID != "" && !validID(f.GroupID)) {
		return CalendarFeedView{}, notFound
	}
	keys := []itemKey{{UserPK(f.UserID), calFeedSK(f.GroupID)}}
	if f.GroupID != "" {
		keys = append(keys, itemKey{GroupPK(f.GroupID), skMeta}, itemKey{GroupPK(f.GroupID), MemberSK(f.UserID)})
	}
	items, err := s.batchGet(ctx, keys...)
	if err != nil {
		return CalendarFeedView{}, err
	}
	feed := items[keys[0]]
	if feed == nil || sOf(feed["nonce"]) != f.Nonce {
		return CalendarFeedView{}, notFound
	}
	out := CalendarFeedView{}
	pk := mutsOfUser + f.UserID
	if f.GroupID != "" {
		v, err := viewOf(items, f.GroupID, f.UserID)
		if err != nil || v.Membership == nil {
			return CalendarFeedView{}, notFound
		}
		out.Grupo, pk = v.Group.Nome, mutsOfGroup+f.GroupID
	}
	from := fmtTime(s.now().AddDate(0, 0, -30))
	out.Itens, err = queryRangeAll(ctx, s, rangeQuery{Index: IndexGSI1, PK: pk, From: from, What: "agenda"}, 1, decodeAgenda)
	return out, err
}

// Agenda is a member's agenda from today (Brasília): their coming mutirões
// and their escala turns ("Minha escala"). One Query.
func (s *Store) Agenda(ctx context.Context, uid string) ([]domain.AgendaItem, error) {
	today := domain.LocalDate(s.now()).Add(3 * time.Hour)
	return queryRangeAll(ctx, s, rangeQuery{Index: IndexGSI1, PK: mutsOfUser + uid, From: fmtTime(today), What: "agenda of " + uid}, 1, decodeAgenda)
}

// decodeAgenda reads any item of an agenda partition.
func decodeAgenda(r record) (domain.AgendaItem, error) {
	switch sOf(r["type"]) {
	case "mutirao":
		m, err := decodeMutirao(r)
		if err != nil {
			return domain.AgendaItem{}, err
		}
		return domain.AgendaItem{Tipo: domain.AgendaMutirao, GroupID: m.GroupID, RefID: m.ID, Titulo: m.Titulo, Local: m.Local,
			Descricao: m.Descricao, Inicio: m.Inicio, DuracaoMin: m.DuracaoMin, Cancelado: m.Status == domain.MutiraoCancelado}, nil
	case "inscricao":
		it, err := unmarshal[inscricaoItem](r, "inscricao")
		if err != nil {
			return domain.AgendaItem{}, err
		}
		return domain.AgendaItem{Tipo: domain.AgendaMutirao, GroupID: it.GroupID, RefID: it.MutiraoID, Titulo: it.Titulo, Local: it.Local,
			Inicio: parseTime(it.Inicio), DuracaoMin: it.DuracaoMin, Cancelado: it.Cancelado, Espera: it.Status == string(domain.InscricaoEspera)}, nil
	}
	return decodeEscalaAgenda(r)
}
