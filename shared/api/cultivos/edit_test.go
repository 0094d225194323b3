package cultivos_test

import (
	"context"
	"slices"
	"testing"

	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/api/cultivos"
	"github.com/verde-app/verde/shared/store"
)

// editBody is an edit of a cultivo made by newCultivo (12 mudas of alface
// planted today) at version, on lote with colaboradores.
func editBody(version int, lote string, colaboradores ...string) map[string]any {
	if colaboradores == nil {
		colaboradores = []string{}
	}
	return map[string]any{"version": version, "metodo": "muda", "quantidade": 14, "unidade": "mudas", "dataPlantio": plantedDate(),
		"notas": "Mais duas mudas no canto", "loteCodigo": lote, "colaboradores": colaboradores}
}

func loteCount(t *testing.T, gid, codigo string) int {
	t.Helper()
	for _, l := range env.Lotes(t, gid) {
		if l.Codigo == codigo {
			return l.CultivosAtivos
		}
	}
	t.Fatalf("no lote %s", codigo)
	return 0
}

func mine(t *testing.T, u testkit.User) []string {
	t.Helper()
	var ids []string
	var after map[string]string
	for {
		cs, next, err := env.Deps.Store.MyCultivos(context.Background(), u.ID, store.CultivoFilter{}, 100, after)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cs {
			ids = append(ids, c.ID)
		}
		if next == nil {
			return ids
		}
		after = next
	}
}

// TestEditCultivo: a writer edits the data; the responsible member moves it
// off its lote and swaps a collaborator, and the lists, the lote counts and
// the version follow; a stale form gets 409 and writes nothing.
func TestEditCultivo(t *testing.T) {
	setup(t)
	w := newWorld(t, testkit.FixtureOpts{})
	path := "/api/cultivos/" + w.cultivo

	res := testkit.Do(t, h, "PUT", path, cast.Alvo, editBody(1, "A3", cast.Alvo.ID))
	if res.Status != 200 {
		t.Fatalf("collaborator edit: %d %s", res.Status, res.Body)
	}
	var c cultivos.Cultivo
	res.Decode(t, &c)
	if c.Version != 2 || c.Quantidade != 14 || c.Notas != "Mais duas mudas no canto" || c.LoteCodigo == nil || *c.LoteCodigo != "A3" || len(c.Colaboradores) != 1 {
		t.Fatalf("after the edit: %+v", c)
	}

	// The same form sent again is a lost update.
	if res := testkit.Do(t, h, "PUT", path, cast.Member, editBody(1, "", plain.ID)); res.Status != 409 || res.ErrorCode() != "conflict" {
		t.Fatalf("stale version: %d %s", res.Status, res.Body)
	}
	if n := loteCount(t, w.f.Group.ID, "A3"); n != 1 {
		t.Fatalf("A3 after a refused edit: %d", n)
	}

	// A collaborator may not change who helps.
	if res := testkit.Do(t, h, "PUT", path, cast.Alvo, editBody(2, "A3", cast.Alvo.ID, plain.ID)); res.Status != 403 {
		t.Fatalf("collaborator adds someone: %d %s", res.Status, res.Body)
	}

	// The responsible member takes it off A3 and swaps Alvo for plain.
	res = testkit.Do(t, h, "PUT", path, cast.Member, editBody(2, "", plain.ID))
	if res.Status != 200 {
		t.Fatalf("responsible edit: %d %s", res.Status, res.Body)
	}
	res.Decode(t, &c)
	if c.Version != 3 || c.LoteCodigo != nil || len(c.Colaboradores) != 1 || c.Colaboradores[0].UserID != plain.ID || c.Colaboradores[0].Nome == "" {
		t.Fatalf("after the people edit: %+v", c)
	}
	if n := loteCount(t, w.f.Group.ID, "A3"); n != 0 {
		t.Fatalf("A3 still counts %d active cultivos", n)
	}
	if slices.Contains(mine(t, cast.Alvo), w.cultivo) || !slices.Contains(mine(t, plain), w.cultivo) {
		t.Fatal("the collaborators' lists did not follow")
	}
	// Alvo no longer writes it; plain does.
	if res := testkit.Do(t, h, "POST", path+"/diario", cast.Alvo, map[string]any{"tipo": "rega", "texto": "Regado"}); res.Status != 403 {
		t.Fatalf("former collaborator writes: %d", res.Status)
	}
	if res := testkit.Do(t, h, "POST", path+"/diario", plain, map[string]any{"tipo": "rega", "texto": "Regado"}); res.Status != 201 {
		t.Fatalf("new collaborator writes: %d %s", res.Status, res.Body)
	}

	// Back on A3 (held by the responsible member).
	res = testkit.Do(t, h, "PUT", path, cast.Member, editBody(3, "A3", plain.ID))
	if res.Status != 200 {
		t.Fatalf("back on A3: %d %s", res.Status, res.Body)
	}
	if n := loteCount(t, w.f.Group.ID, "A3"); n != 1 {
		t.Fatalf("A3 counts %d, want 1", n)
	}
}

