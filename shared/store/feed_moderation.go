package store

import (
	"context"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/verde-app/verde/shared/domain"
)

// Reports (denúncias) and the moderation queue (feed.go has the keys). A
// report is one item per user and reported item, written only if absent; a
// report from an account at least domain.IdadeMinimaDenuncia old counts
// toward hiding (and only from an account whose e-mail is verified), under an optimistic condition on the count read, so N
// simultaneous reports hide the item exactly once. The queue entry of a
// reported item (in its post's partition) keeps the latest reports and sits
// under MODERACAO#PENDENTE until a site admin resolves it.

// DenunciaResumo is one report as the queue shows it.
type DenunciaResumo struct {
	UserID string `dynamodbav:"userId"`
	Nome   string `dynamodbav:"nome"`
	Motivo string `dynamodbav:"motivo"`
	Texto  string `dynamodbav:"texto"`
	Conta  bool   `dynamodbav:"conta"` // counts toward hiding
	Em     string `dynamodbav:"em"`
}

// ModItem is a reported post or comment in the moderation queue.
type ModItem struct {
	PostID       string           `dynamodbav:"postId"`
	ComentarioID string           `dynamodbav:"comentarioId"`
	Tipo         string           `dynamodbav:"tipo"` // post or comentario
	AutorID      string           `dynamodbav:"autorId"`
	AutorNome    string           `dynamodbav:"autorNome"`
	Texto        string           `dynamodbav:"texto"`
	Fotos        []string         `dynamodbav:"fotos"`
	GrupoID      string           `dynamodbav:"grupoId"`
	Total        int              `dynamodbav:"total"`
	Oculto       bool             `dynamodbav:"-"`
	Status       string           `dynamodbav:"status"`
	Denuncias    []DenunciaResumo `dynamodbav:"denuncias"`
	UltimaEm     string           `dynamodbav:"ultimaEm"`
}

