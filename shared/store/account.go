package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/verde-app/verde/shared/domain"
)

// The member's own account: the groups that block a
// deletion, and the deletion itself, as erase phases run in order (this
// file), and the export (account_export.go).
//
// A deletion is chunked and resumable like a group's: every call runs the
// phases in order, each phase erases at most a budget of items and reports
// whether anything of its kind is left, so a call cut short (timeout, crash,
// closed tab) is finished by calling again. A phase that is done costs one
// Query that finds nothing. The API then empties the user's photos in the
// bucket, deletes the Cognito user and finally the profile
// (FinishAccountDeletion), which is also the mark that a deletion ran.

// Keys of the account area: a user's join requests and create keys are
// found through GSI1 (both live in other partitions).
const (
	prefixRequestsOf = "REQOF#"
	prefixIdemOf     = "IDEMOF#"
	attrExcluindo    = "excluindoDesde"
	// RemovedUserName replaces the name of a deleted user wherever a record
	// of a group (cultivo, diary entry, harvest) or of the feed is kept.
	RemovedUserName = domain.NomeUsuarioRemovido
)

// requestsOf is the GSI1 partition of a user's open join requests.
func requestsOf(uid string) string { return prefixRequestsOf + uid }

// idemOf is the GSI1 partition of a user's create keys.
func idemOf(uid string) string { return prefixIdemOf + uid }

// OwnedGroup is a group the user is dono of: a deletion waits until it is
// transferred or deleted.
type OwnedGroup struct {
	ID, Nome string
}

// maxMembershipPages bounds the read of a user's memberships (a page holds
// hundreds; the product caps the groups a member joins far lower).
const maxMembershipPages = 10

// OwnedGroups lists the groups uid owns (GSI1 USER#uid / GROUP#…, a page or two).
func (s *Store) OwnedGroups(ctx context.Context, uid string) ([]OwnedGroup, error) {
	ms, err := queryAll(ctx, s, query{Index: IndexGSI1, PK: UserPK(uid), Prefix: prefixGroup, What: "memberships"}, maxMembershipPages, decodeMemberItem)
	if err != nil {
		return nil, err
	}
	out := []OwnedGroup{}
	for _, m := range ms {
		if m.Papel == string(domain.PapelDono) {
			out = append(out, OwnedGroup{ID: m.GroupID, Nome: m.GrupoNome})
		}
	}
	return out, nil
}

func decodeMemberItem(r record) (memberItem, error) { return unmarshal[memberItem](r, "membership") }

// ErrOwnsGroups refuses a deletion while the user owns a group.
func ErrOwnsGroups() *domain.Error { return domain.ErrOwnsGroups() }

// AccountDeletionStarted reports whether uid confirmed a deletion that is
// not finished yet (the API then asks for the password only once).
func (s *Store) AccountDeletionStarted(ctx context.Context, uid string) (bool, error) {
	it, err := s.getItem(ctx, UserPK(uid), skProfile, "profile")
	if err != nil {
		return false, err
	}
	return it != nil && it[attrExcluindo] != nil, nil
}

// StartAccountDeletion puts the deletion into the access list (from then on
// every route but the deletion's own refuses the account's tokens: at once
// in this container, within AccessTTL in every other) and marks the profile.
func (s *Store) StartAccountDeletion(ctx context.Context, uid string) error {
	l, err := s.readAccess(ctx)
	if err != nil {
		return err
	}
	if _, ok := l.deleting[uid]; !ok {
		t := newTxn(s.Table)
		markDeleting(t, l, uid, s.now())
		if err := s.write(ctx, t); err != nil {
			return err
		}
		s.forgetAccess()
	}
	_, err = s.DB.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: aws.String(s.Table), Key: keyOf(UserPK(uid), skProfile),
		UpdateExpression:          aws.String("SET #e = if_not_exists(#e, :now)"),
		ConditionExpression:       aws.String("attribute_exists(PK)"),
		ExpressionAttributeNames:  map[string]string{"#e": attrExcluindo},
		ExpressionAttributeValues: record{":now": str(fmtTime(s.now()))},
	})
	if err != nil && !isConditionFailed(err) {
		return fmt.Errorf("mark account deleting: %w", err)
	}
	return nil
}

