package store_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/uuid"

	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
)

func TestDirectorySearchesByNameCityAndUF(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	owner := f.user("Dona")
	tag := "Zq" + strings.ReplaceAll(uuid.NewString()[:6], "-", "")
	city := "Cidade " + tag
	mk := func(nome, cidade, uf string, v domain.Visibilidade) domain.Group {
		return f.group(owner, func(in *domain.GroupInput) { in.Nome, in.Cidade, in.UF, in.Visibilidade = nome, cidade, uf, v })
	}
	a := mk(tag+" Horta São João", city+" Nova", "AC", domain.Publico)
	b := mk(tag+" Quintal", city+" Velha", "AC", domain.Publico)
	c := mk("Canteiro "+tag, "Rio Branco", "AC", domain.Publico)
	mk(tag+" Secreta", city+" Nova", "AC", domain.Privado)

	ids := func(gs []domain.Group) string {
		var out []string
		for _, g := range gs {
			switch g.ID {
			case a.ID:
				out = append(out, "a")
			case b.ID:
				out = append(out, "b")
			case c.ID:
				out = append(out, "c")
			default:
				if strings.Contains(g.Nome, tag) {
					out = append(out, "?"+g.Nome)
				}
			}
		}
		return strings.Join(out, ",")
	}
	key := domain.SearchKey
	cases := []struct {
		name string
		q    store.DirectoryQuery
		want string
	}{
		{"name prefix, accents and case folded", store.DirectoryQuery{Q: key(strings.ToUpper(tag) + " HORTA SAO")}, "a"},
		// Any word of the name, from its start (search.go): "Canteiro <tag>" too, in word and then name order.
		{"name word", store.DirectoryQuery{Q: key(tag)}, "c,a,b"},
		{"city prefix in UF", store.DirectoryQuery{UF: "AC", Cidade: key(city)}, "a,b"},
		{"city prefix exact", store.DirectoryQuery{UF: "AC", Cidade: key(city + " velha")}, "b"},
		{"name contains within UF", store.DirectoryQuery{UF: "AC", Q: key("canteiro " + tag)}, "c"},
		{"name contains within UF and city", store.DirectoryQuery{UF: "AC", Cidade: key(city), Q: key("quintal")}, "b"},
		{"other UF", store.DirectoryQuery{UF: "AP", Cidade: key(city)}, ""},
	}
	for _, tc := range cases {
		tc.q.Limit = 100
		f.calls.Reset()
		var got []domain.Group
		pages := 0
		for {
			gs, next, err := f.s.Directory(ctx, tc.q)
			if err != nil {
				t.Fatalf("%s: %v", tc.name, err)
			}
			got = append(got, gs...)
			pages++
			if next == nil || pages > 50 {
				break
			}
			tc.q.After = next
		}
		if ids(got) != tc.want {
			t.Errorf("%s: got %q, want %q", tc.name, ids(got), tc.want)
		}
		perPage := 1 // one Query; a word search also reads its page's groups in one BatchGetItem
		if tc.q.Q != "" {
			perPage = 2
		}
		if f.calls.Total() != perPage*pages {
			t.Errorf("%s: %d calls for %d pages", tc.name, f.calls.Total(), pages)
		}
	}

	// A page of one, then the cursor position to the next.
	gs, next, err := f.s.Directory(ctx, store.DirectoryQuery{Q: key(tag), Limit: 1})
	if err != nil || len(gs) != 1 || next == nil {
		t.Fatalf("first page %d %v %v", len(gs), next, err)
	}
	gs2, _, err := f.s.Directory(ctx, store.DirectoryQuery{Q: key(tag), Limit: 1, After: next})
	if err != nil || len(gs2) != 1 || gs2[0].ID == gs[0].ID {
		t.Fatalf("second page %v %v", gs2, err)
	}
}

