package store

import (
	"context"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/verde-app/verde/shared/domain"
)

// Invites live under their token (INVITE#token / META) so that the public
// invite page finds one with a GetItem; GSI1 GROUP#gid / INVITE#<createdAt>
// lists a group's invites, newest first.

type inviteItem struct {
	PK        string `dynamodbav:"PK"`
	SK        string `dynamodbav:"SK"`
	Type      string `dynamodbav:"type"`
	Token     string `dynamodbav:"token"`
	GroupID   string `dynamodbav:"groupId"`
	CreatedBy string `dynamodbav:"createdBy"`
	CreatedAt string `dynamodbav:"createdAt"`
	ExpiraEm  string `dynamodbav:"expiraEm"`
	MaxUsos   int    `dynamodbav:"maxUsos"`
	Usos      int    `dynamodbav:"usos"`
	Revogado  bool   `dynamodbav:"revogado"`
	GSI1PK    string `dynamodbav:"GSI1PK"`
	GSI1SK    string `dynamodbav:"GSI1SK"`
}

func toInviteItem(i domain.Invite) inviteItem {
	return inviteItem{
		PK: InvitePK(i.Token), SK: skMeta, Type: "invite", Token: i.Token, GroupID: i.GroupID,
		CreatedBy: i.CreatedBy, CreatedAt: fmtTime(i.CreatedAt), ExpiraEm: fmtTime(i.ExpiraEm),
		MaxUsos: i.MaxUsos, Usos: i.Usos, Revogado: i.Revogado,
		GSI1PK: GroupPK(i.GroupID), GSI1SK: inviteByTime(i.CreatedAt),
	}
}

func decodeInvite(item map[string]types.AttributeValue, now time.Time) (domain.Invite, error) {
	it, err := unmarshal[inviteItem](item, "invite")
	if err != nil {
		return domain.Invite{}, err
	}
	i := domain.Invite{
		Token: it.Token, GroupID: it.GroupID, CreatedBy: it.CreatedBy, CreatedAt: parseTime(it.CreatedAt),
		ExpiraEm: parseTime(it.ExpiraEm), MaxUsos: it.MaxUsos, Usos: it.Usos, Revogado: it.Revogado,
	}
	i.Status = i.StatusAt(now)
	return i, nil
}

const itemInvite = "invite"

// CreateInvite makes an invite link (a coordinator; at most Rules.Limites.ConvitesPorGrupo per group):
// one BatchGetItem and one TransactWriteItems.
func (s *Store) CreateInvite(ctx context.Context, gid string, actor Actor, in domain.InviteInput) (domain.Invite, error) {
	if !validID(gid) {
		return domain.Invite{}, domain.ErrGroupNotFound()
	}
	rules, err := s.Rules(ctx)
	if err != nil {
		return domain.Invite{}, err
	}
	var out domain.Invite
	err = attempt(ctx, func() error {
		v, err := s.GroupFor(ctx, gid, actor.ID)
		if err != nil {
			return err
		}
		if err := v.Access(actor.ID, actor.Admin).CanInvite(v.Group, rules); err != nil {
			return err
		}
		inv := domain.NewInvite(domain.NewInviteToken(), gid, actor.ID, in, s.now())
		item, err := attributevalue.MarshalMap(toInviteItem(inv))
		if err != nil {
			return err
		}
		t := newTxn(s.Table)
		t.put(itemInvite, item, "attribute_not_exists(PK)")
		meta := requireMeta(t, gid)
		meta.cond("convites < %s", meta.v(num(rules.Limites.ConvitesPorGrupo)))
		meta.incr("convites", 1)
		requireManager(t, gid, actor.ID)
		t.countDaily(actor.ID, domain.ActConvite, rules, inv.CreatedAt)
		if err := retryable(s.write(ctx, t), itemInvite, itemMeta, itemActor); err != nil {
			return err
		}
		out = inv
		return nil
	})
	return out, err
}

// InvitesScope binds an invites cursor to its group.
func InvitesScope(gid string) string { return "groups:invites|" + gid }

// Invites lists a group's invites, newest first: one Query of GSI1.
func (s *Store) Invites(ctx context.Context, gid string, limit int, after map[string]string) ([]domain.Invite, map[string]string, error) {
	now := s.now()
	return queryPage(ctx, s, query{
		Index: IndexGSI1, PK: GroupPK(gid), Prefix: prefixInvite, NewestFirst: true, Limit: limit, After: after, What: "invites",
	}, func(it record) (domain.Invite, error) { return decodeInvite(it, now) })
}

// Invite reads one invite by token: one GetItem.
func (s *Store) Invite(ctx context.Context, token string) (domain.Invite, error) {
	if !domain.ValidInviteToken(token) {
		return domain.Invite{}, domain.ErrInviteNotFound()
	}
	out, err := s.DB.GetItem(ctx, &dynamodb.GetItemInput{
		TableName: aws.String(s.Table), Key: keyOf(InvitePK(token), skMeta), ConsistentRead: aws.Bool(true),
	})
	if err != nil {
		return domain.Invite{}, fmt.Errorf("get invite: %w", err)
	}
	if out.Item == nil {
		return domain.Invite{}, domain.ErrInviteNotFound()
	}
	return decodeInvite(out.Item, s.now())
}

