package domain

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
)

// CultivoInput is the body of POST /api/cultivos.
type CultivoInput struct {
	VegetalID     string   `json:"vegetalId"`
	GrupoID       string   `json:"grupoId"`    // "" for Horta pessoal
	LoteCodigo    string   `json:"loteCodigo"` // optional, only in a group
	Metodo        string   `json:"metodo"`
	Quantidade    *float64 `json:"quantidade"`
	Unidade       string   `json:"unidade"`
	DataPlantio   string   `json:"dataPlantio"`
	Notas         string   `json:"notas"`
	Fase          Fase     `json:"fase"` // planejado (default) or semeado
	Colaboradores []string `json:"colaboradores"`
}

// Valid cleans the input and reports the first bad field; the planting date
// is checked against now by Check.
func (in *CultivoInput) Valid() error {
	in.VegetalID = strings.TrimSpace(in.VegetalID)
	if in.VegetalID == "" {
		return Invalid("vegetalId", "Escolha o vegetal")
	}
	in.GrupoID = strings.TrimSpace(in.GrupoID)
	in.LoteCodigo = strings.TrimSpace(in.LoteCodigo)
	if in.LoteCodigo != "" && in.GrupoID == "" {
		return Invalid("loteCodigo", "Um lote só pode ser escolhido em um cultivo de grupo")
	}
	if err := cleanPlantio(&in.LoteCodigo, in.Metodo, in.Quantidade, in.Unidade, in.DataPlantio, &in.Notas); err != nil {
		return err
	}
	if in.Fase == "" {
		in.Fase = FasePlanejado
	}
	// A seedling already planted is growing: it starts at crescendo, never
	// semeado or germinando ("semeado" from a client means "planted").
	if in.Metodo == MetodoMuda && in.Fase == FaseSemeado {
		in.Fase = FaseCrescendo
	}
	switch {
	case in.Fase == FasePlanejado, in.Metodo == MetodoSemente && in.Fase == FaseSemeado, in.Metodo == MetodoMuda && in.Fase == FaseCrescendo:
	default:
		return Invalid("fase", "Um cultivo novo começa planejado, semeado (sementes) ou crescendo (mudas)")
	}
	if len(in.Colaboradores) > 0 && in.GrupoID == "" {
		return Invalid("colaboradores", "Colaboradores só podem ser escolhidos em um cultivo de grupo")
	}
	return validColaboradores(in.Colaboradores)
}

// cleanPlantio checks and cleans what a new cultivo and an edit share, in
// this order: the lote's code (trimmed; "" for none), the method, the
// quantity, the planting date and the notes.
func cleanPlantio(loteCodigo *string, metodo string, quantidade *float64, unidade, dataPlantio string, notas *string) error {
	if *loteCodigo != "" {
		code, err := ParseCodigo(*loteCodigo)
		if err != nil {
			return Invalid("loteCodigo", "Código de lote inválido")
		}
		*loteCodigo = code
	}
	if metodo != MetodoSemente && metodo != MetodoMuda {
		return Invalid("metodo", "Escolha o método: semente ou muda")
	}
	if err := validQuantidade(quantidade, unidade); err != nil {
		return err
	}
	if _, ok := ParseDate(dataPlantio); !ok {
		return Invalid("dataPlantio", "Informe a data de plantio (AAAA-MM-DD)")
	}
	if Length(*notas) > MaxNotasLength { // the contract's maxLength is on the text as sent
		return Invalid("notas", fmt.Sprintf("As notas devem ter no máximo %d caracteres", MaxNotasLength))
	}
	*notas = CleanMultiline(*notas)
	if !Visible(*notas) {
		*notas = ""
	}
	return nil
}

// validColaboradores bounds a cultivo's collaborators and refuses an empty
// or repeated one.
func validColaboradores(ids []string) error {
	if len(ids) > MaxColaboradores {
		return Invalid("colaboradores", fmt.Sprintf("Escolha no máximo %d colaboradores", MaxColaboradores))
	}
	seen := map[string]bool{}
	for _, id := range ids {
		if strings.TrimSpace(id) == "" || seen[id] {
			return Invalid("colaboradores", "Colaborador repetido ou vazio")
		}
		seen[id] = true
	}
	return nil
}

