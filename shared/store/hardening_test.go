package store_test

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/google/uuid"

	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
)

func input(nome string) domain.GroupInput {
	return domain.GroupInput{Nome: nome, Cidade: "Campinas", UF: "SP"}
}

// A probe took a member from 10 to 110 points with five create/delete
// cycles: "criar grupo" now pays once per member, whatever is undone.
func TestCreateGroupAwardIsPaidOncePerMemberEvenAfterDeletingTheGroup(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	owner := f.user("Farmer")
	total := 0
	for i := range 4 {
		g, pts, err := f.create(owner, input("Horta Ciclo "+uuid.NewString()[:4]))
		if err != nil {
			t.Fatal(err)
		}
		total += pts
		if i == 0 && pts != domain.Defaults().Pontos.CriarGrupo || i > 0 && pts != 0 {
			t.Fatalf("cycle %d: %d points", i, pts)
		}
		if err := f.s.DeleteGroup(ctx, g.ID, owner); err != nil {
			t.Fatal(err)
		}
	}
	// The Fundador conquista's bonus comes once too, with the first group.
	if p := f.profile(owner.ID); p.PontosTotais != domain.Defaults().Pontos.CriarGrupo+bonus("fundador") || total+bonus("fundador") != p.PontosTotais {
		t.Fatalf("after four create/delete cycles: %d points (awarded %d)", p.PontosTotais, total)
	}
}

// Every award of the store survives the undo of its act: joining pays once
// per group however often the member leaves and joins again.
func TestJoinAwardSurvivesLeavingAndJoiningAgain(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	g := f.group(f.user("Dona"), nil)
	m := f.user("Vai e Volta")
	for i := range 3 {
		res, err := f.s.Join(ctx, g.ID, m)
		if err != nil {
			t.Fatal(err)
		}
		if want := map[bool]int{true: domain.Defaults().Pontos.EntrarGrupo, false: 0}[i == 0]; res.Pontos != want {
			t.Fatalf("join %d paid %d", i, res.Pontos)
		}
		if err := f.s.RemoveMember(ctx, g.ID, m, m.ID); err != nil {
			t.Fatal(err)
		}
	}
	if p := f.profile(m.ID); p.PontosTotais != domain.Defaults().Pontos.EntrarGrupo {
		t.Fatalf("points %d", p.PontosTotais)
	}
}

func saveRules(t *testing.T, f *fixture, change func(*domain.Rules)) {
	t.Helper()
	r := domain.Defaults()
	change(&r)
	r.Version = 2
	if err := f.s.SaveRules(context.Background(), r, "test"); err != nil {
		t.Fatal(err)
	}
}

func TestOwnedGroupCapRefusesOneMoreAndCountsDeletesAndTransfers(t *testing.T) {
	f := newFixtureOn(t, "owned-cap-"+uuid.NewString()[:8])
	ctx := context.Background()
	saveRules(t, f, func(r *domain.Rules) { r.Limites.GruposPorDono = 2 })
	owner, heir := f.user("Dona"), f.user("Herdeira")
	g1 := f.group(owner, nil)
	f.group(owner, nil)
	_, _, err := f.create(owner, input("Horta Terceira"))
	if e, ok := domain.AsError(err); !ok || e.Code != domain.EConflict || !strings.Contains(e.Message, "dono de 2 grupos") {
		t.Fatalf("third group: %v", err)
	}
	if err := f.s.DeleteGroup(ctx, g1.ID, owner); err != nil {
		t.Fatal(err)
	}
	g3 := f.group(owner, nil) // the deleted group no longer counts
	if _, err := f.s.Join(ctx, g3.ID, heir); err != nil {
		t.Fatal(err)
	}
	if err := f.s.Transfer(ctx, g3.ID, owner, heir.ID); err != nil {
		t.Fatal(err)
	}
	f.group(owner, nil) // the group handed over no longer counts either
	if _, _, err := f.create(owner, input("Horta Demais")); domain.ErrorCode(err) != domain.EConflict {
		t.Fatalf("over the cap again: %v", err)
	}
}

func TestDailyCapRefusesTheActPastItWith429AndChangesNothing(t *testing.T) {
	f := newFixtureOn(t, "daily-cap-"+uuid.NewString()[:8])
	saveRules(t, f, func(r *domain.Rules) { r.Limites.GruposPorDia = 2 })
	owner := f.user("Pressa")
	f.group(owner, nil)
	f.group(owner, nil)
	_, _, err := f.create(owner, input("Horta Terceira do Dia"))
	if e, ok := domain.AsError(err); !ok || e.Code != domain.ERateLimited || e.Message != "Você atingiu o limite de 2 grupos criados por dia. Tente novamente amanhã" {
		t.Fatalf("third group of the day: %v", err)
	}
	if p := f.profile(owner.ID); len(p.GruposParticipantes) != 2 {
		t.Fatalf("a refused create changed the profile: %+v", p.GruposParticipantes)
	}
	list, _, err := f.s.MyGroups(context.Background(), owner.ID, 10, nil)
	if err != nil || len(list) != 2 {
		t.Fatalf("groups: %d %v", len(list), err)
	}
	// The day item: one counter per act, expiring (TTL) a day after the day ends.
	out, err := f.s.DB.GetItem(context.Background(), &dynamodb.GetItemInput{TableName: aws.String(f.s.Table), Key: map[string]types.AttributeValue{
		"PK": &types.AttributeValueMemberS{Value: store.UserPK(owner.ID)}, "SK": &types.AttributeValueMemberS{Value: store.DaySK(time.Now())},
	}})
	if err != nil {
		t.Fatal(err)
	}
	n, _ := out.Item["criarGrupo"].(*types.AttributeValueMemberN)
	ttl, _ := out.Item["expiraEm"].(*types.AttributeValueMemberN)
	exp, _ := strconv.ParseInt(ttl.Value, 10, 64)
	if n == nil || n.Value != "2" || exp < time.Now().Add(24*time.Hour).Unix() || exp > time.Now().Add(49*time.Hour).Unix() {
		t.Fatalf("day item %v", out.Item)
	}
}
