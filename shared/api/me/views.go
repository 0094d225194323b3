package me

import (
	"github.com/verde-app/verde/shared/domain"
)

// Profile is the caller's own profile (schema Profile in openapi.yaml): the
// domain's profile, whose JSON names are the API's.
type Profile domain.Profile

// profileOf is p with its lists as JSON arrays, never null.
func profileOf(p domain.Profile) Profile {
	out := Profile(p)
	out.Conquistas = nonNil(p.Conquistas)
	out.GruposParticipantes = nonNil(p.GruposParticipantes)
	return out
}

// nonNil keeps a list a JSON array, never null.
func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
