package domain

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"
)

// LoteStatus is where a lote stands.
type LoteStatus string

const (
	LoteLivre      LoteStatus = "livre"
	LoteOcupado    LoteStatus = "ocupado"
	LoteManutencao LoteStatus = "manutencao"
)

const (
	MaxLoteArea        = 10000 // m²
	MinLoteArea        = 0.01  // m²
	MaxObservacoesLote = 500
	// MaxLotesPerRequest keeps a bulk creation inside one transaction
	// (DynamoDB takes 100 items: the lotes, the group's counters and the
	// check that the creator is still a coordinator).
	MaxLotesPerRequest = 98
	MaxLotePrefixo     = 3
	MaxLoteNumero      = 9999
)

// Lote is one plot of a group's garden. ResponsavelID is set exactly when
// the status is ocupado.
type Lote struct {
	GroupID          string     `json:"groupId"`
	Codigo           string     `json:"codigo"`
	Area             float64    `json:"area"`
	Status           LoteStatus `json:"status"`
	ResponsavelID    *string    `json:"responsavelId"`
	ResponsavelNome  *string    `json:"responsavelNome"`
	AtribuidoEm      *time.Time `json:"atribuidoEm"`
	Observacoes      string     `json:"observacoes"`
	PedidosPendentes int        `json:"pedidosPendentes"`
	// CultivosAtivos counts the growing, unarchived cultivos on the lote (store/cultivos.go).
	CultivosAtivos int       `json:"cultivosAtivos"`
	Version        int       `json:"version"`
	CreatedAt      time.Time `json:"createdAt"`
	UpdatedAt      time.Time `json:"updatedAt"`
}

// LoteRequest is a member's open request for a free lote.
type LoteRequest struct {
	GroupID   string    `json:"groupId"`
	Codigo    string    `json:"codigo"`
	UserID    string    `json:"userId"`
	Nome      string    `json:"nome"`
	CreatedAt time.Time `json:"createdAt"`
}

var (
	codigoPattern  = LazyRegexp(`^([A-Z]{0,3})([1-9][0-9]{0,3})$`) // openapi.yaml's Codigo pattern, upper-cased
	prefixoPattern = LazyRegexp(`^[A-Z]{0,3}$`)
	zeroLed        = LazyRegexp(`^[A-Z]{0,3}0[0-9]{0,3}$`)
)

// ParseCodigo reads a lote code such as A1 or B12 (up to 3 letters and a
// number from 1 to 9999 without leading zeros), upper-casing it: exactly
// what openapi.yaml's Codigo pattern allows (TestLoteCodePatternIsTheContracts).
func ParseCodigo(s string) (string, error) {
	c := strings.ToUpper(s)
	m := codigoPattern().FindStringSubmatch(c)
	if m == nil {
		if zeroLed().MatchString(c) {
			return "", Invalid("codigo", "O número do lote deve ir de 1 a 9999, sem zeros à esquerda")
		}
		return "", Invalid("codigo", "O código do lote deve ter até 3 letras seguidas de um número, como A1")
	}
	return m[1] + m[2], nil
}

// LoteLess orders codes naturally: A2 before A10, all A before B.
func LoteLess(a, b string) bool {
	pa, na := splitCodigo(a)
	pb, nb := splitCodigo(b)
	if pa != pb {
		return pa < pb
	}
	if na != nb {
		return na < nb
	}
	return a < b
}

// SortLotes sorts in natural code order.
func SortLotes(ls []Lote) {
	sort.Slice(ls, func(i, j int) bool { return LoteLess(ls[i].Codigo, ls[j].Codigo) })
}

// SortCodigos sorts codes in natural order.
func SortCodigos(cs []string) { sort.Slice(cs, func(i, j int) bool { return LoteLess(cs[i], cs[j]) }) }

func splitCodigo(c string) (string, int) {
	i := strings.IndexFunc(c, func(r rune) bool { return r >= '0' && r <= '9' })
	if i < 0 {
		return c, 0
	}
	n, _ := strconv.Atoi(c[i:])
	return c[:i], n
}

// LoteBulkInput is the body of POST /api/groups/{groupId}/lotes: lotes
// prefixo+inicio … prefixo+fim (A1 … A12), all with the same area.
type LoteBulkInput struct {
	Prefixo     string   `json:"prefixo"`
	Inicio      *int     `json:"inicio"`
	Fim         *int     `json:"fim"`
	Area        *float64 `json:"area"`
	Observacoes string   `json:"observacoes"`
}

