package store

import (
	"context"
	"errors"
	"strconv"
	"time"

	"github.com/google/uuid"

	"github.com/verde-app/verde/shared/domain"
)

// The feed. Keys:
//
//	post                      POST#<pid>   META                     GSI1 FEED#COMUNIDADE or FEED#GROUP#<gid> / <time>#<pid>
//	                                                                GSI2 FEED#GRUPOS / <time>#<pid> (group posts only)
//	like                      POST#<pid>   LIKE#<uid>
//	comment                   POST#<pid>   COMMENT#<uuidv7>         (UUIDv7: time-ordered)
//	report (one per user)     POST#<pid>   REPORT#<targetId>#<uid>  (targetId: the post's or the comment's id)
//	moderation queue entry    POST#<pid>   MOD#<targetId>           GSI1 MODERACAO#PENDENTE / <time>#<targetId> while pending
//	post of a cultivo         CULT#<cid>   POST#<time>#<pid>        (a pointer; the list BatchGets the posts)
//	a member's feed day       USER#<uid>   FEEDDIA#<yyyy-mm-dd>     posts/comments that earned points today
//	                                                                (Brasília day), the last post's text hash and time
//
// Reads are at most two calls: a Query and one BatchGetItem (the caller's
// likes of the page, with the profile or the group membership that decides
// access). "Meus grupos" reads the caller's own pointers (feed_inbox.go).
// Every write is one TransactWriteItems. GSI2 FEED#GRUPOS lists every group
// post by time (what a backfill of the pointers walks).

const (
	prefixPost       = "POST#"
	prefixLike       = "LIKE#"
	prefixComment    = "COMMENT#"
	prefixDenuncia   = "REPORT#"
	prefixMod        = "MOD#"
	prefixFeedDia    = "FEEDDIA#"
	feedComunidade   = "FEED#COMUNIDADE"
	feedGrupos       = "FEED#GRUPOS"
	feedGroupPrefix  = "FEED#GROUP#"
	moderacaoPending = "MODERACAO#PENDENTE"

	itemPost     = "post"
	itemLike     = "like"
	itemFeedDia  = "feedDia"
	itemComment  = "comment"
	itemDenuncia = "report"
	itemMod      = "mod"
	itemAuthor   = "author"

	// MaxCultivoPostsPage bounds a cultivo's posts page (posts and likes in one BatchGetItem).
	MaxCultivoPostsPage = 40
)

func PostPK(pid string) string             { return prefixPost + pid }
func LikeSK(uid string) string             { return prefixLike + uid }
func CommentSK(id string) string           { return prefixComment + id }
func DenunciaSK(target, uid string) string { return prefixDenuncia + target + "#" + uid }
func ModSK(target string) string           { return prefixMod + target }
func FeedDiaSK(day string) string          { return prefixFeedDia + day }
func feedGroup(gid string) string          { return feedGroupPrefix + gid }
func postByTime(t time.Time, pid string) string {
	return fmtTime(t) + "#" + pid
}
func cultPostSK(t time.Time, pid string) string { return prefixPost + fmtTime(t) + "#" + pid }

type postItem struct {
	PK             string              `dynamodbav:"PK"`
	SK             string              `dynamodbav:"SK"`
	GSI1PK         string              `dynamodbav:"GSI1PK"`
	GSI1SK         string              `dynamodbav:"GSI1SK"`
	GSI2PK         string              `dynamodbav:"GSI2PK,omitempty"`
	GSI2SK         string              `dynamodbav:"GSI2SK,omitempty"`
	Type           string              `dynamodbav:"type"`
	ID             string              `dynamodbav:"id"`
	AutorID        string              `dynamodbav:"autorId"`
	AutorNome      string              `dynamodbav:"autorNome"`
	Texto          string              `dynamodbav:"texto"`
	Fotos          []string            `dynamodbav:"fotos"`
	Cultivo        *domain.CultivoCard `dynamodbav:"cultivo,omitempty"`
	GrupoID        string              `dynamodbav:"grupoId"`
	GrupoNome      string              `dynamodbav:"grupoNome"`
	Curtidas       int                 `dynamodbav:"curtidas"`
	Comentarios    int                 `dynamodbav:"comentarios"`
	Denuncias      int                 `dynamodbav:"denuncias"`
	Oculto         bool                `dynamodbav:"oculto"`
	Ocultacoes     int                 `dynamodbav:"ocultacoes"`
	Mantido        bool                `dynamodbav:"mantido,omitempty"` // an admin chose "manter": reports no longer hide it
	Comentaristas  []string            `dynamodbav:"comentaristas"`
	AvisoCurtidaEm string              `dynamodbav:"avisoCurtidaEm,omitempty"`
	Version        int                 `dynamodbav:"version"`
	CriadoEm       string              `dynamodbav:"criadoEm"`
	EditadoEm      *string             `dynamodbav:"editadoEm,omitempty"`
}

