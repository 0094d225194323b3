package store

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"slices"
	"strings"
	"time"

	"github.com/verde-app/verde/shared/domain"
)

// Comment notifications collapse: a member has at most one unread
// notification about the comments of one post. A notice item per member and
// post points at it:
//
//	USER#<uid> / NOTIFPOST#<pid>   notifSK, tipo, atorId (its latest commenter),
//	                               atores (a short hash per distinct commenter)
//
// A new comment replaces that notification while it is unread (deleted
// under read = false, the new one put, the unread counters unchanged):
// "Fulano e mais 5 comentaram no seu post". Once it is read, the next comment
// starts a new one. The notices are read with one BatchGetItem per comment.

const (
	prefixNotifPost = "NOTIFPOST#"
	itemNotice      = "notice:"
	itemNoticeOld   = "noticeOld:"
	// maxNoticeActors bounds a notice's commenter hashes (the count shown
	// stops there).
	maxNoticeActors = 200
)

func noticeKey(uid, pid string) itemKey { return itemKey{UserPK(uid), prefixNotifPost + pid} }

type commentNotice struct {
	PK      string   `dynamodbav:"PK"`
	SK      string   `dynamodbav:"SK"`
	Type    string   `dynamodbav:"type"`
	NotifSK string   `dynamodbav:"notifSK"`
	Tipo    string   `dynamodbav:"tipo"`
	AtorID  string   `dynamodbav:"atorId,omitempty"`
	Atores  []string `dynamodbav:"atores"`
}

// actorHash names a commenter of pid in a notice without their id.
func actorHash(pid, uid string) string {
	h := sha256.Sum256([]byte(pid + "#" + uid))
	return hex.EncodeToString(h[:6])
}

// readNotices reads the notices of recipients about pid: one BatchGetItem
// (none without recipients).
func (s *Store) readNotices(ctx context.Context, pid string, recipients []string) (map[string]commentNotice, error) {
	out := map[string]commentNotice{}
	if len(recipients) == 0 {
		return out, nil
	}
	got, err := s.batchGet(ctx, keysOf(recipients, func(r string) itemKey { return noticeKey(r, pid) })...)
	if err != nil {
		return nil, err
	}
	for _, r := range recipients {
		if it := got[noticeKey(r, pid)]; it != nil {
			n, err := unmarshal[commentNotice](it, "comment notice")
			if err != nil {
				return nil, err
			}
			out[r] = n
		}
	}
	return out, nil
}

// noticeComment tells recipient of actor's comment on pid, replacing their
// unread notification about pid's comments (prev, unless stale: it was read).
func (t *txn) noticeComment(recipient, tipo, pid, actorID, nome string, prev commentNotice, found, stale bool, now time.Time) {
	atores := []string{}
	replace := found && !stale
	if replace {
		atores = slices.Clone(prev.Atores)
	}
	if h := actorHash(pid, actorID); !slices.Contains(atores, h) && len(atores) < maxNoticeActors {
		atores = append(atores, h)
	}
	if replace {
		old := newUpd()
		old.cond("attribute_exists(PK) AND #read = %s", old.v(boolean(false)))
		old.names["#read"] = "read"
		t.delete(itemNoticeOld+recipient, UserPK(recipient), prev.NotifSK, old)
		t.unread[recipient]--
		t.moveKind(recipient, prev.Tipo, -1)
		if prev.AtorID != "" {
			t.delete("noticeBy:"+recipient, UserPK(prev.AtorID), prefixNotifBy+recipient+"#"+prev.NotifSK, nil)
		}
	}
	texto := domain.TextoComentarios(nome, len(atores)-1)
	if tipo == domain.NotifResposta {
		texto = domain.TextoRespostas(nome, len(atores)-1)
	}
	n := NewNotification(recipient, tipo, texto, domain.LinkPost(pid), now).By(actorID, nome)
	t.notify(n)
	k := noticeKey(recipient, pid)
	t.putItem(itemNotice+recipient, commentNotice{PK: k.PK, SK: k.SK, Type: "commentNotice", NotifSK: NotificationSK(n.CriadoEm, n.ID),
		Tipo: tipo, AtorID: actorID, Atores: atores}, "")
}

// staleNotice reads which recipient's notification was read meanwhile from a
// refused transaction (its old notification's condition failed).
func staleNotice(c *cancelled) (string, bool) {
	name, ok := c.failedPrefix(itemNoticeOld)
	return strings.TrimPrefix(name, itemNoticeOld), ok
}
