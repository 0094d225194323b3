package account_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	cip "github.com/aws/aws-sdk-go-v2/service/cognitoidentityprovider"
	ciptypes "github.com/aws/aws-sdk-go-v2/service/cognitoidentityprovider/types"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/google/uuid"

	"github.com/verde-app/verde/infra/local/cloud"
	"github.com/verde-app/verde/infra/local/testcloud"
	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/api/account"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
)

// The catalogue is seeded: the cultivos of the fixtures are made of it.
func TestMain(m *testing.M) { testcloud.Run(m, cloud.Options{}) }

// The world every test here shares (made once, on the first setup): the cast and the account handler.
var env, cast, h, setup = testkit.Vars(&testkit.Area{Cast: new(testkit.Cast), Server: account.NewServer})

func qty(f float64) *float64 { return &f }

// richUser is a member with data in every entity the table keeps about a
// user: a membership as coordenador (with an invite they made), a lote held
// and one requested, an open join request in another group, a cultivo they
// are responsible for (with a collaborator, their diary entry and harvest
// with photos, and another member's entry), a diary entry in someone else's
// cultivo, a profile photo, notifications, ledger, daily counters and a
// create key.
type richUser struct {
	u                 testkit.User
	group, other      string
	mine, theirs      string
	personal          string
	photos            []string
	othersEntryInMine string
	feed              feedOf
}

// feedOf is the user's part of the feed: a post with a photo (liked by
// the user and by Vera, commented by both, reported by Vera), a comment on
// Member's post (which the user likes), and a report of Vera's post.
type feedOf struct {
	vera                         testkit.User
	post, membersPost, verasPost string
	veraComment, removed         string
}

// loteHolder is a new member of a new group to whom its dono gave the lotes codes.
func loteHolder(t *testing.T, name string, codes ...string) (gid string, u testkit.User) {
	t.Helper()
	gid = env.NewFixture(t, *cast, testkit.FixtureOpts{}).Group.ID
	u = env.NewJoiner(t, gid, name)
	for _, code := range codes {
		if _, err := env.Deps.Store.AssignLote(context.Background(), gid, code, testkit.Actor(cast.Owner), u.ID, false); err != nil {
			t.Fatal(err)
		}
	}
	return gid, u
}