func toPostItem(p domain.Post) postItem {
	it := postItem{
		PK: PostPK(p.ID), SK: skMeta, Type: "post", ID: p.ID, AutorID: p.AutorID, AutorNome: p.AutorNome,
		Texto: p.Texto, Fotos: p.Fotos, Cultivo: p.Cultivo, GrupoID: p.GrupoID, GrupoNome: p.GrupoNome,
		Curtidas: p.Curtidas, Comentarios: p.Comentarios, Version: p.Version, CriadoEm: fmtTime(p.CriadoEm),
		Comentaristas: []string{},
	}
	if it.Fotos == nil {
		it.Fotos = []string{}
	}
	if p.GrupoID == "" {
		it.GSI1PK = feedComunidade
	} else {
		it.GSI1PK = feedGroup(p.GrupoID)
		it.GSI2PK, it.GSI2SK = feedGrupos, postByTime(p.CriadoEm, p.ID)
	}
	it.GSI1SK = postByTime(p.CriadoEm, p.ID)
	return it
}

func decodePostItem(r record) (postItem, error) { return unmarshal[postItem](r, "post") }

func (it postItem) post() domain.Post {
	if it.Fotos == nil {
		it.Fotos = []string{}
	}
	p := domain.Post{
		ID: it.ID, AutorID: it.AutorID, AutorNome: it.AutorNome, Texto: it.Texto, Fotos: it.Fotos, Cultivo: it.Cultivo,
		GrupoID: it.GrupoID, GrupoNome: it.GrupoNome, Curtidas: max(it.Curtidas, 0), Comentarios: max(it.Comentarios, 0),
		Denuncias: it.Denuncias, Oculto: it.Oculto, Version: it.Version, CriadoEm: parseTime(it.CriadoEm),
		EditadoEm: parseTimePtr(it.EditadoEm),
	}
	return p
}

func decodePost(r record) (domain.Post, error) {
	it, err := decodePostItem(r)
	return it.post(), err
}

// FeedPost is a post as one caller sees it.
type FeedPost struct {
	domain.Post
	Curtido bool // the caller likes it
}

type cultPostItem struct {
	PK     string `dynamodbav:"PK"`
	SK     string `dynamodbav:"SK"`
	Type   string `dynamodbav:"type"`
	PostID string `dynamodbav:"postId"`
}

// feedDay is what the member's feed day item says.
type feedDay struct {
	found              bool
	posts, comentarios int
	hash               string
	em                 time.Time
	version            int
}

func readFeedDay(r record) feedDay {
	if r == nil {
		return feedDay{}
	}
	d := feedDay{found: true, hash: sOf(r["hash"]), em: parseTime(sOf(r["em"]))}
	d.posts, _ = strconv.Atoi(nOf(r["posts"]))
	d.comentarios, _ = strconv.Atoi(nOf(r["comentarios"]))
	d.version, _ = strconv.Atoi(nOf(r["v"]))
	return d
}

// touchFeedDay adds the feed day's update to t under an optimistic
// condition on the version read (a lost race is read again).
func touchFeedDay(t *txn, uid, day string, d feedDay, now time.Time) *upd {
	u := t.update(itemFeedDia, UserPK(uid), FeedDiaSK(day))
	if d.found {
		u.cond("v = %s", u.v(num(d.version)))
	} else {
		u.cond("attribute_not_exists(PK)")
	}
	u.incr("v", 1)
	u.set("%s = %s", u.n(attrExpiraEm), u.v(num(int(now.Add(dayTTL).Unix()))))
	return u
}

func feedDayKey(uid string, now time.Time) (string, itemKey) {
	day := domain.FormatDate(domain.LocalDate(now))
	return day, itemKey{UserPK(uid), FeedDiaSK(day)}
}

func newFeedID() string { return uuid.Must(uuid.NewV7()).String() }

