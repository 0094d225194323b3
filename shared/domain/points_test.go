package domain

import "testing"

func TestApplyAwardRecomputesLevel(t *testing.T) {
	s := ApplyAward(90, Award{Pontos: PontosEntrarGrupo})
	if s.PontosTotais != 100 || s.Nivel != 2 || !s.LevelUp {
		t.Fatalf("%+v", s)
	}
	s = ApplyAward(0, Award{Pontos: PontosCriarGrupo})
	if s.PontosTotais != 20 || s.Nivel != 1 || s.LevelUp {
		t.Fatalf("%+v", s)
	}
}
