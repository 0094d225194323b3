package domain

import (
	"strconv"
	"strings"
	"time"
)

// The points ledger: every change of a member's total is one row (an award,
// a conquista's bonus, a reversal of an award whose act was undone, an
// admin's adjustment), so the rows add up to pontosTotais.

// MotivoEstorno is the row that takes an award back when its act is undone
// (a deleted post, comment, diary entry or harvest); its ref is the award's
// motivo and ref joined by EstornoSep.
const (
	MotivoEstorno   = "ESTORNO"
	MotivoConquista = "CONQ"
	EstornoSep      = ":"
)

// Estorno is the reversal of award a (paid pontos).
func Estorno(a Award) Award {
	return Award{Motivo: MotivoEstorno, Ref: a.Motivo + EstornoSep + a.Ref, Pontos: -a.Pontos}
}

// motivoRotulos are the rows' labels.
var motivoRotulos = map[string]string{
	MotivoCriarGrupo:      "Criou um grupo",
	MotivoEntrarGrupo:     "Entrou em um grupo",
	MotivoCultivo:         "Criou um cultivo",
	MotivoDiario:          "Registro no diário de cultivo",
	MotivoColheita:        "Colheita registrada",
	MotivoPost:            "Publicou um post",
	MotivoComentario:      "Comentou um post",
	MotivoCurtidaRecebida: "Curtida recebida",
	MotivoAjuste:          "Ajuste da administração",
	MotivoConquista:       "Conquista desbloqueada",
}

// Estornos' labels say what was undone.
var estornoRotulos = map[string]string{
	MotivoDiario:          "Estorno: registro do diário apagado",
	MotivoColheita:        "Estorno: colheita apagada ou corrigida",
	MotivoPost:            "Estorno: post apagado",
	MotivoComentario:      "Estorno: comentário apagado",
	MotivoCurtidaRecebida: "Estorno: curtida desfeita",
	MotivoCultivo:         "Estorno: cultivo apagado",
}

// RotuloMotivo is a ledger row's label in Portuguese: the act, the
// conquista's name for a bonus, what was undone for a reversal.
func RotuloMotivo(motivo, ref string) string {
	switch motivo {
	case MotivoConquista:
		if c, ok := ConquistaByCode(ref); ok {
			return "Conquista desbloqueada: " + c.Nome
		}
	case MotivoEstorno:
		orig, _, _ := strings.Cut(ref, EstornoSep)
		if l, ok := estornoRotulos[orig]; ok {
			return l
		}
		return "Estorno de pontos"
	}
	if l, ok := motivoRotulos[motivo]; ok {
		return l
	}
	return "Pontos"
}

// TextoTeto is what a row says when the daily ceiling cut its award.
func TextoTeto(r Rules) string {
	return "Teto diário de " + strconv.Itoa(r.Pontos.TetoDiario) + " pontos atingido"
}

// PontosHoje is the points a member earned on Brasília day (yyyy-mm-dd)
// according to the profile's running count (dia is the count's day).
func PontosHoje(pontosDia int, dia, day string) int {
	if dia != day {
		return 0
	}
	return pontosDia
}

// Tetado is an award cut to what is left of the day's ceiling: capped says
// the ceiling took some or all of it.
type Tetado struct {
	Award  Award
	Capped bool
}

// ApplyTeto cuts award a when the member earned hoje points today under r.
// Only gains are cut; a reversal is never.
func ApplyTeto(r Rules, a Award, hoje int) Tetado {
	if a.Pontos <= 0 {
		return Tetado{Award: a}
	}
	room := max(r.Pontos.TetoDiario-hoje, 0)
	if a.Pontos <= room {
		return Tetado{Award: a}
	}
	a.Pontos = room
	return Tetado{Award: a, Capped: true}
}

// LedgerRow is one row of a member's points history.
type LedgerRow struct {
	Motivo    string
	Ref       string
	Rotulo    string
	Descricao string // an admin's reason, the ceiling's note
	Pontos    int
	Em        time.Time
}

// ErrDiarioNotFound hides a diary entry (or says it cannot be deleted: the
// phase and harvest lines go with their acts).
func ErrDiarioNotFound() *Error { return NotFound("Registro do diário não encontrado") }
