package admin_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/google/uuid"

	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/api/admin"
	"github.com/verde-app/verde/shared/domain"
)

func postCSV(t *testing.T, path string, u testkit.User, csv string) testkit.Response {
	t.Helper()
	return testkit.DoWithHeader(t, h, "POST", path, u, csv, http.Header{"Content-Type": {"text/csv; charset=utf-8"}})
}

const importHeader = "especie,sul,sudeste,nordeste,centro_oeste,norte,inicio_colheita_dias_apos_plantio,metodo,familia\n"

// TestVegetalImportDryRunListsBadRowsByLineAndField: a file with 3 bad
// rows (an unknown month, days that are not a number, a método that is not
// one: a missing one is fine, as the screen documents)
// gets exactly those 3 lines and fields, and the dry run writes nothing,
// not even the good row.
func TestVegetalImportDryRunListsBadRowsByLineAndField(t *testing.T) {
	setup(t)
	adm := env.NewAdmin(t, "Ivo Importa")
	tag := strings.ToUpper(uuid.NewString()[:6])
	file := "\ufeff# comentário\n" + importHeader +
		fmt.Sprintf("ERVILHA TORTA %s,MAR./JUL.,ABR./JUN.,*,ABR./MAIO,*,60-80,semente,Fabaceae\n", tag) + // line 3: good
		fmt.Sprintf("CHUCHU %s,XYZ./MAR.,ANO TODO,*,*,*,90-120,muda,\n", tag) + // line 4: sul
		fmt.Sprintf("\"QUIABO, \"\"ROXO\"\" %s\",OUT./FEV.,*,*,*,*,noventa,semente,\n", tag) + // line 5: days
		fmt.Sprintf("MAXIXE %s,*,*,*,*,*,50-60,estaca,\n", tag) // line 6: metodo
	res := postCSV(t, "/api/admin/dados/vegetais/validar", adm, file)
	var rep admin.ImportacaoVegetais
	res.Decode(t, &rep)
	if res.Status != 200 || rep.Gravado || rep.Linhas != 4 || len(rep.Novos) != 1 {
		t.Fatalf("dry run: %d %s", res.Status, res.Body)
	}
	want := []domain.ImportProblem{{Linha: 4, Campo: "sul"}, {Linha: 5, Campo: "inicio_colheita_dias_apos_plantio"}, {Linha: 6, Campo: "metodo"}}
	if len(rep.Problemas) != len(want) {
		t.Fatalf("problems %+v", rep.Problemas)
	}
	for i, p := range rep.Problemas {
		if p.Linha != want[i].Linha || p.Campo != want[i].Campo || p.Mensagem == "" {
			t.Fatalf("problem %d: %+v, want line %d field %s", i, p, want[i].Linha, want[i].Campo)
		}
	}
	if !strings.Contains(rep.Problemas[2].Mensagem, "método") {
		t.Fatalf("metodo message %q", rep.Problemas[2].Mensagem)
	}
	vs, err := env.Deps.Store.Vegetais(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range vs {
		if strings.Contains(strings.ToUpper(v.Nome), tag) {
			t.Fatalf("the dry run wrote %s", v.Nome)
		}
	}
	if log := env.AuditOf(t, adm.ID); len(log) != 0 {
		t.Fatalf("dry run audited %+v", log)
	}
}

// TestVegetalImportWritesGoodRowsOnceAndIsIdempotent: a good file creates
// its vegetables (audited, version 1) and updates one by name; the same
// file again writes nothing; the file's faults (size, rows, header) are
// refused with a message on field csv; a JSON body is a 415.
func TestVegetalImportWritesGoodRowsOnceAndIsIdempotent(t *testing.T) {
	setup(t)
	adm := env.NewAdmin(t, "Iara Importa")
	tag := strings.ToUpper(uuid.NewString()[:6])
	file := importHeader +
		fmt.Sprintf("ERVILHA TORTA %s,MAR./JUL.,ABR./JUN.,*,ABR./MAIO,*,60-80,semente,Fabaceae\n", tag) +
		fmt.Sprintf("ALFACE ROXA %s DE VERÃO,ANO TODO,ANO TODO,ANO TODO,ANO TODO,ANO TODO,50-70,ambos,Asteraceae\n", tag)
	res := postCSV(t, "/api/admin/dados/vegetais/importar", adm, file)
	var rep admin.ImportacaoVegetais
	res.Decode(t, &rep)
	if res.Status != 200 || !rep.Gravado || len(rep.Novos) != 2 || len(rep.Problemas) != 0 {
		t.Fatalf("import: %d %s", res.Status, res.Body)
	}
	id := strings.ToLower("ervilha-torta-" + tag)
	v, err := env.Deps.Store.Vegetal(context.Background(), id)
	if err != nil || v.Nome != "Ervilha torta "+strings.ToLower(tag) || v.Familia != "Fabaceae" || v.DiasColheitaMin != 60 ||
		fmt.Sprint(v.Semeadura["sul"]) != "[3 4 5 6 7]" || fmt.Sprint(v.Semeadura["nordeste"]) != "[]" {
		t.Fatalf("vegetable %s: %v %+v", id, err, v)
	}
	alface, err := env.Deps.Store.Vegetal(context.Background(), strings.ToLower("alface-roxa-"+tag+"-de-verao-verao"))
	if err != nil {
		alface, err = env.Deps.Store.Vegetal(context.Background(), strings.ToLower("alface-roxa-"+tag+"-de-verao"))
	}
	if err != nil || alface.Estacao != "verao" {
		t.Fatalf("alface: %v %+v", err, alface)
	}
	if log := env.AuditOf(t, adm.ID); len(log) != 2 || log[0].Acao != "vegetal.criado" {
		t.Fatalf("audit %+v", log)
	}
	// the same file again: nothing changes
	res = postCSV(t, "/api/admin/dados/vegetais/importar", adm, file)
	rep = admin.ImportacaoVegetais{}
	res.Decode(t, &rep)
	if res.Status != 200 || rep.Iguais != 2 || len(rep.Novos)+len(rep.Alterados)+len(rep.Problemas) != 0 {
		t.Fatalf("second import: %d %s", res.Status, res.Body)
	}
	if again, _ := env.Deps.Store.Vegetal(context.Background(), id); again.Version != v.Version {
		t.Fatalf("version moved %d -> %d", v.Version, again.Version)
	}
	if log := env.AuditOf(t, adm.ID); len(log) != 2 {
		t.Fatalf("second import audited: %d entries", len(log))
	}
	// a changed row updates the vegetable by name (same name in lower case), versioned and audited
	changed := importHeader + fmt.Sprintf("Ervilha torta %s,MAR./JUL.,ABR./JUN.,*,ABR./MAIO,*,65-85,semente,Fabaceae\n", strings.ToLower(tag))
	res = postCSV(t, "/api/admin/dados/vegetais/importar", adm, changed)
	rep = admin.ImportacaoVegetais{}
	res.Decode(t, &rep)
	if res.Status != 200 || len(rep.Alterados) != 1 || len(rep.Novos) != 0 {
		t.Fatalf("update: %d %s", res.Status, res.Body)
	}
	if after, _ := env.Deps.Store.Vegetal(context.Background(), id); after.Version != v.Version+1 || after.DiasColheitaMin != 65 {
		t.Fatalf("updated %+v", after)
	}
	if log := env.AuditOf(t, adm.ID); len(log) != 3 || log[0].Acao != "vegetal.editado" {
		t.Fatalf("update audit %+v", log)
	}
	// the file's own faults
	big := importHeader + strings.Repeat("X,*,*,*,*,*,1,semente,"+strings.Repeat("a", 100)+"\n", 10000)
	for _, c := range []struct{ body, want string }{
		{big, "1 MB"},
		{importHeader + strings.Repeat("X,*,*,*,*,*,1,semente,\n", 501), "500 linhas"},
		{"especie,sul\nX,*\n", "Falta a coluna sudeste"},
		{importHeader, "nenhuma linha"},
		{"especie,sul,sudeste,nordeste,centro_oeste,norte,inicio_colheita_dias_apos_plantio\n\"X,*,*,*,*,*,1\n", "CSV inválido"},
	} {
		res := postCSV(t, "/api/admin/dados/vegetais/validar", adm, c.body)
		if res.Status != 400 || res.ErrorField() != "csv" || !strings.Contains(res.ErrorMessage(), c.want) {
			t.Errorf("want %q: %d %s", c.want, res.Status, res.Body)
		}
	}
	if res := testkit.Do(t, h, "POST", "/api/admin/dados/vegetais/validar", adm, map[string]any{"csv": file}); res.Status != 415 {
		t.Fatalf("json body: %d", res.Status)
	}
}
