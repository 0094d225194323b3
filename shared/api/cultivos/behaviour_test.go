package cultivos_test

import (
	"context"
	"fmt"
	"net/url"
	"sync"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	ddbt "github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/uuid"

	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/api/cultivos"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
)

type calls = testkit.Calls

// callCase is a row of a table of calls (testkit.MeasureAll).
type callCase testkit.CallCase

func points(t *testing.T, u testkit.User) int {
	t.Helper()
	p, _, err := env.Deps.Store.Profile(context.Background(), u.ID)
	if err != nil {
		t.Fatal(err)
	}
	return p.PontosTotais
}

// fillTable adds n cultivos of someone else to the group (and their refs), in
// batches, so the request paths below run against a table that holds them.
func fillTable(t *testing.T, gid string, owner testkit.User, n int) {
	t.Helper()
	ctx := context.Background()
	now := env.Deps.Now()
	var batches [][]ddbt.WriteRequest
	var reqs []ddbt.WriteRequest
	for i := range n {
		c := domain.Cultivo{ID: uuid.Must(uuid.NewV7()).String(), VegetalID: "tomate", VegetalNome: "Tomate", DiasColheitaMin: 100, DiasColheitaMax: 120,
			GrupoID: gid, GrupoNome: "Horta", ResponsavelID: owner.ID, ResponsavelNome: owner.Name, Metodo: "muda", Quantidade: float64(i%50 + 1),
			Unidade: "mudas", DataPlantio: todayDate(), Fase: domain.FaseCrescendo, Version: 1, CriadoEm: now, AtualizadoEm: now}
		items, err := store.MarshalCultivoItems(c)
		if err != nil {
			t.Fatal(err)
		}
		for _, it := range items {
			reqs = append(reqs, ddbt.WriteRequest{PutRequest: &ddbt.PutRequest{Item: it}})
			if len(reqs) == 25 {
				batches, reqs = append(batches, reqs), nil
			}
		}
	}
	if len(reqs) > 0 {
		batches = append(batches, reqs)
	}
	// Four writers at once: DynamoDB Local takes a batch in ~100 ms.
	work := make(chan []ddbt.WriteRequest)
	var wg sync.WaitGroup
	errs := make(chan error, 4)
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for b := range work {
				for len(b) > 0 {
					out, err := env.Cloud.DynamoDB().BatchWriteItem(ctx, &dynamodb.BatchWriteItemInput{RequestItems: map[string][]ddbt.WriteRequest{env.Cloud.TableName: b}})
					if err != nil {
						errs <- err
						return
					}
					b = out.UnprocessedItems[env.Cloud.TableName]
				}
			}
		}()
	}
	for _, b := range batches {
		work <- b
	}
	close(work)
	wg.Wait()
	select {
	case err := <-errs:
		t.Fatal(err)
	default:
	}
}

