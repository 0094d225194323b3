package account

// Conta is what /configuracoes shows about the account (schema Conta).
type Conta struct {
	// Tipo: "email" (a Verde password) or "google" (signs in with Google only).
	Tipo             string      `json:"tipo"`
	GruposDono       []GrupoDono `json:"gruposDono"`
	ExclusaoIniciada bool        `json:"exclusaoIniciada"`
}

// GrupoDono is a group the member owns: a deletion waits for it.
type GrupoDono struct {
	ID   string `json:"id"`
	Nome string `json:"nome"`
}

// ExportChunk is one request's part of the export (schema DataExportChunk):
// records under their section; the SPA asks again with nextCursor until it
// is null and writes one JSON file.
type ExportChunk struct {
	Itens      []ExportItem `json:"itens"`
	NextCursor *string      `json:"nextCursor"`
}

// ExportItem is one record of the export.
type ExportItem struct {
	Secao string         `json:"secao"`
	Dados map[string]any `json:"dados"`
}

// Exclusao is where a deletion stands (schema AccountDeletion).
type Exclusao struct {
	Fase      string `json:"fase"`
	Etapa     int    `json:"etapa"`
	Etapas    int    `json:"etapas"`
	Removidos int    `json:"removidos"`
	Concluida bool   `json:"concluida"`
}
