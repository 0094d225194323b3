// Package lists holds the test that every list route of the API is paged: it returns at most
// its page size and a cursor to the rest, whatever area serves it, so no response grows
// without bound with the data.
package lists_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"sort"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/google/uuid"

	"github.com/verde-app/verde/infra/local/cloud"
	"github.com/verde-app/verde/infra/local/testcloud"
	"github.com/verde-app/verde/infra/seed"
	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/api"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/views"
)

func TestMain(m *testing.M) { testcloud.Run(m, cloud.Options{SkipSeed: true}) }

// listRoutes reads the OpenAPI document: every GET whose 200 answer is a …Page schema.
func listRoutes(t *testing.T) map[string][]string {
	t.Helper()
	type operation struct {
		Parameters []map[string]any `yaml:"parameters"`
		Responses  map[string]struct {
			Content map[string]struct {
				Schema map[string]any `yaml:"schema"`
			} `yaml:"content"`
		} `yaml:"responses"`
	}
	var doc struct {
		Paths map[string]map[string]yaml.Node `yaml:"paths"`
	}
	testkit.ReadOpenAPI(t, &doc)
	out := map[string][]string{}
	for path, ops := range doc.Paths {
		node, ok := ops["get"]
		if !ok {
			continue
		}
		var op operation
		if err := node.Decode(&op); err != nil {
			t.Fatalf("GET %s: %v", path, err)
		}
		ref, _ := op.Responses["200"].Content["application/json"].Schema["$ref"].(string)
		if !strings.HasSuffix(ref, "Page") {
			continue
		}
		for _, p := range op.Parameters {
			ref, _ := p["$ref"].(string)
			out[path] = append(out[path], ref)
		}
	}
	return out
}

type page struct {
	Items      []json.RawMessage `json:"items"`
	NextCursor *string           `json:"nextCursor"`
}