// TestCallsPerRequest pins each request path's DynamoDB calls: reads at most
// two, writes one BatchGetItem and one TransactWriteItems; the same with
// thousands of cultivos in the group and the owner's list.
func TestCallsPerRequest(t *testing.T) {
	setup(t)
	w := newWorld(t, testkit.FixtureOpts{})
	gid, cid := w.f.Group.ID, w.cultivo
	sp := "SP"
	if _, err := env.Deps.Store.UpdateProfile(context.Background(), cast.Member.ID, domain.ProfileUpdate{UF: &sp}); err != nil {
		t.Fatal(err)
	}
	newCultivo(t, gid, "", cast.Owner)
	if _, err := env.Deps.Store.ActiveVegetais(context.Background()); err != nil {
		t.Fatal(err)
	}
	run := func(label string) {
		cases := []callCase{
			// The members' catalogue comes from the container's copy (store/catalog_cache.go),
			// read by the first of these: none of them calls DynamoDB.
			{"catalogue page", "GET", "/api/vegetables?limit=20", cast.Member, nil, 200, calls{}},
			{"catalogue search", "GET", "/api/vegetables?q=couve", cast.Member, nil, 200, calls{}},
			{"vegetable", "GET", "/api/vegetables/tomate", cast.Member, nil, 200, calls{"GetItem": 1}},
			{"plante agora from the profile", "GET", "/api/vegetables/plante-agora", cast.Member, nil, 200, calls{"GetItem": 1}},
			{"plante agora for a UF", "GET", "/api/vegetables/plante-agora?uf=RS", cast.Member, nil, 200, calls{}},
			{"my cultivos", "GET", "/api/cultivos?limit=20", cast.Owner, nil, 200, calls{"Query": 1, "BatchGetItem": 1}},
			{"my active cultivos", "GET", "/api/cultivos?ativos=true", cast.Owner, nil, 200, calls{"Query": 1, "BatchGetItem": 1}},
			{"group cultivos", "GET", "/api/groups/" + gid + "/cultivos?limit=20", plain, nil, 200, calls{"BatchGetItem": 1, "Query": 1}},
			{"cultivo", "GET", "/api/cultivos/" + cid, plain, nil, 200, calls{"BatchGetItem": 1}},
			{"diary", "GET", "/api/cultivos/" + cid + "/diario", plain, nil, 200, calls{"BatchGetItem": 1, "Query": 1}},
			{"harvests", "GET", "/api/cultivos/" + cid + "/colheitas", plain, nil, 200, calls{"BatchGetItem": 1, "Query": 1}},
			{"create", "POST", "/api/cultivos", cast.Member, map[string]any{"vegetalId": "tomate", "grupoId": gid, "loteCodigo": "A3", "metodo": "muda", "quantidade": 4, "unidade": "mudas", "dataPlantio": todayDate(), "colaboradores": []string{cast.Alvo.ID, plain.ID}}, 201, calls{"BatchGetItem": 1, "TransactWriteItems": 1}},
			{"diary entry", "POST", "/api/cultivos/" + cid + "/diario", cast.Alvo, map[string]any{"tipo": "observacao", "texto": "Folhas novas"}, 201, calls{"BatchGetItem": 1, "TransactWriteItems": 1}},
			{"phase", "POST", "/api/cultivos/" + cid + "/fase", cast.Member, map[string]any{"fase": "germinando"}, 200, calls{"BatchGetItem": 1, "TransactWriteItems": 1}},
			{"phase back", "POST", "/api/cultivos/" + cid + "/fase", cast.Member, map[string]any{"fase": "semeado"}, 200, calls{"BatchGetItem": 1, "TransactWriteItems": 1}},
			{"harvest", "POST", "/api/cultivos/" + cid + "/colheitas", cast.Member, map[string]any{"quantidade": 300, "unidade": "g", "data": todayDate(), "destino": "doado"}, 201, calls{"BatchGetItem": 2, "TransactWriteItems": 1}}, // + the group's harvest ranking items (store/ranking.go)
			{"edit", "PUT", "/api/cultivos/" + newCultivo(t, gid, "A3", cast.Member, cast.Alvo), cast.Alvo, editBody(1, "A3", cast.Alvo.ID), 200, calls{"BatchGetItem": 1, "TransactWriteItems": 1}},
			// New collaborators' memberships are read too.
			{"edit the collaborators and lote", "PUT", "/api/cultivos/" + newCultivo(t, gid, "A3", cast.Member, cast.Alvo), cast.Member, editBody(1, "", plain.ID), 200, calls{"BatchGetItem": 2, "TransactWriteItems": 1}},
			// A coordinator who does not write the cultivo: their membership is read too.
			{"perdido by a coordinator", "POST", "/api/cultivos/" + newCultivo(t, gid, "", cast.Member) + "/fase", cast.Coord, map[string]any{"fase": "perdido", "motivo": "Geada"}, 200, calls{"BatchGetItem": 1, "GetItem": 1, "TransactWriteItems": 1}},
		}
		for i := range cases {
			cases[i].Name += " (" + label + ")"
		}
		testkit.MeasureAll(t, env, h, cases)
	}
	run("few cultivos")
	fillTable(t, gid, cast.Owner, 10000)
	run("10,000 cultivos")

	// The owner's list of 10,000 reads pages of at most 100, one Query and one BatchGetItem each.
	c, res := env.Measure(t, h, "GET", "/api/cultivos?limit=100", cast.Owner, nil, 200)
	var page struct {
		Items      []cultivos.Cultivo `json:"items"`
		NextCursor *string            `json:"nextCursor"`
	}
	res.Decode(t, &page)
	if len(page.Items) != 100 || page.NextCursor == nil || fmt.Sprint(c) != fmt.Sprint(calls{"Query": 1, "BatchGetItem": 1}) {
		t.Fatalf("page of %d, next %v, calls %v", len(page.Items), page.NextCursor, c)
	}
	c, res = env.Measure(t, h, "GET", "/api/groups/"+gid+"/cultivos?limit=100&cursor="+url.QueryEscape(*page.NextCursor), cast.Owner, nil, 400)
	if res.ErrorField() != "cursor" {
		t.Fatalf("a cursor of another list: %s", res.Body)
	}
	_ = c
}

