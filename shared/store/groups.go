package store

import (
	"context"
	"errors"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/verde-app/verde/shared/domain"
)

// Item names used in cancellations.
const (
	itemMeta    = "meta"
	itemMember  = "member"
	itemActor   = "actor"
	itemRequest = "request"
)

// groupItem is the stored shape of domain.Group.
type groupItem struct {
	PK                    string         `dynamodbav:"PK"`
	SK                    string         `dynamodbav:"SK"`
	Type                  string         `dynamodbav:"type"`
	ID                    string         `dynamodbav:"id"`
	Nome                  string         `dynamodbav:"nome"`
	NomeBusca             string         `dynamodbav:"nomeBusca"`
	Descricao             string         `dynamodbav:"descricao"`
	Cidade                string         `dynamodbav:"cidade"`
	CidadeBusca           string         `dynamodbav:"cidadeBusca"`
	UF                    string         `dynamodbav:"uf"`
	FotoCapa              *string        `dynamodbav:"fotoCapa,omitempty"`
	Visibilidade          string         `dynamodbav:"visibilidade"`
	Entrada               string         `dynamodbav:"entrada"`
	MaxMembros            int            `dynamodbav:"maxMembros"`
	MemberCount           int            `dynamodbav:"memberCount"`
	LotesTotal            int            `dynamodbav:"lotesTotal"`
	LotesLivres           int            `dynamodbav:"lotesLivres"`
	LotesOcupados         int            `dynamodbav:"lotesOcupados"`
	LotesManutencao       int            `dynamodbav:"lotesManutencao"`
	SolicitacoesPendentes int            `dynamodbav:"solicitacoesPendentes"`
	Convites              int            `dynamodbav:"convites"`
	EntradasPorMes        map[string]int `dynamodbav:"entradasPorMes"`
	OwnerID               string         `dynamodbav:"ownerId"`
	CreatedAt             string         `dynamodbav:"createdAt"`
	UpdatedAt             string         `dynamodbav:"updatedAt"`
	Version               int            `dynamodbav:"version"`
	Deleting              bool           `dynamodbav:"deleting,omitempty"`
	GSI1PK                string         `dynamodbav:"GSI1PK,omitempty"`
	GSI1SK                string         `dynamodbav:"GSI1SK,omitempty"`
	GSI2PK                string         `dynamodbav:"GSI2PK,omitempty"`
	GSI2SK                string         `dynamodbav:"GSI2SK,omitempty"`
}

// directoryKeys are the GSI keys of a public group; private groups have none.
func groupDirectoryKeys(g domain.Group) (gsi1pk, gsi1sk, gsi2pk, gsi2sk string) {
	public := g.Visibilidade == domain.Publico && !g.Deleting
	return directoryKeys(public, g.ID, domain.SearchKey(g.Nome), domain.SearchKey(g.Cidade), g.UF)
}

func toGroupItem(g domain.Group) groupItem {
	it := groupItem{
		PK: GroupPK(g.ID), SK: skMeta, Type: "group", ID: g.ID,
		Nome: g.Nome, NomeBusca: domain.SearchKey(g.Nome), Descricao: g.Descricao,
		Cidade: g.Cidade, CidadeBusca: domain.SearchKey(g.Cidade), UF: g.UF, FotoCapa: g.FotoCapa,
		Visibilidade: string(g.Visibilidade), Entrada: string(g.Entrada),
		MaxMembros: g.MaxMembros, MemberCount: g.MemberCount,
		LotesTotal: g.Lotes.Total, LotesLivres: g.Lotes.Livre, LotesOcupados: g.Lotes.Ocupado, LotesManutencao: g.Lotes.Manutencao,
		SolicitacoesPendentes: g.SolicitacoesPendentes, Convites: g.Convites, EntradasPorMes: g.EntradasPorMes,
		OwnerID: g.OwnerID, CreatedAt: fmtTime(g.CreatedAt), UpdatedAt: fmtTime(g.UpdatedAt), Version: g.Version,
	}
	if it.EntradasPorMes == nil {
		it.EntradasPorMes = map[string]int{}
	}
	it.GSI1PK, it.GSI1SK, it.GSI2PK, it.GSI2SK = groupDirectoryKeys(g)
	return it
}

