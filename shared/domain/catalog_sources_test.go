package domain

import (
	"testing"
	"time"
)

// A vegetable whose days to harvest no source gives has no harvest window:
// no countdown, never late.
func TestNoWindowWithoutDaysToColheita(t *testing.T) {
	c := Cultivo{DataPlantio: "2026-01-01", Fase: FaseCrescendo}
	if j := c.JanelaColheita(time.Date(2027, 1, 1, 12, 0, 0, 0, time.UTC)); j != (Janela{}) {
		t.Errorf("janela = %+v", j)
	}
}

// An admin's edit keeps the source of a care field it leaves as it was, and
// drops the source of one it changes; pests and popular names survive.
func TestAdminEditKeepsTheSourcesOfUnchangedFields(t *testing.T) {
	cite := Citacao{Titulo: "Catálogo", Editora: "Embrapa", Ano: "2010", Local: "ficha 21"}
	v := Vegetal{ID: "coentro", Nome: "Coentro", Espacamento: "8 cm",
		VegetalCare: VegetalCare{NomeCientifico: "Coriandrum sativum L.", Metodo: "semente", Pragas: "pulgão", NomesPopulares: []string{"cheiro-verde"}},
		Fontes:      map[string]Citacao{"nomeCientifico": cite, "metodo": cite, "espacamento": cite, "pragas": cite, "nomesPopulares": cite}}
	in := VegetalInput{Nome: "Coentro", NomeCientifico: "Coriandrum sativum L.", Metodo: "ambos", Espacamento: "8 cm", DiasColheitaMin: 50, DiasColheitaMax: 60}
	got := in.Apply(v)
	for _, campo := range []string{"nomeCientifico", "espacamento", "pragas", "nomesPopulares"} {
		if got.Fontes[campo] != cite {
			t.Errorf("%s lost its source: %+v", campo, got.Fontes)
		}
	}
	if _, ok := got.Fontes["metodo"]; ok || got.Metodo != "ambos" {
		t.Errorf("metodo edited but still cited: %+v", got)
	}
	if got.Pragas != "pulgão" || len(got.NomesPopulares) != 1 {
		t.Errorf("pests or names lost: %+v", got.VegetalCare)
	}
}

func TestSetCareRefusesUnknownFieldsAndMethods(t *testing.T) {
	var v Vegetal
	if err := v.SetCare("metodo", "estaca"); err == nil {
		t.Error("metodo estaca accepted")
	}
	if err := v.SetCare("cor", "verde"); err == nil {
		t.Error("unknown field accepted")
	}
	if err := v.SetCare("nomesPopulares", "aipim; macaxeira ;"); err != nil || len(v.NomesPopulares) != 2 || v.Care("nomesPopulares") != "aipim; macaxeira" {
		t.Errorf("nomesPopulares = %v (%v)", v.NomesPopulares, err)
	}
}
