package seed_test

import (
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/verde-app/verde/infra/seed"
	"github.com/verde-app/verde/shared/domain"
)

// transcriptions are the sources kept in full beside the data (fontes/):
// every quote cuidados.csv takes from them must be found there.
var transcriptions = map[string]string{
	"catalogo-2010": "fontes/catalogo-brasileiro-de-hortalicas-2010.txt",
}

// squash folds a text's whitespace, so a quote matches across the
// transcription's line breaks.
func squash(s string) string { return strings.Join(strings.Fields(s), " ") }

// Every row of cuidados.csv names a vegetable of the catalogue, a care field,
// a source of fontes.csv, a place in it and the source's own words; a quote
// from a source kept in full is in it, word for word.
func TestEveryCareRowHasItsSourceBesideTheData(t *testing.T) {
	rows, err := seed.Care()
	if err != nil {
		t.Fatal(err)
	}
	sources, err := seed.Sources()
	if err != nil {
		t.Fatal(err)
	}
	ids := vegetaisByID(t)
	texts := map[string]string{}
	for id, path := range transcriptions {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		texts[id] = squash(string(b))
	}
	seen := map[string]bool{}
	used := map[string]bool{}
	for _, r := range rows {
		key := r.Vegetal + "/" + r.Campo
		if seen[key] {
			t.Errorf("%s: two rows", key)
		}
		seen[key] = true
		used[r.Fonte] = true
		if _, ok := ids[r.Vegetal]; !ok {
			t.Errorf("%s: no such vegetable", key)
		}
		if !slices.Contains(domain.CareFields, r.Campo) {
			t.Errorf("%s: not a care field", key)
		}
		src, ok := sources[r.Fonte]
		if !ok || src.Titulo == "" || src.Editora == "" || src.Ano == "" || src.Endereco == "" {
			t.Errorf("%s: source %q missing or incomplete: %+v", key, r.Fonte, src)
		}
		if text, kept := texts[r.Fonte]; kept && !strings.Contains(text, squash(r.Trecho)) {
			t.Errorf("%s: quote not in %s: %q", key, transcriptions[r.Fonte], r.Trecho)
		}
	}
	for id := range sources {
		if !used[id] {
			t.Errorf("source %s is cited by no row", id)
		}
	}
}

// No care field has a value without a source, and every source names a
// field with a value: vegetais.json holds no care field of its own.
func TestNoCareFieldWithoutASource(t *testing.T) {
	vegetais, err := seed.Vegetais()
	if err != nil {
		t.Fatal(err)
	}
	withCare := 0
	for _, v := range vegetais {
		for _, campo := range domain.CareFields {
			_, cited := v.Fontes[campo]
			if has := v.Care(campo) != ""; has != cited {
				t.Errorf("%s %s: value %q, cited %v", v.ID, campo, v.Care(campo), cited)
			}
		}
		for campo, c := range v.Fontes {
			if c.Local == "" {
				t.Errorf("%s %s: no place in the source", v.ID, campo)
			}
		}
		if len(v.Fontes) > 0 {
			withCare++
		}
	}
	if withCare != len(vegetais) {
		t.Errorf("%d of %d vegetables have care data", withCare, len(vegetais))
	}
	raw, err := os.ReadFile("vegetais.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Vegetais []map[string]any `json:"vegetais"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	for _, v := range doc.Vegetais {
		for _, campo := range domain.CareFields {
			if val, ok := v[campo]; ok && val != "" {
				t.Errorf("%s: vegetais.json sets %s (%v): care fields come from cuidados.csv", v["id"], campo, val)
			}
		}
	}
}

// What members need from the data: the journey's species and the regional
// names search finds them by.
func TestCareDataSpotChecks(t *testing.T) {
	byID := vegetaisByID(t)
	coentro := byID["coentro"]
	if coentro.NomeCientifico != "Coriandrum sativum L." || coentro.Metodo != "semente" ||
		coentro.Fontes["metodo"].Titulo == "" || !strings.HasPrefix(coentro.Fontes["metodo"].Local, "ficha 21") {
		t.Errorf("coentro = %+v", coentro)
	}
	caboclo := byID["coentro-de-caboclo"]
	if !strings.Contains(caboclo.SearchText(), domain.SearchKey("chicória-do-pará")) {
		t.Errorf("coentro-de-caboclo search text %q", caboclo.SearchText())
	}
	manjericao := byID["manjericao"]
	if manjericao.Metodo != "ambos" || manjericao.Familia == "" || manjericao.DiasColheitaMax != 0 || manjericao.Semeadura != nil {
		t.Errorf("manjericao = %+v", manjericao)
	}
	for _, id := range []string{"manjericao", "hortela", "alecrim", "oregano", "tomilho", "salsa", "cebolinha", "tomate-cereja",
		"mandioca", "ora-pro-nobis", "taioba", "bertalha", "peixinho-da-horta", "capuchinha"} {
		if v, ok := byID[id]; !ok || v.NomeCientifico == "" {
			t.Errorf("%s: missing or without nome científico", id)
		}
	}
	if v := byID["tomate-cereja"]; !slices.Equal(v.Semeadura["norte"], byID["tomate"].Semeadura["norte"]) || v.DiasColheitaMin != 100 {
		t.Errorf("tomate-cereja = %+v", v)
	}
}
