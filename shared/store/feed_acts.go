package store

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/verde-app/verde/shared/domain"
)

// Likes and comments of the feed (feed.go has the keys).

// Curtida is the state of the caller's like of a post after a like or unlike.
type Curtida struct {
	Curtido  bool
	Curtidas int
}

// likeAttempts bounds the rounds of a like under contention: many members
// liking one post at once all touch the post and its author's profile, and
// DynamoDB cancels all but one of the transactions that meet on an item
// (TransactionConflict); each round waits a random time up to a growing cap
// (full jitter), so the contenders spread out and each gets through.
const likeAttempts = 100

func attemptMany(ctx context.Context, n int, f func() error) error {
	for i := 0; i < n; i++ {
		err := f()
		// A call that outlived its deadline may or may not have been
		// applied: the next round reads again and decides (a like or an
		// unlike that went through is then found done).
		if err != nil && errors.Is(err, context.DeadlineExceeded) && ctx.Err() == nil {
			err = errRetry
		}
		if err != errRetry {
			return err
		}
		ceil := min(10*time.Millisecond<<min(i, 5), 250*time.Millisecond)
		d := time.Duration(rand.Int64N(int64(ceil))) + time.Millisecond
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(d):
		}
	}
	return domain.ErrBusy()
}

func ledgerKey(uid, motivo, ref string) itemKey { return itemKey{UserPK(uid), AwardSK(motivo, ref)} }

func likeRef(pid, uid string) string { return pid + ":" + uid }

// Like makes the caller like a post, once however often it is sent: the
// like item (written only if absent), the post's count (ADD), the author's
// point (once per liker and post, in the ledger) and at most one
// notification per post an hour, in one transaction.
func (s *Store) Like(ctx context.Context, pid string, actor Actor) (Curtida, error) {
	rules, err := s.Rules(ctx)
	if err != nil {
		return Curtida{}, err
	}
	var out Curtida
	settle := ""
	err = attemptMany(ctx, likeAttempts, func() error {
		settle = ""
		st, err := s.readPost(ctx, pid, actor)
		if err != nil {
			return err
		}
		p := st.post
		if st.curtido {
			out = Curtida{Curtido: true, Curtidas: p.Curtidas}
			return nil
		}
		if err := p.CanInteract(); err != nil {
			return err
		}
		now := s.now()
		extra, err := s.batchGet(ctx, itemKey{UserPK(p.AutorID), skProfile}, ledgerKey(p.AutorID, domain.MotivoCurtidaRecebida, likeRef(pid, actor.ID)))
		if err != nil {
			return err
		}
		t := newTxn(s.Table)
		t.putItem(itemLike, map[string]any{"PK": PostPK(pid), "SK": LikeSK(actor.ID), "type": "like", "userId": actor.ID, "postId": pid, "criadoEm": fmtTime(now),
			attrGSI1PK: feedOf(actor.ID), attrGSI1SK: prefixLike + pid}, "attribute_not_exists(PK)")
		u := t.update(itemPost, PostPK(pid), skMeta)
		u.cond("attribute_exists(PK)")
		u.incr("curtidas", 1)
		if p.AutorID != actor.ID && p.AutorID != "" {
			last := parseTime(st.item.AvisoCurtidaEm)
			if st.item.AvisoCurtidaEm == "" || now.Sub(last) >= domain.AvisoCurtidas {
				if st.item.AvisoCurtidaEm == "" {
					u.cond("attribute_not_exists(avisoCurtidaEm)")
				} else {
					u.cond("avisoCurtidaEm = %s", u.v(str(st.item.AvisoCurtidaEm)))
				}
				u.set("avisoCurtidaEm = %s", u.v(str(fmtTime(now))))
				t.notify(NewNotification(p.AutorID, domain.NotifCurtida, domain.TextoCurtida(st.profile.profile.Nome), domain.LinkPost(pid), now).By(actor.ID, st.profile.profile.Nome))
			}
			ai := extra[itemKey{UserPK(p.AutorID), skProfile}]
			lk := ledgerKey(p.AutorID, domain.MotivoCurtidaRecebida, likeRef(pid, actor.ID))
			// Only a verified account's like pays (an account costs nothing to
			// make), and never past the author's daily ceiling.
			if ai != nil && extra[lk] == nil && rules.Pontos.CurtidaRecebida > 0 && st.profile.verified {
				aps, err := readProfileState(p.AutorID, ai)
				if err != nil {
					return err
				}
				if likeDayPoints(t, aps, rules.Pontos.CurtidaRecebida, "", rules, now) {
					addPending(t, p.AutorID, rules.Pontos.CurtidaRecebida)
					settle = p.AutorID
					t.putItem(itemLedger, ledgerRow(p.AutorID, domain.Award{Motivo: domain.MotivoCurtidaRecebida, Ref: likeRef(pid, actor.ID),
						Pontos: rules.Pontos.CurtidaRecebida}, now), "attribute_not_exists(PK)")
				}
			}
		}
		t.countDaily(actor.ID, domain.ActCurtida, rules, now)
		if err := s.write(ctx, t); err != nil {
			if c, ok := asCancelled(err); ok {
				if c.failed(itemLike) || c.failed(itemPost) || c.failed(itemLedger) || c.failed(itemAuthor) || c.transient() {
					return errRetry
				}
			}
			return err
		}
		out = Curtida{Curtido: true, Curtidas: p.Curtidas + 1}
		return nil
	})
	if err == nil && settle != "" {
		s.settlePoints(ctx, settle)
	}
	return out, err
}