// grupos is the caller's groups from a profile read in a batch.
func gruposOf(items map[itemKey]record, uid string) ([]string, profileState, error) {
	ps, err := readProfileState(uid, items[itemKey{UserPK(uid), skProfile}])
	if err != nil {
		return nil, ps, err
	}
	return ps.profile.GruposParticipantes, ps, nil
}

// readPosts reads uid's profile and the posts pids with uid's likes of them
// in one BatchGetItem: the items and uid's groups.
func (s *Store) readPosts(ctx context.Context, uid string, pids []string) (map[itemKey]record, []string, error) {
	keys := []itemKey{{UserPK(uid), skProfile}}
	for _, pid := range pids {
		keys = append(keys, itemKey{PostPK(pid), skMeta}, itemKey{PostPK(pid), LikeSK(uid)})
	}
	items, err := s.batchGet(ctx, keys...)
	if err != nil {
		return nil, nil, err
	}
	grupos, _, err := gruposOf(items, uid)
	return items, grupos, err
}

// CreatePost publishes a post: the post, its cultivo's pointer, the author's
// feed day (points counted today, the text of the last post), the points
// (at most PostsPorDia a day earn them), the daily cap, and the author's
// membership (a ConditionCheck) for a group post: one transaction after one
// BatchGetItem. The photos were processed by the API (kit.Photos).
func (s *Store) CreatePost(ctx context.Context, in domain.PostInput, actor Actor) (domain.Post, int, error) {
	if actor.ID == "" {
		return domain.Post{}, 0, domain.ErrPostNotFound()
	}
	if err := domain.CheckPhotoKeys("fotos", in.Fotos, actor.ID); err != nil {
		return domain.Post{}, 0, err
	}
	if in.GrupoID != "" && !validID(in.GrupoID) {
		return domain.Post{}, 0, domain.ErrGroupNotFound()
	}
	if in.CultivoID != "" && !validID(in.CultivoID) {
		return domain.Post{}, 0, domain.ErrCultivoDoPost()
	}
	rules, err := s.Rules(ctx)
	if err != nil {
		return domain.Post{}, 0, err
	}
	id := newFeedID()
	hash := domain.TextoHash(in.Texto)
	var out domain.Post
	var pts int
	err = attempt(ctx, func() error {
		now := s.now()
		day, dayKey := feedDayKey(actor.ID, now)
		keys := []itemKey{{UserPK(actor.ID), skProfile}, dayKey}
		if in.CultivoID != "" {
			keys = append(keys, itemKey{CultivoPK(in.CultivoID), skMeta})
		}
		if in.GrupoID != "" {
			keys = append(keys, itemKey{GroupPK(in.GrupoID), skMeta}, itemKey{GroupPK(in.GrupoID), MemberSK(actor.ID)})
		}
		items, err := s.batchGet(ctx, keys...)
		if err != nil {
			return err
		}
		_, ps, err := gruposOf(items, actor.ID)
		if err != nil {
			return err
		}
		p := domain.Post{ID: id, AutorID: actor.ID, AutorNome: ps.profile.Nome, Texto: in.Texto, Fotos: in.Fotos, Version: 1, CriadoEm: now}
		if p.Fotos == nil {
			p.Fotos = []string{}
		}
		t := newTxn(s.Table)
		if in.GrupoID != "" {
			v, err := viewOf(items, in.GrupoID, actor.ID)
			if err != nil {
				return err
			}
			a := v.Access(actor.ID, actor.Admin)
			if err := a.CanParticipate(v.Group); err != nil {
				return err
			}
			p.GrupoID, p.GrupoNome = v.Group.ID, v.Group.Nome
			mu := t.check(itemMember, GroupPK(in.GrupoID), MemberSK(actor.ID))
			mu.cond("attribute_exists(PK)")
		}
		if in.CultivoID != "" {
			ci := items[itemKey{CultivoPK(in.CultivoID), skMeta}]
			var c domain.Cultivo
			if ci != nil {
				if c, err = decodeCultivo(ci); err != nil {
					return err
				}
			}
			if err := domain.CheckCultivoDoPost(c, ci != nil, actor.ID); err != nil {
				return err
			}
			card := domain.CardOf(c)
			p.Cultivo = &card
			t.putItem("cultPost", cultPostItem{PK: CultivoPK(c.ID), SK: cultPostSK(now, id), Type: "cultivoPost", PostID: id}, "attribute_not_exists(PK)")
		}
		fd := readFeedDay(items[dayKey])
		if fd.hash == hash && now.Sub(fd.em) < domain.RepeticaoPost {
			return domain.ErrPostRepetido()
		}
		du := touchFeedDay(t, actor.ID, day, fd, now)
		du.set("%s = %s", du.n("hash"), du.v(str(hash)))
		du.set("%s = %s", du.n("em"), du.v(str(fmtTime(now))))
		award := domain.AwardPost(rules, id, fd.posts)
		// Every post counts toward Voz da Comunidade (conquistas.go); the first
		// ones of the day also earn points.
		got, _, err := s.applyProfile(ctx, t, ps, profileChange{award: award, counts: map[string]int{domain.ContaPosts: 1}}, false, actor.Source, now)
		if err != nil {
			return err
		}
		if award != nil {
			du.incr("posts", 1)
		}
		if p.AutorNome == "" && !ps.found && actor.Source != nil {
			if sp, err := actor.Source(ctx); err == nil {
				p.AutorNome = sp.Nome
			}
		}
		t.putItem(itemPost, toPostItem(p), "attribute_not_exists(PK)")
		if p.GrupoID != "" {
			t.putItem(itemInbox, inboxItemOf(actor.ID, p.GrupoID, p.ID, now), "")
		}
		t.putItem(itemPostOf, postOfItemFor(actor.ID, p.ID, now), "attribute_not_exists(PK)")
		t.countDaily(actor.ID, domain.ActPost, rules, now)
		t.content(StatPosts, ps.profile.UF, 1, now)
		t.actedBy(ps, now)
		if err := retryable(s.write(ctx, t), itemProfile, itemLedger, itemFeedDia); err != nil {
			if c, ok := asCancelled(err); ok && c.failed(itemMember) {
				return domain.ErrGroupNotFound()
			}
			return err
		}
		out, pts = p, got
		return nil
	})
	return out, pts, err
}

