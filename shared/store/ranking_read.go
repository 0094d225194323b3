package store

import (
	"context"
	"slices"
	"strings"

	"github.com/verde-app/verde/shared/domain"
)

// The ranking reads (ranking_snapshot.go says how exact they are): one
// BatchGetItem of the caller's items and the snapshot, and for a list one
// more of the listed entries' items as they are now.

// MembersRanking is the members' ranking of periodo (domain.PeriodoGeral or
// PeriodoMes) with uid's own standing: two calls.
func (s *Store) MembersRanking(ctx context.Context, periodo, uid string) (MemberRanking, error) {
	return s.MembersRankingTop(ctx, periodo, uid, domain.RankingTop)
}

// myScore is a member's value and score key in a period (from their profile).
func myScore(ps profileState, uid, periodo, month string) (int, string) {
	if periodo == domain.PeriodoMes {
		if v := ps.rank.monthPoints(month); v > 0 {
			return v, ps.rank.chaveMes
		}
		return 0, ""
	}
	if v := ps.profile.PontosTotais; v > 0 {
		return v, ps.rank.allKey(uid, v)
	}
	return 0, ""
}

// MembersRankingTop is MembersRanking with a top of at most limit members
// (0: uid's own standing alone, the dashboard's card: one call).
func (s *Store) MembersRankingTop(ctx context.Context, periodo, uid string, limit int) (MemberRanking, error) {
	month := domain.RankingMonth(s.now())
	snapKey := itemKey{pkRankSnap, snapAllSK()}
	out := MemberRanking{Itens: []MemberRank{}}
	if periodo == domain.PeriodoMes {
		snapKey.SK, out.Mes = snapMonthSK(month), month
	}
	got, err := s.batchGet(ctx, itemKey{UserPK(uid), skProfile}, snapKey)
	if err != nil {
		return MemberRanking{}, err
	}
	snap, err := decodeSnapshot(got[snapKey])
	if err != nil {
		return MemberRanking{}, err
	}
	var me *profileState
	if it := got[itemKey{UserPK(uid), skProfile}]; it != nil {
		ps, err := readProfileState(uid, it)
		if err != nil {
			return MemberRanking{}, err
		}
		me = &ps
	}
	return s.rankMembers(ctx, snap, periodo, month, uid, me, limit, nil)
}

// rankMembers answers a members' ranking from its snapshot: the caller's
// standing and, for limit > 0, the snapshot's best as their profiles are now
// (one BatchGetItem), with the caller placed by their own current score.
// keep, when set, says which profiles still belong (a group's members).
func (s *Store) rankMembers(ctx context.Context, snap snapshot, periodo, month, uid string, me *profileState, limit int, keep func(domain.Profile) bool) (MemberRanking, error) {
	out := MemberRanking{Itens: []MemberRank{}}
	if periodo == domain.PeriodoMes {
		out.Mes = month
	}
	myValue, myKey := 0, ""
	if me != nil {
		myValue, myKey = myScore(*me, uid, periodo, month)
		out.Eu.Valor, out.Eu.Oculto = myValue, me.rank.hidden
	}
	type line struct {
		key string
		r   MemberRank
		me  bool
	}
	var lines []line
	if limit > 0 {
		keys := make([]itemKey, 0, len(snap.top))
		for _, k := range snap.top {
			if _, id := scoreOf(k); id != uid && id != "" {
				keys = append(keys, itemKey{UserPK(id), skProfile})
			}
		}
		got, err := s.batchGetEventually(ctx, keys...)
		if err != nil {
			return MemberRanking{}, err
		}
		for _, k := range keys {
			it := got[k]
			if it == nil {
				continue
			}
			id := strings.TrimPrefix(k.PK, "USER#")
			ps, err := readProfileState(id, it)
			if err != nil {
				return MemberRanking{}, err
			}
			v, key := myScore(ps, id, periodo, month)
			if v <= 0 || ps.rank.hidden || (keep != nil && !keep(ps.profile)) {
				continue
			}
			p := ps.profile
			lines = append(lines, line{key: key, r: MemberRank{ID: id, Nome: p.Nome, Foto: p.Foto, Nivel: p.Nivel, Pontos: v}})
		}
		if me != nil && myValue > 0 && !me.rank.hidden {
			p := me.profile
			lines = append(lines, line{key: myKey, me: true, r: MemberRank{ID: uid, Nome: p.Nome, Foto: p.Foto, Nivel: p.Nivel, Pontos: myValue}})
		}
		slices.SortFunc(lines, func(a, b line) int { return strings.Compare(b.key, a.key) })
		if len(lines) > limit {
			lines = lines[:limit]
		}
		for i := range lines {
			lines[i].r.Posicao = i + 1
			out.Itens = append(out.Itens, lines[i].r)
			if lines[i].me {
				out.Eu.Posicao = i + 1
			}
		}
	}
	if myKey != "" && out.Eu.Posicao == 0 {
		pos, approx := snap.position(myKey, myValue, uid)
		// Never above a listed member with a better current score.
		for _, l := range lines {
			if l.key > myKey {
				pos = max(pos, l.r.Posicao+1)
			}
		}
		out.Eu.Posicao, out.Eu.Aproximada = pos, approx
	}
	return out, nil
}