// TestEditCultivoBadInput: each refusal names its field and writes nothing.
func TestEditCultivoBadInput(t *testing.T) {
	setup(t)
	w := newWorld(t, testkit.FixtureOpts{})
	personal := newCultivo(t, "", "", cast.Member)
	comColheita := newCultivo(t, w.f.Group.ID, "", cast.Member)
	if res := testkit.Do(t, h, "POST", "/api/cultivos/"+comColheita+"/colheitas", cast.Member,
		map[string]any{"quantidade": 1, "unidade": "kg", "data": todayDate(), "destino": "consumo"}); res.Status != 201 {
		t.Fatalf("harvest: %d %s", res.Status, res.Body)
	}
	with := func(b map[string]any, k string, v any) map[string]any { b[k] = v; return b }
	cases := []struct {
		name, cid string
		body      map[string]any
		status    int
		field     string
	}{
		{"no version", w.cultivo, with(editBody(1, "A3", cast.Alvo.ID), "version", 0), 400, "version"},
		{"quantity zero", w.cultivo, with(editBody(1, "A3", cast.Alvo.ID), "quantidade", 0), 400, "quantidade"},
		{"fractional mudas", w.cultivo, with(editBody(1, "A3", cast.Alvo.ID), "quantidade", 2.5), 400, "quantidade"},
		{"planted two years ahead", w.cultivo, with(editBody(1, "A3", cast.Alvo.ID), "dataPlantio", "2099-01-01"), 400, "dataPlantio"},
		{"notes too long", w.cultivo, with(editBody(1, "A3", cast.Alvo.ID), "notas", string(make([]byte, 1001))), 400, "notas"},
		{"a lote nobody of the cultivo holds", w.cultivo, editBody(1, "B9", cast.Alvo.ID), 400, "loteCodigo"},
		{"a stranger as collaborator", w.cultivo, editBody(1, "A3", cast.Stranger.ID), 400, "colaboradores"},
		{"the responsible as collaborator", w.cultivo, editBody(1, "A3", cast.Member.ID), 400, "colaboradores"},
		{"a lote on a personal cultivo", personal, editBody(1, "A3"), 400, "loteCodigo"},
		{"a new planting date after a harvest", comColheita, with(editBody(2, ""), "dataPlantio", "2026-01-01"), 400, "dataPlantio"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := testkit.Do(t, h, "PUT", "/api/cultivos/"+c.cid, cast.Member, c.body)
			if res.Status != c.status || res.ErrorField() != c.field {
				t.Fatalf("%d field %q, want %d %q: %s", res.Status, res.ErrorField(), c.status, c.field, res.Body)
			}
		})
	}
	got, err := env.Deps.Store.Cultivo(context.Background(), w.cultivo, testkit.Actor(cast.Member))
	if err != nil {
		t.Fatal(err)
	}
	if got.Version != 1 || got.Quantidade != 12 {
		t.Fatalf("a refused edit wrote: %+v", got)
	}
}

// TestConcurrentEditsOneWins: two forms read at the same version, sent at
// once: one is saved, the other gets 409.
func TestConcurrentEditsOneWins(t *testing.T) {
	setup(t)
	w := newWorld(t, testkit.FixtureOpts{})
	editors := []testkit.User{cast.Member, cast.Alvo}
	statuses := testkit.AtOnce(len(editors), func(i int) int {
		return testkit.Do(t, h, "PUT", "/api/cultivos/"+w.cultivo, editors[i], editBody(1, "A3", cast.Alvo.ID)).Status
	})
	slices.Sort(statuses)
	if statuses[0] != 200 || statuses[1] != 409 {
		t.Fatalf("statuses %v, want one 200 and one 409", statuses)
	}
}
