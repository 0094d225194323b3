package seed_test

import (
	"slices"
	"testing"

	"github.com/verde-app/verde/infra/seed"
	"github.com/verde-app/verde/shared/domain"
)

// embrapa-calendario-2010.csv (the source, kept beside the data) has 55 species; the herbs, PANC
// and tomate-cereja make 66.
func TestVegetaisHoldEveryCatalogueRowWithValidData(t *testing.T) {
	vegetais, err := seed.Vegetais()
	if err != nil {
		t.Fatal(err)
	}
	if len(vegetais) != 66 {
		t.Fatalf("%d vegetables, want 66", len(vegetais))
	}
	ids := map[string]bool{}
	withCalendar := 0
	for _, v := range vegetais {
		if v.ID == "" || v.Nome == "" || ids[v.ID] {
			t.Errorf("bad or duplicate id: %+v", v)
		}
		ids[v.ID] = true
		noDays := v.DiasColheitaMin == 0 && v.DiasColheitaMax == 0 // no source gives them
		if !noDays && (v.DiasColheitaMin <= 0 || v.DiasColheitaMax < v.DiasColheitaMin) {
			t.Errorf("%s: days %d–%d", v.ID, v.DiasColheitaMin, v.DiasColheitaMax)
		}
		if v.Fonte == "" {
			t.Errorf("%s: no source", v.ID)
		}
		if (v.Espacamento == "") != (v.EspacamentoFonte == "") ||
			!slices.Contains([]string{"", "institucional", "nao-institucional"}, v.EspacamentoFonte) {
			t.Errorf("%s: espacamento %q fonte %q", v.ID, v.Espacamento, v.EspacamentoFonte)
		}
		if v.Semeadura == nil {
			continue
		}
		withCalendar++
		if len(v.Semeadura) != len(domain.Regions) {
			t.Errorf("%s: regions %v", v.ID, v.Semeadura)
		}
		for _, region := range domain.Regions {
			months, ok := v.Semeadura[region]
			if !ok || months == nil {
				t.Errorf("%s: no list for %s", v.ID, region)
			}
			if !slices.IsSorted(months) || len(slices.Compact(slices.Clone(months))) != len(months) {
				t.Errorf("%s %s: months not sorted and unique: %v", v.ID, region, months)
			}
			for _, m := range months {
				if m < 1 || m > 12 {
					t.Errorf("%s %s: month %d", v.ID, region, m)
				}
			}
		}
	}
	if withCalendar != 56 {
		t.Errorf("%d vegetables with a sowing calendar, want 56", withCalendar)
	}
}

// Spot checks against the source, including a season that wraps past December; a spacing no
// source gives (rúcula's, once 10–15 cm from an uncited page) stays empty.
func TestVegetaisMatchTheCatalogue(t *testing.T) {
	byID := vegetaisByID(t)
	coentro := byID["coentro"]
	if !slices.Equal(coentro.Semeadura["sul"], []int{1, 9, 10, 11, 12}) || coentro.Espacamento != "desbaste a 8–10 cm entre plantas" || coentro.EspacamentoFonte != "institucional" {
		t.Errorf("coentro = %+v", coentro)
	}
	rucula := byID["rucula"]
	if rucula.Nome != "Rúcula" || len(rucula.Semeadura["norte"]) != 0 || rucula.Espacamento != "" || rucula.EspacamentoFonte != "" {
		t.Errorf("rucula = %+v", rucula)
	}
	if v := byID["alface-verao"]; len(v.Semeadura["norte"]) != 12 || v.DiasColheitaMin != 50 || v.DiasColheitaMax != 70 {
		t.Errorf("alface-verao = %+v", v)
	}
	if v := byID["cebola"]; !slices.Equal(v.Semeadura["sul"], []int{7, 8}) || v.DiasColheitaMin != 120 || v.DiasColheitaMax != 180 {
		t.Errorf("cebola = %+v", v)
	}
	if v := byID["agriao"]; v.Espacamento != "" || v.EspacamentoFonte != "" {
		t.Errorf("agriao = %+v", v)
	}
}

func TestConquistasHoldDesignsList(t *testing.T) {
	conquistas, err := seed.Conquistas()
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, c := range conquistas {
		if c.Codigo == "" || c.Descricao == "" || c.Criterio.Evento == "" || c.Criterio.Quantidade < 1 {
			t.Errorf("incomplete: %+v", c)
		}
		names = append(names, c.Nome)
	}
	for _, want := range []string{"Primeira Semente", "Primeira Colheita", "Colheita Farta", "Mão Verde", "Diário em Dia",
		"Fotógrafo da Horta", "Voz da Comunidade", "Bom Vizinho", "Fundador", "Comunitário", "Líder de Horta", "Mão na Massa"} {
		if !slices.Contains(names, want) {
			t.Errorf("missing %s", want)
		}
	}
	if len(conquistas) != 13 {
		t.Errorf("%d conquistas", len(conquistas))
	}
}

// The seeded catalogue is the one the rules unlock (domain.Conquistas).
func TestSeededConquistasAreTheDomainRules(t *testing.T) {
	seeded, err := seed.Conquistas()
	if err != nil {
		t.Fatal(err)
	}
	if len(seeded) != len(domain.Conquistas) {
		t.Fatalf("%d seeded, %d rules", len(seeded), len(domain.Conquistas))
	}
	for i, c := range seeded {
		r := domain.Conquistas[i]
		if c.Codigo != r.Codigo || c.Nome != r.Nome || c.Descricao != r.Descricao || c.Criterio.Quantidade != r.Meta {
			t.Errorf("seed %+v, rule %+v", c, r)
		}
	}
}

// vegetaisByID is the catalogue's vegetables by id.
func vegetaisByID(t *testing.T) map[string]domain.Vegetal {
	t.Helper()
	vegetais, err := seed.Vegetais()
	if err != nil {
		t.Fatal(err)
	}
	byID := map[string]domain.Vegetal{}
	for _, v := range vegetais {
		byID[v.ID] = v
	}
	return byID
}