func TestEveryListRouteReturnsAtMostItsPageSizeAndACursor(t *testing.T) {
	env := testkit.NewEnv(t)
	ctx := context.Background()
	s := env.Deps.Store
	// "Meus grupos" reads the pointers the views job writes after each group post (in AWS
	// asynchronously, in its own function): here at once, in process, for the posts below.
	prevStart := views.Start
	views.Start = views.Inline(s)
	t.Cleanup(func() { views.Start = prevStart })
	h := testkit.AllAreas(env.Deps)

	// Three of everything a list shows: groups of the owner (and in the directory), members,
	// join requests, invites, lotes, lote requests.
	cast := env.NewCast(t)
	open := env.NewFixture(t, cast, testkit.FixtureOpts{})
	env.NewFixture(t, cast, testkit.FixtureOpts{})
	approval := env.NewFixture(t, cast, testkit.FixtureOpts{Approval: true})
	for i := range 2 {
		env.NewJoiner(t, approval.Group.ID, fmt.Sprintf("Pedro Pedido %d", i))
		days, uses := 7, 5
		if _, err := s.CreateInvite(ctx, open.Group.ID, testkit.Actor(cast.Owner), domain.InviteInput{ExpiraEmDias: &days, MaxUsos: &uses}); err != nil {
			t.Fatal(err)
		}
	}
	for i, code := range []string{"A1", "A2"} {
		u := env.NewJoiner(t, open.Group.ID, fmt.Sprintf("Lúcia Lote %d", i))
		if _, err := s.RequestLote(ctx, open.Group.ID, code, testkit.Actor(u)); err != nil {
			t.Fatal(err)
		}
	}

	// The catalogue, three cultivos of Member in the open group, three diary entries and three
	// harvests on one of them.
	vegetais, _, err := seed.Catalog()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.SeedCatalog(ctx, vegetais, nil); err != nil {
		t.Fatal(err)
	}
	var cultivo string
	for range 3 {
		q := 5.0
		in := domain.CultivoInput{VegetalID: "tomate", GrupoID: open.Group.ID, Metodo: "muda", Quantidade: &q, Unidade: "mudas",
			DataPlantio: domain.FormatDate(domain.LocalDate(env.Deps.Now())), Fase: domain.FaseSemeado}
		c, _, err := s.CreateCultivo(ctx, uuid.NewString(), in, testkit.Actor(cast.Member))
		if err != nil {
			t.Fatal(err)
		}
		cultivo = c.ID
	}
	for i := range 3 {
		if _, err := s.AddDiario(ctx, cultivo, testkit.Actor(cast.Member), domain.DiarioInput{Tipo: "rega", Texto: fmt.Sprint("Rega ", i), Fotos: []string{}}); err != nil {
			t.Fatal(err)
		}
		q := 0.5
		h, err := s.AddColheita(ctx, cultivo, testkit.Actor(cast.Member), domain.ColheitaInput{Quantidade: &q, Unidade: "kg",
			Data: domain.FormatDate(domain.LocalDate(env.Deps.Now())), Destino: "doado"})
		if err != nil {
			t.Fatal(err)
		}
		// Each donated harvest offered to the group (partilha).
		if _, err := s.CreatePartilha(ctx, open.Group.ID, testkit.Actor(cast.Member), domain.PartilhaInput{CultivoID: cultivo, ColheitaID: h.Colheita.ID, Quantidade: &q}); err != nil {
			t.Fatal(err)
		}
	}
	// Three mutirões next week and three escalas of the open group (its owner's).
	for i := range 3 {
		dur, vagas := 60, 6
		mut := domain.MutiraoInput{Titulo: fmt.Sprint("Mutirão ", i), Data: domain.FormatDate(domain.LocalDate(env.Deps.Now()).AddDate(0, 0, 7+i)), Hora: "08:00",
			DuracaoMin: &dur, Local: "Horta", Tarefas: []domain.TarefaInput{{Titulo: "Capina", Vagas: &vagas}}}
		if err := mut.Valid(); err != nil {
			t.Fatal(err)
		}
		if _, err := s.CreateMutirao(ctx, open.Group.ID, testkit.Actor(cast.Owner), mut); err != nil {
			t.Fatal(err)
		}
		dia := i + 1
		ein := domain.EscalaInput{Nome: fmt.Sprint("Rega ", i), Hora: "07:00", DuracaoMin: &dur, Turnos: []domain.TurnoInput{{Dia: &dia, UserID: cast.Member.ID}}}
		if err := ein.Valid(); err != nil {
			t.Fatal(err)
		}
		if _, err := s.SaveEscala(ctx, open.Group.ID, "", testkit.Actor(cast.Owner), ein); err != nil {
			t.Fatal(err)
		}
	}

	// Three guides of tomate, written by a site admin (who also reads the admin lists).
	admin := env.NewAdmin(t, "Ada Admin")
	for i := range 3 {
		_, err := s.CreateGuide(ctx, uuid.NewString(), domain.GuideInput{Titulo: fmt.Sprint("Guia do tomate ", i), Corpo: "Regue **pouco**.", Vegetais: []string{"tomate"}}, testkit.Actor(admin))
		if err != nil {
			t.Fatal(err)
		}
	}

	for i := range 3 {
		env.NewUser(t, fmt.Sprintf("Teodora Lima %d", i))
	}
	// /admin/dados exports (records only: the job is not run here), three different ones (one
	// export of an entity and format runs at a time).
	for _, in := range []domain.ExportInput{{Entidade: "grupos", Formato: "csv"}, {Entidade: "grupos", Formato: "jsonl"}, {Entidade: "membros", Formato: "csv"}} {
		if _, running, err := s.CreateExport(ctx, in, testkit.Actor(admin)); err != nil || running {
			t.Fatal(err, running)
		}
	}

	// The feed: Member's posts (community, in the group, on the cultivo), Owner's comments on one,
	// and reports by Owner so the moderation queue holds three.
	var post string
	for i := range 3 {
		for _, in := range []domain.PostInput{
			{Texto: fmt.Sprint("Post da comunidade ", i)},
			{Texto: fmt.Sprint("Post do grupo ", i), GrupoID: open.Group.ID},
			{Texto: fmt.Sprint("Post do cultivo ", i), GrupoID: open.Group.ID, CultivoID: cultivo},
		} {
			if err := in.Valid(); err != nil {
				t.Fatal(err)
			}
			p, _, err := s.CreatePost(ctx, in, testkit.Actor(cast.Member))
			if err != nil {
				t.Fatal(err)
			}
			post = p.ID
			if in.GrupoID != "" { // what the feed's handler starts after a group post
				if err := views.Start(ctx, views.Event{Kind: views.KindFanOut, PostID: p.ID}); err != nil {
					t.Fatal(err)
				}
			}
			if in.GrupoID == "" {
				if _, err := s.Denunciar(ctx, p.ID, "", domain.DenunciaInput{Motivo: domain.MotivoSpam}, testkit.Actor(cast.Owner)); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	for i := range 3 {
		if _, _, err := s.AddComment(ctx, post, domain.ComentarioInput{Texto: fmt.Sprint("Comentário ", i)}, testkit.Actor(cast.Owner)); err != nil {
			t.Fatal(err)
		}
	}

	// Who reads each list, and where.
	who := map[string]struct {
		user testkit.User
		path string
	}{
		"/api/groups":                         {cast.Stranger, "/api/groups"},
		"/api/me/groups":                      {cast.Owner, "/api/me/groups"},
		"/api/groups/{groupId}/members":       {cast.Owner, "/api/groups/" + open.Group.ID + "/members"},
		"/api/groups/{groupId}/requests":      {cast.Owner, "/api/groups/" + approval.Group.ID + "/requests"},
		"/api/groups/{groupId}/invites":       {cast.Owner, "/api/groups/" + open.Group.ID + "/invites"},
		"/api/groups/{groupId}/lotes":         {cast.Member, "/api/groups/" + open.Group.ID + "/lotes"},
		"/api/groups/{groupId}/lote-requests": {cast.Owner, "/api/groups/" + open.Group.ID + "/lote-requests"},
		"/api/vegetables":                     {cast.Stranger, "/api/vegetables"},
		"/api/cultivos":                       {cast.Member, "/api/cultivos"},
		"/api/groups/{groupId}/cultivos":      {cast.Owner, "/api/groups/" + open.Group.ID + "/cultivos"},
		"/api/cultivos/{cultivoId}/diario":    {cast.Owner, "/api/cultivos/" + cultivo + "/diario"},
		"/api/cultivos/{cultivoId}/colheitas": {cast.Member, "/api/cultivos/" + cultivo + "/colheitas"},
		"/api/vegetables/{vegetalId}/guias":   {cast.Member, "/api/vegetables/tomate/guias"},
		"/api/admin/vegetables":               {admin, "/api/admin/vegetables"},
		"/api/admin/guias":                    {admin, "/api/admin/guias"},
		"/api/guias":                          {cast.Anon, "/api/guias"},
		"/api/groups/{groupId}/mutiroes":      {cast.Member, "/api/groups/" + open.Group.ID + "/mutiroes"},
		"/api/groups/{groupId}/escalas":       {cast.Member, "/api/groups/" + open.Group.ID + "/escalas"},
		"/api/groups/{groupId}/partilhas":     {cast.Member, "/api/groups/" + open.Group.ID + "/partilhas"},
		// The shared replies (no token): the catalogue and a vegetable's guides.
		"/api/public/vegetables":                   {cast.Anon, "/api/public/vegetables"},
		"/api/public/vegetables/{vegetalId}/guias": {cast.Anon, "/api/public/vegetables/tomate/guias"},
		"/api/notifications":                       {cast.Owner, "/api/notifications"},
		// The admin area: the audit of the guides above, the three Teodoras,
		// Member's ledger (cultivos, diary, harvests).
		"/api/admin/audit":                 {admin, "/api/admin/audit"},
		"/api/admin/dados/exports":         {admin, "/api/admin/dados/exports"},
		"/api/admin/users":                 {admin, "/api/admin/users?q=teo&por=nome"},
		"/api/admin/users/{userId}/ledger": {admin, "/api/admin/users/" + cast.Member.ID + "/ledger"},
		"/api/admin/moderacao":             {admin, "/api/admin/moderacao"},
		"/api/feed/comunidade":             {cast.Owner, "/api/feed/comunidade"},
		"/api/feed/grupos":                 {cast.Owner, "/api/feed/grupos"},
		"/api/groups/{groupId}/posts":      {cast.Owner, "/api/groups/" + open.Group.ID + "/posts"},
		"/api/cultivos/{cultivoId}/posts":  {cast.Owner, "/api/cultivos/" + cultivo + "/posts"},
		"/api/posts/{postId}/comentarios":  {cast.Owner, "/api/posts/" + post + "/comentarios"},
		// Member's points history; the harvests of a tomato planted today are
		// early, so they wait for confirmation.
		"/api/me/pontos": {cast.Member, "/api/me/pontos"},
		"/api/groups/{groupId}/colheitas-a-confirmar": {cast.Owner, "/api/groups/" + open.Group.ID + "/colheitas-a-confirmar"},
	}

	routes := listRoutes(t)
	var paths []string
	for p := range routes {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	if len(paths) < len(who) {
		t.Errorf("the document lists %d list routes, the test knows %d: %v", len(paths), len(who), paths)
	}
	// Lists answered whole, one page bounded by design: today's banners (at most 50).
	onePage := map[string]testkit.User{"/api/public/banners": cast.Anon}
	for _, path := range paths {
		t.Run(path, func(t *testing.T) {
			if u, ok := onePage[path]; ok {
				res := testkit.Do(t, h, "GET", path, u, nil)
				var p page
				if res.Status != 200 {
					t.Fatalf("GET %s: %d %s", path, res.Status, res.Body)
				}
				if res.Decode(t, &p); p.NextCursor != nil {
					t.Errorf("%s is one page, yet answered a cursor", path)
				}
				return
			}
			params := strings.Join(routes[path], " ")
			if !strings.Contains(params, "/Limit") || !strings.Contains(params, "/Cursor") {
				t.Errorf("%s is a list without the limit and cursor parameters (%s)", path, params)
			}
			w, ok := who[path]
			if !ok {
				t.Fatalf("a new list route: add who reads %s to this test", path)
			}
			get := func(query url.Values) page {
				t.Helper()
				p := testkit.Get[page](t, h, withQuery(w.path, query.Encode()), w.user)
				return p
			}
			first := get(url.Values{"limit": {"2"}})
			if len(first.Items) > 2 {
				t.Errorf("limit=2 answered %d items", len(first.Items))
			}
			if first.NextCursor == nil || *first.NextCursor == "" {
				t.Fatalf("limit=2 over 3 or more items gave no cursor (%d items)", len(first.Items))
			}
			second := get(url.Values{"limit": {"2"}, "cursor": {*first.NextCursor}})
			if len(second.Items) == 0 || len(second.Items) > 2 {
				t.Errorf("the cursor's page has %d items", len(second.Items))
			}
			seen := map[string]bool{}
			for _, it := range first.Items {
				seen[string(it)] = true
			}
			for _, it := range second.Items {
				if seen[string(it)] {
					t.Errorf("the second page repeats %s", it)
				}
			}
			if p := get(url.Values{}); len(p.Items) > api.DefaultLimit {
				t.Errorf("no limit answered %d items (default %d)", len(p.Items), api.DefaultLimit)
			}
			if res := testkit.Do(t, h, "GET", withQuery(w.path, "limit=1000"), w.user, nil); res.Status != 400 {
				t.Errorf("limit=1000: %d, want 400", res.Status)
			}
		})
	}
}

// withQuery adds q to a path that may already have a query (a search's q).
func withQuery(path, q string) string {
	if strings.Contains(path, "?") {
		return path + "&" + q
	}
	return path + "?" + q
}