func asCancelled(err error) (*cancelled, bool) {
	var c *cancelled
	ok := errors.As(err, &c)
	return c, ok
}

// postState is a post read with the caller's profile and like (one BatchGetItem).
type postState struct {
	item    postItem
	post    domain.Post
	profile profileState
	grupos  []string
	curtido bool
	items   map[itemKey]record
}

// readPost reads the post, the caller's profile and like and the extra keys,
// and hides a post the caller may not see (404).
func (s *Store) readPost(ctx context.Context, pid string, actor Actor, extra ...itemKey) (postState, error) {
	if !validID(pid) || actor.ID == "" {
		return postState{}, domain.ErrPostNotFound()
	}
	pi, items, err := s.readFound(ctx, domain.ErrPostNotFound, itemKey{PostPK(pid), skMeta}, append([]itemKey{{UserPK(actor.ID), skProfile}, {PostPK(pid), LikeSK(actor.ID)}}, extra...)...)
	if err != nil {
		return postState{}, err
	}
	it, err := decodePostItem(pi)
	if err != nil {
		return postState{}, err
	}
	grupos, ps, err := gruposOf(items, actor.ID)
	if err != nil {
		return postState{}, err
	}
	st := postState{item: it, post: it.post(), profile: ps, grupos: grupos, items: items,
		curtido: items[itemKey{PostPK(pid), LikeSK(actor.ID)}] != nil}
	if !st.post.VisibleTo(actor.ID, actor.Admin, grupos) {
		return postState{}, domain.ErrPostNotFound()
	}
	return st, nil
}

// Post is one post as the caller sees it: one BatchGetItem.
func (s *Store) Post(ctx context.Context, pid string, actor Actor) (FeedPost, error) {
	st, err := s.readPost(ctx, pid, actor)
	if err != nil {
		return FeedPost{}, err
	}
	return FeedPost{Post: st.post, Curtido: st.curtido}, nil
}