func newRichUser(t *testing.T) richUser {
	t.Helper()
	ctx := context.Background()
	s := env.Deps.Store
	gid, u := loteHolder(t, "Dora Deletada "+uuid.NewString()[:6], "A1")
	if _, err := s.RequestLote(ctx, gid, "A2", testkit.Actor(u)); err != nil {
		t.Fatal(err)
	}
	if _, err := s.SetPapel(ctx, gid, testkit.Actor(cast.Owner), u.ID, domain.PapelCoordenador); err != nil {
		t.Fatal(err)
	}
	days, uses := 7, 5
	if _, err := s.CreateInvite(ctx, gid, testkit.Actor(u), domain.InviteInput{ExpiraEmDias: &days, MaxUsos: &uses}); err != nil {
		t.Fatal(err)
	}
	f2 := env.NewFixture(t, *cast, testkit.FixtureOpts{Approval: true})
	if res, err := s.Join(ctx, f2.Group.ID, testkit.Actor(u)); err != nil || res.Status != store.Requested {
		t.Fatalf("join request: %+v %v", res, err)
	}

	jpeg := testkit.JPEG(t, 8, 8)
	p1, p2, p3, p4 := env.ProcessedPhoto(t, u, jpeg), env.ProcessedPhoto(t, u, jpeg), env.ProcessedPhoto(t, u, jpeg), env.ProcessedPhoto(t, u, jpeg)
	if _, err := s.UpdateProfile(ctx, u.ID, domain.ProfileUpdate{Foto: &p4}); err != nil {
		t.Fatal(err)
	}

	// Dora's own cultivo on A1, with Alvo collaborating; created under a create key.
	in := domain.CultivoInput{VegetalID: "alface-verao", GrupoID: gid, LoteCodigo: "A1", Metodo: "muda", Quantidade: qty(12),
		Unidade: "mudas", DataPlantio: domain.FormatDate(domain.LocalDate(env.Deps.Now())), Fase: domain.FaseSemeado,
		Colaboradores: []string{cast.Alvo.ID}}
	if err := in.Valid(); err != nil {
		t.Fatal(err)
	}
	mine := uuid.Must(uuid.NewV7()).String()
	claim := &store.IdempotencyClaim{UserID: u.ID, Key: "conta-" + uuid.NewString()[:8], Fingerprint: "POST /api/cultivos"}
	if _, _, err := s.CreateCultivo(store.WithIdempotency(ctx, claim), mine, in, testkit.Actor(u)); err != nil || !claim.Written() {
		t.Fatalf("create cultivo: %v (key written %v)", err, claim.Written())
	}
	if _, err := s.AddDiario(ctx, mine, testkit.Actor(u), domain.DiarioInput{Tipo: domain.TipoRega, Texto: "Reguei cedo", Fotos: []string{p1}}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.AddColheita(ctx, mine, testkit.Actor(u), domain.ColheitaInput{ID: uuid.NewString(), Quantidade: qty(1.5), Unidade: "kg",
		Data: domain.FormatDate(domain.LocalDate(env.Deps.Now())), Destino: "consumo", Foto: p2}); err != nil {
		t.Fatal(err)
	}
	alvoEntry, err := s.AddDiario(ctx, mine, testkit.Actor(cast.Alvo), domain.DiarioInput{Tipo: domain.TipoObservacao, Texto: "Folhas bonitas"})
	if err != nil {
		t.Fatal(err)
	}
	// Member's cultivo on A3 with Dora collaborating, and Dora's entry in it.
	in2 := in
	in2.LoteCodigo, in2.Colaboradores = "A3", []string{u.ID}
	theirs := uuid.Must(uuid.NewV7()).String()
	if _, _, err := s.CreateCultivo(ctx, theirs, in2, testkit.Actor(cast.Member)); err != nil {
		t.Fatal(err)
	}
	if _, err := s.AddDiario(ctx, theirs, testkit.Actor(u), domain.DiarioInput{Tipo: domain.TipoFoto, Texto: "Foto da semana", Fotos: []string{p3}}); err != nil {
		t.Fatal(err)
	}
	// Her Horta pessoal cultivo, with a private note and a harvest.
	in3 := in
	in3.GrupoID, in3.LoteCodigo, in3.Colaboradores = "", "", nil
	personal := uuid.Must(uuid.NewV7()).String()
	if _, _, err := s.CreateCultivo(ctx, personal, in3, testkit.Actor(u)); err != nil {
		t.Fatal(err)
	}
	if _, err := s.AddDiario(ctx, personal, testkit.Actor(u), domain.DiarioInput{Tipo: domain.TipoObservacao, Texto: "Anotação só minha"}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.AddColheita(ctx, personal, testkit.Actor(u), domain.ColheitaInput{ID: uuid.NewString(), Quantidade: qty(0.5), Unidade: "kg",
		Data: domain.FormatDate(domain.LocalDate(env.Deps.Now())), Destino: "consumo"}); err != nil {
		t.Fatal(err)
	}
	p5 := env.ProcessedPhoto(t, u, jpeg)
	fd := newFeedOf(t, u, p5, false)
	return richUser{u: u, group: gid, other: f2.Group.ID, mine: mine, theirs: theirs, personal: personal, photos: []string{p1, p2, p3, p4, p5},
		othersEntryInMine: alvoEntry.Entry.ID, feed: fd}
}

// moderated adds a post of the user removed by moderation (its queue entry
// stays, and the audit log's entry of the decision names the author: see
// the report, so the scan of the whole table does not run with it).
func newFeedOf(t *testing.T, u testkit.User, photo string, moderated bool) feedOf {
	t.Helper()
	ctx := context.Background()
	s := env.Deps.Store
	tag := uuid.NewString()[:6]
	vera := env.NewUser(t, "Vera Vizinha "+tag)
	post, _, err := s.CreatePost(ctx, domain.PostInput{Texto: "Minha horta cresceu " + tag, Fotos: []string{photo}}, testkit.Actor(u))
	if err != nil {
		t.Fatal(err)
	}
	members, _, err := s.CreatePost(ctx, domain.PostInput{Texto: "Post da Member " + tag}, testkit.Actor(cast.Member))
	if err != nil {
		t.Fatal(err)
	}
	veras, _, err := s.CreatePost(ctx, domain.PostInput{Texto: "Post da Vera " + tag}, testkit.Actor(vera))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		pid   string
		who   testkit.User
		texto string
	}{{post.ID, u, "Obrigada a todos " + tag}, {post.ID, vera, "Parabéns pela horta " + tag}, {members.ID, u, "Que lindo " + tag}} {
		if _, _, err := s.AddComment(ctx, c.pid, domain.ComentarioInput{Texto: c.texto}, testkit.Actor(c.who)); err != nil {
			t.Fatal(err)
		}
	}
	for _, l := range []struct {
		pid string
		who testkit.User
	}{{post.ID, u}, {post.ID, vera}, {members.ID, u}} {
		if _, err := s.Like(ctx, l.pid, testkit.Actor(l.who)); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.Denunciar(ctx, veras.ID, "", domain.DenunciaInput{Motivo: domain.MotivoSpam, Texto: "Propaganda " + tag}, testkit.Actor(u)); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Denunciar(ctx, post.ID, "", domain.DenunciaInput{Motivo: domain.MotivoOutro}, testkit.Actor(vera)); err != nil {
		t.Fatal(err)
	}
	fd := feedOf{vera: vera, post: post.ID, membersPost: members.ID, verasPost: veras.ID, veraComment: "Parabéns pela horta " + tag}
	if !moderated {
		return fd
	}
	// A post of the user that moderation removed: its queue entry stays, named after her.
	gone, _, err := s.CreatePost(ctx, domain.PostInput{Texto: "Post removido " + tag}, testkit.Actor(u))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Denunciar(ctx, gone.ID, "", domain.DenunciaInput{Motivo: domain.MotivoOfensivo}, testkit.Actor(vera)); err != nil {
		t.Fatal(err)
	}
	if err := s.Moderate(ctx, gone.ID, "", domain.ModeracaoInput{Acao: domain.AcaoRemover}, testkit.Actor(cast.Admin)); err != nil {
		t.Fatal(err)
	}
	fd.removed = gone.ID
	return fd
}

// export follows nextCursor to the end and returns the records by section.
func export(t *testing.T, u testkit.User) (map[string][]map[string]any, string, int) {
	t.Helper()
	out := map[string][]map[string]any{}
	var raw strings.Builder
	cursor, requests := "", 0
	for {
		path := "/api/me/dados"
		if cursor != "" {
			path += "?cursor=" + cursor
		}
		res := testkit.Do(t, h, "GET", path, u, nil)
		requests++
		if res.Status != 200 {
			t.Fatalf("GET %s: %d %s", path, res.Status, res.Body)
		}
		raw.Write(res.Body)
		var chunk account.ExportChunk
		res.Decode(t, &chunk)
		for _, it := range chunk.Itens {
			out[it.Secao] = append(out[it.Secao], it.Dados)
		}
		if chunk.NextCursor == nil {
			return out, raw.String(), requests
		}
		if requests > 50 {
			t.Fatal("the export does not end")
		}
		cursor = *chunk.NextCursor
	}
}

func TestExportHoldsEveryEntityAndNothingOfAnyoneElse(t *testing.T) {
	setup(t)
	d := newRichUser(t)
	env.Calls.Reset()
	got, raw, requests := export(t, d.u)
	for _, secao := range []string{"perfil", "grupos", "pedidos", "cultivos", "diario", "colheitas", "notificacoes", "pontos", "outros", "fotos",
		"posts", "comentarios", "curtidas", "denuncias"} {
		if len(got[secao]) == 0 {
			t.Errorf("section %s is empty; export: %s", secao, raw)
		}
	}
	if got["perfil"][0]["id"] != d.u.ID || got["perfil"][0]["email"] != d.u.Email {
		t.Errorf("perfil = %v", got["perfil"])
	}
	if len(got["grupos"]) != 1 || got["grupos"][0]["groupId"] != d.group || got["grupos"][0]["papel"] != "coordenador" {
		t.Errorf("grupos = %v", got["grupos"])
	}
	if len(got["pedidos"]) != 1 || got["pedidos"][0]["groupId"] != d.other {
		t.Errorf("pedidos = %v", got["pedidos"])
	}
	if len(got["cultivos"]) != 3 { // the group's two and her Horta pessoal one
		t.Errorf("cultivos = %v", got["cultivos"])
	}
	// Dora's entries: the cultivo's first entry, her rega, her harvest's entry, and her photo in Member's
	// cultivo; in her personal one, its first entry and her private note, and its harvest.
	if len(got["diario"]) != 7 || len(got["colheitas"]) != 2 || !strings.Contains(raw, "Reguei cedo") || !strings.Contains(raw, "Foto da semana") ||
		!strings.Contains(raw, "Anotação só minha") {
		t.Errorf("diario = %v, colheitas = %v", got["diario"], got["colheitas"])
	}
	if len(got["fotos"]) != len(d.photos) {
		t.Errorf("fotos = %v", got["fotos"])
	}
	for _, f := range got["fotos"] {
		if !strings.HasPrefix(f["link"].(string), "/media/fotos/"+d.u.ID+"/") {
			t.Errorf("photo link %v", f)
		}
	}
	for _, other := range []testkit.User{cast.Owner, cast.Coord, cast.Member, cast.Alvo, cast.Stranger, cast.Admin} {
		for _, v := range []string{other.ID, other.Email, other.Name} {
			if strings.Contains(raw, v) {
				t.Errorf("the export holds %q of %s", v, other.Name)
			}
		}
	}
	if strings.Contains(raw, d.othersEntryInMine) || strings.Contains(raw, "Folhas bonitas") {
		t.Error("the export holds Alvo's diary entry")
	}
	// The feed: her post (with its photo), her two comments (one on Member's
	// post, named by its id only), her two likes and her report; nothing of
	// Vera (who commented on, liked and reported her post) or of Member.
	f := d.feed
	if len(got["posts"]) != 1 || got["posts"][0]["id"] != f.post || len(got["posts"][0]["fotos"].([]any)) != 1 || got["posts"][0]["curtidas"] != float64(2) {
		t.Errorf("posts = %v", got["posts"])
	}
	if len(got["comentarios"]) != 2 || len(got["curtidas"]) != 2 || len(got["denuncias"]) != 1 || got["denuncias"][0]["postId"] != f.verasPost {
		t.Errorf("comentarios = %v, curtidas = %v, denuncias = %v", got["comentarios"], got["curtidas"], got["denuncias"])
	}
	for _, c := range got["comentarios"] {
		if c["autorId"] != d.u.ID {
			t.Errorf("comentario of someone else: %v", c)
		}
	}
	for _, v := range []string{f.vera.ID, f.vera.Email, f.veraComment, "Post da Member", "Post da Vera"} {
		if strings.Contains(raw, v) {
			t.Errorf("the export holds %q", v)
		}
	}
	// Bounded: a few requests of a few calls each for this account.
	if requests > 5 || env.Calls.Total() > 12*requests {
		t.Errorf("%d requests, %d DynamoDB calls: %v", requests, env.Calls.Total(), env.Calls.ByOperation())
	}
	t.Logf("export: %d requests, %d DynamoDB calls %v, %d bytes", requests, env.Calls.Total(), env.Calls.ByOperation(), len(raw))
}

func TestExportCursorIsBoundToTheExport(t *testing.T) {
	setup(t)
	res := testkit.Do(t, h, "GET", "/api/me/dados?cursor=forjado.abc", cast.Member, nil)
	if res.Status != 400 || res.ErrorField() != "cursor" {
		t.Fatalf("forged cursor: %d %s", res.Status, res.Body)
	}
}

// deleteAll confirms and calls again until the deletion is done.
func deleteAll(t *testing.T, u testkit.User, senha string) []account.Exclusao {
	t.Helper()
	var steps []account.Exclusao
	for i := 0; i < 30; i++ {
		res := testkit.Do(t, h, "POST", "/api/me/exclusao", u, map[string]any{"confirmacao": "EXCLUIR", "senha": senha})
		if res.Status != 200 {
			t.Fatalf("delete step %d: %d %s", i, res.Status, res.Body)
		}
		var p account.Exclusao
		res.Decode(t, &p)
		steps = append(steps, p)
		if p.Concluida {
			return steps
		}
	}
	t.Fatal("the deletion does not end")
	return nil
}

func TestDeleteAccountLeavesNothingPersonal(t *testing.T) {
	setup(t)
	ctx := context.Background()
	d := newRichUser(t)
	u := d.u

	if res := testkit.Do(t, h, "POST", "/api/me/exclusao", u, map[string]any{"confirmacao": "apagar", "senha": testkit.Password}); res.Status != 400 || res.ErrorField() != "confirmacao" {
		t.Fatalf("wrong word: %d %s", res.Status, res.Body)
	}
	if res := testkit.Do(t, h, "POST", "/api/me/exclusao", u, map[string]any{"confirmacao": "EXCLUIR"}); res.Status != 400 || res.ErrorField() != "senha" {
		t.Fatalf("no password: %d %s", res.Status, res.Body)
	}
	if res := testkit.Do(t, h, "POST", "/api/me/exclusao", u, map[string]any{"confirmacao": "EXCLUIR", "senha": "errada-123"}); res.Status != 400 || res.ErrorField() != "senha" || res.ErrorMessage() != "Senha incorreta" {
		t.Fatalf("wrong password: %d %s", res.Status, res.Body)
	}
	if started, _ := env.Deps.Store.AccountDeletionStarted(ctx, u.ID); started {
		t.Fatal("a refused confirmation started the deletion")
	}

	env.Calls.Reset()
	steps := deleteAll(t, u, testkit.Password)
	t.Logf("deletion: %d requests %+v, %d DynamoDB calls %v", len(steps), steps, env.Calls.Total(), env.Calls.ByOperation())

	// The erasure releases the member's photo folder for the photos job (started
	// asynchronously), whose record names the folder until the job has invalidated it.
	for deadline := time.Now().Add(60 * time.Second); countPartition(t, "", "PHOTOS#RELEASED") != 0; {
		if time.Now().After(deadline) {
			t.Fatal("the photos job did not handle the released photos within 60 s")
		}
		time.Sleep(100 * time.Millisecond)
	}

	// Every item of the table: nothing carries the user's id, e-mail or name
	// (the notifications other members received about her acts now say
	// "Usuário removido"), but the access list's entry of the deletion (its
	// id alone, kept store.DeletedKeep: the README's privacy section).
	scan := scanTable(t)
	for _, it := range scan {
		pk, sk := sOf(it["PK"]), sOf(it["SK"])
		flat := testkit.Flatten(it)
		for _, v := range []string{u.ID, u.Email} {
			if strings.Contains(flat, v) && !(pk == "CONFIG" && sk == "DESATIVADOS" && v == u.ID) { // the access list: store.DeletedKeep
				t.Errorf("item %s / %s still holds %q: %s", pk, sk, v, flat)
			}
		}
		if strings.Contains(flat, u.Name) {
			t.Errorf("item %s / %s still holds the name: %s", pk, sk, flat)
		}
	}
	// The key patterns that could name the user, read as the app reads them.
	for _, q := range []struct{ index, pk string }{
		{"", "USER#" + u.ID}, {"GSI1", "USER#" + u.ID}, {"GSI1", "REQOF#" + u.ID}, {"GSI1", "IDEMOF#" + u.ID},
		{"GSI1", "CULTS#USER#" + u.ID}, {"GSI1", "LIGAOF#" + u.ID}, {"GSI1", "AUDITBY#" + u.ID}, {"GSI1", "FEEDOF#" + u.ID}, {"GSI2", "MODOF#" + u.ID},
	} {
		if n := countPartition(t, q.index, q.pk); n != 0 {
			t.Errorf("%s %s still holds %d items", q.index, q.pk, n)
		}
	}
	// The group's records stay, anonymized: lote A1 free, A2's request gone,
	// the cultivos kept with "Usuário removido", Alvo's entry untouched.
	grp := itemsOf(t, "GROUP#"+d.group)
	if l := grp["LOTE#A1"]; sOf(l["status"]) != "livre" || l["responsavelId"] != nil {
		t.Errorf("lote A1 = %v", l)
	}
	for sk := range grp {
		if strings.HasPrefix(sk, "LOTEREQ#A2#") || sk == "MEMBER#"+u.ID {
			t.Errorf("%s still in the group", sk)
		}
	}
	if n := nOf(grp["META"]["memberCount"]); n != "4" {
		t.Errorf("memberCount = %s, want 4", n)
	}
	cult := itemsOf(t, "CULT#"+d.mine)
	if m := cult["META"]; sOf(m["responsavelNome"]) != store.RemovedUserName || sOf(m["responsavelId"]) != "" {
		t.Errorf("cultivo meta = %v", testkit.Flatten(m))
	}
	anon, kept, refs := 0, 0, 0
	for sk, it := range cult {
		if sOf(it["autorNome"]) == store.RemovedUserName {
			anon++
			if sOf(it["texto"]) != "" || strings.Contains(testkit.Flatten(it), "fotos/") {
				t.Errorf("entry %s keeps its text or photos: %s", sk, testkit.Flatten(it))
			}
		}
		if strings.HasPrefix(sk, "LOGREF#") {
			// A diary entry's pointer: Alvo's stays (Alvo may still delete it), Dora's go.
			if sk != store.LogRefSK(d.othersEntryInMine) {
				t.Errorf("pointer %s kept after its author's deletion: %s", sk, testkit.Flatten(it))
			}
			refs++
			continue
		}
		if strings.Contains(sk, d.othersEntryInMine) && sOf(it["autorId"]) == cast.Alvo.ID {
			kept++
		}
	}
	// Dora's first entry, rega and harvest entry, and the harvest itself.
	if anon != 4 || kept != 1 || refs != 1 {
		t.Errorf("cultivo entries: %d anonymized (want 4), Alvo's kept %d, pointers %d (want 1)", anon, kept, refs)
	}
	// Her Horta pessoal cultivo is gone whole: the cultivo, its diary and harvests.
	if n := countPartition(t, "", "CULT#"+d.personal); n != 0 {
		t.Errorf("the personal cultivo still holds %d items", n)
	}
	theirs := itemsOf(t, "CULT#"+d.theirs)
	for sk, it := range theirs {
		if strings.Contains(testkit.Flatten(it), "Foto da semana") {
			t.Errorf("her entry %s in Member's cultivo keeps its text", sk)
		}
	}
	// Other members' notifications about her acts (her like and comment on
	// Member's post, her join and lote requests) name "Usuário removido".
	renamed := 0
	for _, other := range []testkit.User{cast.Member, cast.Owner} {
		for sk, it := range itemsOf(t, "USER#"+other.ID) {
			if strings.HasPrefix(sk, "NOTIF#") && strings.HasPrefix(sOf(it["texto"]), store.RemovedUserName) {
				renamed++
			}
		}
	}
	if renamed < 3 {
		t.Errorf("%d notifications of others renamed, want at least 3 (like, comment, lote request)", renamed)
	}
	checkFeedAfterDeletion(t, d)
	// The bucket: nothing under the user's prefix.
	objs, err := env.Cloud.S3().ListObjectsV2(ctx, &s3.ListObjectsV2Input{Bucket: aws.String(env.Deps.Config.UploadsBucket), Prefix: aws.String(domain.PhotoKeyPrefix(u.ID))})
	if err != nil || len(objs.Contents) != 0 {
		t.Errorf("bucket still holds %d photos (%v)", len(objs.Contents), err)
	}
	// CloudFront: every path of the user's photos invalidated, with one wildcard, by the photos
	// job the erasure started.
	waitInvalidated(t, "/media/"+domain.PhotoKeyPrefix(u.ID)+"*")
	// The sign-in: gone.
	_, err = env.Cloud.Cognito().InitiateAuth(ctx, &cip.InitiateAuthInput{
		ClientId: aws.String(env.Cloud.ClientID), AuthFlow: ciptypes.AuthFlowTypeUserPasswordAuth,
		AuthParameters: map[string]string{"USERNAME": u.Email, "PASSWORD": testkit.Password},
	})
	if err == nil {
		t.Error("the deleted user can still sign in")
	}
	// After the end the account's token is refused everywhere, the deletion's own routes too.
	for _, c := range []struct{ method, path string }{{"GET", "/api/me/conta"}, {"POST", "/api/me/exclusao"}} {
		if res := testkit.Do(t, h, c.method, c.path, u, map[string]any{"confirmacao": "EXCLUIR"}); res.Status != 401 || res.ErrorMessage() != domain.ErrContaExcluida().Message {
			t.Errorf("%s %s after deletion: %d %s", c.method, c.path, res.Status, res.Body)
		}
	}
}

func TestDeleteWaitsForOwnedGroups(t *testing.T) {
	setup(t)
	ctx := context.Background()
	o := env.NewUser(t, "Olga Dona")
	in := domain.GroupInput{Nome: "Horta da Olga " + uuid.NewString()[:6], Descricao: "x", Cidade: "Campinas", UF: "SP"}
	g, _, err := env.Deps.Store.CreateGroup(ctx, domain.NewGroup(uuid.Must(uuid.NewV7()).String(), o.ID, in, domain.Defaults(), env.Deps.Now()), testkit.Actor(o))
	if err != nil {
		t.Fatal(err)
	}
	res := testkit.Do(t, h, "GET", "/api/me/conta", o, nil)
	var c account.Conta
	res.Decode(t, &c)
	if res.Status != 200 || c.Tipo != "email" || len(c.GruposDono) != 1 || c.GruposDono[0].ID != g.ID || c.GruposDono[0].Nome != g.Nome || c.ExclusaoIniciada {
		t.Fatalf("conta = %d %+v", res.Status, c)
	}
	res = testkit.Do(t, h, "POST", "/api/me/exclusao", o, map[string]any{"confirmacao": "EXCLUIR", "senha": testkit.Password})
	if res.Status != 409 {
		t.Fatalf("owner deletes: %d %s", res.Status, res.Body)
	}
	if p, found, _ := env.Deps.Store.Profile(ctx, o.ID); !found || p.ID != o.ID {
		t.Fatal("the refused deletion touched the profile")
	}
	// Once the group is deleted, the deletion goes through.
	if err := env.Deps.Store.DeleteGroup(ctx, g.ID, testkit.Actor(o)); err != nil {
		t.Fatal(err)
	}
	steps := deleteAll(t, o, testkit.Password)
	if !steps[len(steps)-1].Concluida {
		t.Fatal("not done")
	}
}

func TestDeleteIsResumable(t *testing.T) {
	setup(t)
	ctx := context.Background()
	d := newRichUser(t)
	// A first call that confirms and erases only a little (as if cut short).
	if err := env.Deps.Store.StartAccountDeletion(ctx, d.u.ID); err != nil {
		t.Fatal(err)
	}
	p, err := env.Deps.Store.EraseAccountStep(ctx, d.u.ID, 1)
	if err != nil || p.Done || p.Removidos != 1 {
		t.Fatalf("first chunk: %+v %v", p, err)
	}
	res := testkit.Do(t, h, "GET", "/api/me/conta", d.u, nil)
	var c account.Conta
	res.Decode(t, &c)
	if !c.ExclusaoIniciada {
		t.Fatal("conta does not show the deletion under way")
	}
	// The continuation needs the word only, no password.
	steps := deleteAll(t, d.u, "")
	if !steps[len(steps)-1].Concluida {
		t.Fatal("not done")
	}
	if n := countPartition(t, "", "USER#"+d.u.ID); n != 0 {
		t.Errorf("user partition holds %d items", n)
	}
}

// TestAuthorizationMatrix: every account route is the caller's own; without
// a token each answers 401, and a signed-in caller only ever reads or
// deletes their own account (no id in any path).
func TestAuthorizationMatrix(t *testing.T) {
	setup(t)
	type row struct {
		method, path string
		body         any
		want         testkit.Expect
	}
	signedIn := testkit.Expect{401, 200, 200, 200, 200, 200}
	testkit.Matrix(t, cast.Columns(), []row{
		{"GET", "/api/me/conta", nil, signedIn},
		{"GET", "/api/me/dados", nil, signedIn},
		// A wrong password never deletes anything; the owner's too is checked
		// first (then the owned group would refuse, 409).
		{"POST", "/api/me/exclusao", map[string]any{"confirmacao": "EXCLUIR", "senha": "errada-123"}, testkit.Expect{401, 400, 400, 400, 400, 400}},
		{"GET", "/api/me/notificacoes/preferencias", nil, signedIn},
		{"PUT", "/api/me/notificacoes/preferencias", map[string]any{"silenciados": []string{}}, signedIn},
		{"GET", "/api/me/emails", nil, signedIn},
		{"PUT", "/api/me/emails", map[string]any{"ativos": []string{}}, signedIn},
	}, func(r row) (string, testkit.Expect) { return r.method + " " + r.path, r.want }, func(t *testing.T, r row, u testkit.User) testkit.Response {
		return testkit.Do(t, h, r.method, r.path, u, r.body)
	})
	// The export shows the caller's own profile, whoever asks.
	for _, u := range []testkit.User{cast.Member, cast.Admin} {
		got, _, _ := export(t, u)
		if len(got["perfil"]) != 1 || got["perfil"][0]["id"] != u.ID {
			t.Errorf("export of %s: %v", u.Name, got["perfil"])
		}
	}
}

func scanTable(t *testing.T) []map[string]types.AttributeValue {
	t.Helper()
	var out []map[string]types.AttributeValue
	var start map[string]types.AttributeValue
	for {
		// A test-only Scan: the check is that nothing anywhere names the user.
		res, err := env.Cloud.DynamoDB().Scan(context.Background(), &dynamodb.ScanInput{TableName: aws.String(env.Deps.Store.Table), ExclusiveStartKey: start})
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, res.Items...)
		if len(res.LastEvaluatedKey) == 0 {
			return out
		}
		start = res.LastEvaluatedKey
	}
}

func countPartition(t *testing.T, index, pk string) int {
	t.Helper()
	attr := "PK"
	in := &dynamodb.QueryInput{TableName: aws.String(env.Deps.Store.Table)}
	if index != "" {
		in.IndexName, attr = aws.String(index), index+"PK"
	}
	in.KeyConditionExpression = aws.String("#pk = :pk")
	in.ExpressionAttributeNames = map[string]string{"#pk": attr}
	in.ExpressionAttributeValues = map[string]types.AttributeValue{":pk": &types.AttributeValueMemberS{Value: pk}}
	res, err := env.Cloud.DynamoDB().Query(context.Background(), in)
	if err != nil {
		t.Fatal(err)
	}
	return len(res.Items)
}

func itemsOf(t *testing.T, pk string) map[string]map[string]types.AttributeValue {
	t.Helper()
	res, err := env.Cloud.DynamoDB().Query(context.Background(), &dynamodb.QueryInput{
		TableName: aws.String(env.Deps.Store.Table), KeyConditionExpression: aws.String("PK = :pk"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":pk": &types.AttributeValueMemberS{Value: pk}},
	})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]map[string]types.AttributeValue{}
	for _, it := range res.Items {
		out[sOf(it["SK"])] = it
	}
	return out
}