// Denunciar records the caller's report of a post (cid "") or of one of its
// comments: one BatchGetItem and one transaction.
func (s *Store) Denunciar(ctx context.Context, pid, cid string, in domain.DenunciaInput, actor Actor) (hidden bool, err error) {
	if cid != "" && !validID(cid) {
		return false, domain.ErrComentarioNotFound()
	}
	rules, err := s.Rules(ctx)
	if err != nil {
		return false, err
	}
	target := pid
	if cid != "" {
		target = cid
	}
	err = attempt(ctx, func() error {
		now := s.now()
		st, err := s.readPost(ctx, pid, actor, itemKey{PostPK(pid), DenunciaSK(target, actor.ID)}, itemKey{PostPK(pid), ModSK(target)}, itemKey{PostPK(pid), CommentSK(cid)})
		if err != nil {
			return err
		}
		if st.items[itemKey{PostPK(pid), DenunciaSK(target, actor.ID)}] != nil {
			return domain.ErrJaDenunciado()
		}
		autor, autorNome, texto, fotos := st.post.AutorID, st.post.AutorNome, st.post.Texto, st.post.Fotos
		count, hiddenNow, targetSK, tipo := st.item.Denuncias, st.post.Oculto, skMeta, "post"
		kept := st.item.Mantido
		if cid != "" {
			c, err := st.comment(pid, cid)
			if err != nil {
				return err
			}
			if c.Oculto && c.AutorID != actor.ID {
				return domain.ErrComentarioNotFound()
			}
			autor, autorNome, texto, fotos = c.AutorID, c.AutorNome, c.Texto, []string{}
			count, hiddenNow, targetSK, tipo = c.Denuncias, c.Oculto, CommentSK(cid), "comentario"
			kept = boolOf(st.items[itemKey{PostPK(pid), CommentSK(cid)}]["mantido"])
		}
		// Reports never hide what an admin chose to keep, nor a site admin's own
		// content (domain.AutoOcultavel): it goes to the queue all the same.
		staff, err := s.IsAdmin(ctx, autor)
		if err != nil {
			return err
		}
		peso, err := domain.DecideDenuncia(rules,
			domain.Denunciante{ID: actor.ID, Perfil: st.profile.found, Verificado: st.profile.verified, Cadastro: st.profile.profile.DataCadastro},
			domain.DenunciaAlvo{AutorID: autor, Denuncias: count, Oculto: hiddenNow, Mantido: kept, Staff: staff}, now)
		if err != nil {
			return err
		}
		conta := peso.Conta
		t := newTxn(s.Table)
		t.putItem(itemDenuncia, map[string]any{"PK": PostPK(pid), "SK": DenunciaSK(target, actor.ID), "type": "report", "userId": actor.ID,
			"motivo": in.Motivo, "texto": in.Texto, "conta": conta, "criadoEm": fmtTime(now), "postId": pid, "alvo": target, "tipo": tipo,
			attrGSI1PK: feedOf(actor.ID), attrGSI1SK: prefixDenuncia + target}, "attribute_not_exists(PK)")
		if peso.Soma {
			u := t.update(itemPost, PostPK(pid), targetSK)
			u.cond("attribute_exists(PK) AND (attribute_not_exists(denuncias) OR denuncias = %s)", u.v(num(count)))
			u.set("denuncias = %s", u.v(num(count+1)))
			if peso.Oculta {
				u.set("oculto = %s", u.v(boolean(true)))
				u.incr("ocultacoes", 1)
			}
		} else {
			u := t.check(itemPost, PostPK(pid), targetSK)
			u.cond("attribute_exists(PK)")
		}
		mi := st.items[itemKey{PostPK(pid), ModSK(target)}]
		m := t.update(itemMod, PostPK(pid), ModSK(target))
		resumo := &types.AttributeValueMemberM{Value: map[string]types.AttributeValue{
			"userId": str(actor.ID), "nome": str(st.profile.profile.Nome), "motivo": str(in.Motivo), "texto": str(in.Texto),
			"conta": boolean(conta), "em": str(fmtTime(now)),
		}}
		// Conditioned on the entry as read: reports at once (counted toward hiding or not) each
		// land in the list, none overwriting another's (a lost race reads again).
		switch {
		case mi == nil:
			m.cond("attribute_not_exists(PK)")
		case sOf(mi["status"]) != "pendente":
			m.cond("%s = %s", m.n("status"), m.v(str(sOf(mi["status"]))))
		default:
			m.cond("%s = %s", m.n("total"), m.v(&types.AttributeValueMemberN{Value: nOf(mi["total"])}))
		}
		if mi == nil || sOf(mi["status"]) != "pendente" {
			t.stats(now).total(TotalDenuncias, 1)
			m.set("denuncias = %s", m.v(&types.AttributeValueMemberL{Value: []types.AttributeValue{resumo}}))
			m.set("%s = %s", m.n("total"), m.v(num(1)))
		} else {
			n, _ := strconv.Atoi(nOf(mi["total"]))
			if n < domain.MaxDenunciasNaFila {
				m.set("denuncias = list_append(denuncias, %s)", m.v(&types.AttributeValueMemberL{Value: []types.AttributeValue{resumo}}))
			}
			m.incr("total", 1) // incr binds the name
		}
		for k, v := range map[string]string{"type": "moderacao", "status": "pendente", "tipo": tipo, "postId": pid, "comentarioId": cid,
			"autorId": autor, "autorNome": autorNome, "texto": texto, "grupoId": st.post.GrupoID, "ultimaEm": fmtTime(now),
			attrGSI1PK: moderacaoPending, attrGSI1SK: fmtTime(now) + "#" + target,
			// GSI2 MODOF#<autor>: the entries about a member's content, found by an account deletion (account_hooks.go).
			attrGSI2PK: modOf(autor), attrGSI2SK: target} {
			m.set("%s = %s", m.n(k), m.v(str(v)))
		}
		m.set("fotos = %s", m.v(strList(fotos)))
		t.countDaily(actor.ID, domain.ActDenuncia, rules, now)
		if err := s.write(ctx, t); err != nil {
			if c, ok := asCancelled(err); ok {
				if c.failed(itemDenuncia) {
					return domain.ErrJaDenunciado()
				}
				if c.failed(itemPost) || c.failed(itemMod) || c.transient() {
					return errRetry
				}
			}
			return err
		}
		hidden = peso.Oculta || hiddenNow
		return nil
	})
	return hidden, err
}

// ModerationScope is the queue's cursor scope.
const ModerationScope = "moderacao"

func decodeMod(r record) (ModItem, error) {
	m, err := unmarshal[ModItem](r, "moderation entry")
	if m.Denuncias == nil {
		m.Denuncias = []DenunciaResumo{}
	}
	if m.Fotos == nil {
		m.Fotos = []string{}
	}
	return m, err
}

// ModerationQueue is the pending reported items, newest report first: one Query.
func (s *Store) ModerationQueue(ctx context.Context, limit int, after map[string]string) ([]ModItem, map[string]string, error) {
	return queryPage(ctx, s, query{Index: IndexGSI1, PK: moderacaoPending, Limit: limit, After: after, NewestFirst: true, What: "moderation queue"}, decodeMod)
}