func (in *LoteBulkInput) Valid() error {
	in.Prefixo = strings.ToUpper(in.Prefixo) // the contract's pattern: letters only, either case
	if !prefixoPattern().MatchString(in.Prefixo) {
		return Invalid("prefixo", fmt.Sprintf("O prefixo deve ter no máximo %d letras, sem acentos (por exemplo A)", MaxLotePrefixo))
	}
	if in.Inicio == nil {
		return Invalid("inicio", "Informe o número inicial (inicio)")
	}
	if *in.Inicio < 1 || *in.Inicio > MaxLoteNumero {
		return Invalid("inicio", fmt.Sprintf("O número inicial deve estar entre 1 e %d", MaxLoteNumero))
	}
	if in.Fim == nil {
		return Invalid("fim", "Informe o número final (fim)")
	}
	if *in.Fim < *in.Inicio || *in.Fim > MaxLoteNumero {
		return Invalid("fim", fmt.Sprintf("O número final deve estar entre o inicial e %d", MaxLoteNumero))
	}
	if n := *in.Fim - *in.Inicio + 1; n > MaxLotesPerRequest {
		return Invalid("fim", fmt.Sprintf("Crie no máximo %d lotes por vez", MaxLotesPerRequest))
	}
	if in.Area == nil {
		return Invalid("area", "Informe a área do lote em m²")
	}
	a, err := checkArea(*in.Area)
	if err != nil {
		return err
	}
	in.Area = &a
	o, err := cleanObservacoes(in.Observacoes)
	if err != nil {
		return err
	}
	in.Observacoes = o
	return nil
}

// Codigos lists the codes the input creates, in order.
func (in LoteBulkInput) Codigos() []string {
	var out []string
	for n := *in.Inicio; n <= *in.Fim; n++ {
		out = append(out, in.Prefixo+strconv.Itoa(n))
	}
	return out
}

// NewLotes are the free lotes the input describes.
func (in LoteBulkInput) NewLotes(groupID string, now time.Time) []Lote {
	now = now.UTC().Truncate(time.Millisecond)
	var out []Lote
	for _, c := range in.Codigos() {
		out = append(out, Lote{
			GroupID: groupID, Codigo: c, Area: *in.Area, Status: LoteLivre,
			Observacoes: in.Observacoes, Version: 1, CreatedAt: now, UpdatedAt: now,
		})
	}
	return out
}

// LoteUpdate is the body of PATCH /api/groups/{groupId}/lotes/{codigo}.
// status takes livre or manutencao; ocupado comes only from an assignment.
type LoteUpdate struct {
	Version     *int        `json:"version"`
	Area        *float64    `json:"area"`
	Observacoes *string     `json:"observacoes"`
	Status      *LoteStatus `json:"status"`
}

func (u *LoteUpdate) Valid() error {
	if u.Version == nil || *u.Version < 1 {
		return Invalid("version", "Informe a versão (version) do lote que você está editando")
	}
	if u.Area == nil && u.Observacoes == nil && u.Status == nil {
		return Invalid("", "Informe ao menos um campo para alterar (area, observacoes ou status)")
	}
	if u.Area != nil {
		a, err := checkArea(*u.Area)
		if err != nil {
			return err
		}
		u.Area = &a
	}
	if u.Observacoes != nil {
		o, err := cleanObservacoes(*u.Observacoes)
		if err != nil {
			return err
		}
		u.Observacoes = &o
	}
	if u.Status != nil && *u.Status != LoteLivre && *u.Status != LoteManutencao {
		return Invalid("status", "O status deve ser livre ou manutencao; para ocupar um lote, atribua-o a um membro")
	}
	return nil
}

// Apply returns l with the update applied, if l is still at the version the
// editor read.
func (u LoteUpdate) Apply(l Lote, now time.Time) (Lote, error) {
	if *u.Version != l.Version {
		return l, ErrLoteChanged(l.Codigo)
	}
	if u.Status != nil && *u.Status != l.Status {
		if l.Status == LoteOcupado {
			return l, Conflict(fmt.Sprintf("O lote %s está ocupado: libere-o antes de mudar o status", l.Codigo))
		}
		l.Status = *u.Status
	}
	if u.Area != nil {
		l.Area = *u.Area
	}
	if u.Observacoes != nil {
		l.Observacoes = *u.Observacoes
	}
	l.UpdatedAt = now.UTC().Truncate(time.Millisecond)
	l.Version++
	return l, nil
}

// AssignInput is the body of PUT /api/groups/{groupId}/lotes/{codigo}/responsavel.
type AssignInput struct {
	UserID string `json:"userId"`
}

func (a *AssignInput) Valid() error {
	a.UserID = strings.TrimSpace(a.UserID)
	if a.UserID == "" {
		return Invalid("userId", "Informe o membro (userId) responsável pelo lote")
	}
	if Length(a.UserID) > 128 {
		return ErrInvalidUserID()
	}
	return nil
}

// checkArea takes the area exactly as sent, the contract's minimum 0.01 and
// maximum 10000 on the number itself, nothing rounded first: 0.001 and
// 10000.0001 are refused with the range, 12.345 is stored as 12.345. (A
// positive lower bound also keeps numbers DynamoDB cannot store, such as
// 5e-324, out.)
func checkArea(a float64) (float64, error) {
	if math.IsNaN(a) || math.IsInf(a, 0) || a < MinLoteArea || a > MaxLoteArea {
		return 0, ErrLoteArea()
	}
	return a, nil
}

func cleanObservacoes(s string) (string, error) {
	o := CleanMultiline(s)
	if Length(s) > MaxObservacoesLote { // the contract's maxLength is on the text as sent
		return "", Invalid("observacoes", fmt.Sprintf("As observações devem ter no máximo %d caracteres", MaxObservacoesLote))
	}
	return o, nil
}
