package main

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/aws/aws-lambda-go/cfn"
	"github.com/google/uuid"

	"github.com/verde-app/verde/infra/local/testcloud"
	"github.com/verde-app/verde/infra/seed"
	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
)

func TestMain(m *testing.M) { testcloud.RunDynamo(m) }

// newStore is a store on a table of its own, with its DynamoDB calls counted.
func newStore(t *testing.T) (*store.Store, *testkit.CallCounter) {
	t.Helper()
	calls := &testkit.CallCounter{}
	cfg := app.ConfigFromEnv()
	cfg.TableName = "catalogseed-" + uuid.NewString()[:8]
	d, err := app.NewDeps(context.Background(), cfg, calls.Attach)
	if err != nil {
		t.Fatal(err)
	}
	if err := store.CreateTable(context.Background(), d.Store.DB, cfg.TableName); err != nil {
		t.Fatal(err)
	}
	calls.Reset()
	return d.Store, calls
}

func event(kind cfn.RequestType) cfn.Event {
	ev := cfn.Event{RequestType: kind, ResourceType: "Custom::CatalogSeed", LogicalResourceID: "Catalog"}
	if kind != cfn.RequestCreate {
		ev.PhysicalResourceID = physicalID
	}
	return ev
}

func TestCreateAndUpdateSeedTheCatalogueOnce(t *testing.T) {
	ctx := context.Background()
	s, calls := newStore(t)
	h := handler(s, seed.Catalog, nil)

	id, data, err := h(ctx, event(cfn.RequestCreate))
	if err != nil || id != physicalID || data["Written"] != 67 {
		t.Fatalf("create: %q %v %v", id, data, err)
	}
	// An update (new data, new code) runs the same seed: what exists is kept.
	id, data, err = h(ctx, event(cfn.RequestUpdate))
	if err != nil || id != physicalID || data["Written"] != 0 {
		t.Fatalf("update: %q %v %v", id, data, err)
	}
	vegetables, err := s.Vegetables(ctx)
	if err != nil || len(vegetables) != 55 {
		t.Fatalf("%d vegetables, %v", len(vegetables), err)
	}
	conquistas, err := s.Conquistas(ctx)
	if err != nil || len(conquistas) != 12 {
		t.Fatalf("%d conquistas, %v", len(conquistas), err)
	}

	// An update that brings a new vegetable writes that one alone.
	more := func() ([]domain.Vegetable, []domain.Conquista, error) {
		v, c, err := seed.Catalog()
		return append(v, domain.Vegetable{ID: "novo", Nome: "Novo", DiasColheitaMin: 1, DiasColheitaMax: 2}), c, err
	}
	calls.Reset()
	if _, data, err = handler(s, more, nil)(ctx, event(cfn.RequestUpdate)); err != nil || data["Written"] != 1 {
		t.Fatalf("update with a new vegetable: %v %v", data, err)
	}
	// Plus one GetItem: the directory words' backfill already ran on create (its mark).
	if ops := calls.ByOperation(); ops["BatchGetItem"] != 1 || ops["BatchWriteItem"] != 1 || ops["GetItem"] != 1 || calls.Total() != 3 {
		t.Errorf("update made %v", ops)
	}
}

func TestDeleteKeepsTheCatalogue(t *testing.T) {
	ctx := context.Background()
	s, calls := newStore(t)
	if _, _, err := handler(s, seed.Catalog, nil)(ctx, event(cfn.RequestCreate)); err != nil {
		t.Fatal(err)
	}
	calls.Reset()
	failing := func() ([]domain.Vegetable, []domain.Conquista, error) {
		return nil, nil, errors.New("not read on delete")
	}
	id, data, err := handler(s, failing, nil)(ctx, event(cfn.RequestDelete))
	if err != nil || id != physicalID || data != nil || calls.Total() != 0 {
		t.Fatalf("delete: %q %v %v after %d calls", id, data, err, calls.Total())
	}
	if vegetables, err := s.Vegetables(ctx); err != nil || len(vegetables) != 55 {
		t.Fatalf("after delete: %d vegetables, %v", len(vegetables), err)
	}
}

func TestAFailedSeedIsReportedWithTheSameID(t *testing.T) {
	s, calls := newStore(t)
	broken := func() ([]domain.Vegetable, []domain.Conquista, error) {
		return []domain.Vegetable{{ID: "a#b"}}, nil, nil
	}
	id, _, err := handler(s, broken, nil)(context.Background(), event(cfn.RequestCreate))
	if err == nil || id != physicalID || calls.Total() != 0 {
		t.Fatalf("create with a bad id: %q %v after %d calls", id, err, calls.Total())
	}
}

// Through cfn.LambdaWrap, as main runs it: CloudFormation's presigned URL receives SUCCESS
// with the stable id, or FAILED with the reason.
func TestLambdaWrapAnswersCloudFormation(t *testing.T) {
	s, _ := newStore(t)
	var got []cfn.Response
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var resp cfn.Response
		if err := json.NewDecoder(r.Body).Decode(&resp); err != nil {
			t.Error(err)
		}
		got = append(got, resp)
	}))
	defer srv.Close()
	broken := func() ([]domain.Vegetable, []domain.Conquista, error) { return nil, nil, errors.New("no data") }
	for _, h := range []cfn.CustomResourceFunction{handler(s, seed.Catalog, nil), handler(s, broken, nil)} {
		ev := event(cfn.RequestUpdate)
		ev.ResponseURL, ev.RequestID, ev.StackID = srv.URL, "r1", "stack"
		if _, err := cfn.LambdaWrap(h)(context.Background(), ev); err != nil {
			t.Fatal(err)
		}
	}
	if len(got) != 2 || got[0].Status != cfn.StatusSuccess || got[0].PhysicalResourceID != physicalID ||
		got[1].Status != cfn.StatusFailed || got[1].Reason != "no data" || got[1].PhysicalResourceID != physicalID {
		t.Fatalf("responses %+v", got)
	}
}