// TestSameColheitaTwiceAtOnceIsOneColheita: the harvest dialog's id makes a
// double submission one harvest and one award of 50 points.
func TestSameColheitaTwiceAtOnceIsOneColheita(t *testing.T) {
	setup(t)
	w := newWorld(t, testkit.FixtureOpts{})
	before := points(t, cast.Member)
	body := map[string]any{"id": uuid.NewString(), "quantidade": 1.2, "unidade": "kg", "data": todayDate(), "destino": "consumo"}
	statuses := testkit.AtOnce(2, func(int) int {
		return testkit.Do(t, h, "POST", "/api/cultivos/"+w.cultivo+"/colheitas", cast.Member, body).Status
	})
	if !(statuses[0] == 201 && statuses[1] == 200 || statuses[0] == 200 && statuses[1] == 201) {
		t.Fatalf("statuses %v, want one 201 and one 200", statuses)
	}
	if got := points(t, cast.Member) - before; got != 50 {
		t.Fatalf("%d points, want 50", got)
	}
	var page struct {
		Items []cultivos.Colheita `json:"items"`
	}
	testkit.Do(t, h, "GET", "/api/cultivos/"+w.cultivo+"/colheitas", cast.Member, nil).Decode(t, &page)
	if len(page.Items) != 1 {
		t.Fatalf("%d harvests", len(page.Items))
	}
	var c cultivos.Cultivo
	testkit.Do(t, h, "GET", "/api/cultivos/"+w.cultivo, cast.Member, nil).Decode(t, &c)
	if c.Totais.Colheitas != 1 || c.Totais.Kg != 1.2 {
		t.Fatalf("totals %+v", c.Totais)
	}
}

// TestTwentyDiaryEntriesAtOncePayAtMostTen: all twenty are written; points
// for ten at most (2 each).
func TestTwentyDiaryEntriesAtOncePayAtMostTen(t *testing.T) {
	setup(t)
	u := env.NewUser(t, "Diana Diário")
	in := domain.CultivoInput{VegetalID: "salsa", Metodo: "semente", Quantidade: qty(1), Unidade: "m2", DataPlantio: todayDate(), Fase: domain.FaseSemeado}
	c := env.CreateCultivo(t, in, u)
	before := points(t, u)
	const n = 20
	statuses := testkit.AtOnce(n, func(i int) int {
		return testkit.Do(t, h, "POST", "/api/cultivos/"+c.ID+"/diario", u, map[string]any{"tipo": "observacao", "texto": fmt.Sprintf("Nota %d", i)}).Status
	})
	for i, s := range statuses {
		if s != 201 {
			t.Errorf("entry %d: %d", i, s)
		}
	}
	got := points(t, u) - before
	if got > 10*2 {
		t.Fatalf("%d points for %d entries, want at most %d", got, n, 10*2)
	}
	if got != 10*2 {
		t.Errorf("%d points, want 20 (ten entries paid)", got)
	}
	var page struct {
		Items []cultivos.Diario `json:"items"`
	}
	testkit.Do(t, h, "GET", "/api/cultivos/"+c.ID+"/diario?limit=100", u, nil).Decode(t, &page)
	if len(page.Items) != n+1 { // and "Cultivo criado"
		t.Fatalf("%d diary entries", len(page.Items))
	}
}

