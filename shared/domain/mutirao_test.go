package domain

import "testing"

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
