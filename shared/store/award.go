package store

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/verde-app/verde/shared/domain"
)

// ProfileSource builds the profile of a user who has none yet (a Google
// sign-in that never opened /api/me); the API reads Cognito for it. It is
// called only when needed.
type ProfileSource func(ctx context.Context) (domain.Profile, error)

type pointsItem struct {
	PK       string `dynamodbav:"PK"`
	SK       string `dynamodbav:"SK"`
	Type     string `dynamodbav:"type"`
	UserID   string `dynamodbav:"userId"`
	Motivo   string `dynamodbav:"motivo"`
	Ref      string `dynamodbav:"ref"`
	Pontos   int    `dynamodbav:"pontos"`
	CriadoEm string `dynamodbav:"criadoEm"`
	// The member's history in time order (ledger.go): GSI1 LEDGER#<uid> / <time>#<motivo>#<ref>.
	GSI1PK string `dynamodbav:"GSI1PK,omitempty"`
	GSI1SK string `dynamodbav:"GSI1SK,omitempty"`
	// Nota says what the row does not: the daily ceiling cut it.
	Nota string `dynamodbav:"nota,omitempty"`
}

// profileState is a profile as read for a transaction.
type profileState struct {
	uid     string
	found   bool
	profile domain.Profile
	hasPts  bool           // the stored item has pontosTotais
	owned   int            // gruposDono: the groups this user owns (0 when the item predates the count)
	counts  map[string]int // the per-user counters (conquistas.go)
	vegs    []string       // the vegetables harvested (conquistas.go)
	rank    rankState      // the ranking attributes (ranking.go)
	act     activeState    // the last active day and region (stats.go)
	day     pointsDay      // the points earned today, for the daily ceiling (ledger.go)
	liga    ligaState      // this month's league (liga.go)
	// verified: the account's e-mail is verified (only such accounts' likes
	// pay and reports count toward hiding).
	verified bool
}

func readProfileState(uid string, item map[string]types.AttributeValue) (profileState, error) {
	ps := profileState{uid: uid}
	if item == nil {
		return ps, nil
	}
	p, err := decodeProfile(item)
	if err != nil {
		return ps, err
	}
	_, ps.hasPts = item["pontosTotais"]
	if n, ok := item[attrGruposDono].(*types.AttributeValueMemberN); ok {
		fmt.Sscan(n.Value, &ps.owned)
	}
	ps.found, ps.profile = true, p
	ps.counts, ps.vegs = readCounts(item), readVegs(item)
	ps.rank = rankStateOf(item)
	ps.act = activeOf(item)
	ps.day = pointsDayOf(item)
	ps.liga = ligaStateOf(item)
	if b, ok := item[attrEmailVerificado].(*types.AttributeValueMemberBOOL); ok {
		ps.verified = b.Value
	}
	return ps, nil
}

// profileChange is what one act does to its user's profile.
type profileChange struct {
	award       *domain.Award // nil: no points
	addGroup    string
	removeGroup string
	// ownGroup counts one more group owned, only while the user owns fewer
	// than ownCap (domain.Rules' gruposPorDono); disownGroup one fewer.
	ownGroup    bool
	ownCap      int
	disownGroup bool
	// counts moves the user's counters (domain.Conta…): deltas, or a care
	// day for the streak; see domain.ApplyCounts and store/conquistas.go.
	counts map[string]int
	// vegetal is the vegetable a harvest is of: a new one counts for
	// domain.ContaHortalicasColhidas (the profile's vegColhidos set).
	vegetal string
	// refundDay, for a reversal (a negative award), is the Brasília day the
	// award it takes back was paid on: the day's ceiling gets that room back.
	refundDay string
}

// attrGruposDono is the profile's count of the groups its user owns: +1 on
// creating a group or receiving one, −1 on deleting or handing one over.
const attrGruposDono = "gruposDono"

// Item names used in cancellations.
const (
	itemProfile = "profile"
	itemLedger  = "ledger"
)

