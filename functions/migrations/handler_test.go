package main

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/cfn"

	"github.com/verde-app/verde/infra/local/testcloud"
	"github.com/verde-app/verde/infra/seed"
	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/migrations"
)

func TestMain(m *testing.M) { testcloud.RunDynamo(m) }

func event(kind cfn.RequestType) cfn.Event {
	ev := cfn.Event{RequestType: kind, ResourceType: "Custom::Migrations", LogicalResourceID: "Migrations"}
	if kind != cfn.RequestCreate {
		ev.PhysicalResourceID = physicalID
	}
	return ev
}

func listOf(catalog migrations.Catalog) listFunc {
	return func() ([]migrations.Migration, error) { return migrations.List(catalog, seed.Yields, nil) }
}

func noContinue(t *testing.T) func(context.Context) error {
	return func(context.Context) error {
		t.Error("nothing should be left for a continuation")
		return nil
	}
}

func TestCreateRunsEveryMigrationAndUpdateRunsNoneAgain(t *testing.T) {
	ctx := context.Background()
	s, calls := testkit.NewStoreOwn(t, "migrations")
	all, _ := migrations.List(seed.Catalog, seed.Yields, nil)
	h := handler(s, listOf(seed.Catalog), noContinue(t), time.Minute)

	id, data, err := h(ctx, event(cfn.RequestCreate))
	if err != nil || id != physicalID || data["Feitas"] != len(all) || data["Pendentes"] != 0 {
		t.Fatalf("create: %q %v %v", id, data, err)
	}
	wantV, wantC, _ := seed.Catalog()
	vegetais, err := s.Vegetais(ctx)
	if err != nil || len(vegetais) != len(wantV) {
		t.Fatalf("%d vegetables, %v", len(vegetais), err)
	}
	conquistas, err := s.Conquistas(ctx)
	if err != nil || len(conquistas) != len(wantC) {
		t.Fatalf("%d conquistas, %v", len(conquistas), err)
	}
	// An update with the same code and data: every migration is recorded done, one Query.
	calls.Reset()
	id, data, err = h(ctx, event(cfn.RequestUpdate))
	if err != nil || id != physicalID || data["Feitas"] != 0 || data["JaFeitas"] != len(all) || data["Itens"] != 0 {
		t.Fatalf("update: %q %v %v", id, data, err)
	}
	if ops := calls.ByOperation(); ops["Query"] != 1 || calls.Total() != 1 {
		t.Errorf("an update with nothing to do made %v", ops)
	}

	// A new version of the seed is a new migration: it writes the new vegetable; and so is the
	// yields' (their id names the catalogue's too), which writes them again (one item per vegetable with a yield).
	yields, err := seed.Yields()
	if err != nil {
		t.Fatal(err)
	}
	more := func() ([]domain.Vegetal, []domain.Conquista, error) {
		v, c, err := seed.Catalog()
		return append(v, domain.Vegetal{ID: "novo", Nome: "Novo", DiasColheitaMin: 1, DiasColheitaMax: 2}), c, err
	}
	if _, data, err = handler(s, listOf(more), noContinue(t), time.Minute)(ctx, event(cfn.RequestUpdate)); err != nil || data["Feitas"] != 2 || data["Itens"] != 1+len(yields) {
		t.Fatalf("update with a new vegetable: %v %v", data, err)
	}
	if v, err := s.Vegetal(ctx, "novo"); err != nil || v.Nome != "Novo" {
		t.Fatalf("the new vegetable: %+v %v", v, err)
	}
}

func TestWhatCloudFormationCannotWaitForGoesOnAsynchronously(t *testing.T) {
	ctx := context.Background()
	s, _ := testkit.NewStoreOwn(t, "migrations")
	continued := 0
	cont := func(context.Context) error { continued++; return nil }
	_, data, err := handler(s, listOf(seed.Catalog), cont, 0)(ctx, event(cfn.RequestCreate))
	all, _ := migrations.List(seed.Catalog, seed.Yields, nil)
	if err != nil || data["Pendentes"] != len(all) || continued != 1 {
		t.Fatalf("a create out of time: %v %v, %d continuations", data, err, continued)
	}
	rep, err := continueRun(s, listOf(seed.Catalog), cont)(ctx)
	if err != nil || len(rep.Feitas) != len(all) || len(rep.Pendentes) != 0 || continued != 1 {
		t.Fatalf("the continuation: %+v %v, %d continuations", rep, err, continued)
	}
}

func TestDeleteKeepsTheData(t *testing.T) {
	ctx := context.Background()
	s, calls := testkit.NewStoreOwn(t, "migrations")
	if _, _, err := handler(s, listOf(seed.Catalog), noContinue(t), time.Minute)(ctx, event(cfn.RequestCreate)); err != nil {
		t.Fatal(err)
	}
	calls.Reset()
	failing := func() ([]migrations.Migration, error) { return nil, errors.New("not read on delete") }
	id, data, err := handler(s, failing, noContinue(t), time.Minute)(ctx, event(cfn.RequestDelete))
	if err != nil || id != physicalID || data != nil || calls.Total() != 0 {
		t.Fatalf("delete: %q %v %v after %d calls", id, data, err, calls.Total())
	}
}

// Through cfn.LambdaWrap and dispatch, as main runs it: CloudFormation's presigned URL receives
// SUCCESS with the stable id, or FAILED with the reason.
func TestLambdaWrapAnswersCloudFormation(t *testing.T) {
	s, _ := testkit.NewStoreOwn(t, "migrations")
	var got []cfn.Response
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var resp cfn.Response
		if err := json.NewDecoder(r.Body).Decode(&resp); err != nil {
			t.Error(err)
		}
		got = append(got, resp)
	}))
	defer srv.Close()
	broken := func() ([]migrations.Migration, error) { return nil, errors.New("no data") }
	for _, list := range []listFunc{listOf(seed.Catalog), broken} {
		ev := event(cfn.RequestUpdate)
		ev.ResponseURL, ev.RequestID, ev.StackID = srv.URL, "r1", "stack"
		raw, _ := json.Marshal(ev)
		h := dispatch(cfn.LambdaWrap(handler(s, list, noContinue(t), time.Minute)), continueRun(s, list, noContinue(t)))
		if _, err := h(context.Background(), raw); err != nil {
			t.Fatal(err)
		}
	}
	if len(got) != 2 || got[0].Status != cfn.StatusSuccess || got[0].PhysicalResourceID != physicalID ||
		got[1].Status != cfn.StatusFailed || got[1].Reason != "no data" || got[1].PhysicalResourceID != physicalID {
		t.Fatalf("responses %+v", got)
	}
}
