package store

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/verde-app/verde/shared/domain"
)

// The access list: the server's own record of who the API refuses and who
// is a site admin. One item, read by the auth middleware on every request
// from the container's copy, which is at most AccessTTL old:
//
//	CONFIG / DESATIVADOS
//	  ids        string set      members an admin disabled (/admin/usuarios)
//	  admins     string set      site admins (the Cognito group "admin" is kept in
//	                             step only so the SPA's token shows the menu)
//	  excluidos  map uid → {desde, concluida}  accounts whose deletion started:
//	                             refused on every route but the deletion's own
//	                             (on every route once concluded), kept for
//	                             DeletedKeep after it started (every access
//	                             token issued before it has expired by then)
//
// A change made by a container is in its own copy at once; other containers
// see it within AccessTTL. One GetItem per container per AccessTTL, whatever
// the traffic.
const (
	skAccess = "DESATIVADOS"
	// AccessTTL bounds how long a container keeps the access list: a member
	// disabled, demoted or deleting is refused by every container within it.
	AccessTTL = 2 * time.Second
	// DeletedKeep is how long a deletion stays in the list: longer than an
	// access token lives (15 minutes) and than the deletion itself runs.
	DeletedKeep = 2 * time.Hour
)

// Access is what the access list says of one member.
type Access struct {
	Disabled bool
	Admin    bool
	// DeletingSince is when the member confirmed the deletion of their
	// account (zero: none); Deleted, that it is done.
	DeletingSince time.Time
	Deleted       bool
}

// Deleting reports a deletion under way or done.
func (a Access) Deleting() bool { return !a.DeletingSince.IsZero() }

type accessList struct {
	disabled map[string]bool
	admins   map[string]bool
	deleting map[string]time.Time
	deleted  map[string]bool
	// synced: SyncAdmins ran (adminsSync), the list is the role's record.
	synced bool
	// hasDeleting: the item has its excluidos map.
	hasDeleting bool
}

type accessCache struct {
	mu    sync.Mutex
	list  *accessList
	until time.Time
}

var accessCaches sync.Map // *Store -> *accessCache

func (s *Store) accessCache() *accessCache {
	c, _ := accessCaches.LoadOrStore(s, &accessCache{})
	return c.(*accessCache)
}

func setOf(av types.AttributeValue) map[string]bool {
	out := map[string]bool{}
	if ss, ok := av.(*types.AttributeValueMemberSS); ok {
		for _, id := range ss.Value {
			out[id] = true
		}
	}
	return out
}

// AccessListKey is the access list's item key. Tests leave its reads out of a
// request's DynamoDB calls: one comes per container every AccessTTL, in
// whichever request comes first.
func AccessListKey() (pk, sk string) { return pkConfig, skAccess }

// readAccess is the stored list: one strongly consistent GetItem.
func (s *Store) readAccess(ctx context.Context) (*accessList, error) {
	item, err := s.getItem(ctx, pkConfig, skAccess, "access list")
	if err != nil {
		return nil, err
	}
	l := &accessList{disabled: setOf(item["ids"]), admins: setOf(item["admins"]), deleting: map[string]time.Time{}, deleted: map[string]bool{}}
	_, l.synced = item["adminsSync"]
	if m, ok := item["excluidos"].(*types.AttributeValueMemberM); ok {
		l.hasDeleting = true
		for uid, v := range m.Value {
			e, ok := v.(*types.AttributeValueMemberM)
			if !ok {
				continue
			}
			if at := parseTime(sOf(e.Value["desde"])); !at.IsZero() {
				l.deleting[uid] = at
			}
			if b, ok := e.Value["concluida"].(*types.AttributeValueMemberBOOL); ok && b.Value {
				l.deleted[uid] = true
			}
		}
	}
	return l, nil
}