// ErasePhase is one kind of a user's data: Step erases up to about budget
// items of it and reports done when none is left.
type ErasePhase struct {
	Name string
	Step func(ctx context.Context, s *Store, uid string, budget int) (erased int, done bool, err error)
}

// AccountErasers are the table's phases of a deletion, in order. An area
// that keeps data about a user adds its phase here (the feed: EraseFeedOfUser,
// account_hooks.go). "dados" stays last: it takes everything left in the
// user's partition but the profile.
var AccountErasers = []ErasePhase{
	{Name: "grupos", Step: eraseMemberships},
	{Name: "pedidos", Step: eraseJoinRequests},
	{Name: "cultivos", Step: eraseCultivos},
	{Name: "feed", Step: EraseFeedOfUser},
	{Name: "idempotencia", Step: eraseIdempotency},
	{Name: "notificacoes", Step: eraseNotifications},
	{Name: "ligas", Step: eraseLeagues},
	{Name: "conquistas", Step: eraseConquistas}, // the member counts (conquistas_count.go)
	{Name: "dados", Step: eraseUserPartition},
}

// DeletionProgress is where a deletion stands after one call.
type DeletionProgress struct {
	Fase      string // the phase the call stopped in ("" when the table's phases are done)
	Indice    int    // its index in AccountErasers (len when done)
	Removidos int    // items erased by this call
	Done      bool   // every table phase is done
}

// EraseAccountStep runs the phases in order with a budget of items for the
// call: a bounded number of DynamoDB calls however large the account is.
func (s *Store) EraseAccountStep(ctx context.Context, uid string, budget int) (DeletionProgress, error) {
	if !validID(uid) {
		return DeletionProgress{}, domain.ErrContaNotFound()
	}
	p := DeletionProgress{}
	for i, ph := range AccountErasers {
		left := budget - p.Removidos
		if left <= 0 {
			p.Fase, p.Indice = ph.Name, i
			return p, nil
		}
		n, done, err := ph.Step(ctx, s, uid, left)
		p.Removidos += n
		if err != nil {
			return p, err
		}
		if !done {
			p.Fase, p.Indice = ph.Name, i
			return p, nil
		}
	}
	p.Indice, p.Done = len(AccountErasers), true
	return p, nil
}

// DeletionSettled reports whether every request the account could have
// started before its deletion began has ended: the deletion's start plus
// every container's AccessTTL plus the longest a request runs (settle). Its
// phases run once more after that (the sweep), so an item a request wrote
// meanwhile goes too; remaining is how long until then.
func (s *Store) DeletionSettled(ctx context.Context, uid string, settle time.Duration) (bool, time.Duration, error) {
	a, err := s.AccessOf(ctx, uid)
	if err != nil {
		return false, 0, err
	}
	if !a.Deleting() {
		return false, settle, nil
	}
	left := time.Until(a.DeletingSince.Add(AccessTTL + settle))
	return left <= 0, left, nil
}

// FinishAccountDeletion deletes the profile, the last item of the user, and
// marks the deletion done in the access list (every route then refuses the
// account's tokens, the deletion's own too).
func (s *Store) FinishAccountDeletion(ctx context.Context, uid string) error {
	done, err := s.memberLeft(ctx, uid)
	if err != nil {
		return err
	}
	if !done {
		if _, err := s.DB.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: aws.String(s.Table), Key: keyOf(UserPK(uid), skProfile)}); err != nil {
			return fmt.Errorf("delete profile: %w", err)
		}
	}
	return s.markDeleted(ctx, uid)
}

// eraseMemberships leaves each group as the member would (lotes freed, lote
// requests dropped, counts kept exact), after clearing the user from the
// group's invites. A dono stops the deletion.
func eraseMemberships(ctx context.Context, s *Store, uid string, budget int) (int, bool, error) {
	ms, next, err := queryPage(ctx, s, query{Index: IndexGSI1, PK: UserPK(uid), Prefix: prefixGroup, Limit: min(budget, 25), What: "memberships"}, decodeMemberItem)
	if err != nil {
		return 0, false, err
	}
	for _, m := range ms {
		if m.Papel == string(domain.PapelDono) {
			return 0, false, ErrOwnsGroups()
		}
	}
	n := 0
	for _, m := range ms {
		if err := s.clearInviteAuthor(ctx, m.GroupID, uid); err != nil {
			return n, false, err
		}
		if err := s.anonymizeRelatorios(ctx, m.GroupID, uid); err != nil {
			return n, false, err
		}
		err := s.RemoveMember(ctx, m.GroupID, Actor{ID: uid}, uid)
		var de *domain.Error
		if errors.As(err, &de) && de.Code == domain.ENotFound {
			// A group being deleted refuses writes: its deletion takes the
			// membership too, but nothing of the user may wait for it.
			err = s.deleteKey(ctx, GroupPK(m.GroupID), MemberSK(uid))
		}
		if err != nil {
			return n, false, err
		}
		n++
	}
	return n, next == nil && len(ms) < min(budget, 25), nil
}