// CheckDate refuses a planting date more than a year ahead or more than
// five years ago (Brasília dates).
func CheckDataPlantio(date string, now time.Time) error {
	d, ok := ParseDate(date)
	if !ok {
		return Invalid("dataPlantio", "Informe a data de plantio (AAAA-MM-DD)")
	}
	today := LocalDate(now)
	if d.After(today.AddDate(0, 0, MaxDiasAFrente)) {
		return Invalid("dataPlantio", "A data de plantio não pode ser mais de um ano à frente")
	}
	if d.Before(today.AddDate(-MaxAnosAtras, 0, 0)) {
		return Invalid("dataPlantio", fmt.Sprintf("A data de plantio não pode ser de mais de %d anos atrás", MaxAnosAtras))
	}
	return nil
}

// MinQuantidadeColhida is the smallest harvest quantity in any unit.
const MinQuantidadeColhida = 0.001

func validQuantidade(q *float64, unidade string) error {
	max := 0.0
	switch unidade {
	case UnidadeMudas, UnidadeSementes:
		max = MaxQuantidadePlant
	case UnidadeM2:
		max = MaxAreaPlantio
	default:
		return Invalid("unidade", "Escolha a unidade: mudas, sementes ou m2")
	}
	if q == nil {
		return Invalid("quantidade", "Informe a quantidade")
	}
	if math.IsNaN(*q) || *q <= 0 {
		return Invalid("quantidade", "A quantidade deve ser maior que zero")
	}
	if *q > max {
		return Invalid("quantidade", fmt.Sprintf("A quantidade deve ser no máximo %g", max))
	}
	if unidade != UnidadeM2 && *q != math.Trunc(*q) {
		return Invalid("quantidade", "Informe um número inteiro de mudas ou sementes")
	}
	return nil
}

// NewCultivo is a new cultivo of v from a valid input.
func NewCultivo(id string, in CultivoInput, v Vegetal, responsavel Colaborador, grupoNome string, colaboradores []Colaborador, now time.Time) Cultivo {
	if colaboradores == nil {
		colaboradores = []Colaborador{}
	}
	return Cultivo{
		ID: id, VegetalID: v.ID, VegetalNome: v.Nome, DiasColheitaMin: v.DiasColheitaMin, DiasColheitaMax: v.DiasColheitaMax,
		GrupoID: in.GrupoID, GrupoNome: grupoNome, LoteCodigo: in.LoteCodigo,
		ResponsavelID: responsavel.UserID, ResponsavelNome: responsavel.Nome, Colaboradores: colaboradores,
		Metodo: in.Metodo, Quantidade: *in.Quantidade, Unidade: in.Unidade, DataPlantio: in.DataPlantio, Notas: in.Notas,
		Fase: in.Fase, Version: 1, CriadoEm: now.UTC(), AtualizadoEm: now.UTC(),
	}
}

// FaseInput is the body of POST /api/cultivos/{id}/fase.
type FaseInput struct {
	Fase   Fase   `json:"fase"`
	Motivo string `json:"motivo"`
}

func (in *FaseInput) Valid() error {
	if !in.Fase.Valid() {
		return ErrFaseInvalida()
	}
	if Length(in.Motivo) > MaxMotivoLength { // the contract's maxLength is on the text as sent, whatever the phase
		return Invalid("motivo", fmt.Sprintf("O motivo deve ter no máximo %d caracteres", MaxMotivoLength))
	}
	in.Motivo = CleanMultiline(in.Motivo)
	return nil
}

// Tipos of diary entries; TipoFase and TipoColheita are written by the
// server (a phase change, a harvest), the others by people.
const (
	TipoRega       = "rega"
	TipoAdubacao   = "adubacao"
	TipoPoda       = "poda"
	TipoPraga      = "praga"
	TipoObservacao = "observacao"
	TipoFoto       = "foto"
	TipoColheita   = "colheita"
	TipoFase       = "fase"
)

