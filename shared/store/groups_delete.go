package store

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/verde-app/verde/shared/domain"
)

// DeleteGroup removes a group with everything under it: memberships, join
// requests, lotes, lote requests and invites, and takes the group out of each
// member's gruposParticipantes (the dono or a site admin). Its cultivos stay,
// moved to their responsible members' Horta pessoal.
//
// This is the one request whose number of calls depends on the group's size,
// bounded by the caps in domain (500 members, 100 open requests, 500 lotes, 5
// lote requests per member, 200 invites): a few Query pages, BatchGetItem of
// the members' profiles in chunks of 100, TransactWriteItems of their
// gruposParticipantes in chunks of 100, BatchWriteItem deletes in chunks of
// 25, then the group itself. The group is first marked deleting (it drops out
// of the directory and every write to it fails its condition), so a
// deletion cut short is finished by calling DELETE again.
func (s *Store) DeleteGroup(ctx context.Context, gid string, actor Actor) error {
	if !validID(gid) {
		return domain.ErrGroupNotFound()
	}
	meta, items, err := s.readFound(ctx, domain.ErrGroupNotFound, itemKey{GroupPK(gid), skMeta}, itemKey{GroupPK(gid), MemberSK(actor.ID)})
	if err != nil {
		return err
	}
	g, err := decodeGroup(meta)
	if err != nil {
		return err
	}
	if g.Deleting {
		// Finishing an interrupted deletion: the memberships may be gone already.
		if !actor.Admin && g.OwnerID != actor.ID {
			return domain.ErrGroupNotFound()
		}
	} else {
		m, err := memberOf(items, gid, actor.ID)
		if err != nil {
			return err
		}
		if err := (GroupView{Group: g, Membership: m}).Access(actor.ID, actor.Admin).CanDelete(g); err != nil {
			return err
		}
		if err := s.markDeleting(ctx, g); err != nil {
			return err
		}
	}

	// Its cultivos move to their responsible members' Horta pessoal first
	// (groups_delete_cultivos.go), while the group still names them.
	if err := s.releaseGroupCultivos(ctx, gid); err != nil {
		return err
	}

	// A group's items are bounded by its caps (members, lotes, requests,
	// invites): a key-only read of them is a page or two.
	own, err := queryAll(ctx, s, query{PK: GroupPK(gid), KeysOnly: true, What: "group items"}, maxGroupPages, keyRecord)
	if err != nil {
		return err
	}
	invites, err := queryAll(ctx, s, query{Index: IndexGSI1, PK: GroupPK(gid), Prefix: prefixInvite, KeysOnly: true, What: "group invites"}, maxGroupPages, keyRecord)
	if err != nil {
		return err
	}
	var keys []record
	var members []string
	for _, k := range own {
		sk := sOf(k[attrSK])
		if sk == skMeta {
			continue
		}
		if uid, ok := memberOfKey(sk); ok {
			members = append(members, uid)
		}
		keys = append(keys, k)
	}
	keys = append(keys, invites...)

	for start := 0; start < len(members); start += 100 {
		if err := s.dropGroupFromProfiles(ctx, gid, members[start:min(start+100, len(members))]); err != nil {
			return err
		}
	}
	if err := s.batchDelete(ctx, keys); err != nil {
		return err
	}
	if _, err := s.DB.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: aws.String(s.Table), Key: keyOf(GroupPK(gid), skMeta)}); err != nil {
		return fmt.Errorf("delete group: %w", err)
	}
	return nil
}

// markDeleting marks the group deleting (out of the directory, every write
// to it refused) and, in the same transaction, counts it out of its owner's
// groups, so an interrupted deletion that is finished later never counts it
// out twice. An owner without a profile item has nothing to count.
func (s *Store) markDeleting(ctx context.Context, g domain.Group) error {
	for _, withOwner := range []bool{true, false} {
		t := newTxn(s.Table)
		u := t.update(itemMeta, GroupPK(g.ID), skMeta)
		u.cond("attribute_exists(PK) AND attribute_not_exists(deleting)")
		u.set("deleting = %s", u.v(&types.AttributeValueMemberBOOL{Value: true}))
		for _, a := range []string{attrGSI1PK, attrGSI1SK, attrGSI2PK, attrGSI2SK} {
			u.remove(u.n(a))
		}
		t.groupDeleted(g, s.now())
		if g.FotoCapa != nil {
			t.release(s.now(), *g.FotoCapa)
		}
		if withOwner && g.OwnerID != "" {
			o := t.update(itemProfile, UserPK(g.OwnerID), skProfile)
			o.cond("attribute_exists(PK)")
			owned := o.n(attrGruposDono)
			o.set("%s = if_not_exists(%s, %s) - %s", owned, owned, o.v(num(1)), o.v(num(1)))
		}
		err := s.write(ctx, t)
		c, ok := isCancelled(err)
		switch {
		case err == nil:
			return nil
		case ok && c.failed(itemMeta):
			return domain.ErrGroupNotFound()
		case ok && c.failed(itemProfile):
			continue
		case ok && c.transient():
			return domain.ErrBusy()
		default:
			return fmt.Errorf("mark group deleting: %w", err)
		}
	}
	return fmt.Errorf("mark group deleting: owner's profile refused twice")
}

// maxGroupPages bounds the reads of one group's items when deleting it.
const maxGroupPages = 20

// dropGroupFromProfiles removes gid from up to 100 members' gruposParticipantes
// in one transaction; a profile changed meanwhile is read again (bounded).
func (s *Store) dropGroupFromProfiles(ctx context.Context, gid string, uids []string) error {
	return attempt(ctx, func() error {
		keys := make([]itemKey, len(uids))
		for i, uid := range uids {
			keys[i] = itemKey{UserPK(uid), skProfile}
		}
		items, err := s.batchGet(ctx, keys...)
		if err != nil {
			return err
		}
		t := newTxn(s.Table)
		for _, uid := range uids {
			ps, err := readProfileState(uid, items[itemKey{UserPK(uid), skProfile}])
			if err != nil {
				return err
			}
			if !ps.found || !slices.Contains(ps.profile.GruposParticipantes, gid) {
				continue
			}
			i := slices.Index(ps.profile.GruposParticipantes, gid)
			u := t.update("profile:"+uid, UserPK(uid), skProfile)
			u.remove(fmt.Sprintf("gruposParticipantes[%d]", i))
			u.cond("gruposParticipantes[%d] = %s", i, u.v(str(gid)))
			u.incr("version", 1)
		}
		return retryable(s.write(ctx, t), "profile:*")
	})
}

// batchDelete deletes keys 25 at a time, retrying unprocessed ones (bounded).
func (s *Store) batchDelete(ctx context.Context, keys []map[string]types.AttributeValue) error {
	for start := 0; start < len(keys); start += 25 {
		var reqs []types.WriteRequest
		for _, k := range keys[start:min(start+25, len(keys))] {
			reqs = append(reqs, types.WriteRequest{DeleteRequest: &types.DeleteRequest{Key: k}})
		}
		for round := 0; len(reqs) > 0; round++ {
			if round == 8 {
				return fmt.Errorf("batch delete: items still unprocessed after %d rounds", round)
			}
			if round > 0 {
				time.Sleep(time.Duration(25<<round) * time.Millisecond)
			}
			out, err := s.DB.BatchWriteItem(ctx, &dynamodb.BatchWriteItemInput{RequestItems: map[string][]types.WriteRequest{s.Table: reqs}})
			if err != nil {
				return fmt.Errorf("batch delete: %w", err)
			}
			reqs = out.UnprocessedItems[s.Table]
		}
	}
	return nil
}