// Unlike takes the caller's like back: the like item, the count, and the
// author's point for it (while their total covers it), in one transaction.
// Unliking what is not liked changes nothing.
func (s *Store) Unlike(ctx context.Context, pid string, actor Actor) (Curtida, error) {
	var out Curtida
	settle := ""
	err := attemptMany(ctx, likeAttempts, func() error {
		settle = ""
		st, err := s.readPost(ctx, pid, actor)
		if err != nil {
			return err
		}
		p := st.post
		if !st.curtido {
			out = Curtida{Curtido: false, Curtidas: p.Curtidas}
			return nil
		}
		lk := ledgerKey(p.AutorID, domain.MotivoCurtidaRecebida, likeRef(pid, actor.ID))
		extra, err := s.batchGet(ctx, itemKey{UserPK(p.AutorID), skProfile}, lk)
		if err != nil {
			return err
		}
		t := newTxn(s.Table)
		t.delete(itemLike, PostPK(pid), LikeSK(actor.ID), existsCond())
		u := t.update(itemPost, PostPK(pid), skMeta)
		u.cond("attribute_exists(PK) AND curtidas > %s", u.v(num(0)))
		u.incr("curtidas", -1)
		if li := extra[lk]; li != nil {
			pts, _ := strconv.Atoi(nOf(li["pontos"]))
			t.delete(itemLedger, lk.PK, lk.SK, existsCond())
			if ai := extra[itemKey{UserPK(p.AutorID), skProfile}]; ai != nil && pts > 0 {
				aps, err := readProfileState(p.AutorID, ai)
				if err != nil {
					return err
				}
				if d := min(pts, aps.profile.PontosTotais); d > 0 {
					addPending(t, p.AutorID, -d)
					likeDayPoints(t, aps, -d, domain.BrasiliaDay(parseTime(sOf(li["criadoEm"]))), domain.Rules{}, s.now())
					settle = p.AutorID
				}
			}
		}
		if err := s.write(ctx, t); err != nil {
			if c, ok := asCancelled(err); ok {
				if c.failed(itemLike) || c.failed(itemPost) || c.failed(itemLedger) || c.failed(itemAuthor) || c.transient() {
					return errRetry
				}
			}
			return err
		}
		out = Curtida{Curtido: false, Curtidas: max(p.Curtidas-1, 0)}
		return nil
	})
	if err == nil && settle != "" {
		s.settlePoints(ctx, settle)
	}
	return out, err
}

type commentItem struct {
	PK        string `dynamodbav:"PK"`
	SK        string `dynamodbav:"SK"`
	Type      string `dynamodbav:"type"`
	ID        string `dynamodbav:"id"`
	PostID    string `dynamodbav:"postId"`
	AutorID   string `dynamodbav:"autorId"`
	AutorNome string `dynamodbav:"autorNome"`
	Texto     string `dynamodbav:"texto"`
	Denuncias int    `dynamodbav:"denuncias"`
	Oculto    bool   `dynamodbav:"oculto"`
	Mantido   bool   `dynamodbav:"mantido,omitempty"` // an admin chose "manter": reports no longer hide it
	CriadoEm  string `dynamodbav:"criadoEm"`
	// GSI1 FEEDOF#<autorId> / COMMENT#<id>: the author's comments (account_hooks.go).
	GSI1PK string `dynamodbav:"GSI1PK,omitempty"`
	GSI1SK string `dynamodbav:"GSI1SK,omitempty"`
}

// comment is the comment cid of post pid among the items read with the
// post, or ErrComentarioNotFound.
func (st postState) comment(pid, cid string) (domain.Comentario, error) {
	ci := st.items[itemKey{PostPK(pid), CommentSK(cid)}]
	if ci == nil {
		return domain.Comentario{}, domain.ErrComentarioNotFound()
	}
	return decodeComment(ci)
}

