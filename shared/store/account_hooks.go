package store

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/uuid"

	"github.com/verde-app/verde/shared/domain"
)

// The seam between the feed and the account: a user's posts, comments,
// likes and reports, found without a Scan through GSI1 FEEDOF#<uid>:
//
//	post of the user     POST#<pid>  AUTOR               GSI1 FEEDOF#<uid> / POST#<time>#<pid>  (a pointer: the post's own GSI1 is its feed)
//	comment              POST#<pid>  COMMENT#<id>        GSI1 FEEDOF#<uid> / COMMENT#<id>
//	like                 POST#<pid>  LIKE#<uid>          GSI1 FEEDOF#<uid> / LIKE#<pid>
//	report               POST#<pid>  REPORT#<t>#<uid>    GSI1 FEEDOF#<uid> / REPORT#<t>
//
// Each is written in the feed act's own transaction (CreatePost, AddComment,
// Like, Report) and goes with its item (a removed post takes its pointer).

const (
	prefixFeedOf = "FEEDOF#"
	prefixModOf  = "MODOF#"
	skPostOf     = "AUTOR"
	itemPostOf   = "postOf"
	// feedEraseChunk is the items of one kind one erase transaction takes
	// (a like is four writes: the like, the post's count, the author's
	// ledger entry deleted and put again; TransactWriteItems takes 100).
	feedEraseChunk = 20
)

// feedOf is the GSI1 partition of a user's feed items.
func feedOf(uid string) string { return prefixFeedOf + uid }

// modOf is the GSI2 partition of the moderation entries about a user's
// content (pending or resolved: a removed post or comment leaves its entry).
func modOf(uid string) string { return prefixModOf + uid }

type postOfItem struct {
	PK     string `dynamodbav:"PK"`
	SK     string `dynamodbav:"SK"`
	GSI1PK string `dynamodbav:"GSI1PK"`
	GSI1SK string `dynamodbav:"GSI1SK"`
	Type   string `dynamodbav:"type"`
	PostID string `dynamodbav:"postId"`
}

func postOfItemFor(uid, pid string, at time.Time) postOfItem {
	return postOfItem{PK: PostPK(pid), SK: skPostOf, GSI1PK: feedOf(uid), GSI1SK: prefixPost + fmtTime(at) + "#" + pid, Type: "postAutor", PostID: pid}
}

// ExportFeedOfUser is the feed's part of the export: the user's posts,
// comments, likes and reports, a page of GSI1 FEEDOF#uid at a time (one
// Query and, for the posts, one BatchGetItem), under "posts",
// "comentarios", "curtidas" and "denuncias". Nothing of anyone else: a
// post's recent commenters are left out, a comment or like on someone
// else's post names the post by its id only.
func ExportFeedOfUser(ctx context.Context, s *Store, uid string, limit int, after map[string]string) ([]ExportItem, map[string]string, error) {
	refs, next, err := queryPage(ctx, s, query{Index: IndexGSI1, PK: feedOf(uid), Limit: min(limit, 100), After: after, What: "feed of a user"}, func(r record) (record, error) { return r, nil })
	if err != nil || len(refs) == 0 {
		return nil, next, err
	}
	var keys []itemKey
	for _, r := range refs {
		if sOf(r[attrSK]) == skPostOf {
			keys = append(keys, itemKey{sOf(r[attrPK]), skMeta})
		}
	}
	posts := map[itemKey]record{}
	if len(keys) > 0 {
		if posts, err = s.batchGet(ctx, keys...); err != nil {
			return nil, nil, err
		}
	}
	out := []ExportItem{}
	for _, r := range refs {
		sk := sOf(r[attrSK])
		var secao string
		src := r
		switch {
		case sk == skPostOf:
			secao, src = "posts", posts[itemKey{sOf(r[attrPK]), skMeta}]
			if src == nil || sOf(src["autorId"]) != uid {
				continue
			}
		case strings.HasPrefix(sk, prefixComment):
			secao = "comentarios"
		case strings.HasPrefix(sk, prefixLike):
			secao = "curtidas"
		case strings.HasPrefix(sk, prefixDenuncia):
			secao = "denuncias"
		default:
			continue
		}
		m, err := plain(src)
		if err != nil {
			return nil, nil, err
		}
		for _, a := range []string{"comentaristas", "avisoCurtidaEm", "ocultacoes", "type"} {
			delete(m, a)
		}
		out = append(out, ExportItem{Secao: secao, Dados: m})
	}
	return out, next, nil
}