func (it groupItem) group() domain.Group {
	return domain.Group{
		ID: it.ID, Nome: it.Nome, Descricao: it.Descricao, Cidade: it.Cidade, UF: it.UF, FotoCapa: it.FotoCapa,
		Visibilidade: domain.Visibilidade(it.Visibilidade), Entrada: domain.Entrada(it.Entrada),
		MaxMembros: it.MaxMembros, MemberCount: it.MemberCount,
		Lotes:                 domain.LoteCounts{Livre: it.LotesLivres, Ocupado: it.LotesOcupados, Manutencao: it.LotesManutencao, Total: it.LotesTotal},
		SolicitacoesPendentes: it.SolicitacoesPendentes, Convites: it.Convites, EntradasPorMes: it.EntradasPorMes,
		OwnerID: it.OwnerID, CreatedAt: parseTime(it.CreatedAt), UpdatedAt: parseTime(it.UpdatedAt),
		Version: it.Version, Deleting: it.Deleting,
	}
}

// MarshalGroup is the stored item of g (seeding, imports, tests that fill
// the table with BatchWriteItem).
func MarshalGroup(g domain.Group) (map[string]types.AttributeValue, error) {
	return attributevalue.MarshalMap(toGroupItem(g))
}

func decodeGroup(item map[string]types.AttributeValue) (domain.Group, error) {
	it, err := unmarshal[groupItem](item, "group")
	if err != nil {
		return domain.Group{}, err
	}
	return it.group(), nil
}

// memberItem is the stored shape of domain.Membership; the group's nome,
// cidade and uf are a snapshot taken at join (the list of my groups reads the
// group itself, so a later rename shows at once).
type memberItem struct {
	PK               string   `dynamodbav:"PK"`
	SK               string   `dynamodbav:"SK"`
	Type             string   `dynamodbav:"type"`
	GroupID          string   `dynamodbav:"groupId"`
	UserID           string   `dynamodbav:"userId"`
	Papel            string   `dynamodbav:"papel"`
	Nome             string   `dynamodbav:"nome"`
	JoinedAt         string   `dynamodbav:"joinedAt"`
	Lotes            []string `dynamodbav:"lotes,stringset,omitempty"`
	LotesSolicitados []string `dynamodbav:"lotesSolicitados,stringset,omitempty"`
	GrupoNome        string   `dynamodbav:"grupoNome"`
	GrupoCidade      string   `dynamodbav:"grupoCidade"`
	GrupoUF          string   `dynamodbav:"grupoUf"`
	GSI1PK           string   `dynamodbav:"GSI1PK"`
	GSI1SK           string   `dynamodbav:"GSI1SK"`
}

func toMemberItem(g domain.Group, m domain.Membership) memberItem {
	return memberItem{
		PK: GroupPK(g.ID), SK: MemberSK(m.UserID), Type: "member", GroupID: g.ID, UserID: m.UserID,
		Papel: string(m.Papel), Nome: m.Nome, JoinedAt: fmtTime(m.JoinedAt),
		Lotes: m.Lotes, LotesSolicitados: m.LotesSolicitados,
		GrupoNome: g.Nome, GrupoCidade: g.Cidade, GrupoUF: g.UF,
		GSI1PK: UserPK(m.UserID), GSI1SK: GroupPK(g.ID),
	}
}

func decodeMember(item map[string]types.AttributeValue) (domain.Membership, error) {
	it, err := unmarshal[memberItem](item, "member")
	if err != nil {
		return domain.Membership{}, err
	}
	m := domain.Membership{
		GroupID: it.GroupID, UserID: it.UserID, Papel: domain.Papel(it.Papel), Nome: it.Nome,
		JoinedAt: parseTime(it.JoinedAt), Lotes: it.Lotes, LotesSolicitados: it.LotesSolicitados,
	}
	if m.Lotes == nil {
		m.Lotes = []string{}
	}
	if m.LotesSolicitados == nil {
		m.LotesSolicitados = []string{}
	}
	domain.SortCodigos(m.Lotes)
	domain.SortCodigos(m.LotesSolicitados)
	return m, nil
}

