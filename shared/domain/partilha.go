package domain

import (
	"fmt"
	"math"
	"time"
)

// Partilha da colheita: from a harvest marked compartilhado or doado, its
// author posts "quem quer?" with a quantity; members reserve a part; the
// giver marks each part delivered, and the kg delivered count for the giver
// and the group (the report's partilha).

const (
	MaxDescricaoPartilha = 500
	PartilhaAberta       = "aberta"
	PartilhaEncerrada    = "encerrada"
	ReservaReservada     = "reservada"
	ReservaEntregue      = "entregue"
)

// Partilha is an offer of part of a harvest.
type Partilha struct {
	ID         string    `json:"id"` // the harvest's id: one offer per harvest
	GroupID    string    `json:"groupId"`
	CultivoID  string    `json:"cultivoId"`
	AutorID    string    `json:"autorId"`
	AutorNome  string    `json:"autorNome"`
	Vegetal    string    `json:"vegetal"`
	Destino    string    `json:"destino"`
	Unidade    string    `json:"unidade"`
	Quantidade float64   `json:"quantidade"`
	Restante   float64   `json:"restante"`
	Descricao  string    `json:"descricao"`
	Status     string    `json:"status"`
	Reservas   int       `json:"reservas"`
	CriadoEm   time.Time `json:"criadoEm"`
}

// Reserva is a member's part of an offer.
type Reserva struct {
	UserID     string    `json:"userId"`
	Nome       string    `json:"nome"`
	Quantidade float64   `json:"quantidade"`
	Status     string    `json:"status"`
	CriadoEm   time.Time `json:"criadoEm"`
}

// PartilhaInput is the body of POST /api/groups/{groupId}/partilhas.
type PartilhaInput struct {
	CultivoID  string   `json:"cultivoId"`
	ColheitaID string   `json:"colheitaId"`
	Quantidade *float64 `json:"quantidade"`
	Descricao  string   `json:"descricao"`
}

func (in *PartilhaInput) Valid() error {
	if in.CultivoID == "" || Length(in.CultivoID) > 128 {
		return Invalid("cultivoId", "Escolha o cultivo da colheita")
	}
	if in.ColheitaID == "" || Length(in.ColheitaID) > 128 {
		return Invalid("colheitaId", "Escolha a colheita a partilhar")
	}
	if in.Quantidade == nil || math.IsNaN(*in.Quantidade) || *in.Quantidade <= 0 {
		return Invalid("quantidade", "Informe quanto quer partilhar")
	}
	// Totals add each quantity in DynamoDB (38 significant digits), as harvests do.
	if *in.Quantidade < MinQuantidadeColhida || *in.Quantidade > 1e6 {
		return Invalid("quantidade", "A quantidade deve ser de no mínimo 0,001 e no máximo a da colheita")
	}
	in.Descricao = CleanMultiline(in.Descricao)
	if Length(in.Descricao) > MaxDescricaoPartilha {
		return Invalid("descricao", fmt.Sprintf("A descrição deve ter no máximo %d caracteres", MaxDescricaoPartilha))
	}
	return nil
}

// NovaPartilha is the offer of q of harvest h (its author's, compartilhado or doado).
func NovaPartilha(h Colheita, c Cultivo, uid string, q float64, descricao string, now time.Time) (Partilha, error) {
	if h.AutorID != uid {
		return Partilha{}, Forbidden("Só quem registrou a colheita pode partilhá-la")
	}
	if h.Destino != "compartilhado" && h.Destino != "doado" {
		return Partilha{}, Conflict("Partilhe colheitas marcadas como compartilhado ou doado")
	}
	if q > h.Quantidade+1e-9 {
		return Partilha{}, Invalid("quantidade", fmt.Sprintf("A colheita tem %s %s", formatQ(h.Quantidade), h.Unidade))
	}
	return Partilha{ID: h.ID, GroupID: c.GrupoID, CultivoID: c.ID, AutorID: uid, AutorNome: h.AutorNome, Vegetal: c.VegetalNome,
		Destino: h.Destino, Unidade: h.Unidade, Quantidade: q, Restante: q, Descricao: descricao, Status: PartilhaAberta, CriadoEm: now.UTC()}, nil
}

func formatQ(f float64) string { return fmt.Sprint(math.Round(f*1000) / 1000) }

// ReservaInput is the body of PUT .../partilhas/{partilhaId}/reserva.
type ReservaInput struct {
	Quantidade *float64 `json:"quantidade"`
}

func (in *ReservaInput) Valid() error {
	if in.Quantidade == nil || math.IsNaN(*in.Quantidade) || *in.Quantidade <= 0 {
		return Invalid("quantidade", "Informe quanto quer reservar")
	}
	if *in.Quantidade < MinQuantidadeColhida || *in.Quantidade > 1e6 {
		return Invalid("quantidade", "A quantidade deve ser de no mínimo 0,001")
	}
	return nil
}

// PodeReservar: a member other than the giver reserves at most what is left, once.
func (p Partilha) PodeReservar(uid string, q float64, ja *Reserva) error {
	if p.Status != PartilhaAberta {
		return Conflict("Esta partilha foi encerrada")
	}
	if uid == p.AutorID {
		return Conflict("Você não pode reservar a sua própria partilha")
	}
	if ja != nil {
		return Conflict("Você já reservou uma parte desta partilha")
	}
	if q > p.Restante+1e-9 {
		return Invalid("quantidade", fmt.Sprintf("Restam %s %s", formatQ(p.Restante), p.Unidade))
	}
	return nil
}

// KgDe is q of the offer's unit in kg (0 for units and bunches).
func (p Partilha) KgDe(q float64) float64 { return KgOf(Colheita{Quantidade: q, Unidade: p.Unidade}) }

// Errors and notifications of partilha.
func ErrPartilhaNotFound() *Error { return NotFound("Partilha não encontrada") }
func ErrReservaNotFound() *Error  { return NotFound("Reserva não encontrada") }

const (
	NotifPartilhaReserva = "partilha_reserva" // to the giver: someone reserved a part
	NotifPartilhaEntrega = "partilha_entrega" // to the member: the part was delivered
)

func TextoPartilhaReserva(nome, q, unidade, vegetal string) string {
	return fmt.Sprintf("%s reservou %s %s de %s da sua partilha", nome, q, unidade, vegetal)
}

func TextoPartilhaEntrega(quem, vegetal string) string {
	return fmt.Sprintf("%s marcou como entregue a sua parte de %s. Bom proveito!", quem, vegetal)
}

// FormatQuantidade is a quantity as a partilha says it (up to 3 decimals, comma).
func FormatQuantidade(f float64) string {
	s := formatQ(f)
	for i := range s {
		if s[i] == '.' {
			return s[:i] + "," + s[i+1:]
		}
	}
	return s
}

// LinkPartilha is an offer's page.
func LinkPartilha(gid, pid string) string { return "/grupos/" + gid + "/partilhas/" + pid }

// UnidadeTexto is a harvest unit as a sentence says it ("maços").
func UnidadeTexto(u string) string { return unidadeTexto[u] }