// clearInviteAuthor removes uid as the author of the group's invites (at
// most the group's invite cap: a page or two).
func (s *Store) clearInviteAuthor(ctx context.Context, gid, uid string) error {
	invs, err := queryAll(ctx, s, query{Index: IndexGSI1, PK: GroupPK(gid), Prefix: prefixInvite, What: "group invites"}, maxGroupPages, func(r record) (record, error) { return r, nil })
	if err != nil {
		return err
	}
	for _, it := range invs {
		if sOf(it["createdBy"]) != uid {
			continue
		}
		_, err := s.DB.UpdateItem(ctx, &dynamodb.UpdateItemInput{
			TableName: aws.String(s.Table), Key: keyOf(sOf(it[attrPK]), sOf(it[attrSK])),
			UpdateExpression: aws.String("SET createdBy = :none"), ConditionExpression: aws.String("attribute_exists(PK)"),
			ExpressionAttributeValues: record{":none": str("")},
		})
		if err != nil && !isConditionFailed(err) {
			return fmt.Errorf("clear invite author: %w", err)
		}
	}
	return nil
}

// eraseJoinRequests cancels the user's open join requests (GSI1 REQOF#uid).
func eraseJoinRequests(ctx context.Context, s *Store, uid string, budget int) (int, bool, error) {
	limit := min(budget, 25)
	reqs, next, err := queryPage(ctx, s, query{Index: IndexGSI1, PK: requestsOf(uid), Limit: limit, What: "join requests of a user"}, func(r record) (record, error) { return r, nil })
	if err != nil {
		return 0, false, err
	}
	n := 0
	for _, r := range reqs {
		gid := sOf(r["groupId"])
		err := s.DeleteRequest(ctx, gid, Actor{ID: uid}, uid)
		var de *domain.Error
		if errors.As(err, &de) && de.Code == domain.ENotFound {
			err = s.deleteKey(ctx, sOf(r[attrPK]), sOf(r[attrSK]))
		}
		if err != nil {
			return n, false, err
		}
		n++
	}
	return n, next == nil && len(reqs) < limit, nil
}

// eraseCultivos takes the user out of every cultivo they wrote to. A
// personal cultivo (Horta pessoal, theirs alone) goes whole: the cultivo,
// its diary and harvests. A group's cultivo is the group's record and
// stays: the user's name and id leave its responsible and collaborators,
// their diary entries lose their text and photos and their harvests keep
// only the facts (quantity, date: the group's totals) as "Usuário removido"
// (the bucket's copies of the photos go with the account). The user's
// CULTOF# item goes last, so a call cut short finds the cultivo again.
func eraseCultivos(ctx context.Context, s *Store, uid string, budget int) (int, bool, error) {
	refs, _, err := queryPage(ctx, s, query{PK: UserPK(uid), Prefix: prefixCultOf, Limit: 5, What: "cultivos of a user"}, func(r record) (record, error) { return r, nil })
	if err != nil {
		return 0, false, err
	}
	n := 0
	for _, ref := range refs {
		cid := sOf(ref["cultivoId"])
		erase := s.anonymizeCultivo
		if sOf(ref["grupoId"]) == "" && sOf(ref["papel"]) == "responsavel" {
			erase = s.deletePersonalCultivo
		}
		k, done, err := erase(ctx, cid, uid, budget-n)
		n += k
		if err != nil || !done {
			return n, false, err
		}
		if err := s.deleteKey(ctx, UserPK(uid), CultOfSK(cid)); err != nil {
			return n, false, err
		}
		n++
		if n >= budget {
			return n, false, nil
		}
	}
	return n, len(refs) < 5, nil
}

