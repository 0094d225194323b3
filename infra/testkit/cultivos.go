package testkit

import (
	"context"
	"testing"

	"github.com/google/uuid"

	"github.com/verde-app/verde/shared/domain"
)

// NewCultivo makes the cultivo in (valid, or t fails) of by through the
// store, under a new id, and returns the id.
func (e *Env) NewCultivo(t testing.TB, in domain.CultivoInput, by User) string {
	t.Helper()
	if err := in.Valid(); err != nil {
		t.Fatal(err)
	}
	id := uuid.Must(uuid.NewV7()).String()
	if _, _, err := e.Deps.Store.CreateCultivo(context.Background(), id, in, Actor(by)); err != nil {
		t.Fatalf("create cultivo: %v", err)
	}
	return id
}
