package main

import (
	"context"
	"encoding/json"
	"log/slog"
	"time"

	"github.com/aws/aws-lambda-go/cfn"

	"github.com/verde-app/verde/shared/migrations"
	"github.com/verde-app/verde/shared/store"
)

// physicalID is the resource's one PhysicalResourceId. It never changes, so
// CloudFormation never reads an update as a replacement (which would be
// followed by a Delete of the "old" resource).
const physicalID = "verde-migrations"

// cfnBudget is how long a create or update runs migrations before it answers
// CloudFormation (which waits ServiceTimeout, 120 s): what is left goes on in
// an asynchronous run. responseMargin is kept from a run's deadline to save
// its position and hand over.
const (
	cfnBudget      = 90 * time.Second
	responseMargin = 30 * time.Second
)

// Continue is the event of an asynchronous run that goes on with the migrations.
type Continue struct {
	Continuar bool `json:"continuar"`
}

type listFunc func() ([]migrations.Migration, error)

// handler runs the migrations on Create and Update, for at most budget;
// migrations still pending go on in an asynchronous run (cont), and the
// stack's deploy goes on. Delete does nothing: the data stays in the table,
// which the stack retains. A failure is reported to CloudFormation as FAILED
// with its reason (the deploy rolls back; the failed migration goes on from
// its position on the next deploy).
func handler(s *store.Store, list listFunc, cont func(context.Context) error, budget time.Duration) cfn.CustomResourceFunction {
	return func(ctx context.Context, ev cfn.Event) (string, map[string]any, error) {
		if ev.RequestType == cfn.RequestDelete {
			return physicalID, nil, nil
		}
		ms, err := list()
		if err != nil {
			return physicalID, nil, err
		}
		rep, err := migrations.Run(ctx, s, ms, time.Now().Add(budget))
		if err != nil {
			return physicalID, nil, err
		}
		if len(rep.Pendentes) > 0 {
			if err := cont(ctx); err != nil {
				return physicalID, nil, err
			}
		}
		return physicalID, map[string]any{"Feitas": len(rep.Feitas), "Pendentes": len(rep.Pendentes), "JaFeitas": rep.Ja, "Itens": rep.Itens}, nil
	}
}

// continueRun goes on with pending migrations until its deadline is near,
// then hands over to another asynchronous run.
func continueRun(s *store.Store, list listFunc, cont func(context.Context) error) func(context.Context) (migrations.Report, error) {
	return func(ctx context.Context) (migrations.Report, error) {
		ms, err := list()
		if err != nil {
			return migrations.Report{}, err
		}
		until := time.Time{}
		if d, ok := ctx.Deadline(); ok {
			until = d.Add(-responseMargin)
		}
		rep, err := migrations.Run(ctx, s, ms, until)
		if err != nil {
			return rep, err
		}
		slog.InfoContext(ctx, "migrations", "feitas", rep.Feitas, "pendentes", rep.Pendentes, "itens", rep.Itens)
		if len(rep.Pendentes) > 0 {
			return rep, cont(ctx)
		}
		return rep, nil
	}
}

// dispatch tells CloudFormation's events (they carry a RequestType) from a
// continuation's.
func dispatch(onCFN func(context.Context, cfn.Event) (string, error), onContinue func(context.Context) (migrations.Report, error)) func(context.Context, json.RawMessage) (any, error) {
	return func(ctx context.Context, raw json.RawMessage) (any, error) {
		var probe struct{ RequestType string }
		json.Unmarshal(raw, &probe)
		if probe.RequestType != "" {
			var ev cfn.Event
			if err := json.Unmarshal(raw, &ev); err != nil {
				return nil, err
			}
			return onCFN(ctx, ev)
		}
		return onContinue(ctx)
	}
}
