package domain

import "time"

// AuditEntry is one admin write as the audit log keeps it: who
// (the admin's id), what (Acao), on which entity (Entidade, EntidadeID),
// when, and the entity before and after (nil before a create).
type AuditEntry struct {
	ID         string
	AdminID    string
	Acao       AuditAction
	Entidade   string // "vegetal", "guia"
	EntidadeID string
	Em         time.Time
	Antes      any
	Depois     any
}

// AuditAction names an admin write.
type AuditAction string

const (
	AuditVegetalCriado     AuditAction = "vegetal.criado"
	AuditVegetalEditado    AuditAction = "vegetal.editado"
	AuditVegetalArquivado  AuditAction = "vegetal.arquivado"
	AuditVegetalRestaurado AuditAction = "vegetal.restaurado"
	AuditGuiaCriado        AuditAction = "guia.criado"
	AuditGuiaEditado       AuditAction = "guia.editado"
	AuditGuiaArquivado     AuditAction = "guia.arquivado"
	AuditGuiaRestaurado    AuditAction = "guia.restaurado"
)

// AuditActions is every action the audit log records, as the admins'
// filter offers them; a new AuditAction joins this list (and the contract's
// AcaoAuditoria: shared/api/admin/audit_actions_test.go compares the three).
var AuditActions = []AuditAction{
	AuditRegrasEditadas, AuditUsuarioAdmin, AuditUsuarioDesativado, AuditUsuarioReativado, AuditUsuarioPontos,
	AuditVegetalCriado, AuditVegetalEditado, AuditVegetalArquivado, AuditVegetalRestaurado,
	AuditGuiaCriado, AuditGuiaEditado, AuditGuiaArquivado, AuditGuiaRestaurado,
	AuditBannerCriado, AuditBannerEditado, AuditBannerExcluido,
	AuditExportacao,
	AuditModeracaoManter, AuditModeracaoRemover, AuditModeracaoRemoverAvisar, AuditPostRemovido,
}
