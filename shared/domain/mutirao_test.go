package domain

import (
	"testing"
	"time"
)

func TestPartilhaQuantitiesStayInDynamoDBRange(t *testing.T) {
	for _, q := range []float64{1e-300, 0.0001, 2e6} {
		in := PartilhaInput{CultivoID: "c", ColheitaID: "h", Quantidade: &q}
		if err := in.Valid(); err == nil {
			t.Errorf("partilha of %g accepted", q)
		}
		r := ReservaInput{Quantidade: &q}
		if err := r.Valid(); err == nil {
			t.Errorf("reservation of %g accepted", q)
		}
	}
	ok := 0.5
	if err := (&ReservaInput{Quantidade: &ok}).Valid(); err != nil {
		t.Fatal(err)
	}
}

func TestRelatorioPeriodGivenEmptyIsRefused(t *testing.T) {
	if _, err := ParsePeriodoRelatorio("", "", true, time.Now()); err == nil {
		t.Fatal("?de= accepted")
	}
	p, err := ParsePeriodoRelatorio("", "", false, time.Date(2030, 6, 10, 12, 0, 0, 0, time.UTC))
	if err != nil || p.De != "2030-01" || p.Ate != "2030-06" {
		t.Fatalf("default period %+v %v", p, err)
	}
	if _, err := ParsePeriodoRelatorio("2028-01", "2030-02", true, time.Now()); err == nil {
		t.Fatal("26 months accepted")
	}
}