// TiposDiario are the kinds a person may write.
var TiposDiario = []string{TipoRega, TipoAdubacao, TipoPoda, TipoPraga, TipoObservacao, TipoFoto}

// Diary limits.
const (
	MaxDiarioTexto = 1000
	MaxFotos       = 4
)

// DiarioEntry is one entry of a cultivo's diary.
type DiarioEntry struct {
	ID        string   `json:"id"`
	CultivoID string   `json:"cultivoId"`
	Tipo      string   `json:"tipo"`
	Texto     string   `json:"texto"`
	Fotos     []string `json:"fotos"`
	Fase      Fase     `json:"fase"` // the phase after a TipoFase entry
	AutorID   string   `json:"autorId"`
	AutorNome string   `json:"autorNome"`
	Pontos    int      `json:"pontos"`
	// Data is the day the entry tells of (yyyy-mm-dd); CriadoEm when it was written.
	Data     string    `json:"data"`
	CriadoEm time.Time `json:"criadoEm"`
}

// DiarioInput is the body of POST /api/cultivos/{id}/diario. Data is the day
// the entry tells of (yyyy-mm-dd), today when empty.
type DiarioInput struct {
	Tipo  string   `json:"tipo"`
	Texto string   `json:"texto"`
	Fotos []string `json:"fotos"`
	Data  string   `json:"data"`
}

func (in *DiarioInput) Valid() error {
	if !slices.Contains(TiposDiario, in.Tipo) {
		return Invalid("tipo", "Escolha o tipo: rega, adubação, poda, praga/doença, observação ou foto")
	}
	if Length(in.Texto) > MaxDiarioTexto { // the contract's maxLength is on the text as sent
		return Invalid("texto", fmt.Sprintf("O texto deve ter no máximo %d caracteres", MaxDiarioTexto))
	}
	in.Texto = CleanMultiline(in.Texto)
	if !Visible(in.Texto) {
		in.Texto = "" // only invisible or blank-looking characters: nothing was written
	}
	if len(in.Fotos) > MaxFotos {
		return ErrTooManyFotos("fotos")
	}
	if in.Texto == "" && len(in.Fotos) == 0 {
		return Invalid("texto", "Escreva algo ou envie uma foto")
	}
	if in.Tipo == TipoFoto && len(in.Fotos) == 0 {
		return Invalid("fotos", "Envie ao menos uma foto")
	}
	if in.Fotos == nil {
		in.Fotos = []string{}
	}
	if _, ok := ParseDate(in.Data); in.Data != "" && !ok {
		return Invalid("data", "Informe a data da entrada (AAAA-MM-DD)")
	}
	return nil
}

// CheckDiarioData places a diary entry's day: today when not given, never in
// the future, never before the planting date (Brasília dates).
func CheckDiarioData(data, plantio string, now time.Time) (string, error) {
	today := LocalDate(now)
	if data == "" {
		return FormatDate(today), nil
	}
	d, _ := ParseDate(data)
	if d.After(today) {
		return "", Invalid("data", "A data da entrada não pode estar no futuro")
	}
	if p, ok := ParseDate(plantio); ok && d.Before(p) {
		return "", Invalid("data", "A data da entrada não pode ser anterior ao plantio")
	}
	return data, nil
}

// DiarioTime is where an entry of day data sits in the diary's order: now for
// today's, noon in Brasília for an earlier day's.
func DiarioTime(data string, now time.Time) time.Time {
	if data == FormatDate(LocalDate(now)) {
		return now
	}
	d, _ := ParseDate(data)
	return d.Add(15 * time.Hour) // 12:00 in Brasília
}

// ErrTooManyFotos: more than MaxFotos photos in field.
func ErrTooManyFotos(field string) *Error {
	return Invalid(field, fmt.Sprintf("Envie no máximo %d fotos", MaxFotos))
}

// PhotoKeyPrefix is where a user's processed photos live in the uploads bucket.
func PhotoKeyPrefix(uid string) string { return "fotos/" + uid + "/" }