// TestBadInputIsRefusedNamingTheFieldAndWritesNothing.
func TestBadInputIsRefusedNamingTheFieldAndWritesNothing(t *testing.T) {
	setup(t)
	w := newWorld(t, testkit.FixtureOpts{})
	gid := w.f.Group.ID
	yearAhead := domain.FormatDate(domain.LocalDate(env.Deps.Now()).AddDate(1, 0, 2))
	good := func(edit func(m map[string]any)) map[string]any {
		m := map[string]any{"vegetalId": "alface-verao", "grupoId": gid, "metodo": "muda", "quantidade": 10, "unidade": "mudas", "dataPlantio": todayDate()}
		edit(m)
		return m
	}
	cid := w.cultivo
	textAsJPEG := env.PutPhoto(t, cast.Member, []byte("isto é um texto, não uma foto"), "jpg")
	overFive := env.PutPhoto(t, cast.Member, append(testkit.JPEG(t, 8, 8), make([]byte, domain.MaxFotoBytes)...), "jpg")
	missing := domain.QuarantineKey(cast.Member.ID, domain.FotoDiario, "0b6f1a9e-8f1c-4c1e-9a57-3c2d1e0f4a5b", "jpg")
	theirs := domain.QuarantineKey(cast.Alvo.ID, domain.FotoDiario, "1b6f1a9e-8f1c-4c1e-9a57-3c2d1e0f4a5b", "jpg")
	colheita := func(foto string) map[string]any {
		return map[string]any{"quantidade": 1, "unidade": "kg", "data": todayDate(), "destino": "doado", "foto": foto}
	}
	cases := []struct {
		name, path string
		body       any
		status     int
		field      string
	}{
		{"unknown vegetable", "/api/cultivos", good(func(m map[string]any) { m["vegetalId"] = "mandragora" }), 400, "vegetalId"},
		{"planting a year ahead", "/api/cultivos", good(func(m map[string]any) { m["dataPlantio"] = yearAhead }), 400, "dataPlantio"},
		{"zero quantity", "/api/cultivos", good(func(m map[string]any) { m["quantidade"] = 0 }), 400, "quantidade"},
		{"negative quantity", "/api/cultivos", good(func(m map[string]any) { m["quantidade"] = -4 }), 400, "quantidade"},
		{"absurd quantity", "/api/cultivos", good(func(m map[string]any) { m["quantidade"] = 5e9 }), 400, "quantidade"},
		{"quantity as text", "/api/cultivos", good(func(m map[string]any) { m["quantidade"] = "dez" }), 400, "quantidade"},
		{"lote of someone else", "/api/cultivos", good(func(m map[string]any) { m["loteCodigo"] = "A1" }), 400, "loteCodigo"},
		{"collaborator outside the group", "/api/cultivos", good(func(m map[string]any) { m["colaboradores"] = []string{cast.Stranger.ID} }), 400, "colaboradores"},
		{"unknown field", "/api/cultivos", good(func(m map[string]any) { m["pontos"] = 1000 }), 400, "pontos"},
		{"photo of another user", "/api/cultivos/" + cid + "/diario", map[string]any{"tipo": "foto", "fotos": []string{theirs}}, 403, "fotos"},
		{"text file renamed .jpg", "/api/cultivos/" + cid + "/diario", map[string]any{"tipo": "foto", "fotos": []string{textAsJPEG}}, 400, "fotos"},
		{"photo over 5 MB", "/api/cultivos/" + cid + "/diario", map[string]any{"tipo": "foto", "fotos": []string{overFive}}, 400, "fotos"},
		{"photo never uploaded", "/api/cultivos/" + cid + "/diario", map[string]any{"tipo": "observacao", "texto": "Folhas", "fotos": []string{missing}}, 400, "fotos"},
		{"harvest photo that is text", "/api/cultivos/" + cid + "/colheitas", colheita(textAsJPEG), 400, "foto"},
		{"harvest photo over 5 MB", "/api/cultivos/" + cid + "/colheitas", colheita(overFive), 400, "foto"},
		{"diary text too long", "/api/cultivos/" + cid + "/diario", map[string]any{"tipo": "rega", "texto": string(make([]byte, 1001))}, 400, "texto"},
		{"diary of an unknown kind", "/api/cultivos/" + cid + "/diario", map[string]any{"tipo": "festa", "texto": "oi"}, 400, "tipo"},
		{"harvest of zero", "/api/cultivos/" + cid + "/colheitas", map[string]any{"quantidade": 0, "unidade": "kg", "data": todayDate(), "destino": "consumo"}, 400, "quantidade"},
		{"absurd harvest", "/api/cultivos/" + cid + "/colheitas", map[string]any{"quantidade": 5000, "unidade": "kg", "data": todayDate(), "destino": "consumo"}, 400, "quantidade"},
		{"harvest tomorrow", "/api/cultivos/" + cid + "/colheitas", map[string]any{"quantidade": 1, "unidade": "kg", "data": domain.FormatDate(domain.LocalDate(env.Deps.Now()).AddDate(0, 0, 1)), "destino": "consumo"}, 400, "data"},
		{"harvest photo of another user", "/api/cultivos/" + cid + "/colheitas", map[string]any{"quantidade": 1, "unidade": "kg", "data": todayDate(), "destino": "doado", "foto": theirs}, 403, "foto"},
		{"harvest to an unknown place", "/api/cultivos/" + cid + "/colheitas", map[string]any{"quantidade": 1, "unidade": "kg", "data": todayDate(), "destino": "feira"}, 400, "destino"},
		{"perdido without a reason", "/api/cultivos/" + cid + "/fase", map[string]any{"fase": "perdido"}, 400, "motivo"},
		{"two phases ahead", "/api/cultivos/" + cid + "/fase", map[string]any{"fase": "crescendo"}, 400, "fase"},
	}
	mine := func() int {
		items, _, err := env.Deps.Store.MyCultivos(context.Background(), cast.Member.ID, store.CultivoFilter{}, 100, nil)
		if err != nil {
			t.Fatal(err)
		}
		return len(items)
	}
	beforeCultivos, beforePoints := mine(), points(t, cast.Member)
	for _, c := range cases {
		res := testkit.Do(t, h, "POST", c.path, cast.Member, c.body)
		if res.Status != c.status || res.ErrorField() != c.field || res.ErrorMessage() == "" {
			t.Errorf("%s: %d field %q, want %d %q: %s", c.name, res.Status, res.ErrorField(), c.status, c.field, res.Body)
		}
	}
	if mine() != beforeCultivos || points(t, cast.Member) != beforePoints {
		t.Fatalf("a refused request wrote something: cultivos %d→%d, points %d→%d", beforeCultivos, mine(), beforePoints, points(t, cast.Member))
	}
	var c cultivos.Cultivo
	testkit.Do(t, h, "GET", "/api/cultivos/"+cid, cast.Member, nil).Decode(t, &c)
	if c.Fase != domain.FaseSemeado || c.Totais.Colheitas != 0 || c.Version != 1 {
		t.Fatalf("cultivo changed: %+v", c)
	}
	var diary struct{ Items []cultivos.Diario }
	testkit.Do(t, h, "GET", "/api/cultivos/"+cid+"/diario", cast.Member, nil).Decode(t, &diary)
	if len(diary.Items) != 1 {
		t.Fatalf("%d diary entries", len(diary.Items))
	}
}