// anonymizeCultivo clears uid from one cultivo and from up to budget of its entries.
func (s *Store) anonymizeCultivo(ctx context.Context, cid, uid string, budget int) (int, bool, error) {
	n := 0
	var start record
	for page := 0; ; page++ {
		if page == 50 {
			return n, false, nil // a very long diary: the next call reads on
		}
		out, err := s.DB.Query(ctx, &dynamodb.QueryInput{
			ExclusiveStartKey:         start,
			TableName:                 aws.String(s.Table),
			KeyConditionExpression:    aws.String("PK = :pk"),
			FilterExpression:          aws.String("autorId = :uid"),
			ExpressionAttributeValues: record{":pk": str(CultivoPK(cid)), ":uid": str(uid)},
			ProjectionExpression:      aws.String("PK, SK"),
			Limit:                     aws.Int32(200),
		})
		if err != nil {
			return n, false, fmt.Errorf("query entries of a cultivo: %w", err)
		}
		for _, it := range out.Items {
			if n >= budget {
				return n, false, nil
			}
			sk := sOf(it[attrSK])
			if strings.HasPrefix(sk, prefixLogRef) {
				// A diary entry's pointer (undo.go): its entry is anonymized, and
				// only its author could delete it, so the pointer goes.
				if _, err := s.DB.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: aws.String(s.Table), Key: keyOf(CultivoPK(cid), sk)}); err != nil {
					return n, false, fmt.Errorf("delete diary pointer: %w", err)
				}
				n++
				continue
			}
			expr := "SET autorId = :none, autorNome = :removed, fotos = :empty, texto = :none"
			vals := record{":none": str(""), ":removed": str(RemovedUserName), ":empty": &types.AttributeValueMemberL{Value: []types.AttributeValue{}}, ":uid": str(uid)}
			if len(sk) >= len(prefixColheita) && sk[:len(prefixColheita)] == prefixColheita {
				expr = "SET autorId = :none, autorNome = :removed, foto = :nofoto"
				vals = record{":none": str(""), ":removed": str(RemovedUserName), ":nofoto": str(""), ":uid": str(uid)}
			}
			_, err := s.DB.UpdateItem(ctx, &dynamodb.UpdateItemInput{
				TableName: aws.String(s.Table), Key: keyOf(CultivoPK(cid), sk),
				UpdateExpression: aws.String(expr), ConditionExpression: aws.String("autorId = :uid"),
				ExpressionAttributeValues: vals,
			})
			if err != nil && !isConditionFailed(err) {
				return n, false, fmt.Errorf("anonymize entry: %w", err)
			}
			n++
		}
		if len(out.LastEvaluatedKey) == 0 {
			break
		}
		start = out.LastEvaluatedKey
	}
	if err := s.anonymizeCultivoMeta(ctx, cid, uid); err != nil {
		return n, false, err
	}
	return n + 1, true, nil
}

// deletePersonalCultivo deletes a personal cultivo of uid, up to budget of
// its items a call (its diary and harvests first, the cultivo itself last,
// so a call cut short finds it again). A cultivo that is not uid's own
// personal one (moved into a group meanwhile) is anonymized instead.
func (s *Store) deletePersonalCultivo(ctx context.Context, cid, uid string, budget int) (int, bool, error) {
	it, err := s.getItem(ctx, CultivoPK(cid), skMeta, "cultivo")
	if err != nil {
		return 0, false, err
	}
	if it == nil {
		return 0, true, nil
	}
	if sOf(it["grupoId"]) != "" || sOf(it["responsavelId"]) != uid {
		return s.anonymizeCultivo(ctx, cid, uid, budget)
	}
	n := 0
	for n < budget {
		limit := min(budget-n, 100)
		keys, next, err := queryPage(ctx, s, query{PK: CultivoPK(cid), KeysOnly: true, Limit: limit + 1, What: "a personal cultivo"}, keyRecord)
		if err != nil {
			return n, false, err
		}
		var del []record
		for _, k := range keys {
			if sOf(k[attrSK]) != skMeta && len(del) < limit {
				del = append(del, k)
			}
		}
		if len(del) == 0 && next == nil {
			if err := s.deleteKey(ctx, CultivoPK(cid), skMeta); err != nil {
				return n, false, err
			}
			return n + 1, true, nil
		}
		if err := s.batchDelete(ctx, del); err != nil {
			return n, false, err
		}
		n += len(del)
	}
	return n, false, nil
}