func sOf(av types.AttributeValue) string {
	if s, ok := av.(*types.AttributeValueMemberS); ok {
		return s.Value
	}
	return ""
}

func nOf(av types.AttributeValue) string {
	if n, ok := av.(*types.AttributeValueMemberN); ok {
		return n.Value
	}
	return ""
}

// TestMutedKindIsNeitherCountedNorLost: the badge leaves out a muted kind
// at once and counts it again when unmuted (the notifications stay stored).
func TestMutedKindIsNeitherCountedNorLost(t *testing.T) {
	setup(t)
	ctx := context.Background()
	gid, u := loteHolder(t, "Nina Notificada", "A1", "A2")
	all, err := env.Deps.Store.UnreadCount(ctx, u.ID)
	if err != nil || all < 2 {
		t.Fatalf("unread = %d, %v", all, err)
	}
	res := testkit.Do(t, h, "PUT", "/api/me/notificacoes/preferencias", u, map[string]any{"silenciados": []string{"lote_atribuido"}})
	var p account.Preferencias
	res.Decode(t, &p)
	if res.Status != 200 || len(p.Tipos) == 0 {
		t.Fatalf("put: %d %s", res.Status, res.Body)
	}
	for _, k := range p.Tipos {
		if (k.Tipo == "lote_atribuido") == k.Ativo {
			t.Errorf("%s ativo = %v", k.Tipo, k.Ativo)
		}
	}
	env.Calls.Reset()
	if n, _ := env.Deps.Store.UnreadCount(ctx, u.ID); n != all-2 {
		t.Errorf("muted: unread = %d, want %d", n, all-2)
	}
	if env.Calls.Total() != 1 {
		t.Errorf("the badge took %d calls", env.Calls.Total())
	}
	// A new one of the muted kind is stored but not counted.
	if _, err := env.Deps.Store.AssignLote(ctx, gid, "A4", testkit.Actor(cast.Owner), u.ID, false); err != nil {
		t.Fatal(err)
	}
	if n, _ := env.Deps.Store.UnreadCount(ctx, u.ID); n != all-2 {
		t.Errorf("muted, one more: unread = %d, want %d", n, all-2)
	}
	if res := testkit.Do(t, h, "GET", "/api/me/notificacoes/preferencias", u, nil); res.Status != 200 || !strings.Contains(string(res.Body), `"tipo":"lote_atribuido","rotulo":"Lote atribuído a mim","ativo":false`) {
		t.Errorf("get: %d %s", res.Status, res.Body)
	}
	testkit.Do(t, h, "PUT", "/api/me/notificacoes/preferencias", u, map[string]any{"silenciados": []string{}})
	if n, _ := env.Deps.Store.UnreadCount(ctx, u.ID); n != all+1 {
		t.Errorf("unmuted: unread = %d, want %d", n, all+1)
	}
	for _, bad := range []any{map[string]any{"silenciados": []string{"spam"}}, map[string]any{"silenciados": []string{"nivel", "nivel"}}, map[string]any{}} {
		if res := testkit.Do(t, h, "PUT", "/api/me/notificacoes/preferencias", u, bad); res.Status != 400 || res.ErrorField() != "silenciados" {
			t.Errorf("bad %v: %d %s", bad, res.Status, res.Body)
		}
	}
}