// CheckPhotoKeys refuses (400) a key that is not a processed photo (what an item stores),
// and (403) one of another member's.
func CheckPhotoKeys(field string, keys []string, uid string) error {
	return checkKeysOf(field, keys, uid, func(k string) (string, bool) {
		p, ok := ParseProcessedFoto(k)
		return p.UserID, ok
	})
}

// CheckUploadKeys refuses (400) a key that is not an upload waiting in quarantine (what a
// request names), and (403) one of another member's.
func CheckUploadKeys(field string, keys []string, uid string) error {
	return checkKeysOf(field, keys, uid, func(k string) (string, bool) {
		u, ok := ParseUpload(k)
		return u.UserID, ok
	})
}

// checkKeysOf refuses (400) a key owner cannot read and (403) one whose
// owner is not uid.
func checkKeysOf(field string, keys []string, uid string, owner func(key string) (string, bool)) error {
	for _, k := range keys {
		id, ok := owner(k)
		if !ok {
			return Invalid(field, "Foto inválida: envie a foto novamente")
		}
		if id != uid {
			return ErrFotoOfAnother(field)
		}
	}
	return nil
}

// ErrFotoOfAnother is the 403 of a photo key under another member's prefix.
func ErrFotoOfAnother(field string) *Error {
	return &Error{Code: EForbidden, Message: "Esta foto não foi enviada por você", Field: field}
}

// Harvest units and destinations.
const (
	UnidadeKg       = "kg"
	UnidadeG        = "g"
	UnidadeUnidades = "unidades"
	UnidadeMacos    = "macos"
)

var (
	UnidadesColheita = []string{UnidadeKg, UnidadeG, UnidadeUnidades, UnidadeMacos}
	DestinosColheita = []string{"consumo", "compartilhado", "doado"}
)

// Max quantities of one harvest per unit: more is a typing mistake.
var maxColheita = map[string]float64{UnidadeKg: 1000, UnidadeG: 1000000, UnidadeUnidades: 10000, UnidadeMacos: 1000}

// Colheita is one harvest of a cultivo.
type Colheita struct {
	ID         string    `json:"id"`
	CultivoID  string    `json:"cultivoId"`
	Quantidade float64   `json:"quantidade"`
	Unidade    string    `json:"unidade"`
	Data       string    `json:"data"`
	Destino    string    `json:"destino"`
	Foto       string    `json:"foto"`
	AutorID    string    `json:"autorId"`
	AutorNome  string    `json:"autorNome"`
	Pontos     int       `json:"pontos"`
	CriadoEm   time.Time `json:"criadoEm"`
	// Status is ColheitaConfirmada or ColheitaAConfirmar (colheita_plausivel.go);
	// Duvida says why it waits (DuvidaCedo, DuvidaQuantidade).
	Status string `json:"status"`
	Duvida string `json:"duvida"`
	// Confirmacoes are the other members who confirmed it; ConfirmadaPor the
	// coordinator (or the last member) whose confirmation counted it.
	Confirmacoes  []string `json:"confirmacoes"`
	ConfirmadaPor string   `json:"confirmadaPor"`
	// VegetalNome is its cultivo's vegetable (for the group's list of harvests to confirm).
	VegetalNome string     `json:"vegetalNome"`
	EditadaEm   *time.Time `json:"editadaEm"`
	// What it paid: the ledger ref of its award ("" unpaid), the Brasília day
	// it was counted on, and how many times it was paid (a reversed pay and a
	// later one have refs of their own).
	PagoRef    string `json:"-"`
	DiaContado string `json:"-"`
	Pagamentos int    `json:"-"`
}

// Conta reports whether a harvest counts (points, totals, rankings).
func (h Colheita) Conta() bool { return h.Status != ColheitaAConfirmar }

// ColheitaInput is the body of POST /api/cultivos/{id}/colheitas. ID, made
// by the client once per harvest dialog, makes a resubmission the same harvest.
type ColheitaInput struct {
	ID         string   `json:"id"`
	Quantidade *float64 `json:"quantidade"`
	Unidade    string   `json:"unidade"`
	Data       string   `json:"data"`
	Destino    string   `json:"destino"`
	Foto       string   `json:"foto"`
	Encerrar   bool     `json:"encerrar"` // the last harvest: the cultivo becomes colhido
}

