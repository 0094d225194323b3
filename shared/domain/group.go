package domain

import (
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode"
)

// Visibilidade says whether a group is listed in the directory.
type Visibilidade string

const (
	Publico Visibilidade = "publico"
	Privado Visibilidade = "privado"
)

// Entrada is how people get into a group.
type Entrada string

const (
	EntradaAberta    Entrada = "aberta"    // anyone joins at once
	EntradaAprovacao Entrada = "aprovacao" // a coordinator approves a request
	EntradaConvite   Entrada = "convite"   // only through an invite link
)

// Papel is a member's role in a group.
type Papel string

const (
	PapelDono        Papel = "dono"
	PapelCoordenador Papel = "coordenador"
	PapelMembro      Papel = "membro"
)

// Group field limits.
const (
	MinNomeGrupo      = 3
	MaxNomeGrupo      = 60
	MaxDescricaoGrupo = 1000
	MaxCidade         = 80
	MinMaxMembros     = 2
	MaxMaxMembros     = 500
	MaxFotoCapa       = 500
)

// Hard limits. They bound the work of deleting a group (every item under it
// is limited by one of these) and the items of a transaction. Writes enforce
// the Rules value of each (Limites), which may be lower, never higher.
const (
	MaxPendingRequests    = 100 // open join requests per group
	MaxInvitesPerGroup    = 200 // invite links ever kept per group (revoked ones included)
	MaxLotesPerGroup      = 500
	MaxLotesPerMember     = 10 // lotes one member is responsible for
	MaxLoteRequestsMember = 5  // open lote requests of one member in one group
	// MaxRequestsPerLote bounds the open requests for one lote, so that the
	// assignment closing all of them (each: the request, the requester's
	// membership, a notification and its unread counter) is one transaction.
	MaxRequestsPerLote = 20
)

// UFs are the 27 federative units of Brazil.
var UFs = []string{
	"AC", "AL", "AP", "AM", "BA", "CE", "DF", "ES", "GO", "MA", "MT", "MS", "MG", "PA",
	"PB", "PR", "PE", "PI", "RJ", "RN", "RS", "RO", "RR", "SC", "SP", "SE", "TO",
}

// ValidUF reports whether uf (already upper-cased) is one of the 27 units.
func ValidUF(uf string) bool { return slices.Contains(UFs, uf) }

// Group is a community garden group. Counters are kept in step by the writes
// that change them (joins, leaves, lote writes, requests, invites).
type Group struct {
	ID                    string         `json:"id"`
	Nome                  string         `json:"nome"`
	Descricao             string         `json:"descricao"`
	Cidade                string         `json:"cidade"`
	UF                    string         `json:"uf"`
	FotoCapa              *string        `json:"fotoCapa"`
	Visibilidade          Visibilidade   `json:"visibilidade"`
	Entrada               Entrada        `json:"entrada"`
	MaxMembros            int            `json:"maxMembros"`
	MemberCount           int            `json:"memberCount"`
	Lotes                 LoteCounts     `json:"lotes"`
	SolicitacoesPendentes int            `json:"solicitacoesPendentes"`
	Convites              int            `json:"-"`
	EntradasPorMes        map[string]int `json:"-"`
	OwnerID               string         `json:"ownerId"`
	CreatedAt             time.Time      `json:"createdAt"`
	UpdatedAt             time.Time      `json:"updatedAt"`
	Version               int            `json:"version"`
	Deleting              bool           `json:"-"`
}

// LoteCounts are a group's lotes by status.
type LoteCounts struct {
	Livre      int `json:"livre"`
	Ocupado    int `json:"ocupado"`
	Manutencao int `json:"manutencao"`
	Total      int `json:"total"`
}

// Full reports whether the group has no place left.
func (g Group) Full() bool { return g.MemberCount >= g.MaxMembros }

// MonthKey is the key of EntradasPorMes for t.
func MonthKey(t time.Time) string { return t.UTC().Format("2006-01") }

