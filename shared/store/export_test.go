package store

import (
	"context"
	"time"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"

	"github.com/verde-app/verde/shared/domain"
)

// RankedItems are the items the acts leave for a member with total points
// (reached at `at`) and mes points this month: the profile with its ranking
// keys and this month's points item, as a test seeds them in bulk.
func RankedItems(p domain.Profile, mes int, at, now time.Time, hidden bool) []record {
	p.Nivel = domain.LevelFor(p.PontosTotais)
	item, err := attributevalue.MarshalMap(toProfileItem(p))
	if err != nil {
		panic(err)
	}
	month := domain.RankingMonth(now)
	all, mk := scoreKey(p.PontosTotais, at, p.ID), scoreKey(mes, at, p.ID)
	item[attrPontosMes], item[attrMesRef] = num(mes), str(month)
	item[attrRankChave], item[attrRankMesChave] = str(all), str(mk)
	if hidden {
		item[attrOcultar] = boolean(true)
	} else if p.PontosTotais > 0 {
		item[attrGSI2PK], item[attrGSI2SK] = str(rankAllPK(rankShard(p.ID))), str(all)
	}
	out := []record{item}
	if mes > 0 {
		m, err := attributevalue.MarshalMap(monthItemOf(p.ID, month, mes, mk, hidden))
		if err != nil {
			panic(err)
		}
		out = append(out, m)
	}
	return out
}

// AwardForTest pays uid pts points for an act named ref, as any act's
// transaction does (applyProfile), with the league join after it; once per
// ref however often it is called.
func (s *Store) AwardForTest(ctx context.Context, uid string, pts int, ref string) error {
	return attempt(ctx, func() error {
		items, err := s.batchGet(ctx, itemKey{UserPK(uid), skProfile}, ledgerKey(uid, "TESTE", ref))
		if err != nil {
			return err
		}
		if items[ledgerKey(uid, "TESTE", ref)] != nil {
			return nil // paid by an earlier call that outlived its deadline
		}
		ps, err := readProfileState(uid, items[itemKey{UserPK(uid), skProfile}])
		if err != nil {
			return err
		}
		t := newTxn(s.Table)
		if _, _, err := s.applyProfile(ctx, t, ps, profileChange{award: &domain.Award{Motivo: "TESTE", Ref: ref, Pontos: pts}}, false, nil, s.now()); err != nil {
			return err
		}
		return retryable(s.write(ctx, t), itemProfile, itemLedger)
	})
}