// access is the container's copy of the list, read again when older than
// AccessTTL (or s.DisabledTTL when set: tests that count calls).
func (s *Store) access(ctx context.Context) (*accessList, error) {
	c := s.accessCache()
	c.mu.Lock()
	defer c.mu.Unlock()
	now := time.Now()
	if c.list == nil || !now.Before(c.until) {
		l, err := s.readAccess(ctx)
		if err != nil {
			return nil, err
		}
		ttl := AccessTTL
		if s.DisabledTTL > 0 {
			ttl = s.DisabledTTL
		}
		c.list, c.until = l, now.Add(ttl)
	}
	return c.list, nil
}

// AccessOf is what the access list says of uid, from the container's copy.
// The auth middleware asks it on every request.
func (s *Store) AccessOf(ctx context.Context, uid string) (Access, error) {
	l, err := s.access(ctx)
	if err != nil {
		return Access{}, err
	}
	a := Access{Disabled: l.disabled[uid], Admin: l.admins[uid]}
	if at, ok := l.deleting[uid]; ok {
		a.DeletingSince, a.Deleted = at, l.deleted[uid]
	}
	return a, nil
}

// IsDisabled reports whether an admin disabled uid (the container's copy).
func (s *Store) IsDisabled(ctx context.Context, uid string) (bool, error) {
	a, err := s.AccessOf(ctx, uid)
	return a.Disabled, err
}

// IsAdmin reports whether uid is a site admin (the container's copy).
func (s *Store) IsAdmin(ctx context.Context, uid string) (bool, error) {
	a, err := s.AccessOf(ctx, uid)
	return a.Admin, err
}

// forgetAccess drops the container's copy: the next request reads the list
// again (after a change this container made).
func (s *Store) forgetAccess() {
	c := s.accessCache()
	c.mu.Lock()
	c.list = nil
	c.mu.Unlock()
}

// accessUpdate adds the list's item to t, pruning deletions older than
// DeletedKeep (the read list l names them).
func accessUpdate(t *txn, l *accessList, now time.Time) *upd {
	u := t.update("access", pkConfig, skAccess)
	u.set("%s = %s", u.n("type"), u.v(str("config")))
	for uid, at := range l.deleting {
		if now.Sub(at) > DeletedKeep {
			u.remove(u.n("excluidos") + "." + u.n(uid))
		}
	}
	return u
}

// SetDisabled disables (off) or enables the member uid: one transaction with
// the list and the audit entry.
func (s *Store) SetDisabled(ctx context.Context, uid string, off bool, actor Actor) error {
	l, err := s.readAccess(ctx)
	if err != nil {
		return err
	}
	if err := domain.CanSetDisabled(actor.ID, uid, off, l.disabled[uid], len(l.disabled)); err != nil {
		return err
	}
	now := s.now()
	t := newTxn(s.Table)
	u := accessUpdate(t, l, now)
	acao := domain.AuditUsuarioReativado
	if off {
		u.add("ids %s", u.v(stringSet(uid)))
		acao = domain.AuditUsuarioDesativado
	} else {
		u.del("ids %s", u.v(stringSet(uid)))
	}
	t.audit(domain.AuditEntry{AdminID: actor.ID, Acao: acao, Entidade: "usuario", EntidadeID: uid, Em: now,
		Antes: map[string]bool{"desativado": l.disabled[uid]}, Depois: map[string]bool{"desativado": off}})
	if err := s.write(ctx, t); err != nil {
		return err
	}
	s.forgetAccess()
	return nil
}

