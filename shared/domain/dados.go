package domain

import (
	"slices"
	"time"
)

// The admin's data exports (/admin/dados): which entities, in
// which formats, and an export's life (pendente → processando → pronto or
// erro).

// ExportEntity is an entity an admin may export: its name on the API, the
// stored item type(s) it reads and its label on screen.
type ExportEntity struct {
	Nome  string
	Tipos []string
	Label string
}

// ExportEntities are the exportable entities. Left out on purpose: the
// member index, directory words, ledger and ranking items, idempotency keys,
// reminders and notifications (derived or transient data, or another
// member's inbox); vegetables and guides are the catalogue's own.
var ExportEntities = []ExportEntity{
	{"membros", []string{"profile"}, "Membros (perfis)"},
	{"grupos", []string{"group"}, "Grupos"},
	{"participacoes", []string{"member"}, "Participações em grupos"},
	{"lotes", []string{"lote"}, "Lotes"},
	{"cultivos", []string{"cultivo"}, "Cultivos"},
	{"diario", []string{"diario"}, "Diário de cultivo"},
	{"colheitas", []string{"colheita"}, "Colheitas"},
	{"posts", []string{"post"}, "Posts"},
	{"comentarios", []string{"comment"}, "Comentários"},
	{"denuncias", []string{"report"}, "Denúncias"},
	{"vegetais", []string{"vegetable"}, "Vegetais"},
	{"guias", []string{"guide"}, "Guias"},
	{"auditoria", []string{"audit"}, "Auditoria"},
}

// ExportEntityNamed is the entity of that API name.
func ExportEntityNamed(nome string) (ExportEntity, bool) {
	i := slices.IndexFunc(ExportEntities, func(e ExportEntity) bool { return e.Nome == nome })
	if i < 0 {
		return ExportEntity{}, false
	}
	return ExportEntities[i], true
}

// Export formats and statuses.
const (
	FormatoJSONL = "jsonl"
	FormatoCSV   = "csv"

	ExportPendente    = "pendente"
	ExportProcessando = "processando"
	ExportPronto      = "pronto"
	ExportErro        = "erro"

	NotifExportacaoPronta             = "exportacao_pronta"
	AuditExportacao       AuditAction = "dados.exportados"
)

// ExportInput is an export an admin asks for.
type ExportInput struct {
	Entidade string `json:"entidade"`
	Formato  string `json:"formato"`
}

// Valid checks the entity and the format.
func (in *ExportInput) Valid() error {
	if _, ok := ExportEntityNamed(in.Entidade); !ok {
		return Invalid("entidade", "Escolha uma entidade da lista")
	}
	if in.Formato != FormatoJSONL && in.Formato != FormatoCSV {
		return Invalid("formato", "Escolha o formato: JSON Lines ou CSV")
	}
	return nil
}

// ExportParadaApos is how long an export may go without progress before it
// counts as failed: longer than a run of the job (its 5-minute timeout) plus
// the longest a queued continuation waits before Lambda drops it into the
// failure queue (15 minutes, template.yaml; shared/areas holds the two
// together). Nothing can still be working on an export that old.
const ExportParadaApos = 21 * time.Minute

// ExportStatusAt is an export's status as an admin sees it at now: one still
// pendente or processando with no progress since ExportParadaApos has failed
// (a crash the job could not report: out of memory, the runtime gone).
func ExportStatusAt(status string, atualizadoEm, now time.Time) string {
	if (status == ExportPendente || status == ExportProcessando) && !atualizadoEm.IsZero() && now.Sub(atualizadoEm) > ExportParadaApos {
		return ExportErro
	}
	return status
}

// ErrExportacaoNaoFalhou answers a retry of an export that did not fail
// (it is still running, or done, or was already started again).
func ErrExportacaoNaoFalhou() error {
	return Conflict("Só uma exportação que falhou pode ser tentada de novo")
}

// ExportacaoParada is the error an admin sees on an export that stopped
// without a word (ExportStatusAt).
const ExportacaoParada = "A exportação parou sem concluir"
