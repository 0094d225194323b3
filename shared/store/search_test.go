package store_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/uuid"

	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
)

func (f *fixture) search(q, uf, cidade string) []string {
	f.t.Helper()
	groups, _, err := f.s.Directory(context.Background(), store.DirectoryQuery{Q: domain.SearchKey(q), UF: uf, Cidade: domain.SearchKey(cidade), Limit: 100})
	if err != nil {
		f.t.Fatal(err)
	}
	var names []string
	for _, g := range groups {
		names = append(names, g.Nome)
	}
	return names
}

// TestDirectoryFindsAGroupByAnyWordOfItsNameOrCity: "Horta Comunitária Vila
// Mariana" is found by its third word, by two words, accent- and
// case-insensitively, by a word's start, and by its city; not by the middle
// of a word; in two calls whatever the table holds.
func TestDirectoryFindsAGroupByAnyWordOfItsNameOrCity(t *testing.T) {
	f := newFixtureOn(t, "search-"+uuid.NewString()[:8])
	owner := f.user("Dona")
	tag := uuid.NewString()[:6] // keeps this test's groups apart in a shared partition
	name := "Horta Comunitária Vila Mariana " + tag
	f.group(owner, func(in *domain.GroupInput) { in.Nome = name; in.Cidade = "São Paulo"; in.UF = "SP" })
	f.group(owner, func(in *domain.GroupInput) { in.Nome = "Quintal Mariano " + tag; in.Cidade = "Recife"; in.UF = "PE" })
	f.group(owner, func(in *domain.GroupInput) {
		in.Nome = "Horta Secreta Mariana " + tag
		in.Visibilidade = domain.Privado
		in.Entrada = domain.EntradaConvite
	})
	for _, c := range []struct {
		q, uf, cidade string
		want          []string
	}{
		{"mariana " + tag, "", "", []string{name}},
		{"vila mariana " + tag, "", "", []string{name}},
		{"COMUNITARIA " + tag, "", "", []string{name}},
		{"comunitária " + tag, "", "", []string{name}},
		{"mar " + tag, "", "", []string{name, "Quintal Mariano " + tag}},
		{"paulo " + tag, "", "", []string{name}},
		{"mariana " + tag, "SP", "", []string{name}},
		{"mari " + tag, "SP", "sao", []string{name}},
		{"mari " + tag, "PE", "", []string{"Quintal Mariano " + tag}},
		{"ariana " + tag, "", "", nil},
		{"mariana vila secreta " + tag, "", "", nil},
	} {
		got := f.search(c.q, c.uf, c.cidade)
		slices.Sort(got)
		slices.Sort(c.want)
		if !slices.Equal(got, c.want) {
			t.Errorf("%q uf=%s cidade=%s: %q, want %q", c.q, c.uf, c.cidade, got, c.want)
		}
	}
	f.calls.Reset()
	f.search("vila mariana "+tag, "", "")
	if got := fmt.Sprint(f.calls.ByOperation()); got != "map[BatchGetItem:1 Query:1]" {
		t.Errorf("calls: %s", got)
	}
}