// TestLoteCountsItsActiveCultivos: the lote grid's count follows creation,
// loss, its undoing, harvest to the end and archiving.
func TestLoteCountsItsActiveCultivos(t *testing.T) {
	setup(t)
	w := newWorld(t, testkit.FixtureOpts{})
	count := func() int {
		t.Helper()
		for _, l := range env.Lotes(t, w.f.Group.ID) {
			if l.Codigo == "A3" {
				return l.CultivosAtivos
			}
		}
		t.Fatal("no A3")
		return 0
	}
	second := newCultivo(t, w.f.Group.ID, "A3", cast.Member)
	steps := []struct {
		name, path string
		body       any
		want       int
	}{
		{"perdido", "/api/cultivos/" + w.cultivo + "/fase", map[string]any{"fase": "perdido", "motivo": "Lesmas"}, 1},
		{"perda desfeita", "/api/cultivos/" + w.cultivo + "/fase", map[string]any{"fase": "semeado"}, 2},
		{"última colheita", "/api/cultivos/" + w.cultivo + "/colheitas", map[string]any{"quantidade": 2, "unidade": "macos", "data": todayDate(), "destino": "doado", "encerrar": true}, 1},
		{"arquivado", "/api/cultivos/" + second + "/arquivo", map[string]any{"arquivado": true}, 0},
		{"restaurado", "/api/cultivos/" + second + "/arquivo", map[string]any{"arquivado": false}, 1},
	}
	if got := count(); got != 2 {
		t.Fatalf("after two cultivos: %d", got)
	}
	for _, s := range steps {
		if res := testkit.Do(t, h, "POST", s.path, cast.Member, s.body); res.Status >= 300 {
			t.Fatalf("%s: %d %s", s.name, res.Status, res.Body)
		}
		if got := count(); got != s.want {
			t.Fatalf("%s: A3 counts %d active cultivos, want %d", s.name, got, s.want)
		}
	}
}