type requestItem struct {
	PK        string `dynamodbav:"PK"`
	SK        string `dynamodbav:"SK"`
	Type      string `dynamodbav:"type"`
	GroupID   string `dynamodbav:"groupId"`
	UserID    string `dynamodbav:"userId"`
	Nome      string `dynamodbav:"nome"`
	CreatedAt string `dynamodbav:"createdAt"`
	// GSI1 REQOF#<uid> / GROUP#<gid>: a user's open requests (account deletion, export).
	GSI1PK string `dynamodbav:"GSI1PK,omitempty"`
	GSI1SK string `dynamodbav:"GSI1SK,omitempty"`
}

func decodeRequest(item map[string]types.AttributeValue) (domain.JoinRequest, error) {
	it, err := unmarshal[requestItem](item, "request")
	if err != nil {
		return domain.JoinRequest{}, err
	}
	return domain.JoinRequest{GroupID: it.GroupID, UserID: it.UserID, Nome: it.Nome, CreatedAt: parseTime(it.CreatedAt)}, nil
}

// GroupView is a group as one caller sees it.
type GroupView struct {
	Group      domain.Group
	Membership *domain.Membership // nil when the caller is not a member
	Requested  bool               // the caller has an open join request
}

// Access is the caller's place in the group for the rules of domain.Access.
func (v GroupView) Access(uid string, admin bool) domain.Access {
	a := domain.Access{Self: uid, Admin: admin}
	if v.Membership != nil {
		a.Papel = v.Membership.Papel
	}
	return a
}

// GroupFor reads a group with the caller's membership and join request in
// one BatchGetItem (uid "" for an anonymous caller: one GetItem). A missing
// or half-deleted group is domain's not-found.
func (s *Store) GroupFor(ctx context.Context, gid, uid string) (GroupView, error) {
	if !validID(gid) {
		return GroupView{}, domain.ErrGroupNotFound()
	}
	keys := []itemKey{{GroupPK(gid), skMeta}}
	if uid != "" {
		keys = append(keys, itemKey{GroupPK(gid), MemberSK(uid)}, itemKey{GroupPK(gid), RequestSK(uid)})
	}
	var items map[itemKey]map[string]types.AttributeValue
	var err error
	if uid == "" {
		out, gerr := s.DB.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String(s.Table), Key: keyOf(GroupPK(gid), skMeta)})
		if gerr != nil {
			return GroupView{}, fmt.Errorf("get group: %w", gerr)
		}
		items = map[itemKey]map[string]types.AttributeValue{keys[0]: out.Item}
	} else if items, err = s.batchGet(ctx, keys...); err != nil {
		return GroupView{}, err
	}
	return viewOf(items, gid, uid)
}

func viewOf(items map[itemKey]map[string]types.AttributeValue, gid, uid string) (GroupView, error) {
	meta := items[itemKey{GroupPK(gid), skMeta}]
	if meta == nil {
		return GroupView{}, domain.ErrGroupNotFound()
	}
	g, err := decodeGroup(meta)
	if err != nil {
		return GroupView{}, err
	}
	if g.Deleting {
		return GroupView{}, domain.ErrGroupNotFound()
	}
	v := GroupView{Group: g}
	if uid != "" {
		if mi := items[itemKey{GroupPK(gid), MemberSK(uid)}]; mi != nil {
			m, err := decodeMember(mi)
			if err != nil {
				return GroupView{}, err
			}
			v.Membership = &m
		}
		v.Requested = items[itemKey{GroupPK(gid), RequestSK(uid)}] != nil
	}
	return v, nil
}

// readView reads keys (among them gid's meta and uid's membership) in one
// BatchGetItem and the group as uid sees it (viewOf).
func (s *Store) readView(ctx context.Context, gid, uid string, keys ...itemKey) (GroupView, map[itemKey]record, error) {
	items, err := s.batchGet(ctx, keys...)
	if err != nil {
		return GroupView{}, nil, err
	}
	v, err := viewOf(items, gid, uid)
	return v, items, err
}