// Moderate resolves a reported item (a site admin, never on their own
// content): keep (visible again, its count reset), remove, or remove and
// warn the author; the queue entry leaves the queue, the author is told of a
// removal, and the decision goes to the audit log, in one transaction.
func (s *Store) Moderate(ctx context.Context, pid, cid string, in domain.ModeracaoInput, actor Actor) error {
	if err := domain.CanModerate(actor.Admin, actor.ID, ""); err != nil {
		return err
	}
	if !validID(pid) || (cid != "" && !validID(cid)) {
		return domain.ErrDenunciaNotFound()
	}
	target := pid
	if cid != "" {
		target = cid
	}
	// Who reported it, to tell them the outcome: the first few, one Query.
	reporters, _, err := queryPage(ctx, s, query{PK: PostPK(pid), Prefix: prefixDenuncia + target + "#", Limit: domain.MaxDenunciantesNotificados, What: "reports of an item"},
		func(r record) (string, error) { return sOf(r["userId"]), nil })
	if err != nil {
		return err
	}
	return attempt(ctx, func() error {
		now := s.now()
		items, err := s.batchGet(ctx, itemKey{PostPK(pid), ModSK(target)}, itemKey{PostPK(pid), skMeta}, itemKey{PostPK(pid), CommentSK(cid)})
		if err != nil {
			return err
		}
		mi := items[itemKey{PostPK(pid), ModSK(target)}]
		if mi == nil || sOf(mi["status"]) != "pendente" {
			return domain.ErrDenunciaNotFound()
		}
		mod, err := decodeMod(mi)
		if err != nil {
			return err
		}
		if err := domain.CanModerate(actor.Admin, actor.ID, mod.AutorID); err != nil {
			return err
		}
		t := newTxn(s.Table)
		m := t.update(itemMod, PostPK(pid), ModSK(target))
		m.cond("#st = %s", m.v(str("pendente")))
		m.names["#st"] = "status"
		m.remove(attrGSI1PK)
		m.remove(attrGSI1SK)
		m.set("resolvidoEm = %s", m.v(str(fmtTime(now))))
		m.set("resolvidoPor = %s", m.v(str(actor.ID)))
		t.stats(now).total(TotalDenuncias, -1)
		acao := domain.AuditModeracaoManter
		pi := items[itemKey{PostPK(pid), skMeta}]
		ci := items[itemKey{PostPK(pid), CommentSK(cid)}]
		exists := pi != nil && (cid == "" || ci != nil)
		switch in.Acao {
		case domain.AcaoManter:
			m.set("#st = %s", m.v(str("mantido")))
			if exists {
				sk := skMeta
				if cid != "" {
					sk = CommentSK(cid)
				}
				u := t.update(itemPost, PostPK(pid), sk)
				u.cond("attribute_exists(PK)")
				u.set("oculto = %s", u.v(boolean(false)))
				u.set("denuncias = %s", u.v(num(0)))
				u.set("mantido = %s", u.v(boolean(true))) // later reports queue it, never hide it again
			}
		default:
			acao = domain.AuditModeracaoRemover
			m.set("#st = %s", m.v(str("removido")))
			if exists {
				if cid == "" {
					it, err := decodePostItem(pi)
					if err != nil {
						return err
					}
					removePost(t, it, now)
					t.postRemoved(it, now)
					t.notify(NewNotification(mod.AutorID, domain.NotifModeracao, domain.TextoPostRemovido(), domain.LinkPerfil(), now))
				} else {
					removeComment(t, pid, cid)
					t.content(StatComentarios, "", -1, now)
					t.notify(NewNotification(mod.AutorID, domain.NotifModeracao, domain.TextoComentarioRemovido(), domain.LinkPost(pid), now))
				}
			}
			if in.Acao == domain.AcaoRemoverAvisar {
				acao = domain.AuditModeracaoRemoverAvisar
				t.notify(NewNotification(mod.AutorID, domain.NotifModeracao, domain.TextoAvisoModeracao(), domain.LinkPerfil(), now.Add(time.Millisecond)))
			}
		}
		link := domain.LinkPost(pid)
		if in.Acao != domain.AcaoManter {
			link = "/feed"
		}
		for i, uid := range reporters {
			if uid != "" && uid != mod.AutorID {
				t.notify(NewNotification(uid, domain.NotifDenuncia, domain.TextoDenunciaResolvida(cid != "", in.Acao == domain.AcaoManter), link, now.Add(time.Duration(i+2)*time.Millisecond)))
			}
		}
		t.audit(domain.AuditEntry{AdminID: actor.ID, Acao: acao, Entidade: mod.Tipo, EntidadeID: target, Em: now,
			Antes: map[string]any{"postId": pid, "comentarioId": cid, "autorId": mod.AutorID, "texto": mod.Texto, "denuncias": mod.Total}})
		if err := s.write(ctx, t); err != nil {
			if c, ok := asCancelled(err); ok {
				if c.failed(itemMod) {
					return domain.ErrDenunciaNotFound()
				}
				if c.failed(itemPost) || c.failed(itemComment) || c.transient() {
					return errRetry
				}
			}
			return err
		}
		return nil
	})
}