// A list filter sent empty (?fase=, ?ativos=) is outside the contract's enum
// like any other value: a 400 naming it, not the unfiltered list
// (schemathesis: "schema-violating request accepted").
func TestListFiltersSentEmptyAreRefusedNamingTheParameter(t *testing.T) {
	setup(t)
	w := newWorld(t, testkit.FixtureOpts{})
	for _, base := range []string{"/api/cultivos", "/api/groups/" + w.f.Group.ID + "/cultivos"} {
		for _, c := range []struct{ query, field string }{
			{"fase=", "fase"}, {"fase=maduro", "fase"}, {"ativos=", "ativos"}, {"ativos=sim", "ativos"},
		} {
			res := testkit.Do(t, h, "GET", base+"?"+c.query, cast.Member, nil)
			if res.Status != 400 || res.ErrorField() != c.field {
				t.Errorf("GET %s?%s: %d %s", base, c.query, res.Status, res.Body)
			}
		}
		if res := testkit.Do(t, h, "GET", base+"?fase=semeado&ativos=true", cast.Member, nil); res.Status != 200 {
			t.Errorf("GET %s with good filters: %d %s", base, res.Status, res.Body)
		}
	}
}

// TestDiaryAndColheitaWithUploadedPhotos: a real JPEG under the author's prefix is accepted, the
// entry earns the photo's points, both list their keys; the check is GetObject calls only.
func TestDiaryAndColheitaWithUploadedPhotos(t *testing.T) {
	setup(t)
	u := env.NewUser(t, "Paula Fotos") // a fresh member: nothing counted today yet
	res := testkit.Do(t, h, "POST", "/api/cultivos", u, map[string]any{"vegetalId": "rucula", "metodo": "semente", "quantidade": 2, "unidade": "m2", "dataPlantio": todayDate(), "fase": "semeado"})
	if res.Status != 201 {
		t.Fatalf("cultivo: %d %s", res.Status, res.Body)
	}
	var cc cultivos.CultivoCriado
	res.Decode(t, &cc)
	c := cc.Cultivo
	a := env.PutPhoto(t, u, testkit.JPEG(t, 40, 30), "jpg")
	b := env.PutPhoto(t, u, testkit.JPEG(t, 30, 40), "jpg")
	env.Calls.Reset()
	res = testkit.Do(t, h, "POST", "/api/cultivos/"+c.ID+"/diario", u, map[string]any{"tipo": "foto", "texto": "Brotou", "fotos": []string{a, b}})
	if res.Status != 201 {
		t.Fatalf("diary: %d %s", res.Status, res.Body)
	}
	ops := env.Calls.ByOperation()
	if ops["TransactWriteItems"] != 1 || ops["Scan"] != 0 {
		t.Errorf("diary with 2 photos: calls %v, want one transaction", ops)
	}
	var made cultivos.DiarioCriado
	res.Decode(t, &made)
	if len(made.Entry.Fotos) != 2 || !processedFrom(made.Entry.Fotos[0], a) || !processedFrom(made.Entry.Fotos[1], b) || made.Pontos != testkit.FixtureRules().Pontos.Diario+testkit.FixtureRules().Pontos.DiarioFoto {
		t.Errorf("entry %+v pontos %d", made.Entry, made.Pontos)
	}
	h1 := env.PutPhoto(t, u, testkit.JPEG(t, 20, 20), "jpg")
	res = testkit.Do(t, h, "POST", "/api/cultivos/"+c.ID+"/colheitas", u, map[string]any{"quantidade": 1.2, "unidade": "kg", "data": todayDate(), "destino": "consumo", "foto": h1})
	if res.Status != 201 {
		t.Fatalf("harvest: %d %s", res.Status, res.Body)
	}
	var list struct{ Items []cultivos.Colheita }
	testkit.Do(t, h, "GET", "/api/cultivos/"+c.ID+"/colheitas", u, nil).Decode(t, &list)
	if len(list.Items) != 1 || list.Items[0].Foto == nil || !processedFrom(*list.Items[0].Foto, h1) {
		t.Errorf("harvests %+v", list.Items)
	}
}

// processedFrom reports whether key is the processed photo of the upload.
func processedFrom(key, upload string) bool {
	u, _ := domain.ParseUpload(upload)
	p, ok := domain.ParseProcessedFoto(key)
	return ok && p.Dir == u.FotoDir()
}
