package store

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/uuid"

	"github.com/verde-app/verde/shared/domain"
)

// The site admin's store: the rules as an admin edits them, the
// set of disabled members the API refuses, the member index admins search by
// name or e-mail prefix, a member's page and points adjustments. Every write
// is one transaction with its audit item (audit.go).
//
//	item                        PK            SK                 GSI1PK / GSI1SK
//	access list                 CONFIG        DESATIVADOS        (access.go)
//	member name word (index)    USER#<uid>    UIDX#N#<i>         USRNOME#<3 letters> / <word>#<name key>#<uid>
//	member e-mail (index)       USER#<uid>    UIDX#E             USREMAIL#<3 chars> / <e-mail>#<uid>
//
// The index items live in the member's partition, so everything of a member
// stays in USER#<uid>. A search reads one GSI1 partition by the query's start
// (begins_with on the sort key) and the page's profiles in one BatchGetItem:
// two calls per page whatever the table holds. Only admins reach the e-mail
// index (the API's admin routes); no member route reads it.

const (
	prefixUserIndex = "UIDX#"
	skUserEmail     = prefixUserIndex + "E"
	userNamePrefix  = "USRNOME#"
	userEmailPrefix = "USREMAIL#"
)

func userNameSK(i int) string { return prefixUserIndex + "N#" + strconv.Itoa(i) }

// ---- rules --------------------------------------------------------------

// StoredRules are the rules as stored now (no cache): what the admin's form
// loads, with the version a save must name.
func (s *Store) StoredRules(ctx context.Context) (domain.Rules, error) {
	item, err := s.getItem(ctx, pkConfig, skApp, "rules")
	if err != nil {
		return domain.Rules{}, err
	}
	if item == nil {
		return domain.Defaults(), nil
	}
	it, err := unmarshal[rulesItem](item, "rules")
	if err != nil {
		return domain.Rules{}, err
	}
	r, err := domain.RulesFromJSON([]byte(it.Rules))
	if err != nil {
		return domain.Rules{}, fmt.Errorf("decode rules: %w", err)
	}
	r.Version = it.Version
	return r, nil
}

// EditRules saves in as the next version over in.Version (the version the
// admin's form was loaded with): one GetItem (the rules before, for the
// audit) and one transaction (the rules over that version and the audit
// entry). A save based on an older version gets a conflict.
func (s *Store) EditRules(ctx context.Context, in domain.Rules, actor Actor) (domain.Rules, error) {
	if err := in.Valid(); err != nil {
		return domain.Rules{}, err
	}
	before, err := s.StoredRules(ctx)
	if err != nil {
		return domain.Rules{}, err
	}
	if err := domain.CheckRulesVersion(before.Version, in.Version); err != nil {
		return domain.Rules{}, err
	}
	next := in
	next.Version = in.Version + 1
	body, err := json.Marshal(next)
	if err != nil {
		return domain.Rules{}, fmt.Errorf("encode rules: %w", err)
	}
	now := s.now()
	t := newTxn(s.Table)
	cond := newUpd()
	if in.Version == 1 {
		cond.cond("attribute_not_exists(PK) OR version = %s", cond.v(num(1)))
	} else {
		cond.cond("version = %s", cond.v(num(in.Version)))
	}
	t.putWhen("rules", rulesItem{PK: pkConfig, SK: skApp, Type: "config", Version: next.Version, Rules: string(body),
		Em: fmtTime(now), Por: actor.ID}, cond)
	t.audit(domain.AuditEntry{AdminID: actor.ID, Acao: domain.AuditRegrasEditadas, Entidade: "regras", EntidadeID: "APP",
		Em: now, Antes: before, Depois: next})
	if err := s.writeElse(ctx, t, "rules", domain.ErrRulesChanged()); err != nil {
		return domain.Rules{}, err
	}
	s.rulesCache.mu.Lock()
	s.rulesCache.rules, s.rulesCache.until = next.Clone(), time.Now().Add(rulesTTL)
	s.rulesCache.mu.Unlock()
	return next, nil
}

// ---- member index -------------------------------------------------------

type userIndexItem struct {
	PK     string `dynamodbav:"PK"`
	SK     string `dynamodbav:"SK"`
	Type   string `dynamodbav:"type"`
	UserID string `dynamodbav:"userId"`
	GSI1PK string `dynamodbav:"GSI1PK"`
	GSI1SK string `dynamodbav:"GSI1SK"`
	Texto  string `dynamodbav:"texto,omitempty"` // " " + every word of the name, for the other words of a query
}

