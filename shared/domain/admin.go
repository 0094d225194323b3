package domain

import (
	"strconv"
	"strings"
)

// The site admin's writes (/admin/configuracoes, /admin/usuarios):
// their audit actions, the points adjustment and its notification.

const (
	AuditRegrasEditadas    AuditAction = "regras.editadas"
	AuditUsuarioAdmin      AuditAction = "usuario.admin"
	AuditUsuarioDesativado AuditAction = "usuario.desativado"
	AuditUsuarioReativado  AuditAction = "usuario.reativado"
	AuditUsuarioPontos     AuditAction = "usuario.pontos"
)

// MotivoAjuste is the ledger motivo of an admin's points adjustment (its ref
// is the adjustment's id, so each adjustment is one ledger item).
const MotivoAjuste = "AJUSTE"

// NotifPontosAjustados tells a member an admin changed their points.
const NotifPontosAjustados = "pontos_ajustados"

// Ranges of a points adjustment.
const (
	MaxAjustePontos    = 100000
	MaxMotivoAjuste    = 300
	MinMotivoAjuste    = 3
	MinUserSearch      = 3
	MaxUserSearch      = 100
	MaxDisabledMembers = 8000 // the disabled set is one item (400 KB): ids of 36 bytes
)

// PointsAdjustment is an admin's change of a member's points.
type PointsAdjustment struct {
	Pontos int    `json:"pontos"`
	Motivo string `json:"motivo"`
}

// Valid cleans the reason and checks the amount.
func (a *PointsAdjustment) Valid() error {
	if a.Pontos == 0 || a.Pontos < -MaxAjustePontos || a.Pontos > MaxAjustePontos {
		return Invalid("pontos", "Informe os pontos a somar (positivo) ou tirar (negativo), entre -100000 e 100000, diferente de zero")
	}
	a.Motivo = CleanText(a.Motivo)
	if Length(a.Motivo) < MinMotivoAjuste || Length(a.Motivo) > MaxMotivoAjuste {
		return Invalid("motivo", "Informe o motivo do ajuste (de 3 a 300 caracteres)")
	}
	return nil
}

// TextoAjuste is the member's notification of an adjustment.
func TextoAjuste(pontos int, motivo string) string {
	if pontos > 0 {
		return "Você recebeu " + itoa(pontos) + " pontos de um administrador: " + motivo
	}
	return "Um administrador retirou " + itoa(-pontos) + " pontos seus: " + motivo
}

func itoa(n int) string { return strconv.Itoa(n) }

// UserSearchKey folds an e-mail for its index (lower case, trimmed).
func UserSearchKey(email string) string { return strings.ToLower(strings.TrimSpace(email)) }

// RuleField is one number of Rules as the admin's form shows it.
type RuleField struct {
	Path, Label string
	Min, Max    int
}

// RuleFields are every number of Rules with its label and range, in the
// form's order.
func RuleFields() []RuleField {
	var out []RuleField
	for _, f := range Defaults().fields() {
		out = append(out, RuleField{Path: f.path, Label: f.label, Min: f.min, Max: f.max})
	}
	return out
}