func TestEditingToPrivateTakesTheGroupOutOfTheDirectory(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	owner := f.user("Dona")
	tag := "Zp" + uuid.NewString()[:6]
	g := f.group(owner, func(in *domain.GroupInput) { in.Nome = tag + " Horta" })
	priv := domain.Privado
	next := f.update(g, owner, func(u *domain.GroupUpdate) { u.Visibilidade = &priv })
	if err := f.s.SaveGroup(ctx, next, g, owner, true); code(err) != domain.EConflict {
		t.Fatalf("stale save: %v", err)
	}
	gs, _, _ := f.s.Directory(ctx, store.DirectoryQuery{Q: domain.SearchKey(tag), Limit: 10})
	if len(gs) != 0 {
		t.Fatalf("private group still listed: %+v", gs)
	}
	if v := f.view(g.ID, owner.ID); v.Group.Entrada != domain.EntradaConvite || v.Group.Version != 2 {
		t.Fatalf("saved %+v", v.Group)
	}
}

func TestApprovalFlowNotifiesAndRespectsTheCap(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	owner := f.user("Dona")
	g := f.group(owner, func(in *domain.GroupInput) { in.Entrada = domain.EntradaAprovacao; n := 2; in.MaxMembros = &n })
	a, b := f.user("Ana"), f.user("Beto")
	for _, u := range []store.Actor{a, b} {
		res, err := f.s.Join(ctx, g.ID, u)
		if err != nil || res.Status != store.Requested {
			t.Fatalf("request: %+v %v", res, err)
		}
	}
	if _, err := f.s.Join(ctx, g.ID, a); code(err) != domain.EConflict {
		t.Fatalf("second request: %v", err)
	}
	if n, _ := f.s.UnreadCount(ctx, owner.ID); n != 2+1 { // two requests and the Fundador conquista
		t.Fatalf("owner unread %d", n)
	}
	if _, err := f.s.ApproveRequest(ctx, g.ID, a, b.ID); code(err) != domain.EForbidden {
		t.Fatalf("stranger approves: %v", err)
	}
	f.calls.Reset()
	if _, err := f.s.ApproveRequest(ctx, g.ID, owner, a.ID); err != nil {
		t.Fatal(err)
	}
	// The act (a BatchGetItem and a transaction), then, as it is the member's
	// first points of the month, their monthly league join (liga.go): the
	// série's counter and one transaction.
	if ops := f.calls.ByOperation(); ops["BatchGetItem"] != 1 || ops["TransactWriteItems"] != 2 || ops["UpdateItem"] != 1 || f.calls.Total() != 4 {
		t.Fatalf("approve made %v", ops)
	}
	if p := f.profile(a.ID); p.PontosTotais != 10 || len(p.GruposParticipantes) != 1 {
		t.Fatalf("approved profile %+v", p)
	}
	if n, _ := f.s.UnreadCount(ctx, a.ID); n != 1 {
		t.Fatalf("requester unread %d", n)
	}
	if _, err := f.s.ApproveRequest(ctx, g.ID, owner, b.ID); code(err) != domain.EConflict {
		t.Fatalf("approve past the cap: %v", err)
	}
	if err := f.s.DeleteRequest(ctx, g.ID, b, b.ID); err != nil {
		t.Fatalf("cancel own request: %v", err)
	}
	if v := f.view(g.ID, ""); v.Group.SolicitacoesPendentes != 0 || v.Group.MemberCount != 2 {
		t.Fatalf("group %+v", v.Group)
	}
}

func TestInviteUsesAreCountedAtomically(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	owner := f.user("Dona")
	g := f.group(owner, func(in *domain.GroupInput) { in.Visibilidade = domain.Privado })
	two, days := 2, 7
	inv, err := f.s.CreateInvite(ctx, g.ID, owner, domain.InviteInput{ExpiraEmDias: &days, MaxUsos: &two})
	if err != nil {
		t.Fatal(err)
	}
	const n = 6
	users := several(n, "Convidado %d", f.user)
	errs := testkit.AtOnce(n, func(i int) error {
		_, err := f.s.AcceptInvite(ctx, inv.Token, users[i])
		return err
	})
	ok, _ := tally(t, errs, conflict)
	got, err := f.s.Invite(ctx, inv.Token)
	if err != nil || ok != 2 || got.Usos != 2 || got.Status != domain.ConviteEsgotado {
		t.Fatalf("accepted %d, invite %+v, %v", ok, got, err)
	}
	if v := f.view(g.ID, ""); v.Group.MemberCount != 3 {
		t.Fatalf("members %d", v.Group.MemberCount)
	}
}