// userNameIndex are the name items of a member: one per word of the name
// (position i), so a rename overwrites them in place.
func userNameIndex(uid, nome string) []userIndexItem {
	key := domain.SearchKey(nome)
	var out []userIndexItem
	for i, w := range domain.SearchWords(nome, "") {
		out = append(out, userIndexItem{PK: UserPK(uid), SK: userNameSK(i), Type: "useridx", UserID: uid,
			GSI1PK: userNamePrefix + domain.SearchPrefix(w), GSI1SK: w + "#" + key + "#" + uid, Texto: " " + key})
	}
	return out
}

func userEmailIndex(uid, email string) (userIndexItem, bool) {
	e := domain.UserSearchKey(email)
	if len(e) < domain.MinUserSearch {
		return userIndexItem{}, false
	}
	return userIndexItem{PK: UserPK(uid), SK: skUserEmail, Type: "useridx", UserID: uid,
		GSI1PK: userEmailPrefix + e[:domain.MinUserSearch], GSI1SK: e + "#" + uid}, true
}

// IndexUser writes the search items of a profile (name words, e-mail) and
// deletes name positions past the new name's words: one BatchWriteItem.
// Called on a profile's creation and by the backfill (ReindexUserName on a
// change of name).
func (s *Store) IndexUser(ctx context.Context, uid, nome, email string) error {
	var reqs []types.WriteRequest
	words := userNameIndex(uid, nome)
	for _, it := range words {
		item, err := attributevalue.MarshalMap(it)
		if err != nil {
			return err
		}
		reqs = append(reqs, types.WriteRequest{PutRequest: &types.PutRequest{Item: item}})
	}
	if email != "" {
		if it, ok := userEmailIndex(uid, email); ok {
			item, err := attributevalue.MarshalMap(it)
			if err != nil {
				return err
			}
			reqs = append(reqs, types.WriteRequest{PutRequest: &types.PutRequest{Item: item}})
		}
	}
	// A batch holds 25 requests: the e-mail, the words and the positions a
	// longer earlier name may have left (up to 25 in all).
	for i := len(words); len(reqs) < 25 && i < domain.MaxSearchWords; i++ {
		reqs = append(reqs, types.WriteRequest{DeleteRequest: &types.DeleteRequest{Key: keyOf(UserPK(uid), userNameSK(i))}})
	}
	return s.writeIndex(ctx, reqs)
}

// ReindexUserName moves the admins' member search from a profile's old name
// to its new one: it writes only the word items that differ (each carries
// the whole name, which orders a word's hits and matches a second word, so
// every word of a renamed name is rewritten: at most domain.MaxSearchWords)
// and deletes only the positions the old name used past the new one's words.
// A name that did not change writes nothing (UpdateProfile does not call it).
func (s *Store) ReindexUserName(ctx context.Context, uid, oldNome, nome string) error {
	prev, next := userNameIndex(uid, oldNome), userNameIndex(uid, nome)
	var reqs []types.WriteRequest
	for i, it := range next {
		if i < len(prev) && prev[i] == it {
			continue
		}
		item, err := attributevalue.MarshalMap(it)
		if err != nil {
			return err
		}
		reqs = append(reqs, types.WriteRequest{PutRequest: &types.PutRequest{Item: item}})
	}
	for i := len(next); i < len(prev); i++ {
		reqs = append(reqs, types.WriteRequest{DeleteRequest: &types.DeleteRequest{Key: keyOf(UserPK(uid), userNameSK(i))}})
	}
	return s.writeIndex(ctx, reqs)
}

// writeIndex sends up to 25 index writes in one BatchWriteItem (and its unprocessed part again).
func (s *Store) writeIndex(ctx context.Context, reqs []types.WriteRequest) error {
	for round := 0; len(reqs) > 0; round++ {
		if round == 5 {
			return fmt.Errorf("index user: writes still unprocessed")
		}
		out, err := s.DB.BatchWriteItem(ctx, &dynamodb.BatchWriteItemInput{RequestItems: map[string][]types.WriteRequest{s.Table: reqs}})
		if err != nil {
			return fmt.Errorf("index user: %w", err)
		}
		reqs = out.UnprocessedItems[s.Table]
	}
	return nil
}

// UserHit is one member a search found.
type UserHit struct {
	Profile    domain.Profile
	Desativado bool
}

