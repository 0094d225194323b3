package store

import (
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