// anonymizeCultivoMeta removes uid as responsible and collaborator of the
// cultivo (a version check; a write meanwhile is read again).
func (s *Store) anonymizeCultivoMeta(ctx context.Context, cid, uid string) error {
	return attempt(ctx, func() error {
		it, err := s.getItem(ctx, CultivoPK(cid), skMeta, "cultivo")
		if err != nil || it == nil {
			return err
		}
		c, err := decodeCultivo(it)
		if err != nil {
			return err
		}
		cols := []domain.Colaborador{}
		for _, col := range c.Colaboradores {
			if col.UserID != uid {
				cols = append(cols, col)
			}
		}
		if c.ResponsavelID != uid && len(cols) == len(c.Colaboradores) {
			return nil
		}
		// A growing cultivo of the member leaves the lote with them: the lote is freed as the
		// member leaves the group, and a free lote holds no one's cultivo (it showed "livre" and
		// "1 cultivo" at once). The cultivo stays the group's record, without a lote.
		detach := c.ResponsavelID == uid && c.GrupoID != "" && c.LoteCodigo != "" && c.Fase.Aberta() && !c.Arquivado
		write := func(withLote bool) error {
			t := newTxn(s.Table)
			u := t.update(itemMeta, CultivoPK(cid), skMeta)
			u.cond("version = %s", u.v(num(c.Version)))
			if c.ResponsavelID == uid {
				u.set("responsavelId = %s", u.v(str("")))
				u.set("responsavelNome = %s", u.v(str(RemovedUserName)))
			}
			if detach {
				u.set("loteCodigo = %s", u.v(str("")))
			}
			if detach && withLote {
				lu := t.update(itemLote, GroupPK(c.GrupoID), LoteSK(c.LoteCodigo))
				lu.cond("cultivosAtivos > %s", lu.v(num(0)))
				lu.incr("cultivosAtivos", -1)
			}
			av, err := attributevalue.Marshal(cols)
			if err != nil {
				return err
			}
			u.set("colaboradores = %s", u.v(av))
			u.incr("version", 1)
			return s.write(ctx, t)
		}
		err = write(true)
		var cc *cancelled
		if detach && errors.As(err, &cc) && cc.failed(itemLote) {
			err = write(false) // the lote was deleted, or its count already left the cultivo
		}
		return retryable(err, itemMeta)
	})
}

// eraseIdempotency deletes the user's create keys (GSI1 IDEMOF#uid).
func eraseIdempotency(ctx context.Context, s *Store, uid string, budget int) (int, bool, error) {
	limit := min(budget, 100)
	keys, next, err := queryPage(ctx, s, query{Index: IndexGSI1, PK: idemOf(uid), KeysOnly: true, Limit: limit, What: "create keys of a user"}, keyRecord)
	if err != nil {
		return 0, false, err
	}
	if err := s.batchDelete(ctx, keys); err != nil {
		return 0, false, err
	}
	return len(keys), next == nil && len(keys) < limit, nil
}

// eraseUserPartition deletes everything in USER#uid but the profile:
// notifications and their counter, the ledger, daily counters, harvest
// totals, and whatever an area keeps there later.
func eraseUserPartition(ctx context.Context, s *Store, uid string, budget int) (int, bool, error) {
	limit := min(budget, 100)
	keys, next, err := queryPage(ctx, s, query{PK: UserPK(uid), KeysOnly: true, Limit: limit + 1, What: "user items"}, keyRecord)
	if err != nil {
		return 0, false, err
	}
	var del []record
	for _, k := range keys {
		if sOf(k[attrSK]) != skProfile {
			del = append(del, k)
		}
	}
	if err := s.batchDelete(ctx, del); err != nil {
		return 0, false, err
	}
	return len(del), next == nil && len(keys) <= limit, nil
}

// deleteKey deletes one item (absent is fine).
func (s *Store) deleteKey(ctx context.Context, pk, sk string) error {
	if _, err := s.DB.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: aws.String(s.Table), Key: keyOf(pk, sk)}); err != nil {
		return fmt.Errorf("delete item: %w", err)
	}
	return nil
}
