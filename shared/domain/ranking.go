package domain

import (
	"math"
	"time"
)

// Rankings: members by points all time and this month, members of
// one group, and groups by harvest (kg) this month and all time. A month is
// Brasília's calendar month: the monthly rankings reset at 00:00 on the 1st in
// Brasília (UTC−3; Brazil keeps no daylight saving time since 2019).

// Brasilia is the zone of the rankings' month and the reminders' day.
var Brasilia = time.FixedZone("BRT", -3*60*60)

// RankingMonth is the month (yyyy-mm) of now in Brasília.
func RankingMonth(now time.Time) string { return now.In(Brasilia).Format("2006-01") }

// BrasiliaDay is the day (yyyy-mm-dd) of now in Brasília.
func BrasiliaDay(now time.Time) string { return now.In(Brasilia).Format("2006-01-02") }

// Ranking periods.
const (
	PeriodoGeral = "geral"
	PeriodoMes   = "mes"
)

// RankingTop is how many entries a ranking shows; RankingExact is how far a
// caller's own position is always exact (past it, an approximation is stated).
const (
	RankingTop   = 50
	RankingExact = 1000
)

// ParsePeriodo reads the periodo query parameter ("" is geral).
func ParsePeriodo(v string) (string, error) {
	switch v {
	case "", PeriodoGeral:
		return PeriodoGeral, nil
	case PeriodoMes:
		return PeriodoMes, nil
	}
	return "", ErrPeriodoRanking()
}

// RoundPosition rounds an estimated position to two significant figures
// (4.837 → 4.800), so an approximation never looks exact.
func RoundPosition(n int) int {
	if n < 100 {
		return n
	}
	p := math.Pow(10, math.Floor(math.Log10(float64(n)))-1)
	return int(math.Round(float64(n)/p) * p)
}

// Grams is a harvest's kg as whole grams, the unit the group rankings add.
func Grams(kg float64) int {
	if kg <= 0 || math.IsNaN(kg) || math.IsInf(kg, 0) {
		return 0
	}
	return int(math.Round(kg * 1000))
}

// PorMembro is a group's confirmed grams per active member (the groups'
// harvest ranking's score): with no active member, the grams themselves.
func PorMembro(grams, ativos int) int {
	if ativos <= 1 {
		return grams
	}
	return int(math.Round(float64(grams) / float64(ativos)))
}