// GroupInput is the body of POST /api/groups.
type GroupInput struct {
	Nome         string       `json:"nome"`
	Descricao    string       `json:"descricao"`
	Cidade       string       `json:"cidade"`
	UF           string       `json:"uf"`
	FotoCapa     *string      `json:"fotoCapa" nullable:"true"` // the contract's [string, "null"]
	Visibilidade Visibilidade `json:"visibilidade"`
	Entrada      Entrada      `json:"entrada"`
	MaxMembros   *int         `json:"maxMembros"`
}

// Valid cleans the input, fills the defaults that are not rules and reports
// the first bad field. A missing maxMembros stays nil: NewGroup takes it from
// the rules.
func (in *GroupInput) Valid() error {
	var err error
	if in.Nome, err = cleanGroupNome(in.Nome); err != nil {
		return err
	}
	if in.Descricao, err = cleanDescricao(in.Descricao); err != nil {
		return err
	}
	if in.Cidade, err = cleanCidade(in.Cidade); err != nil {
		return err
	}
	if in.UF, err = cleanUF(in.UF); err != nil {
		return err
	}
	if in.FotoCapa, err = cleanFotoCapa(in.FotoCapa); err != nil {
		return err
	}
	if in.Visibilidade == "" {
		in.Visibilidade = Publico
	}
	if in.Entrada == "" {
		in.Entrada = EntradaAberta
		if in.Visibilidade == Privado {
			in.Entrada = EntradaConvite
		}
	}
	if err := checkAccess(in.Visibilidade, in.Entrada); err != nil {
		return err
	}
	if in.MaxMembros == nil {
		return nil
	}
	return checkMaxMembros(*in.MaxMembros)
}

// NewGroup is the group the (valid) input describes, owned by ownerID, with
// its creator as the only member; without a maxMembros it takes the rules' default.
func NewGroup(id, ownerID string, in GroupInput, r Rules, now time.Time) Group {
	now = now.UTC().Truncate(time.Millisecond)
	maxMembros := r.Limites.MaxMembrosPadrao
	if in.MaxMembros != nil {
		maxMembros = *in.MaxMembros
	}
	return Group{
		ID: id, Nome: in.Nome, Descricao: in.Descricao, Cidade: in.Cidade, UF: in.UF,
		FotoCapa: in.FotoCapa, Visibilidade: in.Visibilidade, Entrada: in.Entrada,
		MaxMembros: maxMembros, MemberCount: 1, OwnerID: ownerID,
		EntradasPorMes: map[string]int{MonthKey(now): 1},
		CreatedAt:      now, UpdatedAt: now, Version: 1,
	}
}

// GroupUpdate is the body of PATCH /api/groups/{groupId}: absent fields stay
// as they are; version is the one the editor read (409 when it moved on).
// fotoCapa "" removes the cover photo.
type GroupUpdate struct {
	Version      *int          `json:"version"`
	Nome         *string       `json:"nome"`
	Descricao    *string       `json:"descricao"`
	Cidade       *string       `json:"cidade"`
	UF           *string       `json:"uf"`
	FotoCapa     *string       `json:"fotoCapa"`
	Visibilidade *Visibilidade `json:"visibilidade"`
	Entrada      *Entrada      `json:"entrada"`
	MaxMembros   *int          `json:"maxMembros"`
}