// TestDirectoryWordsFollowTheGroup: a rename, a move to private and a
// deletion take the group's words with them in its own writes.
func TestDirectoryWordsFollowTheGroup(t *testing.T) {
	f := newFixtureOn(t, "search-"+uuid.NewString()[:8])
	ctx := context.Background()
	owner := f.user("Dona")
	tag := uuid.NewString()[:6]
	g := f.group(owner, func(in *domain.GroupInput) { in.Nome = "Horta Girassol " + tag })
	if got := f.search("girassol "+tag, "", ""); len(got) != 1 {
		t.Fatalf("new group: %q", got)
	}
	rename := func(prev domain.Group, edit func(*domain.GroupUpdate)) domain.Group {
		return f.update(prev, owner, edit)
	}
	g = rename(g, func(u *domain.GroupUpdate) { u.Nome = ptr("Horta Margarida " + tag) })
	if got := f.search("girassol "+tag, "", ""); len(got) != 0 {
		t.Errorf("old name still found: %q", got)
	}
	if got := f.search("margarida "+tag, "", ""); len(got) != 1 || got[0] != "Horta Margarida "+tag {
		t.Errorf("new name: %q", got)
	}
	g = rename(g, func(u *domain.GroupUpdate) {
		p, e := domain.Privado, domain.EntradaConvite
		u.Visibilidade, u.Entrada = &p, &e
	})
	if got := f.search("margarida "+tag, "", ""); len(got) != 0 {
		t.Errorf("private group found: %q", got)
	}
	g = rename(g, func(u *domain.GroupUpdate) {
		p, e := domain.Publico, domain.EntradaAberta
		u.Visibilidade, u.Entrada = &p, &e
	})
	if got := f.search("margarida "+tag, "", ""); len(got) != 1 {
		t.Errorf("public again: %q", got)
	}
	if err := f.s.DeleteGroup(ctx, g.ID, owner); err != nil {
		t.Fatal(err)
	}
	if got := f.search("margarida "+tag, "", ""); len(got) != 0 {
		t.Errorf("deleted group found: %q", got)
	}
	out, err := f.s.DB.Query(ctx, &dynamodb.QueryInput{
		TableName: &f.s.Table, KeyConditionExpression: ptr("PK = :pk"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":pk": &types.AttributeValueMemberS{Value: store.GroupPK(g.ID)}},
	})
	if err != nil || len(out.Items) != 0 {
		t.Errorf("deleted group's partition: %d items, %v", len(out.Items), err)
	}
}

// TestBackfillGivesOldGroupsTheirWordsOnce: groups stored before the word
// index (no word items) are found by a word after the backfill, which runs
// once per table.
func TestBackfillGivesOldGroupsTheirWordsOnce(t *testing.T) {
	f := newFixtureOn(t, "search-"+uuid.NewString()[:8])
	ctx := context.Background()
	tag := uuid.NewString()[:6]
	var reqs []types.WriteRequest
	for i := range 30 {
		in := domain.GroupInput{Nome: fmt.Sprintf("Horta Antiga %s %d", tag, i), Cidade: "Olinda", UF: "PE"}
		if err := in.Valid(); err != nil {
			t.Fatal(err)
		}
		g := domain.NewGroup(uuid.Must(uuid.NewV7()).String(), "dono", in, domain.Defaults(), time.Now())
		item, err := store.MarshalGroup(g)
		if err != nil {
			t.Fatal(err)
		}
		reqs = append(reqs, types.WriteRequest{PutRequest: &types.PutRequest{Item: item}})
	}
	for i := 0; i < len(reqs); i += 25 {
		if _, err := f.s.DB.BatchWriteItem(ctx, &dynamodb.BatchWriteItemInput{RequestItems: map[string][]types.WriteRequest{f.s.Table: reqs[i:min(i+25, len(reqs))]}}); err != nil {
			t.Fatal(err)
		}
	}
	if got := f.search("antiga "+tag, "", ""); len(got) != 0 {
		t.Fatalf("found before the backfill: %d", len(got))
	}
	n, err := backfillAll(ctx, f.s.BackfillDirectoryWordsPage)
	if err != nil || n != 30*4 { // horta, antiga, the tag, olinda (numbers under 3 digits are too short)
		t.Fatalf("backfill: %d, %v", n, err)
	}
	if got := f.search("antiga "+tag, "", ""); len(got) != 30 {
		t.Errorf("after the backfill: %d groups", len(got))
	}
	// A second pass puts the same items again (its migration runs it once per table).
	if n, err := backfillAll(ctx, f.s.BackfillDirectoryWordsPage); n != 30*4 || err != nil {
		t.Errorf("second pass: %d, %v", n, err)
	}
	if got := f.search("antiga "+tag, "", ""); len(got) != 30 {
		t.Errorf("after the second pass: %d groups", len(got))
	}
}