// EraseFeedOfUser is the feed's part of an account deletion: the user's
// likes deleted with the posts' counts (and the ledger entry of the point
// the like gave, kept for its owner under a ref that no longer names the
// user), their reports deleted with their name, id and text taken out of
// the moderation queue (its counts unchanged), their comments and posts
// kept as tombstones (domain.TextoPostExcluido, TextoComentarioExcluido) by
// RemovedUserName with no id, text, photo or cultivo, so the threads under
// them still read (removed from their commenters list and from the queue's
// entries too). Kind by kind, a chunk of at most
// feedEraseChunk items per transaction: a Query of GSI1 FEEDOF#uid, one
// BatchGetItem, one transaction. Every write is conditioned on the state it
// changes (the like exists, the comment is still the user's…), and what is
// done leaves the index, so a call cut short is finished by the next one
// without counting anything twice.
func EraseFeedOfUser(ctx context.Context, s *Store, uid string, budget int) (int, bool, error) {
	n := 0
	for _, k := range []struct {
		index, pk, prefix string
		step              func(context.Context, *Store, string, []record) error
	}{
		{IndexGSI1, feedOf(uid), prefixLike, eraseLikes}, {IndexGSI1, feedOf(uid), prefixDenuncia, eraseDenuncias},
		{IndexGSI1, feedOf(uid), prefixComment, anonymizeComments}, {IndexGSI1, feedOf(uid), prefixPost, anonymizePosts},
		{IndexGSI2, modOf(uid), "", anonymizeMods},
	} {
		for {
			if n >= budget {
				return n, false, nil
			}
			limit := min(feedEraseChunk, budget-n)
			refs, _, err := queryPage(ctx, s, query{Index: k.index, PK: k.pk, Prefix: k.prefix, Limit: limit, What: "feed of a user"}, func(r record) (record, error) { return r, nil })
			if err != nil {
				return n, false, err
			}
			if len(refs) == 0 {
				break
			}
			if err := k.step(ctx, s, uid, refs); err != nil {
				return n, false, err
			}
			n += len(refs)
			if len(refs) < limit {
				break
			}
		}
	}
	return n, true, nil
}

// eraseLikes deletes likes in one transaction: the like (if it still
// exists), the post's count, and the point the post's author got for it
// moved to a ref without the user's id.
func eraseLikes(ctx context.Context, s *Store, uid string, refs []record) error {
	return attempt(ctx, func() error {
		keys := refKeys(refs)
		for _, r := range refs {
			keys = append(keys, itemKey{sOf(r[attrPK]), skMeta})
		}
		posts, err := s.batchGet(ctx, keys...)
		if err != nil {
			return err
		}
		refs := current(posts, refs, uid)
		if len(refs) == 0 {
			return nil
		}
		var lkeys []itemKey
		for _, r := range refs {
			pid := strings.TrimPrefix(sOf(r[attrPK]), prefixPost)
			if pi := posts[itemKey{PostPK(pid), skMeta}]; pi != nil && sOf(pi["autorId"]) != "" {
				lkeys = append(lkeys, ledgerKey(sOf(pi["autorId"]), domain.MotivoCurtidaRecebida, likeRef(pid, uid)))
			}
		}
		ledger := map[itemKey]record{}
		if len(lkeys) > 0 {
			if ledger, err = s.batchGet(ctx, lkeys...); err != nil {
				return err
			}
		}
		t := newTxn(s.Table)
		for _, r := range refs {
			pid := strings.TrimPrefix(sOf(r[attrPK]), prefixPost)
			t.delete(itemLike, PostPK(pid), LikeSK(uid), existsCond())
			pi := posts[itemKey{PostPK(pid), skMeta}]
			if pi == nil {
				continue // a removed post: its like is left unreachable, now deleted
			}
			u := t.update(itemPost, PostPK(pid), skMeta)
			u.cond("attribute_exists(PK)")
			u.incr("curtidas", -1)
			author := sOf(pi["autorId"])
			if author == "" {
				continue
			}
			lk := ledgerKey(author, domain.MotivoCurtidaRecebida, likeRef(pid, uid))
			li := ledger[lk]
			if li == nil {
				continue
			}
			pts, _ := strconv.Atoi(nOf(li["pontos"]))
			ref := likeRef(pid, "removido-"+uuid.NewString())
			nk := ledgerKey(author, domain.MotivoCurtidaRecebida, ref)
			t.delete(itemLedger, lk.PK, lk.SK, existsCond())
			t.putItem("ledgerAnon", pointsItem{PK: nk.PK, SK: nk.SK, Type: "points", UserID: author, Motivo: domain.MotivoCurtidaRecebida,
				Ref: ref, Pontos: pts, CriadoEm: sOf(li["criadoEm"])}, "attribute_not_exists(PK)")
		}
		if err := s.write(ctx, t); err != nil {
			// A like taken back or a ledger entry changed meanwhile: read again.
			return retryable(err, itemLike, itemPost, itemLedger)
		}
		return nil
	})
}