var _ = json.Marshal
var _ = fmt.Sprint

// checkFeedAfterDeletion: the user's post and comments stay as "Usuário
// removido" without id or photo, the like counts are exact (the user's likes
// gone, Vera's kept), the queue keeps its counts with the user out of it.
func checkFeedAfterDeletion(t *testing.T, d richUser) {
	t.Helper()
	f := d.feed
	post := itemsOf(t, "POST#"+f.post)
	m := post["META"]
	if sOf(m["autorNome"]) != store.RemovedUserName || sOf(m["autorId"]) != "" || strings.Contains(testkit.Flatten(m), "fotos/") || sOf(m["texto"]) != domain.TextoPostExcluido {
		t.Errorf("post = %s", testkit.Flatten(m))
	}
	if nOf(m["curtidas"]) != "1" || nOf(m["comentarios"]) != "2" {
		t.Errorf("post counts: curtidas %s (want 1, Vera's), comentarios %s (want 2)", nOf(m["curtidas"]), nOf(m["comentarios"]))
	}
	if post["LIKE#"+f.vera.ID] == nil || post["LIKE#"+d.u.ID] != nil {
		t.Error("likes of the post: Vera's must stay, the user's go")
	}
	anon, veras := 0, 0
	for sk, it := range post {
		if strings.HasPrefix(sk, "COMMENT#") {
			if sOf(it["autorNome"]) == store.RemovedUserName && sOf(it["autorId"]) == "" && sOf(it["texto"]) == domain.TextoComentarioExcluido {
				anon++
			}
			if sOf(it["autorId"]) == f.vera.ID {
				veras++
			}
		}
	}
	if anon != 1 || veras != 1 {
		t.Errorf("comments of the post: %d anonymized (want 1), %d of Vera (want 1)", anon, veras)
	}
	if mod := post["MOD#"+f.post]; sOf(mod["autorNome"]) != store.RemovedUserName || nOf(mod["total"]) != "1" || sOf(mod["status"]) != "pendente" || sOf(mod["texto"]) != domain.TextoPostExcluido {
		t.Errorf("queue entry of the post = %s", testkit.Flatten(mod))
	}
	members := itemsOf(t, "POST#"+f.membersPost)
	if nOf(members["META"]["curtidas"]) != "0" || nOf(members["META"]["comentarios"]) != "1" {
		t.Errorf("Member's post = %s", testkit.Flatten(members["META"]))
	}
	anon = 0
	for sk, it := range members {
		if strings.HasPrefix(sk, "COMMENT#") && sOf(it["autorNome"]) == store.RemovedUserName && sOf(it["texto"]) == domain.TextoComentarioExcluido {
			anon++
		}
	}
	if anon != 1 {
		t.Errorf("the user's comment on Member's post: %d anonymized", anon)
	}
	veras2 := itemsOf(t, "POST#"+f.verasPost)
	mod := veras2["MOD#"+f.verasPost]
	// The queue keeps that a report was made (its count and reason), not its text.
	if nOf(mod["total"]) != "1" || sOf(mod["status"]) != "pendente" || !strings.Contains(testkit.Flatten(mod), store.RemovedUserName) || strings.Contains(testkit.Flatten(mod), "Propaganda") || !strings.Contains(testkit.Flatten(mod), "spam") {
		t.Errorf("queue entry of Vera's post = %s", testkit.Flatten(mod))
	}
	for sk := range veras2 {
		if strings.HasPrefix(sk, "REPORT#") {
			t.Errorf("the user's report %s stays", sk)
		}
	}
	// Member keeps the point the user's like gave (the ledger sums to the total).
	ledger := 0
	for sk, it := range itemsOf(t, "USER#"+cast.Member.ID) {
		if strings.HasPrefix(sk, "AWARD#") && strings.Contains(sOf(it["ref"]), f.membersPost+":removido-") {
			ledger++
		}
	}
	if ledger != 1 {
		t.Errorf("Member's ledger entry of the user's like: %d, want 1 under an anonymous ref", ledger)
	}
}