// EditPost changes a post's text, by its author within 15 minutes of
// publishing: one BatchGetItem and one transaction (under the version read).
func (s *Store) EditPost(ctx context.Context, pid string, in domain.PostEdit, actor Actor) (FeedPost, error) {
	var out FeedPost
	err := attempt(ctx, func() error {
		st, err := s.readPost(ctx, pid, actor)
		if err != nil {
			return err
		}
		p := st.post
		now := s.now()
		if err := p.CanEdit(actor.ID, now); err != nil {
			return err
		}
		t := newTxn(s.Table)
		u := t.update(itemPost, PostPK(pid), skMeta)
		u.cond("version = %s", u.v(num(p.Version)))
		u.set("texto = %s", u.v(str(in.Texto)))
		u.set("editadoEm = %s", u.v(str(fmtTime(now))))
		u.remove("mantido") // an admin kept the text before the edit, not this one
		u.incr("version", 1)
		if err := s.write(ctx, t); err != nil {
			if c, ok := asCancelled(err); ok && (c.failed(itemPost) || c.transient()) {
				return errRetry
			}
			return err
		}
		p.Texto, p.Version, p.EditadoEm = in.Texto, p.Version+1, &now
		out = FeedPost{Post: p, Curtido: st.curtido}
		return nil
	})
	return out, err
}

// DeletePost removes a post: its author, a coordinator or dono of its
// group, or a site admin (then the author is told, and a site admin's
// removal is in the audit log). The post, its cultivo pointer and its
// moderation entry go in one transaction; its comments and likes stay
// unreachable under the post's partition.
func (s *Store) DeletePost(ctx context.Context, pid string, actor Actor) error {
	return attempt(ctx, func() error {
		st, err := s.readPost(ctx, pid, actor)
		if err != nil {
			return err
		}
		p := st.post
		t := newTxn(s.Table)
		now := s.now()
		gid := ""
		if p.AutorID != actor.ID {
			gid = p.GrupoID
		}
		ur, err := s.readUndo(ctx, p.AutorID, st.profile, domain.MotivoPost, p.ID, gid)
		if err != nil {
			return err
		}
		who, err := domain.CanRemove(p.AutorID, p.GrupoID, actor.ID, actor.Admin, papelOf(ur.member), true)
		if err != nil {
			return err
		}
		if who == domain.RemocaoCoordenador {
			requireCoordinatorOf(t, p.GrupoID, actor.ID)
		}
		if who != domain.RemocaoAutor {
			t.notify(NewNotification(p.AutorID, domain.NotifModeracao, domain.TextoPostRemovido(), domain.LinkPerfil(), now))
		}
		if who == domain.RemocaoModeracao {
			t.audit(domain.AuditEntry{AdminID: actor.ID, Acao: domain.AuditPostRemovido, Entidade: "post", EntidadeID: p.ID, Em: now, Antes: postAudit(p)})
		}
		removePost(t, st.item, now)
		t.postRemoved(st.item, now)
		// What the post paid and counted goes with it (undo.go).
		if p.AutorID != "" && ur.author.found {
			if _, _, err := s.applyProfile(ctx, t, ur.author, reversal(ur.ledger, map[string]int{domain.ContaPosts: -1}), false, nil, now); err != nil {
				return err
			}
		}
		if err := s.write(ctx, t); err != nil {
			if c, ok := asCancelled(err); ok && c.failed(itemPost) {
				return domain.ErrPostNotFound()
			}
			return retryable(err, itemMember, itemProfile, itemLedger)
		}
		return nil
	})
}

// removePost adds the removal of a post to t.
func removePost(t *txn, it postItem, now time.Time) {
	t.delete(itemPost, PostPK(it.ID), skMeta, existsCond())
	t.release(now, it.Fotos...)
	t.delete(itemPostOf, PostPK(it.ID), skPostOf, nil)
	if it.Cultivo != nil {
		t.delete("cultPost", CultivoPK(it.Cultivo.ID), cultPostSK(parseTime(it.CriadoEm), it.ID), nil)
	}
}

func existsCond() *upd {
	u := newUpd()
	u.cond("attribute_exists(PK)")
	return u
}

func postAudit(p domain.Post) map[string]any {
	return map[string]any{"id": p.ID, "autorId": p.AutorID, "texto": p.Texto, "grupoId": p.GrupoID, "fotos": p.Fotos}
}

// membership reads one membership (nil when not a member).
func (s *Store) membership(ctx context.Context, gid, uid string) (*domain.Membership, error) {
	mi, err := s.getItem(ctx, GroupPK(gid), MemberSK(uid), "membership")
	if err != nil || mi == nil {
		return nil, err
	}
	m, err := decodeMember(mi)
	if err != nil {
		return nil, err
	}
	return &m, nil
}

// withLikes marks the posts the caller likes, from a batch.
func withLikes(posts []domain.Post, items map[itemKey]record, uid string) []FeedPost {
	out := make([]FeedPost, 0, len(posts))
	for _, p := range posts {
		out = append(out, FeedPost{Post: p, Curtido: items[itemKey{PostPK(p.ID), LikeSK(uid)}] != nil})
	}
	return out
}

