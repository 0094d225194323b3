package groups_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/verde-app/verde/infra/local/testcloud"
	"github.com/verde-app/verde/infra/testkit"
)

// callCloud sends a request through the local cloud: template.yaml's routes,
// the Lambda adapter, each function's own handler (GroupsFunction, LotesFunction).
func callCloud(t *testing.T, method, path string, u testkit.User, body any) (int, map[string]any) {
	t.Helper()
	var rd io.Reader
	if body != nil {
		raw, _ := json.Marshal(body)
		rd = bytes.NewReader(raw)
	}
	req, _ := http.NewRequest(method, testcloud.Get().URL+path, rd)
	if u.Token != "" {
		req.Header.Set("Authorization", u.Bearer())
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	status, raw := testkit.Live(t, req)
	var out map[string]any
	if len(bytes.TrimSpace(raw)) > 0 {
		if err := json.Unmarshal(raw, &out); err != nil {
			t.Fatalf("%s %s: not JSON (%d): %s", method, path, status, raw)
		}
	}
	return status, out
}

// TestJourneyThroughTheLocalCloud is the groups journey end to end at the API
// level: the owner creates a group, bulk-creates 12 lotes and makes an
// invite; a new user opens the invite signed out, then joins; the owner
// assigns A1 to them; they see it on the lotes grid; the public page shows
// counts and no e-mail.
func TestJourneyThroughTheLocalCloud(t *testing.T) {
	w := getWorld(t)
	owner := w.env.NewUser(t, "Dona da Horta")
	guest := w.env.NewUserWithoutProfile(t, "Convidado Novo")

	status, g := callCloud(t, "POST", "/api/groups", owner, map[string]any{"nome": "Horta do Cerrado", "cidade": "Brasília", "uf": "DF", "visibilidade": "privado"})
	if status != 201 || g["pontosGanhos"] != 20.0 || g["entrada"] != "convite" {
		t.Fatalf("create %d %v", status, g)
	}
	gid := g["id"].(string)
	if status, body := callCloud(t, "POST", "/api/groups/"+gid+"/lotes", owner, map[string]any{"prefixo": "A", "inicio": 1, "fim": 12, "area": 6}); status != 201 || len(body["items"].([]any)) != 12 {
		t.Fatalf("lotes %d %v", status, body)
	}
	status, inv := callCloud(t, "POST", "/api/groups/"+gid+"/invites", owner, map[string]any{"expiraEmDias": 7, "maxUsos": 5})
	if status != 201 {
		t.Fatalf("invite %d %v", status, inv)
	}
	token := inv["token"].(string)
	if status, page := callCloud(t, "GET", "/api/invites/"+token, testkit.User{}, nil); status != 200 || page["status"] != "valido" || page["grupo"].(map[string]any)["nome"] != "Horta do Cerrado" {
		t.Fatalf("invite page %d %v", status, page)
	}
	if status, res := callCloud(t, "POST", "/api/invites/"+token+"/accept", guest, nil); status != 201 || res["pontosGanhos"] != 10.0 {
		t.Fatalf("accept %d %v", status, res)
	}
	if status, l := callCloud(t, "PUT", "/api/groups/"+gid+"/lotes/a1/responsavel", owner, map[string]any{"userId": guest.ID}); status != 200 || l["responsavelNome"] != "Convidado Novo" {
		t.Fatalf("assign %d %v", status, l)
	}
	status, grid := callCloud(t, "GET", "/api/groups/"+gid+"/lotes", guest, nil)
	first := grid["items"].([]any)[0].(map[string]any)
	if status != 200 || first["codigo"] != "A1" || first["responsavelId"] != guest.ID || first["status"] != "ocupado" {
		t.Fatalf("grid %d %v", status, first)
	}
	if status, me := callCloud(t, "GET", "/api/me/groups", guest, nil); status != 200 || me["items"].([]any)[0].(map[string]any)["meusLotes"].([]any)[0] != "A1" {
		t.Fatalf("my groups %d %v", status, me)
	}
	// Private: the public page answers like an unknown group; made public, it shows counts only.
	if status, _ := callCloud(t, "GET", "/api/groups/"+gid+"/public", testkit.User{}, nil); status != 404 {
		t.Fatalf("public page of a private group: %d", status)
	}
	_, d := callCloud(t, "GET", "/api/groups/"+gid, owner, nil)
	if status, _ := callCloud(t, "PATCH", "/api/groups/"+gid, owner, map[string]any{"version": d["version"], "visibilidade": "publico", "entrada": "aprovacao"}); status != 200 {
		t.Fatalf("make public %d", status)
	}
	status, pub := callCloud(t, "GET", "/api/groups/"+gid+"/public", testkit.User{}, nil)
	raw, _ := json.Marshal(pub)
	lotes := pub["lotes"].(map[string]any)
	if status != 200 || pub["memberCount"] != 2.0 || lotes["livre"] != 11.0 || lotes["ocupado"] != 1.0 || strings.Contains(string(raw), "@") || strings.Contains(string(raw), "Convidado") {
		t.Fatalf("public page %d %s", status, raw)
	}
	// Unknown routes under /api stay the gateway's 404.
	if status, _ := callCloud(t, "GET", "/api/groups/"+gid+"/nada", owner, nil); status != 404 {
		t.Fatalf("unknown route %d", status)
	}
}