// memberOf decodes an optional membership from a batch.
func memberOf(items map[itemKey]map[string]types.AttributeValue, gid, uid string) (*domain.Membership, error) {
	mi := items[itemKey{GroupPK(gid), MemberSK(uid)}]
	if mi == nil {
		return nil, nil
	}
	m, err := decodeMember(mi)
	if err != nil {
		return nil, err
	}
	return &m, nil
}

// Actor is who makes a change: their id and whether they are a site admin.
type Actor struct {
	ID    string
	Admin bool
	// Source builds the actor's profile if they have none (joins and
	// creation write to it); may be nil where the profile is not touched.
	Source ProfileSource
}

// CreateGroup stores a new group with its creator as dono, pays the
// creator's "criar grupo" points the first time only (domain.AwardCriarGrupo),
// counts the group among those they own (at most gruposPorDono) and adds it
// to their profile: one BatchGetItem (profile and ledger item) and one
// TransactWriteItems.
func (s *Store) CreateGroup(ctx context.Context, g domain.Group, owner Actor) (domain.Group, int, error) {
	rules, err := s.Rules(ctx)
	if err != nil {
		return domain.Group{}, 0, err
	}
	award := domain.AwardCriarGrupo(rules)
	ledgerKey := itemKey{UserPK(owner.ID), AwardSK(award.Motivo, award.Ref)}
	var awarded int
	err = attempt(ctx, func() error {
		items, err := s.batchGet(ctx, itemKey{UserPK(owner.ID), skProfile}, ledgerKey)
		if err != nil {
			return err
		}
		ps, err := readProfileState(owner.ID, items[itemKey{UserPK(owner.ID), skProfile}])
		if err != nil {
			return err
		}
		if cap := rules.Limites.GruposPorDono; ps.owned >= cap {
			return domain.ErrTooManyOwnedGroups(cap)
		}
		t := newTxn(s.Table)
		meta, err := attributevalue.MarshalMap(toGroupItem(g))
		if err != nil {
			return err
		}
		t.put(itemMeta, meta, "attribute_not_exists(PK)")
		pts, nome, err := s.applyProfile(ctx, t, ps,
			profileChange{award: &award, addGroup: g.ID, ownGroup: true, ownCap: rules.Limites.GruposPorDono, counts: map[string]int{domain.ContaGruposCriados: 1}},
			items[ledgerKey] != nil, owner.Source, g.CreatedAt)
		if err != nil {
			return err
		}
		member, err := attributevalue.MarshalMap(toMemberItem(g, domain.Membership{
			UserID: owner.ID, Papel: domain.PapelDono, Nome: nome, JoinedAt: g.CreatedAt,
		}))
		if err != nil {
			return err
		}
		t.put(itemMember, member, "attribute_not_exists(PK)")
		t.countDaily(owner.ID, domain.ActCriarGrupo, rules, g.CreatedAt)
		t.stats(g.CreatedAt).total(TotalGrupos, 1)
		t.actedBy(ps, g.CreatedAt)
		indexWords(t, nil, g)
		err = retryable(s.write(ctx, t), itemProfile, itemLedger)
		awarded = pts
		return err
	})
	if err != nil {
		return domain.Group{}, 0, err
	}
	return g, awarded, nil
}

