package lotes

import (
	"github.com/verde-app/verde/shared/domain"
)

// Lote is a lote as the API shows it (schema Lote in openapi.yaml): the
// domain's lote, field for field.
type Lote domain.Lote

func loteOf(l domain.Lote) Lote { return Lote(l) }

func lotesOf(ls []domain.Lote) []Lote {
	out := make([]Lote, 0, len(ls))
	for _, l := range ls {
		out = append(out, loteOf(l))
	}
	return out
}

// LoteRequest is a member's open request for a lote (schema LoteRequest): the
// domain's request, field for field.
type LoteRequest domain.LoteRequest

func loteRequestOf(r domain.LoteRequest) LoteRequest { return LoteRequest(r) }
