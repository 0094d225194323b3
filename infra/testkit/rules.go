package testkit

import (
	"context"
	"testing"

	"github.com/verde-app/verde/shared/domain"
)

// SetRules saves the table's rules as change leaves them (the version after
// the one it read), written by by, and returns the rules it read.
func (e *Env) SetRules(t testing.TB, by string, change func(*domain.Rules)) domain.Rules {
	t.Helper()
	ctx := context.Background()
	cur, err := e.Deps.Store.Rules(ctx)
	if err != nil {
		t.Fatal(err)
	}
	next := cur
	change(&next)
	next.Version = cur.Version + 1
	if err := e.Deps.Store.SaveRules(ctx, next, by); err != nil {
		t.Fatalf("save rules: %v", err)
	}
	return cur
}

// SetRulesForTest is SetRules undone when t ends: the rules it read are
// saved back over whatever version the table then holds.
func (e *Env) SetRulesForTest(t testing.TB, by string, change func(*domain.Rules)) {
	t.Helper()
	prev := e.SetRules(t, by, change)
	t.Cleanup(func() {
		ctx := context.Background()
		cur, err := e.Deps.Store.Rules(ctx)
		if err != nil {
			t.Fatal(err)
		}
		prev.Version = cur.Version + 1
		if err := e.Deps.Store.SaveRules(ctx, prev, by); err != nil {
			t.Fatalf("restore rules: %v", err)
		}
	})
}