// SetAdmin grants or revokes uid's admin role on the server's record, in one
// transaction with its audit entry (the caller keeps Cognito's group in step
// and signs a revoked admin out). Nobody changes their own role. It reports
// whether uid was an admin before.
func (s *Store) SetAdmin(ctx context.Context, uid string, admin bool, actor Actor) (bool, error) {
	if uid == actor.ID {
		return false, domain.ErrPapelProprio()
	}
	l, err := s.readAccess(ctx)
	if err != nil {
		return false, err
	}
	was := l.admins[uid]
	if was == admin {
		return was, nil
	}
	now := s.now()
	t := newTxn(s.Table)
	u := accessUpdate(t, l, now)
	if admin {
		u.add("admins %s", u.v(stringSet(uid)))
	} else {
		u.del("admins %s", u.v(stringSet(uid)))
	}
	t.audit(domain.AuditEntry{AdminID: actor.ID, Acao: domain.AuditUsuarioAdmin, Entidade: "usuario", EntidadeID: uid, Em: now,
		Antes: map[string]bool{"admin": was}, Depois: map[string]bool{"admin": admin}})
	if err := s.write(ctx, t); err != nil {
		return was, err
	}
	s.forgetAccess()
	return was, nil
}

// GrantAdminBootstrap makes uid an admin without an acting admin: the local
// cloud's demo admin, `make admin` and SyncAdmins (the first admin of a
// stack). The audit entry names the actor "sistema".
func (s *Store) GrantAdminBootstrap(ctx context.Context, uid string) error {
	_, err := s.SetAdmin(ctx, uid, true, Actor{ID: domain.AuditActorSistema})
	return err
}

// SyncAdmins copies the members of Cognito's admin group into the list once,
// on a stack whose list has no admins attribute yet (made before the list
// held the role): run at deploy by the migration admins-do-cognito and by the local
// bootstrap. Afterwards the list is the record and this does nothing.
func (s *Store) SyncAdmins(ctx context.Context, members []string) error {
	l, err := s.readAccess(ctx)
	if err != nil || l.synced {
		return err
	}
	t := newTxn(s.Table)
	u := accessUpdate(t, l, s.now())
	u.cond("attribute_not_exists(adminsSync)")
	u.set("adminsSync = %s", u.v(boolean(true)))
	if len(members) > 0 {
		u.add("admins %s", u.v(&types.AttributeValueMemberSS{Value: members}))
	}
	now := s.now()
	for _, uid := range members {
		t.audit(domain.AuditEntry{AdminID: domain.AuditActorSistema, Acao: domain.AuditUsuarioAdmin, Entidade: "usuario", EntidadeID: uid, Em: now,
			Antes: map[string]bool{"admin": false}, Depois: map[string]bool{"admin": true}})
	}
	if err := s.write(ctx, t); err != nil {
		var c *cancelled
		if errors.As(err, &c) && c.failed("access") {
			return nil // another container synced first
		}
		return fmt.Errorf("sync admins: %w", err)
	}
	s.forgetAccess()
	return nil
}

// markDeleting adds uid's deletion to the list in t (its start time).
func markDeleting(t *txn, l *accessList, uid string, now time.Time) {
	u := accessUpdate(t, l, now)
	if _, ok := l.deleting[uid]; ok {
		return
	}
	entry := &types.AttributeValueMemberM{Value: map[string]types.AttributeValue{"desde": str(fmtTime(now))}}
	if !l.hasDeleting {
		u.set("%s = %s", u.n("excluidos"), u.v(&types.AttributeValueMemberM{Value: map[string]types.AttributeValue{uid: entry}}))
		return
	}
	u.set("%s.%s = %s", u.n("excluidos"), u.n(uid), u.v(entry))
}

// markDeleted records that uid's deletion is done: from then on the
// deletion's own routes refuse the account's tokens too.
func (s *Store) markDeleted(ctx context.Context, uid string) error {
	t := newTxn(s.Table)
	u := t.update("access", pkConfig, skAccess)
	u.set("%s.%s.%s = %s", u.n("excluidos"), u.n(uid), u.n("concluida"), u.v(boolean(true)))
	u.cond("attribute_exists(%s.%s)", u.n("excluidos"), u.n(uid))
	if err := s.write(ctx, t); err != nil {
		var c *cancelled
		if errors.As(err, &c) && c.failed("access") {
			return nil // pruned long after: nothing to mark
		}
		return err
	}
	s.forgetAccess()
	return nil
}