// RevokeInvite turns an invite off for good (a coordinator): one
// BatchGetItem and one TransactWriteItems. Revoking twice is harmless.
func (s *Store) RevokeInvite(ctx context.Context, gid, token string, actor Actor) (domain.Invite, error) {
	if !validID(gid) {
		return domain.Invite{}, domain.ErrGroupNotFound()
	}
	if !domain.ValidInviteToken(token) {
		return domain.Invite{}, domain.ErrInviteNotFound()
	}
	var out domain.Invite
	err := attempt(ctx, func() error {
		v, items, err := s.readView(ctx, gid, actor.ID, itemKey{GroupPK(gid), skMeta}, itemKey{GroupPK(gid), MemberSK(actor.ID)}, itemKey{InvitePK(token), skMeta})
		if err != nil {
			return err
		}
		if err := v.Access(actor.ID, actor.Admin).CanManage(v.Group); err != nil {
			return err
		}
		ii := items[itemKey{InvitePK(token), skMeta}]
		if ii == nil {
			return domain.ErrInviteNotFound()
		}
		inv, err := decodeInvite(ii, s.now())
		if err != nil {
			return err
		}
		if inv.GroupID != gid {
			return domain.ErrInviteNotFound()
		}
		t := newTxn(s.Table)
		u := t.update(itemInvite, InvitePK(token), skMeta)
		u.cond("groupId = %s", u.v(str(gid)))
		u.set("revogado = %s", u.v(&types.AttributeValueMemberBOOL{Value: true}))
		requireManager(t, gid, actor.ID)
		if err := retryable(s.write(ctx, t), itemInvite, itemActor); err != nil {
			return err
		}
		inv.Revogado = true
		inv.Status = domain.ConviteRevogado
		out = inv
		return nil
	})
	return out, err
}

// InviteView is an invite with its group, for the public invite page.
type InviteView struct {
	Invite domain.Invite
	Group  domain.Group
	Member bool // the signed-in caller already belongs to the group
}

// InviteWithGroup reads an invite and its group (and the caller's membership
// when signed in): one GetItem and one BatchGetItem (a GetItem when anonymous).
func (s *Store) InviteWithGroup(ctx context.Context, token, uid string) (InviteView, error) {
	inv, err := s.Invite(ctx, token)
	if err != nil {
		return InviteView{}, err
	}
	v, err := s.GroupFor(ctx, inv.GroupID, uid)
	if err != nil {
		if domain.ErrorCode(err) == domain.ENotFound {
			return InviteView{}, domain.ErrInviteNotFound() // the group is gone
		}
		return InviteView{}, err
	}
	return InviteView{Invite: inv, Group: v.Group, Member: v.Membership != nil}, nil
}

// AcceptInvite joins the caller to the invite's group, even a private one,
// counting one use atomically (only while unrevoked, unexpired and under
// its limit): one GetItem of the invite, one BatchGetItem and one
// TransactWriteItems.
func (s *Store) AcceptInvite(ctx context.Context, token string, who Actor) (JoinResult, error) {
	inv, err := s.Invite(ctx, token)
	if err != nil {
		return JoinResult{}, err
	}
	gid := inv.GroupID
	var res JoinResult
	err = attempt(ctx, func() error {
		now := s.now()
		js, err := s.readJoin(ctx, gid, who.ID, itemKey{InvitePK(token), skMeta})
		if err != nil {
			if domain.ErrorCode(err) == domain.ENotFound {
				return domain.ErrInviteNotFound()
			}
			return err
		}
		ii := js.items[itemKey{InvitePK(token), skMeta}]
		if ii == nil {
			return domain.ErrInviteNotFound()
		}
		inv, err := decodeInvite(ii, now)
		if err != nil {
			return err
		}
		g := js.view.Group
		if err := domain.CanJoinByInvite(g, inv, js.view.Membership != nil, now); err != nil {
			return err
		}
		t := newTxn(s.Table)
		iu := t.update(itemInvite, InvitePK(token), skMeta)
		iu.cond("revogado = %s", iu.v(&types.AttributeValueMemberBOOL{Value: false}))
		iu.cond("usos < maxUsos")
		iu.cond("expiraEm > %s", iu.v(str(fmtTime(now))))
		iu.incr("usos", 1)
		pts, err := s.addMember(ctx, t, js, who.ID, who.Source, "", now)
		if err != nil {
			return err
		}
		t.countDaily(who.ID, domain.ActEntrada, js.rules, now)
		if err := retryable(s.write(ctx, t), itemInvite, itemMeta, itemMember, itemRequest, itemProfile, itemLedger); err != nil {
			return err
		}
		g.MemberCount++
		res = JoinResult{Status: JoinedNow, Pontos: pts, Group: g}
		return nil
	})
	return res, err
}
