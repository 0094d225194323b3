package cultivos_test

import (
	"net/http"
	"testing"

	"github.com/google/uuid"

	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/api/cultivos"
	"github.com/verde-app/verde/shared/domain"
)

func daysAgo(n int) string {
	return domain.FormatDate(domain.LocalDate(env.Deps.Now()).AddDate(0, 0, -n))
}

// A cultivo por muda of manjericão planted last week starts at crescendo; a diary entry can
// be of yesterday, never of tomorrow nor of a day before the planting.
func TestSeedlingPlantedLastWeekWithADiaryEntryFromYesterday(t *testing.T) {
	setup(t)
	u := env.NewUser(t, "Marta Muda")
	res := testkit.DoWithHeader(t, h, "POST", "/api/cultivos", u, map[string]any{
		"vegetalId": "manjericao", "metodo": "muda", "quantidade": 6, "unidade": "mudas", "dataPlantio": daysAgo(7), "fase": "semeado",
	}, http.Header{"Idempotency-Key": {uuid.NewString()}})
	if res.Status != http.StatusCreated {
		t.Fatalf("create: %d %s", res.Status, res.Body)
	}
	var created cultivos.CultivoCriado
	res.Decode(t, &created)
	c := created.Cultivo
	if c.Fase != domain.FaseCrescendo || c.Janela.Inicio != "" {
		t.Fatalf("cultivo = fase %s, janela %+v", c.Fase, c.Janela)
	}
	if res := testkit.Do(t, h, "POST", "/api/cultivos/"+c.ID+"/fase", u, map[string]any{"fase": "germinando"}); res.Status != http.StatusBadRequest {
		t.Errorf("seedling to germinando: %d %s", res.Status, res.Body)
	}

	post := func(data string) testkit.Response {
		return testkit.DoWithHeader(t, h, "POST", "/api/cultivos/"+c.ID+"/diario", u, map[string]any{"tipo": "rega", "texto": "Regado " + data, "data": data},
			http.Header{"Idempotency-Key": {uuid.NewString()}})
	}
	if res := post(daysAgo(1)); res.Status != http.StatusCreated {
		t.Fatalf("yesterday: %d %s", res.Status, res.Body)
	}
	for _, bad := range []string{daysAgo(-1), daysAgo(8)} {
		if res := post(bad); res.Status != http.StatusBadRequest || res.ErrorField() != "data" {
			t.Errorf("entry of %s: %d %s", bad, res.Status, res.Body)
		}
	}
	if res := testkit.DoWithHeader(t, h, "POST", "/api/cultivos/"+c.ID+"/diario", u, map[string]any{"tipo": "rega", "texto": "Hoje"},
		http.Header{"Idempotency-Key": {uuid.NewString()}}); res.Status != http.StatusCreated {
		t.Fatalf("today: %d %s", res.Status, res.Body)
	}
	res = testkit.Do(t, h, "GET", "/api/cultivos/"+c.ID+"/diario", u, nil)
	var page struct{ Items []cultivos.Diario }
	res.Decode(t, &page)
	var days []string
	for _, e := range page.Items {
		if e.Tipo == "rega" {
			days = append(days, e.Data)
		}
	}
	if len(days) != 2 || days[0] != daysAgo(0) || days[1] != daysAgo(1) {
		t.Errorf("diary days %v, want today then yesterday", days)
	}
}
