package cultivos_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/api/cultivos"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
)

// TestDeletingAGroupMovesItsCultivosToHortaPessoal: the group's cultivos
// outlive it in their responsible members' Horta pessoal, with their diary and
// harvests; collaborators and the lote go, and nobody else reads them.
func TestDeletingAGroupMovesItsCultivosToHortaPessoal(t *testing.T) {
	setup(t)
	w := newWorld(t, testkit.FixtureOpts{})
	gid := w.f.Group.ID
	cid := w.cultivo // Member's, with Alvo, on A3
	if res := testkit.Do(t, h, "POST", "/api/cultivos/"+cid+"/colheitas", cast.Alvo,
		map[string]any{"quantidade": 0.5, "unidade": "kg", "data": todayDate(), "destino": "doado"}); res.Status != 201 {
		t.Fatalf("harvest: %d %s", res.Status, res.Body)
	}
	// More cultivos than one transaction holds.
	var more []string
	for range 12 {
		more = append(more, newCultivo(t, gid, "", plain))
	}
	if err := env.Deps.Store.DeleteGroup(context.Background(), gid, testkit.Actor(cast.Owner)); err != nil {
		t.Fatalf("delete group: %v", err)
	}

	c := testkit.Get[cultivos.Cultivo](t, h, "/api/cultivos/"+cid, cast.Member)
	if c.GrupoID != nil || c.LoteCodigo != nil || len(c.Colaboradores) != 0 || c.Totais.Colheitas != 1 || c.Version != 3 {
		t.Fatalf("moved cultivo: %+v", c)
	}
	if res := testkit.Do(t, h, "GET", "/api/cultivos/"+cid+"/colheitas", cast.Member, nil); res.Status != 200 || !strings.Contains(string(res.Body), "doado") {
		t.Fatalf("its harvests: %d %s", res.Status, res.Body)
	}
	// The former collaborator and the other members no longer read it.
	for _, u := range []testkit.User{cast.Alvo, cast.Coord} {
		if res := testkit.Do(t, h, "GET", "/api/cultivos/"+cid, u, nil); res.Status != 404 {
			t.Fatalf("%s reads the moved cultivo: %d", u.Name, res.Status)
		}
	}
	if slices.Contains(mine(t, cast.Alvo), cid) || !slices.Contains(mine(t, cast.Member), cid) {
		t.Fatal("the lists did not follow the move")
	}
	// The personal filter finds them; the group's filter no longer does.
	personal, _, err := env.Deps.Store.MyCultivos(context.Background(), plain.ID, store.CultivoFilter{Grupo: "pessoal"}, 100, nil)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]bool{}
	for _, p := range personal {
		got[p.ID] = true
	}
	for _, id := range more {
		if !got[id] {
			t.Fatalf("cultivo %s is not in plain's Horta pessoal (%d found)", id, len(personal))
		}
	}
	// A personal cultivo is edited as one.
	if res := testkit.Do(t, h, "PUT", "/api/cultivos/"+cid, cast.Member, editBody(3, "")); res.Status != 200 {
		t.Fatalf("edit after the move: %d %s", res.Status, res.Body)
	}
}

// TestAWriterWhoLeftTheGroupWritesNoMore: a member who leaves a group keeps
// reading the cultivos they wrote there, but writes to them no more: each
// write answers a clear 403 (the transaction's membership check, mapped by
// the store), never a 500, and changes nothing; the members who stay write.
func TestAWriterWhoLeftTheGroupWritesNoMore(t *testing.T) {
	setup(t)
	w := newWorld(t, testkit.FixtureOpts{})
	gid, cid := w.f.Group.ID, w.cultivo // Member's, with Alvo as collaborator
	if err := env.Deps.Store.RemoveMember(context.Background(), gid, testkit.Actor(cast.Alvo), cast.Alvo.ID); err != nil {
		t.Fatalf("Alvo leaves: %v", err)
	}
	harvest := map[string]any{"quantidade": 0.3, "unidade": "kg", "data": todayDate(), "destino": "doado"}
	writes := []struct {
		name, method, path string
		body               any
	}{
		{"diary entry", "POST", "/api/cultivos/" + cid + "/diario", map[string]any{"tipo": "observacao", "texto": "Folhas novas"}},
		{"phase", "POST", "/api/cultivos/" + cid + "/fase", map[string]any{"fase": "germinando"}},
		{"harvest", "POST", "/api/cultivos/" + cid + "/colheitas", harvest},
	}
	for _, wr := range writes {
		res := testkit.Do(t, h, wr.method, wr.path, cast.Alvo, wr.body)
		if res.Status != 403 || res.ErrorMessage() != domain.ErrSaiuDoGrupo().Message {
			t.Fatalf("%s by the collaborator who left: %d %s", wr.name, res.Status, res.Body)
		}
	}
	res := testkit.Do(t, h, "GET", "/api/cultivos/"+cid, cast.Alvo, nil)
	var c cultivos.Cultivo
	res.Decode(t, &c)
	if res.Status != 200 || c.Fase != domain.FaseSemeado || c.Totais.Colheitas != 0 {
		t.Fatalf("after the refused writes: %d %+v", res.Status, c)
	}
	if res := testkit.Do(t, h, "POST", "/api/cultivos/"+cid+"/colheitas", cast.Member, harvest); res.Status != 201 {
		t.Fatalf("the responsible member who stays: %d %s", res.Status, res.Body)
	}
}