// SearchUsers finds members whose name has a word starting with q (or,
// byEmail, whose e-mail starts with q): one Query of the index, one
// BatchGetItem of the page's profiles, and the cached disabled set.
func (s *Store) SearchUsers(ctx context.Context, q string, byEmail bool, limit int, after map[string]string) ([]UserHit, map[string]string, error) {
	qq := query{Index: IndexGSI1, Limit: limit, After: after, What: "user search"}
	if byEmail {
		e := domain.UserSearchKey(q)
		if len(e) < domain.MinUserSearch {
			return nil, nil, domain.ErrUserSearchEmail()
		}
		qq.PK, qq.Prefix = userEmailPrefix+e[:domain.MinUserSearch], e
	} else {
		words := domain.QueryWords(domain.SearchKey(q))
		if len(words) == 0 {
			return nil, nil, domain.ErrUserSearchName()
		}
		w := words[0]
		qq.PK, qq.Prefix = userNamePrefix+domain.SearchPrefix(w), w
		if len(words) > 1 {
			// the other words filter the page: the name key holds them all
			qq.ContainsAttr, qq.Contains = "texto", " "+words[1]
		}
	}
	var ids []string
	var next map[string]string
	var err error
	if byEmail {
		ids, next, err = queryPage(ctx, s, qq, func(r record) (string, error) { return sOf(r["userId"]), nil })
	} else {
		ids, next, err = s.userNameIDs(ctx, qq, qq.Prefix) // each member once (search_users.go)
	}
	if err != nil {
		return nil, nil, err
	}
	var keys []itemKey
	for _, id := range ids {
		keys = append(keys, itemKey{UserPK(id), skProfile})
	}
	got, err := s.batchGet(ctx, keys...)
	if err != nil {
		return nil, nil, err
	}
	out := []UserHit{}
	seen := map[string]bool{}
	for _, id := range ids {
		it := got[itemKey{UserPK(id), skProfile}]
		if it == nil || seen[id] {
			continue
		}
		seen[id] = true
		p, err := decodeProfile(it)
		if err != nil {
			return nil, nil, err
		}
		off, err := s.IsDisabled(ctx, id)
		if err != nil {
			return nil, nil, err
		}
		out = append(out, UserHit{Profile: p, Desativado: off})
	}
	return out, next, nil
}

// UsersScope names a search's cursors.
func UsersScope(q string) string { return "admin-users:" + q }

// ---- a member's page ----------------------------------------------------

// MemberGroup is one group of a member as the admin's page lists it.
type MemberGroup struct {
	ID, Nome, Cidade, UF string
}

// MemberDetail is what the admin's page of a member shows but the ledger.
type MemberDetail struct {
	Profile    domain.Profile
	Desativado bool
	Grupos     []MemberGroup
	Cultivos   int
	Colheitas  int
	ColheitaKg float64
}

// Member reads a member's page: the profile (one GetItem), their groups and
// harvest totals (one BatchGetItem of at most 100 items) and the cached
// disabled set.
func (s *Store) Member(ctx context.Context, uid string) (MemberDetail, error) {
	p, found, err := s.Profile(ctx, uid)
	if err != nil {
		return MemberDetail{}, err
	}
	if !found {
		return MemberDetail{}, domain.ErrMembroNotFound()
	}
	keys := []itemKey{{UserPK(uid), skCultStats}}
	for _, g := range p.GruposParticipantes {
		if len(keys) == 100 {
			break
		}
		keys = append(keys, itemKey{GroupPK(g), skMeta})
	}
	got, err := s.batchGet(ctx, keys...)
	if err != nil {
		return MemberDetail{}, err
	}
	d := MemberDetail{Profile: p, Grupos: []MemberGroup{}}
	if st := got[itemKey{UserPK(uid), skCultStats}]; st != nil {
		d.Cultivos = int(numOf(st["cultivos"]))
		d.Colheitas = int(numOf(st["colheitas"]))
		d.ColheitaKg = numOf(st["kg"])
	}
	for _, g := range p.GruposParticipantes {
		it := got[itemKey{GroupPK(g), skMeta}]
		if it == nil {
			continue
		}
		gr, err := decodeGroup(it)
		if err != nil {
			return MemberDetail{}, err
		}
		d.Grupos = append(d.Grupos, MemberGroup{ID: gr.ID, Nome: gr.Nome, Cidade: gr.Cidade, UF: gr.UF})
	}
	if d.Desativado, err = s.IsDisabled(ctx, uid); err != nil {
		return MemberDetail{}, err
	}
	return d, nil
}

func numOf(av types.AttributeValue) float64 {
	n, ok := av.(*types.AttributeValueMemberN)
	if !ok {
		return 0
	}
	f, _ := strconv.ParseFloat(n.Value, 64)
	return f
}