// eraseDenuncias deletes the user's reports; the queue entry of each keeps
// its total and its reasons, with the user's id and name taken out.
func eraseDenuncias(ctx context.Context, s *Store, uid string, refs []record) error {
	return attempt(ctx, func() error {
		keys := refKeys(refs)
		for _, r := range refs {
			keys = append(keys, itemKey{sOf(r[attrPK]), ModSK(strings.TrimPrefix(sOf(r[attrGSI1SK]), prefixDenuncia))})
		}
		mods, err := s.batchGet(ctx, keys...)
		if err != nil {
			return err
		}
		t := newTxn(s.Table)
		for _, r := range current(mods, refs, uid) {
			t.delete(itemDenuncia, sOf(r[attrPK]), sOf(r[attrSK]), existsCond())
			mk := itemKey{sOf(r[attrPK]), ModSK(strings.TrimPrefix(sOf(r[attrGSI1SK]), prefixDenuncia))}
			mi := mods[mk]
			if mi == nil {
				continue
			}
			l, ok := mi["denuncias"].(*types.AttributeValueMemberL)
			if !ok {
				continue
			}
			changed := false
			list := make([]types.AttributeValue, 0, len(l.Value))
			for _, e := range l.Value {
				m, ok := e.(*types.AttributeValueMemberM)
				if ok && sOf(m.Value["userId"]) == uid {
					c := map[string]types.AttributeValue{}
					for k, v := range m.Value {
						c[k] = v
					}
					c["userId"], c["nome"], c["texto"] = str(""), str(RemovedUserName), str("")
					e, changed = &types.AttributeValueMemberM{Value: c}, true
				}
				list = append(list, e)
			}
			if !changed {
				continue
			}
			u := t.update(itemMod, mk.PK, mk.SK)
			u.cond("attribute_exists(PK) AND %s = %s", u.n("total"), u.v(num(atoi(nOf(mi["total"])))))
			u.cond("ultimaEm = %s", u.v(str(sOf(mi["ultimaEm"]))))
			u.set("denuncias = %s", u.v(&types.AttributeValueMemberL{Value: list}))
		}
		if err := s.write(ctx, t); err != nil {
			return retryable(err, itemDenuncia, itemMod)
		}
		return nil
	})
}

func atoi(v string) int { n, _ := strconv.Atoi(v); return n }

// anonymizeComments keeps the user's comments as RemovedUserName: out of
// the index, out of their posts' commenters lists and out of the queue.
func anonymizeComments(ctx context.Context, s *Store, uid string, refs []record) error {
	return attempt(ctx, func() error {
		keys := refKeys(refs)
		for _, r := range refs {
			keys = append(keys, itemKey{sOf(r[attrPK]), skMeta}, itemKey{sOf(r[attrPK]), ModSK(sOf(r["id"]))})
		}
		items, err := s.batchGet(ctx, keys...)
		if err != nil {
			return err
		}
		t := newTxn(s.Table)
		for _, r := range current(items, refs, uid) {
			pk, cid := sOf(r[attrPK]), sOf(r["id"])
			c := t.update(itemComment, pk, sOf(r[attrSK]))
			c.cond("autorId = %s", c.v(str(uid)))
			c.set("autorId = %s", c.v(str("")))
			c.set("autorNome = %s", c.v(str(RemovedUserName)))
			c.set("texto = %s", c.v(str(domain.TextoComentarioExcluido)))
			c.remove(attrGSI1PK)
			c.remove(attrGSI1SK)
			anonymizeMod(t, items[itemKey{pk, ModSK(cid)}], uid)
			pi := items[itemKey{pk, skMeta}]
			if pi == nil {
				continue
			}
			it, err := decodePostItem(pi)
			if err != nil {
				return err
			}
			if !slices.Contains(it.Comentaristas, uid) {
				continue
			}
			u := t.update(itemPost, pk, skMeta)
			if len(u.sets) > 0 {
				continue // set for an earlier comment on the same post
			}
			u.cond("attribute_exists(PK) AND comentarios = %s", u.v(num(it.Comentarios)))
			u.set("comentaristas = %s", u.v(strList(slices.DeleteFunc(slices.Clone(it.Comentaristas), func(v string) bool { return v == uid }))))
		}
		if err := s.write(ctx, t); err != nil {
			// A comment written or removed meanwhile: read again (a comment
			// already anonymized has left the index and is not read again).
			return retryable(err, itemComment, itemPost, itemMod)
		}
		return nil
	})
}