// GroupMembersRanking ranks the members of group gid by periodo for actor, a
// member or a site admin (the group's 404 or 403 otherwise): one BatchGetItem
// of the group, the actor's membership and profile and the group's snapshot,
// and one of the listed members' profiles as they are now (members who left
// or opted out since are left out; the actor's own line stays theirs).
func (s *Store) GroupMembersRanking(ctx context.Context, gid, periodo string, actor Actor) (MemberRanking, domain.Group, error) {
	if !validID(gid) {
		return MemberRanking{}, domain.Group{}, domain.ErrGroupNotFound()
	}
	month := domain.RankingMonth(s.now())
	snapKey := itemKey{GroupPK(gid), groupSnapSK(periodo, month)}
	got, err := s.batchGet(ctx, itemKey{GroupPK(gid), skMeta}, itemKey{GroupPK(gid), MemberSK(actor.ID)}, itemKey{UserPK(actor.ID), skProfile}, snapKey)
	if err != nil {
		return MemberRanking{}, domain.Group{}, err
	}
	v, err := viewOf(got, gid, actor.ID)
	if err != nil {
		return MemberRanking{}, domain.Group{}, err
	}
	if err := v.Access(actor.ID, actor.Admin).CanReadInside(v.Group); err != nil {
		return MemberRanking{}, domain.Group{}, err
	}
	snap, err := decodeSnapshot(got[snapKey])
	if err != nil {
		return MemberRanking{}, domain.Group{}, err
	}
	var me *profileState
	if it := got[itemKey{UserPK(actor.ID), skProfile}]; it != nil && v.Membership != nil {
		ps, err := readProfileState(actor.ID, it)
		if err != nil {
			return MemberRanking{}, domain.Group{}, err
		}
		me = &ps
	}
	out, err := s.rankMembers(ctx, snap, periodo, month, actor.ID, me, domain.RankingTop, func(p domain.Profile) bool {
		return slices.Contains(p.GruposParticipantes, gid)
	})
	return out, v.Group, err
}

// GroupsRanking ranks groups by harvest (grams) of periodo for caller uid,
// with the standing of group gid when set (one of the caller's groups, or any
// for a site admin; 403 otherwise): one BatchGetItem of the caller's profile,
// the group's harvest item and the snapshot, and one of the listed groups.
func (s *Store) GroupsRanking(ctx context.Context, periodo, gid, uid string, admin bool) (GroupRanking, error) {
	month := domain.RankingMonth(s.now())
	sk, snapKey := RankHarvSK("ALL"), itemKey{pkRankSnap, snapGAllSK()}
	out := GroupRanking{Itens: []GroupRank{}}
	if periodo == domain.PeriodoMes {
		sk, out.Mes, snapKey.SK = RankHarvSK(month), month, snapGMonthSK(month)
	}
	if gid != "" && !validID(gid) {
		return GroupRanking{}, domain.ErrGrupoInvalido()
	}
	keys := []itemKey{{UserPK(uid), skProfile}, snapKey}
	if gid != "" {
		keys = append(keys, itemKey{GroupPK(gid), sk})
	}
	got, err := s.batchGet(ctx, keys...)
	if err != nil {
		return GroupRanking{}, err
	}
	ps, err := readProfileState(uid, got[keys[0]])
	if err != nil {
		return GroupRanking{}, err
	}
	snap, err := decodeSnapshot(got[snapKey])
	if err != nil {
		return GroupRanking{}, err
	}
	mine := ps.profile.GruposParticipantes
	myKey, myValue := "", 0
	if gid != "" {
		if err := domain.CanSeeGroupRanking(gid, admin, mine); err != nil {
			return GroupRanking{}, err
		}
		if it := got[keys[2]]; it != nil {
			myKey = sOf(it["chave"])
			myValue, _ = scoreOf(myKey) // grams per active member, as the ranking orders them
		}
	}
	// The snapshot's best as they are now (names, visibility, deletion), the
	// group asked about by its current harvest.
	type line struct {
		key string
		id  string
		v   int
	}
	var lines []line
	for _, k := range snap.top {
		v, id := scoreOf(k)
		if id != gid {
			lines = append(lines, line{k, id, v})
		}
	}
	if myKey != "" {
		lines = append(lines, line{myKey, gid, myValue})
	}
	slices.SortFunc(lines, func(a, b line) int { return strings.Compare(b.key, a.key) })
	metaKeys := make([]itemKey, 0, len(lines))
	for _, l := range lines {
		metaKeys = append(metaKeys, itemKey{GroupPK(l.id), skMeta})
	}
	var metas map[itemKey]record
	if len(metaKeys) > 0 {
		if metas, err = s.batchGetEventually(ctx, metaKeys...); err != nil {
			return GroupRanking{}, err
		}
	}
	for _, l := range lines {
		if len(out.Itens) == domain.RankingTop {
			break
		}
		meta := metas[itemKey{GroupPK(l.id), skMeta}]
		if meta == nil {
			continue
		}
		g, err := decodeGroup(meta)
		if err != nil {
			return GroupRanking{}, err
		}
		if g.Deleting {
			continue
		}
		r := GroupRank{Posicao: len(out.Itens) + 1, ID: l.id, Nome: g.Nome, Publico: g.Visibilidade == domain.Publico, Meu: slices.Contains(mine, l.id), Gramas: l.v}
		if !r.Publico && !r.Meu && !admin {
			r.Nome, r.ID = "", ""
		}
		if l.id == gid {
			out.Grupo = &Standing{Valor: myValue, Posicao: r.Posicao}
		}
		out.Itens = append(out.Itens, r)
	}
	if gid != "" && out.Grupo == nil {
		st := Standing{Valor: myValue}
		if myKey != "" {
			st.Posicao, st.Aproximada = snap.position(myKey, myValue, gid)
			st.Posicao = max(st.Posicao, len(out.Itens)+1)
		}
		out.Grupo = &st
	}
	return out, nil
}