// Valid checks each field given on its own; Apply checks the result as a whole.
func (u *GroupUpdate) Valid() error {
	if u.Version == nil || *u.Version < 1 {
		return Invalid("version", "Informe a versão (version) do grupo que você está editando")
	}
	if u.Nome == nil && u.Descricao == nil && u.Cidade == nil && u.UF == nil && u.FotoCapa == nil &&
		u.Visibilidade == nil && u.Entrada == nil && u.MaxMembros == nil {
		return Invalid("", "Informe ao menos um campo para alterar")
	}
	for _, f := range []struct {
		p     *string
		clean func(string) (string, error)
	}{{u.Nome, cleanGroupNome}, {u.Descricao, cleanDescricao}, {u.Cidade, cleanCidade}, {u.UF, cleanUF}} {
		if err := cleanInPlace(f.p, f.clean); err != nil {
			return err
		}
	}
	if u.FotoCapa != nil && strings.TrimSpace(*u.FotoCapa) != "" {
		v, err := cleanFotoCapa(u.FotoCapa)
		if err != nil {
			return err
		}
		u.FotoCapa = v
	}
	if u.Visibilidade != nil && *u.Visibilidade != Publico && *u.Visibilidade != Privado {
		return ErrInvalidVisibilidade()
	}
	if u.Entrada != nil && !validEntrada(*u.Entrada) {
		return ErrInvalidEntrada()
	}
	if u.MaxMembros != nil {
		return checkMaxMembros(*u.MaxMembros)
	}
	return nil
}

// Apply returns g with the update applied, checking that g is still at the
// version the editor read and the rules that involve more than one field (a
// private group only takes invites; the cap cannot go below the current
// number of members).
func (u GroupUpdate) Apply(g Group, now time.Time) (Group, error) {
	if *u.Version != g.Version {
		return g, ErrGroupChanged()
	}
	if u.Nome != nil {
		g.Nome = *u.Nome
	}
	if u.Descricao != nil {
		g.Descricao = *u.Descricao
	}
	if u.Cidade != nil {
		g.Cidade = *u.Cidade
	}
	if u.UF != nil {
		g.UF = *u.UF
	}
	if u.FotoCapa != nil {
		if strings.TrimSpace(*u.FotoCapa) == "" {
			g.FotoCapa = nil
		} else {
			g.FotoCapa = u.FotoCapa
		}
	}
	if u.Visibilidade != nil {
		g.Visibilidade = *u.Visibilidade
		if g.Visibilidade == Privado && u.Entrada == nil {
			g.Entrada = EntradaConvite
		}
	}
	if u.Entrada != nil {
		g.Entrada = *u.Entrada
	}
	if err := checkAccess(g.Visibilidade, g.Entrada); err != nil {
		return g, err
	}
	if u.MaxMembros != nil {
		if *u.MaxMembros < g.MemberCount {
			return g, ErrMaxMembrosBelowMembers(g.MemberCount)
		}
		g.MaxMembros = *u.MaxMembros
	}
	g.UpdatedAt = now.UTC().Truncate(time.Millisecond)
	g.Version++
	return g, nil
}

// cleanInPlace replaces a given optional field by its cleaned value.
func cleanInPlace(p *string, clean func(string) (string, error)) error {
	if p == nil {
		return nil
	}
	v, err := clean(*p)
	if err != nil {
		return err
	}
	*p = v
	return nil
}

func cleanGroupNome(s string) (string, error) {
	if Length(s) > MaxNomeGrupo { // the contract's maxLength is on the text as sent
		return "", Invalid("nome", fmt.Sprintf("O nome do grupo deve ter entre %d e %d caracteres", MinNomeGrupo, MaxNomeGrupo))
	}
	n, err := CleanName("nome", "O nome do grupo", s)
	if err != nil {
		return "", err
	}
	if n == "" {
		return "", Invalid("nome", "O nome do grupo é obrigatório")
	}
	if l := Length(n); l < MinNomeGrupo || l > MaxNomeGrupo {
		return "", Invalid("nome", fmt.Sprintf("O nome do grupo deve ter entre %d e %d caracteres", MinNomeGrupo, MaxNomeGrupo))
	}
	return n, nil
}

func cleanDescricao(s string) (string, error) {
	d := CleanMultiline(s)
	if Length(s) > MaxDescricaoGrupo {
		return "", Invalid("descricao", fmt.Sprintf("A descrição deve ter no máximo %d caracteres", MaxDescricaoGrupo))
	}
	return d, nil
}