func TestRevokedAndExpiredInvitesAreRefused(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	owner, guest := f.user("Dona"), f.user("Convidada")
	g := f.group(owner, func(in *domain.GroupInput) { in.Visibilidade = domain.Privado })
	inv, err := f.s.CreateInvite(ctx, g.ID, owner, domain.InviteInput{ExpiraEmDias: ptr(1), MaxUsos: ptr(5)})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.s.RevokeInvite(ctx, g.ID, inv.Token, owner); err != nil {
		t.Fatal(err)
	}
	if _, err := f.s.AcceptInvite(ctx, inv.Token, guest); code(err) != domain.EConflict || !strings.Contains(err.Error(), "revogado") {
		t.Fatalf("revoked: %v", err)
	}
	past := time.Now().Add(-48 * time.Hour)
	f.s.Now = func() time.Time { return past }
	old, err := f.s.CreateInvite(ctx, g.ID, owner, domain.InviteInput{ExpiraEmDias: ptr(1), MaxUsos: ptr(5)})
	f.s.Now = time.Now
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.s.AcceptInvite(ctx, old.Token, guest); code(err) != domain.EConflict || !strings.Contains(err.Error(), "expirou") {
		t.Fatalf("expired: %v", err)
	}
	if _, err := f.s.Invite(ctx, domain.NewInviteToken()); code(err) != domain.ENotFound {
		t.Fatalf("unknown token: %v", err)
	}
	list, _, err := f.s.Invites(ctx, g.ID, 10, nil)
	if err != nil || len(list) != 2 || list[0].Status != domain.ConviteRevogado || list[1].Status != domain.ConviteExpirado {
		t.Fatalf("list %+v %v", list, err)
	}
}

func TestDeleteGroupRemovesEverythingAndUpdatesProfiles(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	owner := f.user("Dona")
	g := f.group(owner, nil)
	other := f.group(owner, nil)
	m1, m2 := f.member(g, "Um"), f.member(g, "Dois")
	if _, err := f.s.Join(ctx, other.ID, m1); err != nil {
		t.Fatal(err)
	}
	if _, err := f.s.CreateLotes(ctx, g.ID, owner, bulk("A", 1, 30, 3)); err != nil {
		t.Fatal(err)
	}
	f.assign(g.ID, "A1", owner, m1.ID, false)
	f.request(g.ID, "A2", m2)
	inv, err := f.s.CreateInvite(ctx, g.ID, owner, domain.InviteInput{ExpiraEmDias: ptr(3), MaxUsos: ptr(3)})
	if err != nil {
		t.Fatal(err)
	}
	if err := f.s.DeleteGroup(ctx, g.ID, m1); code(err) != domain.EForbidden {
		t.Fatalf("member deletes: %v", err)
	}
	if err := f.s.DeleteGroup(ctx, g.ID, owner); err != nil {
		t.Fatal(err)
	}
	out, err := f.s.DB.Query(ctx, &dynamodb.QueryInput{
		TableName: aws.String(f.s.Table), KeyConditionExpression: aws.String("PK = :pk"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":pk": &types.AttributeValueMemberS{Value: store.GroupPK(g.ID)}},
	})
	if err != nil || len(out.Items) != 0 {
		t.Fatalf("left %d items (%v)", len(out.Items), err)
	}
	if _, err := f.s.Invite(ctx, inv.Token); code(err) != domain.ENotFound {
		t.Fatalf("invite survived: %v", err)
	}
	if p := f.profile(owner.ID); len(p.GruposParticipantes) != 1 || p.GruposParticipantes[0] != other.ID {
		t.Fatalf("owner groups %v", p.GruposParticipantes)
	}
	if p := f.profile(m1.ID); len(p.GruposParticipantes) != 1 || p.GruposParticipantes[0] != other.ID {
		t.Fatalf("member groups %v", p.GruposParticipantes)
	}
	if p := f.profile(m2.ID); len(p.GruposParticipantes) != 0 {
		t.Fatalf("member groups %v", p.GruposParticipantes)
	}
	if _, err := f.s.GroupFor(ctx, g.ID, ""); code(err) != domain.ENotFound {
		t.Fatalf("group survived: %v", err)
	}
}

func ptr[T any](v T) *T { return &v }