// TestFeedEraseIsResumableAndExact: the feed phase one item a call (as if
// every call were cut short), and called again after it is done, leaves the
// like counts exact: nothing is decremented twice.
func TestFeedEraseIsResumableAndExact(t *testing.T) {
	setup(t)
	ctx := context.Background()
	u := env.NewUser(t, "Rita Retomada "+uuid.NewString()[:6])
	jpeg := testkit.JPEG(t, 8, 8)
	f := newFeedOf(t, u, env.ProcessedPhoto(t, u, jpeg), true)
	calls := 0
	for done := false; !done; calls++ {
		if calls > 40 {
			t.Fatal("the feed phase does not end")
		}
		n, ok, err := store.EraseFeedOfUser(ctx, env.Deps.Store, u.ID, 1)
		if err != nil {
			t.Fatal(err)
		}
		if !ok && n != 1 {
			t.Fatalf("call %d erased %d with a budget of 1", calls, n)
		}
		done = ok
	}
	// 2 likes, 1 report, 2 comments, 1 post, 1 queue entry left: one a call, then the call that finds none.
	if calls < 7 {
		t.Errorf("%d calls", calls)
	}
	for i := 0; i < 2; i++ {
		if _, ok, err := store.EraseFeedOfUser(ctx, env.Deps.Store, u.ID, 200); err != nil || !ok {
			t.Fatalf("again: %v %v", ok, err)
		}
	}
	if m := itemsOf(t, "POST#"+f.post)["META"]; nOf(m["curtidas"]) != "1" || sOf(m["autorNome"]) != store.RemovedUserName {
		t.Errorf("post = %s", testkit.Flatten(m))
	}
	if m := itemsOf(t, "POST#"+f.membersPost)["META"]; nOf(m["curtidas"]) != "0" {
		t.Errorf("Member's post = %s", testkit.Flatten(m))
	}
	if mod := itemsOf(t, "POST#"+f.removed)["MOD#"+f.removed]; sOf(mod["status"]) != "removido" || sOf(mod["autorNome"]) != store.RemovedUserName || sOf(mod["autorId"]) != "" {
		t.Errorf("queue entry of the removed post = %s", testkit.Flatten(mod))
	}
	for _, q := range []struct{ index, pk string }{{"GSI1", "FEEDOF#" + u.ID}, {"GSI2", "MODOF#" + u.ID}} {
		if n := countPartition(t, q.index, q.pk); n != 0 {
			t.Errorf("%s %s still holds %d items", q.index, q.pk, n)
		}
	}
}

// waitInvalidated waits (up to 30 s) until the local cloud has received an invalidation of path.
func waitInvalidated(t *testing.T, path string) {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); ; {
		for _, inv := range env.Cloud.Invalidations() {
			if slices.Contains(inv.Paths, path) {
				return
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s was not invalidated in 30 s", path)
		}
		time.Sleep(100 * time.Millisecond)
	}
}