// SaveGroup writes an edited group (domain.GroupUpdate.Apply of prev) if
// nobody changed it since it was read as prev, the cap still holds the
// members, and the editor is still a coordinator (site admins excepted),
// moving its directory words with it: one TransactWriteItems.
func (s *Store) SaveGroup(ctx context.Context, g domain.Group, prev domain.Group, editor Actor, asMember bool) error {
	prevVersion := prev.Version
	t := newTxn(s.Table)
	indexWords(t, &prev, g)
	u := t.update(itemMeta, GroupPK(g.ID), skMeta)
	u.cond("attribute_exists(PK) AND attribute_not_exists(deleting)")
	u.cond("version = %s", u.v(num(prevVersion)))
	u.cond("memberCount <= %s", u.v(num(g.MaxMembros)))
	set := func(attr string, av types.AttributeValue) { u.set("%s = %s", u.n(attr), u.v(av)) }
	set("nome", str(g.Nome))
	set("nomeBusca", str(domain.SearchKey(g.Nome)))
	set("descricao", str(g.Descricao))
	set("cidade", str(g.Cidade))
	set("cidadeBusca", str(domain.SearchKey(g.Cidade)))
	set("uf", str(g.UF))
	set("visibilidade", str(string(g.Visibilidade)))
	set("entrada", str(string(g.Entrada)))
	set("maxMembros", num(g.MaxMembros))
	set("updatedAt", str(fmtTime(g.UpdatedAt)))
	set("version", num(g.Version))
	if g.FotoCapa != nil {
		set("fotoCapa", str(*g.FotoCapa))
	} else {
		u.remove(u.n("fotoCapa"))
	}
	if p1, s1, p2, s2 := groupDirectoryKeys(g); p1 != "" {
		set(attrGSI1PK, str(p1))
		set(attrGSI1SK, str(s1))
		set(attrGSI2PK, str(p2))
		set(attrGSI2SK, str(s2))
	} else {
		for _, a := range []string{attrGSI1PK, attrGSI1SK, attrGSI2PK, attrGSI2SK} {
			u.remove(u.n(a))
		}
	}
	if asMember {
		requireManager(t, g.ID, editor.ID)
	}
	if prev.FotoCapa != nil && (g.FotoCapa == nil || *g.FotoCapa != *prev.FotoCapa) {
		t.release(s.now(), *prev.FotoCapa)
	}
	err := s.write(ctx, t)
	var c *cancelled
	if errors.As(err, &c) {
		switch {
		case c.failed(itemActor):
			return domain.ErrOnlyManagersEdit()
		case c.failed(itemMeta):
			return s.explainGroupEdit(ctx, g)
		case c.transient():
			return domain.ErrBusy()
		}
	}
	return err
}

// explainGroupEdit reads the group after a refused edit to say why.
func (s *Store) explainGroupEdit(ctx context.Context, g domain.Group) error {
	v, err := s.GroupFor(ctx, g.ID, "")
	if err != nil {
		return err
	}
	if v.Group.MemberCount > g.MaxMembros && v.Group.Version == g.Version-1 {
		return domain.ErrMaxMembrosBelowMembers(v.Group.MemberCount)
	}
	return domain.ErrGroupChanged()
}

// requireManager adds "the actor is still dono or coordenador" to t.
func requireManager(t *txn, gid, uid string) {
	u := t.check(itemActor, GroupPK(gid), MemberSK(uid))
	u.cond("papel IN (%s, %s)", u.v(str(string(domain.PapelDono))), u.v(str(string(domain.PapelCoordenador))))
}

// requireCoordinatorOf is requireManager under the item name itemMember,
// for writes that name the actor's membership so (feed removals, harvest
// confirmations).
func requireCoordinatorOf(t *txn, gid, uid string) {
	u := t.check(itemMember, GroupPK(gid), MemberSK(uid))
	u.cond("papel IN (%s, %s)", u.v(str(string(domain.PapelDono))), u.v(str(string(domain.PapelCoordenador))))
}

// papelOf is m's role ("": no membership).
func papelOf(m *domain.Membership) domain.Papel {
	if m == nil {
		return ""
	}
	return m.Papel
}

// requireOwner adds "the actor is still the dono" to t.
func requireOwner(t *txn, gid, uid string) {
	u := t.check(itemActor, GroupPK(gid), MemberSK(uid))
	u.cond("papel = %s", u.v(str(string(domain.PapelDono))))
}

// requireMeta adds "the group exists and is not being deleted" to t.
func requireMeta(t *txn, gid string) *upd {
	u := t.update(itemMeta, GroupPK(gid), skMeta)
	u.cond("attribute_exists(PK) AND attribute_not_exists(deleting)")
	return u
}
