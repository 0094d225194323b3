package admin_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/api/admin"
	"github.com/verde-app/verde/shared/dados"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
)

// waitExport polls the export until its job is done.
func waitExport(t *testing.T, id string) store.ExportRecord {
	t.Helper()
	for range 200 {
		rec, err := env.Deps.Store.Export(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		if rec.Status == domain.ExportPronto || rec.Status == domain.ExportErro {
			return rec
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("export %s never finished", id)
	return store.ExportRecord{}
}

func download(t *testing.T, u testkit.User, id string) []byte {
	t.Helper()
	res := testkit.Do(t, h, "GET", "/api/admin/dados/exports/"+id+"/download", u, nil)
	var d admin.Download
	res.Decode(t, &d)
	if res.Status != 200 || d.URL == "" || strings.Contains(d.URL, "/media/") {
		t.Fatalf("download: %d %s", res.Status, res.Body)
	}
	got, err := http.Get(d.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer got.Body.Close()
	body, _ := io.ReadAll(got.Body)
	if got.StatusCode != 200 {
		t.Fatalf("presigned GET: %d %s", got.StatusCode, body)
	}
	return body
}

// TestExportMembersCSVThroughTheJob: POST starts the job (an async invoke
// the local cloud runs), the export ends pronto, audited, its admin
// notified with a link to /admin/dados; the presigned file is CSV with a BOM
// and a header, each member once, commas, quotes, line breaks and accents
// escaped, nothing of another entity; JSON Lines of vegetables holds only
// vegetables.
func TestExportMembersCSVThroughTheJob(t *testing.T) {
	setup(t)
	adm := env.NewAdmin(t, "Débora Exporta")
	tricky := env.NewUser(t, "João Ação "+uuid.NewString()[:4])
	bio := "Planta \"tomate\", alface\ne coentro; ção"
	if _, err := env.Deps.Store.UpdateProfile(context.Background(), tricky.ID, domain.ProfileUpdate{Bio: &bio}); err != nil {
		t.Fatal(err)
	}
	res := testkit.DoWithHeader(t, h, "POST", "/api/admin/dados/exports", adm, map[string]any{"entidade": "membros", "formato": "csv"},
		http.Header{"Idempotency-Key": {uuid.NewString()}})
	var ex admin.Exportacao
	res.Decode(t, &ex)
	if res.Status != 201 || ex.Status != domain.ExportPendente {
		t.Fatalf("create: %d %s", res.Status, res.Body)
	}
	rec := waitExport(t, ex.ID)
	if rec.Status != domain.ExportPronto || rec.Linhas < 2 || !strings.HasPrefix(rec.Chave, "exports/") {
		t.Fatalf("export %+v", rec)
	}
	body := download(t, adm, ex.ID)
	// never through /media/* (photos only), nor the bucket's path without a signature
	for _, u := range []string{env.Cloud.URL + "/media/" + rec.Chave, env.Cloud.URL + "/" + env.Deps.Config.UploadsBucket + "/" + rec.Chave} {
		if r, err := http.Get(u); err != nil || (r.StatusCode != 404 && r.StatusCode != 403) {
			t.Fatalf("%s: %v %v", u, err, r)
		} else {
			r.Body.Close()
		}
	}
	if !bytes.HasPrefix(body, []byte("\ufeff")) {
		t.Fatalf("no BOM: %q", body[:10])
	}
	rows, err := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(body, []byte("\ufeff")))).ReadAll()
	if err != nil {
		t.Fatalf("csv: %v", err)
	}
	header := rows[0]
	col := map[string]int{}
	for i, c := range header {
		col[c] = i
	}
	if _, ok := col["email"]; !ok || header[col["id"]] != "id" {
		t.Fatalf("header %v", header)
	}
	if len(rows)-1 != rec.Linhas {
		t.Fatalf("%d rows, record says %d", len(rows)-1, rec.Linhas)
	}
	found := 0
	for _, r := range rows[1:] {
		if r[col["id"]] == tricky.ID {
			found++
			if r[col["bio"]] != bio || !strings.HasPrefix(r[col["nome"]], "João Ação") {
				t.Fatalf("escaped row %q", r)
			}
		}
		if r[col["email"]] == "" {
			t.Fatalf("a row that is not a member: %q", r)
		}
	}
	if found != 1 {
		t.Fatalf("member found %d times", found)
	}
	// audited and notified
	if log := env.AuditOf(t, adm.ID); len(log) != 1 || log[0].Acao != "dados.exportados" {
		t.Fatalf("audit %+v", log)
	}
	ns, _, err := env.Deps.Store.Notifications(context.Background(), adm.ID, 10, nil)
	if err != nil || len(ns) == 0 || ns[0].Tipo != domain.NotifExportacaoPronta || ns[0].Link != "/admin/dados" {
		t.Fatalf("notification %v %+v", err, ns)
	}
	// the list shows it
	list := testkit.Do(t, h, "GET", "/api/admin/dados/exports?limit=10", adm, nil)
	if list.Status != 200 || !strings.Contains(string(list.Body), ex.ID) || !strings.Contains(string(list.Body), `"pronto"`) {
		t.Fatalf("list %d %s", list.Status, list.Body)
	}
}

// TestExportJobResumesFromItsCursor: with a page of 3 items, one page per
// run and 200-byte parts, the job hands over to a new run many times and the
// JSON Lines file still has every vegetable exactly once and nothing else.
func TestExportJobResumesFromItsCursor(t *testing.T) {
	setup(t)
	adm := env.NewAdmin(t, "Renato Retoma")
	ctx := context.Background()
	tag := strings.ToLower(uuid.NewString()[:6])
	want := map[string]bool{}
	for _, n := range []string{"Quiabo", "Maxixe", "Jiló", "Taioba", "Ora-pro-nóbis"} {
		v, err := env.Deps.Store.CreateVegetal(ctx, domain.VegetalInput{Nome: n + " " + tag, Metodo: "semente", DiasColheitaMin: 30, DiasColheitaMax: 60}, testkit.Actor(adm))
		if err != nil {
			t.Fatal(err)
		}
		want[v.ID] = true
	}
	all, _ := env.Deps.Store.Vegetais(ctx)
	rec, _, err := env.Deps.Store.CreateExport(ctx, domain.ExportInput{Entidade: "vegetais", Formato: "jsonl"}, testkit.Actor(adm))
	if err != nil {
		t.Fatal(err)
	}
	runs := 0
	var job *dados.Job
	job = &dados.Job{Store: env.Deps.Store, Bucket: env.Deps.Uploads, PageSize: 3, PagesPerRun: 1, MinPart: 200, Reserve: time.Second,
		Continue: func(ctx context.Context, ev dados.Event) error { runs++; return job.Run(ctx, ev.ExportID) }}
	if err := job.Run(ctx, rec.ID); err != nil {
		t.Fatal(err)
	}
	rec, _ = env.Deps.Store.Export(ctx, rec.ID)
	if rec.Status != domain.ExportPronto || runs < 3 || rec.Execucoes != runs+1 || len(rec.Partes) < 2 {
		t.Fatalf("runs %d, record %+v", runs, rec)
	}
	body := download(t, adm, rec.ID)
	seen := map[string]int{}
	lines := strings.Split(strings.TrimSuffix(string(body), "\n"), "\n")
	for _, l := range lines {
		var row map[string]any
		if err := json.Unmarshal([]byte(l), &row); err != nil {
			t.Fatalf("line %q: %v", l, err)
		}
		id, _ := row["id"].(string)
		if _, isVeg := row["diasColheitaMin"]; !isVeg || row["email"] != nil {
			t.Fatalf("not a vegetable: %v", row)
		}
		seen[id]++
	}
	if len(lines) != len(all) || rec.Linhas != len(all) {
		t.Fatalf("%d lines, %d vegetables, record %d", len(lines), len(all), rec.Linhas)
	}
	for id := range want {
		if seen[id] != 1 {
			t.Fatalf("%s seen %d times", id, seen[id])
		}
	}
}

// TestExportCSVNeutralisesFormulas: a member named like a formula is
// written to the members CSV with a leading apostrophe (a spreadsheet shows
// it as text and runs nothing); plain names are untouched.
func TestExportCSVNeutralisesFormulas(t *testing.T) {
	setup(t)
	adm := env.NewAdmin(t, "Flora Fórmula")
	tag := uuid.NewString()[:4]
	names := map[string]string{}
	for _, n := range []string{`=HYPERLINK("http://evil.example","Clique ` + tag + `")`, "+SUM(1+1) " + tag, "-2+3 " + tag, "@SUM(A1) " + tag} {
		names[env.NewUser(t, n).ID] = n
	}
	res := testkit.DoWithHeader(t, h, "POST", "/api/admin/dados/exports", adm, map[string]any{"entidade": "membros", "formato": "csv"},
		http.Header{"Idempotency-Key": {uuid.NewString()}})
	var ex admin.Exportacao
	res.Decode(t, &ex)
	if res.Status != 201 {
		t.Fatalf("create: %d %s", res.Status, res.Body)
	}
	waitExport(t, ex.ID)
	rows, err := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(download(t, adm, ex.ID), []byte("\ufeff")))).ReadAll()
	if err != nil {
		t.Fatalf("csv: %v", err)
	}
	col := map[string]int{}
	for i, c := range rows[0] {
		col[c] = i
	}
	seen := 0
	for _, r := range rows[1:] {
		if n, ok := names[r[col["id"]]]; ok {
			seen++
			if r[col["nome"]] != "'"+n {
				t.Errorf("nome %q, want %q", r[col["nome"]], "'"+n)
			}
		}
		if r[col["nome"]] == "Flora Fórmula" {
			seen++
		}
	}
	if seen != len(names)+1 {
		t.Fatalf("found %d of %d members", seen, len(names)+1)
	}
}
