package feed_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/uuid"

	"github.com/verde-app/verde/infra/local/cloud"
	"github.com/verde-app/verde/infra/local/testcloud"
	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/api/feed"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
	"github.com/verde-app/verde/shared/views"
)

// The catalogue is seeded: posts link to cultivos made of it.
func TestMain(m *testing.M) { testcloud.Run(m, cloud.Options{}) }

// The world every test here shares: the cast, plain and the feed handler.
var (
	env  *testkit.Env
	cast testkit.Cast
	// plain is one more member of every world's group.
	plain testkit.User
	h     http.Handler
)

// area makes them once, on the first setup, with the views job run quietly in process.
var area = testkit.Area{
	Env: &env, Cast: &cast, Plain: &plain, Handler: &h,
	Server: feed.NewServer,
	Extra: func(t testing.TB) {
		// The views job's pointers, written at once and outside the counted calls
		// (in AWS the job runs in its own function after the request).
		quiet := &store.Store{Table: env.Deps.Store.Table, Now: env.Deps.Store.Now,
			DB: dynamodb.New(env.Deps.Store.DB.Options(), func(o *dynamodb.Options) { o.APIOptions = nil })}
		views.Start = views.Inline(quiet)
		// Reports of the cast count toward hiding: their accounts are older than 3 days.
		for _, u := range []testkit.User{cast.Stranger, cast.Member, cast.Coord, cast.Owner, cast.Admin, cast.Alvo, plain} {
			age(t, u, 10*24*time.Hour)
		}
	},
}

func setup(t testing.TB) { area.Setup(t) }

// age moves u's dataCadastro back by d (as if the account were that old).
func age(t testing.TB, u testkit.User, d time.Duration) {
	t.Helper()
	_, err := env.Deps.Store.DB.UpdateItem(context.Background(), &dynamodb.UpdateItemInput{
		TableName: aws.String(env.Deps.Store.Table),
		Key: map[string]types.AttributeValue{
			"PK": &types.AttributeValueMemberS{Value: store.UserPK(u.ID)}, "SK": &types.AttributeValueMemberS{Value: "PROFILE"},
		},
		UpdateExpression:          aws.String("SET dataCadastro = :d"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":d": &types.AttributeValueMemberS{Value: time.Now().Add(-d).UTC().Format("2006-01-02T15:04:05.000Z")}},
	})
	if err != nil {
		t.Fatal(err)
	}
}

// world is a fixture group (public or private) with plain as one more
// member, a cultivo of Alvo's in it, and Alvo's posts: one in the group
// (linked to the cultivo) and one in the community.
type world struct {
	f         testkit.Fixture
	cultivo   string
	groupPost string
	commPost  string
}

func newWorld(t *testing.T, private bool) world {
	t.Helper()
	f := env.NewFixture(t, cast, testkit.FixtureOpts{Private: private})
	ctx := context.Background()
	if private {
		if _, err := env.Deps.Store.AcceptInvite(ctx, f.Invite, testkit.Actor(plain)); err != nil {
			t.Fatal(err)
		}
	} else if _, err := env.Deps.Store.Join(ctx, f.Group.ID, testkit.Actor(plain)); err != nil {
		t.Fatal(err)
	}
	w := world{f: f, cultivo: newCultivo(t, f.Group.ID, cast.Alvo)}
	w.groupPost = newPost(t, cast.Alvo, f.Group.ID, w.cultivo)
	w.commPost = newPost(t, cast.Alvo, "", "")
	return w
}

func newCultivo(t *testing.T, gid string, by testkit.User) string {
	t.Helper()
	q := 12.0
	in := domain.CultivoInput{VegetalID: "alface-verao", GrupoID: gid, Metodo: "muda", Quantidade: &q,
		Unidade: "mudas", DataPlantio: domain.FormatDate(domain.LocalDate(env.Deps.Now())), Fase: domain.FaseSemeado}
	return env.NewCultivo(t, in, by)
}

// newPost publishes a post of by through the store (a unique text).
func newPost(t testing.TB, by testkit.User, gid, cid string) string {
	t.Helper()
	in := domain.PostInput{Texto: "Hoje plantei alface " + uuid.NewString()[:8], GrupoID: gid, CultivoID: cid}
	if err := in.Valid(); err != nil {
		t.Fatal(err)
	}
	p, _, err := env.Deps.Store.CreatePost(context.Background(), in, testkit.Actor(by))
	if err != nil {
		t.Fatalf("create post: %v", err)
	}
	if gid != "" { // as the feed's route does after the post (views job)
		if err := views.Start(context.Background(), views.Event{Kind: views.KindFanOut, PostID: p.ID}); err != nil {
			t.Fatalf("fan-out: %v", err)
		}
	}
	return p.ID
}

func newComment(t testing.TB, by testkit.User, pid string) string {
	t.Helper()
	c, _, err := env.Deps.Store.AddComment(context.Background(), pid, domain.ComentarioInput{Texto: "Que lindo " + uuid.NewString()[:6]}, testkit.Actor(by))
	if err != nil {
		t.Fatalf("comment: %v", err)
	}
	return c.ID
}

func report(t testing.TB, by testkit.User, pid, cid string) {
	t.Helper()
	if _, err := env.Deps.Store.Denunciar(context.Background(), pid, cid, domain.DenunciaInput{Motivo: domain.MotivoSpam}, testkit.Actor(by)); err != nil {
		t.Fatalf("report: %v", err)
	}
}

func points(t testing.TB, u testkit.User) int {
	t.Helper()
	p, _, err := env.Deps.Store.Profile(context.Background(), u.ID)
	if err != nil {
		t.Fatal(err)
	}
	return p.PontosTotais
}

func unread(t testing.TB, u testkit.User) int {
	t.Helper()
	n, err := env.Deps.Store.UnreadCount(context.Background(), u.ID)
	if err != nil {
		t.Fatal(err)
	}
	return n
}
