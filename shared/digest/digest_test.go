package digest_test

import (
	"context"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	ddbt "github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/verde-app/verde/infra/local/cloud"
	"github.com/verde-app/verde/infra/local/testcloud"
	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/digest"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
)

func TestMain(m *testing.M) { testcloud.Run(m, cloud.Options{}) }

// TestTheWeeklyDigestGoesOnceToWhoChoseItAndHasNews: members who chose the digest get their
// groups' week of posts; one whose groups were quiet gets nothing; one who did not choose it
// gets nothing; the schedule's later runs, even one that lost the week's progress, mail nobody twice.
func TestTheWeeklyDigestGoesOnceToWhoChoseItAndHasNews(t *testing.T) {
	env := testkit.NewEnv(t)
	cast := env.NewCast(t)
	ctx := context.Background()
	s := env.Deps.Store
	busy := env.NewFixture(t, cast, testkit.FixtureOpts{})
	quiet := env.NewFixture(t, cast, testkit.FixtureOpts{})
	ana, bruno, carla := env.NewUser(t, "Ana Resumo"), env.NewUser(t, "Bruno Quieto"), env.NewUser(t, "Carla Sem Resumo")
	for _, j := range []struct {
		u testkit.User
		g testkit.Fixture
	}{{ana, busy}, {bruno, quiet}, {carla, busy}} {
		if _, err := s.Join(ctx, j.g.Group.ID, testkit.Actor(j.u)); err != nil {
			t.Fatal(err)
		}
	}
	for _, u := range []testkit.User{ana, bruno} {
		if err := s.SetEmailChoices(ctx, u.ID, []string{domain.EmailResumo}); err != nil {
			t.Fatal(err)
		}
	}
	for i, text := range []string{"Primeira colheita de alface do canteiro 3!", "Mutirão de sábado: tragam luvas.", "Sementes de rúcula para trocar", "Regamos tudo hoje"} {
		in := domain.PostInput{Texto: text, GrupoID: busy.Group.ID}
		if err := in.Valid(); err != nil {
			t.Fatal(err)
		}
		author := cast.Member
		if i%2 == 1 {
			author = cast.Owner
		}
		if _, _, err := s.CreatePost(ctx, in, testkit.Actor(author)); err != nil {
			t.Fatal(err)
		}
	}

	res, err := digest.Handler(env.Deps)(ctx)
	if err != nil || !res.Concluido || res.Enviados != 1 || res.SemNovas != 1 || res.Falhas != 0 {
		t.Fatalf("run: %+v %v", res, err)
	}
	profile := func(u testkit.User) string {
		p, _, _ := s.Profile(ctx, u.ID)
		return p.Email
	}
	mails := testkit.MailsTo(t, env.Cloud.URL, profile(ana))
	if len(mails) != 1 {
		t.Fatalf("%d digests to Ana", len(mails))
	}
	m := mails[0]
	if m.Subject != "Resumo da semana nos seus grupos" || !strings.Contains(m.Text, busy.Group.Nome) ||
		!strings.Contains(m.Text, "Regamos tudo hoje") || !strings.Contains(m.Text, "e mais 1 publicação") ||
		strings.Contains(m.Text, quiet.Group.Nome) {
		t.Errorf("Ana's digest:\n%s", m.Text)
	}
	if !strings.Contains(m.ListUnsubscribe, "/api/emails/descadastro?t=resumo.") || m.ListUnsubscribePost != "List-Unsubscribe=One-Click" {
		t.Errorf("unsubscribe headers %q %q", m.ListUnsubscribe, m.ListUnsubscribePost)
	}
	for _, u := range []testkit.User{bruno, carla} {
		if got := testkit.MailsTo(t, env.Cloud.URL, profile(u)); len(got) != 0 {
			t.Errorf("%s got %d digests", u.ID, len(got))
		}
	}
	// The week is done: the next run reads one item.
	env.Calls.Reset()
	if res, err := digest.Handler(env.Deps)(ctx); err != nil || !res.Concluido || res.Lidos != 0 {
		t.Fatalf("second run: %+v %v", res, err)
	}
	// A run that lost the week's progress finds each digest taken.
	if _, err := s.DB.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: aws.String(s.Table), Key: map[string]ddbt.AttributeValue{
		"PK": &ddbt.AttributeValueMemberS{Value: "DIGEST#" + store.DigestWeek(env.Deps.Now())}, "SK": &ddbt.AttributeValueMemberS{Value: "STATE"},
	}}); err != nil {
		t.Fatal(err)
	}
	if res, err := digest.Handler(env.Deps)(ctx); err != nil || res.Enviados != 0 {
		t.Fatalf("rerun: %+v %v", res, err)
	}
	if got := testkit.MailsTo(t, env.Cloud.URL, profile(ana)); len(got) != 1 {
		t.Errorf("after the rerun Ana has %d digests", len(got))
	}
}