func decodeComment(r record) (domain.Comentario, error) {
	it, err := unmarshal[commentItem](r, "comment")
	return domain.Comentario{ID: it.ID, PostID: it.PostID, AutorID: it.AutorID, AutorNome: it.AutorNome, Texto: it.Texto,
		Denuncias: it.Denuncias, Oculto: it.Oculto, CriadoEm: parseTime(it.CriadoEm)}, err
}

// AddComment writes a comment: the comment, the post's count and its recent
// commenters, the notifications (the post's author; earlier commenters of
// the thread, at most domain.MaxAvisadosComentario), the points (at most
// ComentariosPorDia a day) and the daily cap, in one transaction.
func (s *Store) AddComment(ctx context.Context, pid string, in domain.ComentarioInput, actor Actor) (domain.Comentario, int, error) {
	rules, err := s.Rules(ctx)
	if err != nil {
		return domain.Comentario{}, 0, err
	}
	id := newFeedID()
	var out domain.Comentario
	var pts int
	stale := map[string]bool{} // recipients who read their notification meanwhile
	err = attempt(ctx, func() error {
		now := s.now()
		day, dayKey := feedDayKey(actor.ID, now)
		st, err := s.readPost(ctx, pid, actor, dayKey)
		if err != nil {
			return err
		}
		p := st.post
		if err := p.CanInteract(); err != nil {
			return err
		}
		// Who is told: the author, and earlier commenters of the thread; each
		// gets their one unread notification about this post's comments
		// replaced (comment_notices.go).
		type told struct{ uid, tipo string }
		var recipients []told
		if p.AutorID != actor.ID && p.AutorID != "" {
			recipients = append(recipients, told{p.AutorID, domain.NotifComentario})
		}
		seen := map[string]bool{actor.ID: true, p.AutorID: true}
		for _, uid := range st.item.Comentaristas {
			if !seen[uid] {
				seen[uid] = true
				recipients = append(recipients, told{uid, domain.NotifResposta})
			}
		}
		uids := make([]string, 0, len(recipients))
		for _, r := range recipients {
			uids = append(uids, r.uid)
		}
		notices, err := s.readNotices(ctx, pid, uids)
		if err != nil {
			return err
		}
		t := newTxn(s.Table)
		u := t.update(itemPost, PostPK(pid), skMeta)
		u.cond("attribute_exists(PK) AND comentarios = %s", u.v(num(st.item.Comentarios)))
		u.incr("comentarios", 1)
		nome := st.profile.profile.Nome
		for _, r := range recipients {
			prev, found := notices[r.uid]
			t.noticeComment(r.uid, r.tipo, pid, actor.ID, nome, prev, found, stale[r.uid], now)
		}
		recent := slices.DeleteFunc(slices.Clone(st.item.Comentaristas), func(v string) bool { return v == actor.ID })
		recent = append(recent, actor.ID)
		if len(recent) > domain.MaxAvisadosComentario {
			recent = recent[len(recent)-domain.MaxAvisadosComentario:]
		}
		u.set("comentaristas = %s", u.v(strList(recent)))
		if p.GrupoID != "" && !actor.Admin {
			mu := t.check(itemMember, GroupPK(p.GrupoID), MemberSK(actor.ID))
			mu.cond("attribute_exists(PK)")
		}
		fd := readFeedDay(st.items[dayKey])
		du := touchFeedDay(t, actor.ID, day, fd, now)
		// A comment on someone else's post counts toward Bom Vizinho
		// (conquistas.go); the first ones of the day also earn points.
		award := domain.AwardComentario(rules, id, fd.comentarios)
		var counts map[string]int
		if p.AutorID != actor.ID && p.AutorID != "" {
			counts = map[string]int{domain.ContaComentarios: 1}
		}
		got := 0
		if award != nil || counts != nil {
			if got, _, err = s.applyProfile(ctx, t, st.profile, profileChange{award: award, counts: counts}, false, actor.Source, now); err != nil {
				return err
			}
		}
		if award != nil {
			du.incr("comentarios", 1)
		}
		c := domain.Comentario{ID: id, PostID: pid, AutorID: actor.ID, AutorNome: nome, Texto: in.Texto, CriadoEm: now}
		t.putItem(itemComment, commentItem{PK: PostPK(pid), SK: CommentSK(id), Type: "comment", ID: id, PostID: pid, AutorID: actor.ID,
			AutorNome: nome, Texto: in.Texto, CriadoEm: fmtTime(now), GSI1PK: feedOf(actor.ID), GSI1SK: CommentSK(id)}, "attribute_not_exists(PK)")
		t.countDaily(actor.ID, domain.ActComentario, rules, now)
		t.content(StatComentarios, st.profile.profile.UF, 1, now)
		t.actedBy(st.profile, now)
		if err := retryable(s.write(ctx, t), itemPost, itemProfile, itemLedger, itemFeedDia); err != nil {
			if c, ok := asCancelled(err); ok && c.failed(itemMember) {
				return domain.ErrPostNotFound()
			}
			if c, ok := asCancelled(err); ok {
				if r, read := staleNotice(c); read {
					stale[r] = true // read meanwhile: this comment starts a new one
					return errRetry
				}
			}
			return err
		}
		out, pts = c, got
		return nil
	})
	return out, pts, err
}