func likeKeys(posts []domain.Post, uid string) []itemKey {
	return keysOf(posts, func(p domain.Post) itemKey { return itemKey{PostPK(p.ID), LikeSK(uid)} })
}

// visible keeps the posts the caller sees (hidden ones only for their authors).
func visible(posts []domain.Post, actor Actor, grupos []string) []domain.Post {
	out := posts[:0]
	for _, p := range posts {
		if p.VisibleTo(actor.ID, actor.Admin, grupos) {
			out = append(out, p)
		}
	}
	return out
}

// FeedScope names the cursors of each feed list.
func FeedScope(kind, id string) string { return "feed:" + kind + ":" + id }

// CommunityFeed is the community's posts, newest first: one Query and one
// BatchGetItem (the caller's likes).
func (s *Store) CommunityFeed(ctx context.Context, actor Actor, limit int, after map[string]string) ([]FeedPost, map[string]string, error) {
	posts, next, err := queryPage(ctx, s, query{Index: IndexGSI1, PK: feedComunidade, Limit: limit, After: after, NewestFirst: true, What: "community feed"}, decodePost)
	if err != nil {
		return nil, nil, err
	}
	posts = visible(posts, actor, nil)
	if len(posts) == 0 {
		return []FeedPost{}, next, nil
	}
	items, err := s.batchGet(ctx, likeKeys(posts, actor.ID)...)
	if err != nil {
		return nil, nil, err
	}
	return withLikes(posts, items, actor.ID), next, nil
}

// GroupFeed is a group's Mural, newest first, for its members and site
// admins: one Query, then one BatchGetItem of the group, the caller's
// membership and likes (a caller who may not read it gets the group's 404
// or 403 and nothing of the page).
func (s *Store) GroupFeed(ctx context.Context, gid string, actor Actor, limit int, after map[string]string) ([]FeedPost, map[string]string, error) {
	if !validID(gid) {
		return nil, nil, domain.ErrGroupNotFound()
	}
	posts, next, err := queryPage(ctx, s, query{Index: IndexGSI1, PK: feedGroup(gid), Limit: limit, After: after, NewestFirst: true, What: "group feed"}, decodePost)
	if err != nil {
		return nil, nil, err
	}
	keys := append([]itemKey{{GroupPK(gid), skMeta}, {GroupPK(gid), MemberSK(actor.ID)}}, likeKeys(posts, actor.ID)...)
	v, items, err := s.readView(ctx, gid, actor.ID, keys...)
	if err != nil {
		return nil, nil, err
	}
	if err := v.Access(actor.ID, actor.Admin).CanReadInside(v.Group); err != nil {
		return nil, nil, err
	}
	posts = visible(posts, actor, []string{gid})
	return withLikes(posts, items, actor.ID), next, nil
}

func containsID(list []string, v string) bool {
	for _, s := range list {
		if s == v {
			return true
		}
	}
	return false
}

// CultivoFeed is the posts linked to a cultivo, newest first, that the
// caller may see: one Query of the cultivo's pointers and one BatchGetItem
// of the posts, the caller's likes and profile.
func (s *Store) CultivoFeed(ctx context.Context, cid string, actor Actor, limit int, after map[string]string) ([]FeedPost, map[string]string, error) {
	if !validID(cid) {
		return nil, nil, domain.ErrCultivoNotFound()
	}
	limit = min(limit, MaxCultivoPostsPage)
	ptrs, next, err := queryPage(ctx, s, query{PK: CultivoPK(cid), Prefix: prefixPost, Limit: limit, After: after, NewestFirst: true, What: "cultivo posts"},
		func(r record) (string, error) { return sOf(r["postId"]), nil })
	if err != nil {
		return nil, nil, err
	}
	items, grupos, err := s.readPosts(ctx, actor.ID, ptrs)
	if err != nil {
		return nil, nil, err
	}
	var posts []domain.Post
	for _, pid := range ptrs {
		pi := items[itemKey{PostPK(pid), skMeta}]
		if pi == nil {
			continue
		}
		p, err := decodePost(pi)
		if err != nil {
			return nil, nil, err
		}
		if p.VisibleTo(actor.ID, actor.Admin, grupos) {
			posts = append(posts, p)
		}
	}
	return withLikes(posts, items, actor.ID), next, nil
}
