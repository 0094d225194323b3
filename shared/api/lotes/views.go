package lotes

import (
	"time"

	"github.com/verde-app/verde/shared/domain"
)

// Lote is a lote as the API shows it (schema Lote in openapi.yaml).
type Lote struct {
	GroupID          string            `json:"groupId"`
	Codigo           string            `json:"codigo"`
	Area             float64           `json:"area"`
	Status           domain.LoteStatus `json:"status"`
	ResponsavelID    *string           `json:"responsavelId"`
	ResponsavelNome  *string           `json:"responsavelNome"`
	AtribuidoEm      *time.Time        `json:"atribuidoEm"`
	Observacoes      string            `json:"observacoes"`
	PedidosPendentes int               `json:"pedidosPendentes"`
	CultivosAtivos   int               `json:"cultivosAtivos"`
	Version          int               `json:"version"`
	CreatedAt        time.Time         `json:"createdAt"`
	UpdatedAt        time.Time         `json:"updatedAt"`
}

func loteOf(l domain.Lote) Lote {
	return Lote{
		GroupID: l.GroupID, Codigo: l.Codigo, Area: l.Area, Status: l.Status,
		ResponsavelID: l.ResponsavelID, ResponsavelNome: l.ResponsavelNome, AtribuidoEm: l.AtribuidoEm,
		Observacoes: l.Observacoes, PedidosPendentes: l.PedidosPendentes, CultivosAtivos: l.CultivosAtivos, Version: l.Version,
		CreatedAt: l.CreatedAt, UpdatedAt: l.UpdatedAt,
	}
}

func lotesOf(ls []domain.Lote) []Lote {
	out := make([]Lote, 0, len(ls))
	for _, l := range ls {
		out = append(out, loteOf(l))
	}
	return out
}

// LoteRequest is a member's open request for a lote (schema LoteRequest).
type LoteRequest struct {
	GroupID   string    `json:"groupId"`
	Codigo    string    `json:"codigo"`
	UserID    string    `json:"userId"`
	Nome      string    `json:"nome"`
	CreatedAt time.Time `json:"createdAt"`
}

func loteRequestOf(r domain.LoteRequest) LoteRequest {
	return LoteRequest{GroupID: r.GroupID, Codigo: r.Codigo, UserID: r.UserID, Nome: r.Nome, CreatedAt: r.CreatedAt}
}