func strList(v []string) types.AttributeValue {
	l := make([]types.AttributeValue, 0, len(v))
	for _, x := range v {
		l = append(l, str(x))
	}
	return &types.AttributeValueMemberL{Value: l}
}

// Comments is a post's comments, oldest first, for whoever sees the post
// (hidden ones only for their authors and site admins): one BatchGetItem
// (the post and the caller's profile) and one Query.
func (s *Store) Comments(ctx context.Context, pid string, actor Actor, limit int, after map[string]string) ([]domain.Comentario, map[string]string, error) {
	if _, err := s.readPost(ctx, pid, actor); err != nil {
		return nil, nil, err
	}
	cs, next, err := queryPage(ctx, s, query{PK: PostPK(pid), Prefix: prefixComment, Limit: limit, After: after, Consistent: true, What: "comments"}, decodeComment)
	if err != nil {
		return nil, nil, err
	}
	out := cs[:0]
	for _, c := range cs {
		if !c.Oculto || c.AutorID == actor.ID || actor.Admin {
			out = append(out, c)
		}
	}
	return out, next, nil
}

// DeleteComment removes a comment: its author, a coordinator or dono of the
// post's group, or a site admin (the author is then told). One transaction.
func (s *Store) DeleteComment(ctx context.Context, pid, cid string, actor Actor) error {
	if !validID(cid) {
		return domain.ErrComentarioNotFound()
	}
	return attempt(ctx, func() error {
		st, err := s.readPost(ctx, pid, actor, itemKey{PostPK(pid), CommentSK(cid)})
		if err != nil {
			return err
		}
		c, err := st.comment(pid, cid)
		if err != nil {
			return err
		}
		if c.Oculto && c.AutorID != actor.ID && !actor.Admin {
			return domain.ErrComentarioNotFound()
		}
		now := s.now()
		t := newTxn(s.Table)
		gid := ""
		if c.AutorID != actor.ID {
			gid = st.post.GrupoID
		}
		ur, err := s.readUndo(ctx, c.AutorID, st.profile, domain.MotivoComentario, c.ID, gid)
		if err != nil {
			return err
		}
		who, err := domain.CanRemove(c.AutorID, st.post.GrupoID, actor.ID, actor.Admin, papelOf(ur.member), false)
		if err != nil {
			return err
		}
		if who == domain.RemocaoCoordenador {
			requireCoordinatorOf(t, st.post.GrupoID, actor.ID)
		}
		if who != domain.RemocaoAutor {
			t.notify(NewNotification(c.AutorID, domain.NotifModeracao, domain.TextoComentarioRemovido(), domain.LinkPost(pid), now))
		}
		removeComment(t, pid, cid)
		t.content(StatComentarios, "", -1, now)
		// What the comment paid and counted goes with it (undo.go).
		if c.AutorID != "" {
			var counts map[string]int
			if st.post.AutorID != c.AutorID {
				counts = map[string]int{domain.ContaComentarios: -1}
			}
			if ch := reversal(ur.ledger, counts); ur.author.found && (ch.award != nil || counts != nil) {
				if _, _, err := s.applyProfile(ctx, t, ur.author, ch, false, nil, now); err != nil {
					return err
				}
			}
		}
		if err := s.write(ctx, t); err != nil {
			if cc, ok := asCancelled(err); ok && cc.failed(itemComment) {
				return domain.ErrComentarioNotFound()
			}
			return retryable(err, itemMember, itemPost, itemProfile, itemLedger)
		}
		return nil
	})
}

func removeComment(t *txn, pid, cid string) {
	t.delete(itemComment, PostPK(pid), CommentSK(cid), existsCond())
	u := t.update(itemPost, PostPK(pid), skMeta)
	u.cond("attribute_exists(PK)")
	u.incr("comentarios", -1)
}