func cleanCidade(s string) (string, error) {
	if Length(s) > MaxCidade {
		return "", Invalid("cidade", fmt.Sprintf("A cidade deve ter no máximo %d caracteres", MaxCidade))
	}
	c, err := CleanName("cidade", "A cidade", s)
	if err != nil {
		return "", err
	}
	if c == "" {
		return "", Invalid("cidade", "A cidade é obrigatória")
	}
	if Length(c) > MaxCidade {
		return "", Invalid("cidade", fmt.Sprintf("A cidade deve ter no máximo %d caracteres", MaxCidade))
	}
	return c, nil
}

func cleanUF(s string) (string, error) {
	uf := strings.ToUpper(s) // the contract's UFInput: either case, no spaces
	if uf == "" {
		return "", Invalid("uf", "A UF é obrigatória")
	}
	if !ValidUFInput(s) {
		return "", ErrInvalidUF()
	}
	return uf, nil
}

// ValidUFInput is the contract's UFInput: a UF in upper or lower case
// (sp, SP; not Sp, nor with spaces).
func ValidUFInput(s string) bool {
	uf := strings.ToUpper(s)
	return ValidUF(uf) && (s == uf || s == strings.ToLower(uf))
}

// uploadKey is the shape of a key in the uploads bucket.
var uploadKey = LazyRegexp(`^[A-Za-z0-9][A-Za-z0-9/_.=-]*$`)

func cleanFotoCapa(p *string) (*string, error) {
	if p == nil {
		return nil, nil
	}
	v := strings.TrimSpace(*p)
	if v == "" {
		return nil, nil
	}
	if Length(*p) > MaxFotoCapa {
		return nil, Invalid("fotoCapa", fmt.Sprintf("A foto de capa deve ter no máximo %d caracteres", MaxFotoCapa))
	}
	// Only a photo uploaded to Verde: an outside address would let anyone
	// put a tracking pixel on the group's public page.
	if !uploadKey().MatchString(v) || strings.Contains(v, "..") {
		return nil, Invalid("fotoCapa", "A foto de capa deve ser uma foto enviada ao Verde")
	}
	return &v, nil
}

func validEntrada(e Entrada) bool {
	return e == EntradaAberta || e == EntradaAprovacao || e == EntradaConvite
}

func checkAccess(v Visibilidade, e Entrada) error {
	if v != Publico && v != Privado {
		return ErrInvalidVisibilidade()
	}
	if !validEntrada(e) {
		return ErrInvalidEntrada()
	}
	if v == Privado && e != EntradaConvite {
		return Invalid("entrada", "Grupos privados só aceitam entrada por convite")
	}
	return nil
}

func checkMaxMembros(n int) error {
	if n < MinMaxMembros || n > MaxMaxMembros {
		return Invalid("maxMembros", fmt.Sprintf("O limite de membros deve ser um número entre %d e %d", MinMaxMembros, MaxMaxMembros))
	}
	return nil
}

// SearchKey folds a name for directory search: lower case, accents stripped,
// anything but letters and digits turned into single spaces. The same folding
// applies to what is stored and to what is searched.
func SearchKey(s string) string {
	var b strings.Builder
	space := false
	for _, r := range strings.ToLower(s) {
		if f, ok := foldAccent[r]; ok {
			r = f
		}
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			if space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			space = false
			b.WriteRune(r)
			continue
		}
		space = true
	}
	return b.String()
}

// foldAccent covers the accented letters of Portuguese (and neighbours); a
// table keeps the module free of golang.org/x/text for one small job.
var foldAccent = map[rune]rune{
	'á': 'a', 'à': 'a', 'â': 'a', 'ã': 'a', 'ä': 'a', 'å': 'a',
	'é': 'e', 'è': 'e', 'ê': 'e', 'ë': 'e',
	'í': 'i', 'ì': 'i', 'î': 'i', 'ï': 'i',
	'ó': 'o', 'ò': 'o', 'ô': 'o', 'õ': 'o', 'ö': 'o',
	'ú': 'u', 'ù': 'u', 'û': 'u', 'ü': 'u',
	'ç': 'c', 'ñ': 'n', 'ý': 'y', 'ÿ': 'y',
}