func (in *ColheitaInput) Valid() error {
	if in.ID != "" && (len(in.ID) != 36 || strings.Trim(in.ID, "0123456789abcdef-") != "") {
		return Invalid("id", "Identificador da colheita inválido")
	}
	max, ok := maxColheita[in.Unidade]
	if !ok {
		return Invalid("unidade", "Escolha a unidade: kg, g, unidades ou maços")
	}
	if in.Quantidade == nil {
		return Invalid("quantidade", "Informe a quantidade colhida")
	}
	q := *in.Quantidade
	if math.IsNaN(q) || q <= 0 {
		return Invalid("quantidade", "A quantidade deve ser maior que zero")
	}
	// Totals add each harvest in DynamoDB (38 significant digits): a quantity
	// far below any scale (1e-120 kg) would make that sum fail.
	if q < MinQuantidadeColhida {
		return Invalid("quantidade", fmt.Sprintf("A quantidade deve ser de no mínimo 0,001 %s", in.Unidade))
	}
	if q > max {
		return Invalid("quantidade", fmt.Sprintf("A quantidade deve ser no máximo %g %s", max, in.Unidade))
	}
	if _, ok := ParseDate(in.Data); !ok {
		return Invalid("data", "Informe a data da colheita (AAAA-MM-DD)")
	}
	if !slices.Contains(DestinosColheita, in.Destino) {
		return Invalid("destino", "Escolha o destino: consumo, compartilhado ou doado")
	}
	return nil
}

// CheckColheitaData refuses a harvest dated in the future or before planting.
func CheckColheitaData(data, plantio string, now time.Time) error {
	d, _ := ParseDate(data)
	if d.After(LocalDate(now)) {
		return Invalid("data", "A data da colheita não pode estar no futuro")
	}
	if p, ok := ParseDate(plantio); ok && d.Before(p) {
		return Invalid("data", "A data da colheita não pode ser anterior ao plantio")
	}
	return nil
}

// CanAddColheita refuses a harvest of a cultivo that is not growing anymore or
// has not been sown.
func (c Cultivo) CanAddColheita() error {
	if c.Arquivado {
		return ErrCultivoArquivado()
	}
	switch c.Fase {
	case FasePlanejado:
		return Invalid("fase", "Registre o plantio (fase semeado) antes de uma colheita")
	case FasePerdido:
		return Invalid("fase", "Este cultivo foi perdido")
	}
	return nil
}

// Add adds one harvest to t.
func (t Totais) Add(h Colheita) Totais {
	t.Colheitas++
	kg := 0.0
	switch h.Unidade {
	case UnidadeKg:
		kg = h.Quantidade
	case UnidadeG:
		kg = h.Quantidade / 1000
	case UnidadeUnidades:
		t.Unidades += h.Quantidade
	case UnidadeMacos:
		t.Macos += h.Quantidade
	}
	t.Kg += kg
	if h.Destino == "doado" {
		t.DoadoKg += kg
	}
	return t
}

// KgOf is the kilograms a harvest adds to the totals.
func KgOf(h Colheita) float64 { return Totais{}.Add(h).Kg }

var unidadeTexto = map[string]string{UnidadeKg: "kg", UnidadeG: "g", UnidadeUnidades: "unidades", UnidadeMacos: "maços"}
var destinoTexto = map[string]string{"consumo": "consumo", "compartilhado": "compartilhado", "doado": "doado"}

// TextoColheita is a harvest's diary line, in Brazilian Portuguese ("Colheita: 1,2 kg (consumo)").
func TextoColheita(h Colheita) string {
	q := strings.Replace(strconv.FormatFloat(h.Quantidade, 'f', -1, 64), ".", ",", 1)
	return fmt.Sprintf("Colheita: %s %s (%s)", q, unidadeTexto[h.Unidade], destinoTexto[h.Destino])
}