// anonymizePosts keeps the user's posts as RemovedUserName without photos
// (the bucket's copies go with the account), their queue entries too, and
// deletes their pointers.
func anonymizePosts(ctx context.Context, s *Store, uid string, refs []record) error {
	return attempt(ctx, func() error {
		keys := refKeys(refs)
		for _, r := range refs {
			pk := sOf(r[attrPK])
			keys = append(keys, itemKey{pk, skMeta}, itemKey{pk, ModSK(strings.TrimPrefix(pk, prefixPost))})
		}
		items, err := s.batchGet(ctx, keys...)
		if err != nil {
			return err
		}
		t := newTxn(s.Table)
		for _, r := range current(items, refs, uid) {
			pk := sOf(r[attrPK])
			t.delete(itemPostOf, pk, skPostOf, existsCond())
			pi := items[itemKey{pk, skMeta}]
			if pi == nil || sOf(pi["autorId"]) != uid {
				continue
			}
			u := t.update(itemPost, pk, skMeta)
			u.cond("autorId = %s", u.v(str(uid)))
			u.set("autorId = %s", u.v(str("")))
			u.set("autorNome = %s", u.v(str(RemovedUserName)))
			u.set("fotos = %s", u.v(&types.AttributeValueMemberL{Value: []types.AttributeValue{}}))
			u.set("texto = %s", u.v(str(domain.TextoPostExcluido)))
			u.remove(u.n("cultivo"))
			u.incr("version", 1)
			anonymizeMod(t, items[itemKey{pk, ModSK(strings.TrimPrefix(pk, prefixPost))}], uid)
		}
		if err := s.write(ctx, t); err != nil {
			return retryable(err, itemPostOf, itemPost, itemMod)
		}
		return nil
	})
}

// anonymizeMod takes the user out of the queue entry of their post or
// comment (author, name, photos), under the entry's last report read.
func anonymizeMod(t *txn, mi record, uid string) {
	if mi == nil || sOf(mi["autorId"]) != uid {
		return
	}
	m := t.update(itemMod, sOf(mi[attrPK]), sOf(mi[attrSK]))
	m.cond("autorId = %s", m.v(str(uid)))
	m.set("autorId = %s", m.v(str("")))
	m.set("autorNome = %s", m.v(str(RemovedUserName)))
	m.set("fotos = %s", m.v(&types.AttributeValueMemberL{Value: []types.AttributeValue{}}))
	texto := domain.TextoPostExcluido
	if sOf(mi["tipo"]) == "comentario" {
		texto = domain.TextoComentarioExcluido
	}
	m.set("texto = %s", m.v(str(texto)))
	m.remove(attrGSI2PK)
	m.remove(attrGSI2SK)
}

// anonymizeMods takes the user out of the queue entries about their content
// left after the posts and comments (those of removed posts and comments):
// author, name and photos; the entry and its decision stay.
func anonymizeMods(ctx context.Context, s *Store, uid string, refs []record) error {
	return attempt(ctx, func() error {
		items, err := s.batchGet(ctx, refKeys(refs)...)
		if err != nil {
			return err
		}
		t := newTxn(s.Table)
		for _, k := range refKeys(refs) {
			anonymizeMod(t, items[k], uid)
		}
		if err := s.write(ctx, t); err != nil {
			return retryable(err, itemMod)
		}
		return nil
	})
}

// current keeps the refs whose item still is the user's, read strongly
// consistent with the rest of the chunk (GSI1 is read eventually
// consistent: an item done by a call a moment ago may still be listed).
func current(items map[itemKey]record, refs []record, uid string) []record {
	out := refs[:0:0]
	for _, r := range refs {
		it := items[itemKey{sOf(r[attrPK]), sOf(r[attrSK])}]
		if it != nil && sOf(it[attrGSI1PK]) == feedOf(uid) {
			out = append(out, r)
		}
	}
	return out
}

func refKeys(refs []record) []itemKey {
	return keysOf(refs, func(r record) itemKey { return itemKey{sOf(r[attrPK]), sOf(r[attrSK])} })
}
