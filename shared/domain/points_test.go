package domain

import "testing"

func TestApplyAwardRecomputesLevel(t *testing.T) {
	s := ApplyAward(90, AwardEntrarGrupo(Defaults(), "g1"))
	if s.PontosTotais != 100 || s.Nivel != 2 || !s.LevelUp {
		t.Fatalf("%+v", s)
	}
	s = ApplyAward(0, AwardCriarGrupo(Defaults()))
	if s.PontosTotais != 20 || s.Nivel != 1 || s.LevelUp {
		t.Fatalf("%+v", s)
	}
}