// applyProfile adds the profile's part of an act to t: points and level with
// an optimistic condition on the total read (a concurrent award makes the
// transaction fail on this item, and the caller reads again), the ledger item
// that makes the award once-only, gruposParticipantes kept in step, and a
// level-up notification. A user without a profile gets one, built by source.
// It returns the points actually awarded and the user's display name.
func (s *Store) applyProfile(ctx context.Context, t *txn, ps profileState, ch profileChange, ledgerExists bool, source ProfileSource, now time.Time) (int, string, error) {
	award := ch.award
	if award != nil && ledgerExists {
		award = nil
	}
	if !ps.found {
		if ch.removeGroup != "" || source == nil {
			return 0, "", nil // nothing to take a group out of; nobody to build a profile for
		}
		p, err := source(ctx)
		if err != nil {
			return 0, "", fmt.Errorf("profile source: %w", err)
		}
		p.ID = ps.uid
		p.Normalize()
		ps = profileState{uid: ps.uid, profile: p, hasPts: true}
		before := p.PontosTotais
		prog := planProgress(ps, ch)
		if err := s.priced(ctx, &prog); err != nil {
			return 0, "", err
		}
		pts := 0
		if total := prog.withBonus(award); total != nil {
			sc := domain.ApplyAward(p.PontosTotais, *total)
			p.PontosTotais, p.Nivel = sc.PontosTotais, sc.Nivel
		}
		if award != nil {
			pts = award.Pontos
			s.putLedger(t, ps.uid, *award, now)
		}
		if ch.addGroup != "" {
			p.GruposParticipantes = append(p.GruposParticipantes, ch.addGroup)
		}
		item, err := attributevalue.MarshalMap(toProfileItem(p))
		if err != nil {
			return 0, "", err
		}
		if ch.ownGroup {
			item[attrGruposDono] = num(1)
		}
		prog.writeNew(t, item, ps.uid, now)
		rankNewProfile(t, item, ps.uid, p.PontosTotais, p.PontosTotais-before, now)
		t.newMember(item, p.UF, now)
		t.put(itemProfile, item, "attribute_not_exists(PK)")
		return pts, p.Nome, nil
	}

	p := ps.profile
	u := t.update(itemProfile, UserPK(ps.uid), skProfile)
	u.cond("attribute_exists(PK)")
	changed := false
	pts := 0
	nota := ""
	if award != nil {
		rules, err := s.Rules(ctx)
		if err != nil {
			return 0, "", err
		}
		var a domain.Award
		a, nota = s.dayPoints(u, ps, *award, ch.refundDay, rules, now)
		award = &a
	}
	prog := planProgress(ps, ch)
	if err := s.priced(ctx, &prog); err != nil {
		return 0, "", err
	}
	if total := prog.withBonus(award); total != nil {
		sc := domain.ApplyAward(p.PontosTotais, *total)
		u.pin("pontosTotais", ps.hasPts, p.PontosTotais)
		u.set("pontosTotais = %s", u.v(num(sc.PontosTotais)))
		u.set("nivel = %s", u.v(num(sc.Nivel)))
		changed = true
		if award != nil {
			pts = award.Pontos
			s.putLedgerNote(t, ps.uid, *award, nota, now)
		}
		// The rankings count every point gained: the act's and any conquista's bonus.
		s.rankAward(t, u, ps, sc.PontosTotais, sc.PontosTotais-p.PontosTotais, now)
		// A level reached by likes not yet settled (points_settle.go) is announced here.
		if sc.LevelUp || (ps.rank.pendentes != 0 && sc.Nivel > p.Nivel) {
			t.notify(NewNotification(ps.uid, domain.NotifNivel, domain.TextoNivel(sc.Nivel), domain.LinkPerfil(), now))
		}
	}
	if g := ch.addGroup; g != "" && !slices.Contains(p.GruposParticipantes, g) {
		gid := u.v(str(g))
		u.set("gruposParticipantes = list_append(if_not_exists(gruposParticipantes, %s), %s)",
			u.v(&types.AttributeValueMemberL{Value: []types.AttributeValue{}}),
			u.v(&types.AttributeValueMemberL{Value: []types.AttributeValue{str(g)}}))
		u.cond("NOT contains(gruposParticipantes, %s)", gid)
		changed = true
	}
	if g := ch.removeGroup; g != "" {
		// Lists are removed from by index: the condition pins the element
		// read, so a concurrent change of the list fails this item and the
		// caller reads again.
		if i := slices.Index(p.GruposParticipantes, g); i >= 0 {
			u.remove(fmt.Sprintf("gruposParticipantes[%d]", i))
			u.cond("gruposParticipantes[%d] = %s", i, u.v(str(g)))
			changed = true
		}
	}
	if ch.ownGroup {
		owned := u.n(attrGruposDono)
		u.cond("attribute_not_exists(%s) OR %s < %s", owned, owned, u.v(num(ch.ownCap)))
		u.set("%s = if_not_exists(%s, %s) + %s", owned, owned, u.v(num(0)), u.v(num(1)))
		changed = true
	}
	if ch.disownGroup {
		owned := u.n(attrGruposDono)
		u.set("%s = if_not_exists(%s, %s) - %s", owned, owned, u.v(num(1)), u.v(num(1)))
		changed = true
	}
	if prog.write(t, u, ps.uid, now) {
		changed = true
	}
	if changed {
		u.incr("version", 1)
	}
	return pts, p.Nome, nil
}

func (s *Store) putLedger(t *txn, uid string, a domain.Award, now time.Time) {
	s.putLedgerNote(t, uid, a, "", now)
}

func (s *Store) putLedgerNote(t *txn, uid string, a domain.Award, nota string, now time.Time) {
	it := ledgerRow(uid, a, now)
	it.Nota = nota
	t.putItem(itemLedger, it, "attribute_not_exists(PK)")
}
