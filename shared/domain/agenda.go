package domain

import "time"

// A member's agenda (their calendar feed, "Minha escala"): the mutirões they
// signed up for and their escala turns; a group's agenda: its mutirões and
// its escalas.

// Kinds of agenda entries.
const (
	AgendaMutirao = "mutirao" // a mutirão (a sign-up to it, in a member's agenda)
	AgendaEscala  = "escala"  // a weekly turn in an escala
	AgendaTroca   = "troca"   // a turn someone else's swap gave the member on one day
	AgendaCedida  = "cedida"  // a turn the member gave away on one day
	AgendaPedido  = "pedido"  // a swap someone asked of the member, not yet answered
)

// AgendaItem is one entry of an agenda.
type AgendaItem struct {
	Tipo       string
	GroupID    string
	RefID      string // the mutirão or the escala
	Titulo     string
	Local      string
	Descricao  string
	Inicio     time.Time // a mutirão's start, a swapped turn's start
	DuracaoMin int
	Cancelado  bool
	Espera     bool // a sign-up on the waiting list
	// A weekly turn: the weekdays (0 Sunday … 6 Saturday) at Hora (HH:MM, Brasília).
	Dias []int
	Hora string
	// A swap: its day (yyyy-mm-dd) and who asked.
	Data string
	De   string
}

// ProximaVez is the next start of a weekly turn at or after from (Brasília).
func (a AgendaItem) ProximaVez(from time.Time) (time.Time, bool) {
	if len(a.Dias) == 0 {
		return time.Time{}, false
	}
	var h, m int
	if _, err := fmtSscan(a.Hora, &h, &m); err != nil {
		return time.Time{}, false
	}
	local := from.In(Brasilia)
	for i := 0; i < 8; i++ {
		d := local.AddDate(0, 0, i)
		start := time.Date(d.Year(), d.Month(), d.Day(), h, m, 0, 0, Brasilia)
		for _, wd := range a.Dias {
			if int(d.Weekday()) == wd && !start.Before(from) {
				return start.UTC(), true
			}
		}
	}
	return time.Time{}, false
}

// CalendarioInput is the body of PUT /api/me/calendario: a group's feed, or
// (groupId empty) the member's own.
type CalendarioInput struct {
	GroupID string `json:"groupId"`
}

func (in *CalendarioInput) Valid() error {
	in.GroupID = CleanText(in.GroupID)
	if Length(in.GroupID) > 128 {
		return Invalid("groupId", "Grupo inválido")
	}
	return nil
}
