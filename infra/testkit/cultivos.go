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
	return e.CreateCultivo(t, in, by).ID
}

// CreateCultivo is NewCultivo returning the whole cultivo as the store made it.
func (e *Env) CreateCultivo(t testing.TB, in domain.CultivoInput, by User) domain.Cultivo {
	t.Helper()
	if err := in.Valid(); err != nil {
		t.Fatal(err)
	}
	c, _, err := e.Deps.Store.CreateCultivo(context.Background(), uuid.Must(uuid.NewV7()).String(), in, Actor(by))
	if err != nil {
		t.Fatalf("create cultivo: %v", err)
	}
	return c
}