// AdjustPoints adds a.Pontos (negative: takes away, never below zero) to the
// member's total with a ledger item of its own carrying the reason, the level
// recomputed, a notification to the member and the audit entry: one GetItem
// and one transaction (again if the total changed in between).
func (s *Store) AdjustPoints(ctx context.Context, uid string, a domain.PointsAdjustment, actor Actor) (domain.Profile, error) {
	var out domain.Profile
	id := uuid.Must(uuid.NewV7()).String()
	err := attempt(ctx, func() error {
		item, err := s.getItem(ctx, UserPK(uid), skProfile, "profile")
		if err != nil {
			return err
		}
		ps, err := readProfileState(uid, item)
		if err != nil {
			return err
		}
		if !ps.found {
			return domain.ErrMembroNotFound()
		}
		p := ps.profile
		pts := a.Pontos
		if err := domain.CheckAjuste(p.PontosTotais, pts); err != nil {
			return err
		}
		now := s.now()
		sc := domain.ApplyAward(p.PontosTotais, domain.Award{Motivo: domain.MotivoAjuste, Ref: id, Pontos: pts})
		t := newTxn(s.Table)
		u := t.update(itemProfile, UserPK(uid), skProfile)
		u.cond("attribute_exists(PK)")
		u.pin("pontosTotais", ps.hasPts, p.PontosTotais)
		u.set("pontosTotais = %s", u.v(num(sc.PontosTotais)))
		u.set("nivel = %s", u.v(num(sc.Nivel)))
		u.incr("version", 1)
		// The points move the member's place in the rankings (all time and this month) with them.
		s.rankAward(t, u, ps, sc.PontosTotais, pts, now)
		t.putItem(itemLedger, ledgerItem{pointsItem: ledgerRow(uid, domain.Award{Motivo: domain.MotivoAjuste, Ref: id, Pontos: pts}, now),
			Descricao: a.Motivo, AdminID: actor.ID}, "attribute_not_exists(PK)")
		t.notify(NewNotification(uid, domain.NotifPontosAjustados, domain.TextoAjuste(pts, a.Motivo), domain.LinkPerfil(), now))
		if sc.LevelUp {
			t.notify(NewNotification(uid, domain.NotifNivel, domain.TextoNivel(sc.Nivel), domain.LinkPerfil(), now))
		}
		after := p
		after.PontosTotais, after.Nivel = sc.PontosTotais, sc.Nivel
		t.audit(domain.AuditEntry{AdminID: actor.ID, Acao: domain.AuditUsuarioPontos, Entidade: "usuario", EntidadeID: uid, Em: now,
			Antes:  map[string]any{"pontosTotais": p.PontosTotais, "nivel": p.Nivel},
			Depois: map[string]any{"pontosTotais": sc.PontosTotais, "nivel": sc.Nivel, "ajuste": pts, "motivo": a.Motivo}})
		if err := retryable(s.write(ctx, t), itemProfile); err != nil {
			return err
		}
		out = after
		return nil
	})
	return out, err
}

// ---- the audit log as the admin dashboard lists it --------------------------

// AuditList is one page of the audit log, newest first, by admin, by action
// or neither, within one month (when mes is set, else: by admin or action,
// every month; neither: this month): one Query.
func (s *Store) AuditList(ctx context.Context, adminID, acao string, mes time.Time, limit int, after map[string]string) ([]AuditRecord, map[string]string, error) {
	q := query{PK: AuditPK(s.now()), NewestFirst: true, Limit: limit, After: after, What: "audit"}
	if !mes.IsZero() {
		q.PK = AuditPK(mes)
	}
	switch {
	case adminID != "":
		q.Index, q.PK = IndexGSI1, auditByAdmin(adminID)
	case acao != "":
		q.Index, q.PK = IndexGSI2, auditByAction(acao)
	}
	if q.Index != "" && !mes.IsZero() {
		q.Prefix = mes.UTC().Format("2006-01")
	}
	if q.Index != "" && adminID != "" && acao != "" {
		q.ContainsAttr, q.Contains = "acao", acao
	}
	return queryPage(ctx, s, q, decodeAudit)
}

// AuditScope names an audit list's cursors.
func AuditScope(adminID, acao string, mes time.Time) string {
	m := ""
	if !mes.IsZero() {
		m = mes.UTC().Format("2006-01")
	}
	return "admin-audit:" + adminID + ":" + acao + ":" + m
}

// ProfileNames are the names of the given users (one BatchGetItem, at most 100).
func (s *Store) ProfileNames(ctx context.Context, ids []string) (map[string]string, error) {
	var keys []itemKey
	for _, id := range ids {
		if len(keys) == 100 {
			break
		}
		keys = append(keys, itemKey{UserPK(id), skProfile})
	}
	got, err := s.batchGet(ctx, keys...)
	if err != nil {
		return nil, err
	}
	out := map[string]string{}
	for _, it := range got {
		out[sOf(it["id"])] = sOf(it["nome"])
	}
	return out, nil
}
