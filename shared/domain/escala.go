package domain

import (
	"fmt"
	"slices"
	"sort"
	"time"
)

// An escala is a group's recurring chore (rega, compostagem, abrir o
// portão): a weekly rota that names who is on duty on each weekday it
// happens, at a time of day and for a duration. A member on duty on a date
// may ask another member to take it (a troca, asked and accepted); whoever
// is on duty that day is reminded in the morning and marks it "feito", which
// counts the escala's minutes as volunteer hours (ContaMinutosVoluntarios and
// the group's report).

const (
	MaxEscalasGrupo     = 20
	MaxTurnosEscala     = 14 // two people a day at most, over a week
	MaxNomeEscala       = 60
	MaxDescricaoEscala  = 500
	JanelaEscalaPassado = 7  // days back the escala's page shows (and a feito may be marked)
	JanelaEscalaFuturo  = 28 // days ahead it shows (and a troca may be asked)
)

// DiasSemana are the weekdays as the screens say them (0 Sunday).
var DiasSemana = []string{"domingo", "segunda", "terça", "quarta", "quinta", "sexta", "sábado"}

// Turno is one weekday's volunteer.
type Turno struct {
	Dia    int    `json:"dia"` // 0 Sunday … 6 Saturday
	UserID string `json:"userId"`
	Nome   string `json:"nome"`
}

// Escala is a weekly rota.
type Escala struct {
	ID         string    `json:"id"`
	GroupID    string    `json:"groupId"`
	Nome       string    `json:"nome"`
	Descricao  string    `json:"descricao"`
	Hora       string    `json:"hora"` // HH:MM, Brasília
	DuracaoMin int       `json:"duracaoMin"`
	Turnos     []Turno   `json:"turnos"`
	Version    int       `json:"version"`
	CriadoEm   time.Time `json:"criadoEm"`
}

// Membros are the members with a turn, each with their weekdays.
func (e Escala) Membros() map[string][]int {
	out := map[string][]int{}
	for _, t := range e.Turnos {
		if !slices.Contains(out[t.UserID], t.Dia) {
			out[t.UserID] = append(out[t.UserID], t.Dia)
		}
	}
	for _, d := range out {
		sort.Ints(d)
	}
	return out
}

// NaRota reports who the rota puts on duty on day (yyyy-mm-dd).
func (e Escala) NaRota(day string) []Turno {
	d, ok := ParseDate(day)
	if !ok {
		return nil
	}
	var out []Turno
	for _, t := range e.Turnos {
		if t.Dia == int(d.Weekday()) {
			out = append(out, t)
		}
	}
	return out
}

// Inicio is when the turn of day starts.
func (e Escala) Inicio(day string) time.Time {
	d, _ := ParseDate(day)
	var h, m int
	fmt.Sscanf(e.Hora, "%d:%d", &h, &m)
	return time.Date(d.Year(), d.Month(), d.Day(), h, m, 0, 0, Brasilia).UTC()
}

// ProximoTurno is the first day on or after from (yyyy-mm-dd) the rota has
// someone on duty ("" when nobody ever is).
func (e Escala) ProximoTurno(from string) string {
	d, ok := ParseDate(from)
	if !ok || len(e.Turnos) == 0 {
		return ""
	}
	for i := 0; i < 7; i++ {
		day := FormatDate(d.AddDate(0, 0, i))
		if len(e.NaRota(day)) > 0 {
			return day
		}
	}
	return ""
}

// Troca is a swap of one day's turn: De asks Para to take it.
type Troca struct {
	Data     string    `json:"data"`
	De       string    `json:"de"`
	DeNome   string    `json:"deNome"`
	Para     string    `json:"para"`
	ParaNome string    `json:"paraNome"`
	Aceita   bool      `json:"aceita"`
	CriadoEm time.Time `json:"criadoEm"`
}

// Feito is a turn marked done.
type Feito struct {
	Data     string    `json:"data"`
	UserID   string    `json:"userId"`
	Nome     string    `json:"nome"`
	Minutos  int       `json:"minutos"`
	CriadoEm time.Time `json:"criadoEm"`
}

// DiaEscala is one day of the escala's window: who is on duty after any
// swap, the swap, and whether it was done.
type DiaEscala struct {
	Data    string  `json:"data"`
	Turnos  []Turno `json:"turnos"` // on duty, swaps applied
	Trocas  []Troca `json:"trocas"`
	Feitos  []Feito `json:"feitos"`
	Passado bool    `json:"passado"`
	Hoje    bool    `json:"hoje"`
}

// NoDia applies the day's accepted swaps to the rota: who is on duty on day.
func (e Escala) NoDia(day string, trocas []Troca) []Turno {
	out := e.NaRota(day)
	for _, tr := range trocas {
		if tr.Data != day || !tr.Aceita {
			continue
		}
		for i := range out {
			if out[i].UserID == tr.De {
				out[i].UserID, out[i].Nome = tr.Para, tr.ParaNome
			}
		}
	}
	return out
}

// Janela is the escala's days from today-JanelaEscalaPassado to
// today+JanelaEscalaFuturo that have a turn.
func (e Escala) Janela(now time.Time, trocas []Troca, feitos []Feito) []DiaEscala {
	today := LocalDate(now)
	var out []DiaEscala
	for i := -JanelaEscalaPassado; i <= JanelaEscalaFuturo; i++ {
		day := FormatDate(today.AddDate(0, 0, i))
		turnos := e.NoDia(day, trocas)
		if len(turnos) == 0 {
			continue
		}
		d := DiaEscala{Data: day, Turnos: turnos, Trocas: []Troca{}, Feitos: []Feito{}, Passado: i < 0, Hoje: i == 0}
		for _, tr := range trocas {
			if tr.Data == day {
				d.Trocas = append(d.Trocas, tr)
			}
		}
		for _, f := range feitos {
			if f.Data == day {
				d.Feitos = append(d.Feitos, f)
			}
		}
		out = append(out, d)
	}
	return out
}

// TurnoInput is one weekday's volunteer of an escala's body.
type TurnoInput struct {
	Dia    *int   `json:"dia"`
	UserID string `json:"userId"`
}

// EscalaInput is the body of POST /api/groups/{groupId}/escalas and of its
// PUT (with the version read).
type EscalaInput struct {
	Nome       string       `json:"nome"`
	Descricao  string       `json:"descricao"`
	Hora       string       `json:"hora"`
	DuracaoMin *int         `json:"duracaoMin"`
	Turnos     []TurnoInput `json:"turnos"`
	Version    *int         `json:"version"`
}

func (in *EscalaInput) Valid() error {
	var err error
	if in.Nome, err = CleanName("nome", "O nome da escala", in.Nome); err != nil {
		return err
	}
	if n := Length(in.Nome); n < 2 || n > MaxNomeEscala {
		return Invalid("nome", fmt.Sprintf("O nome da escala deve ter de 2 a %d caracteres", MaxNomeEscala))
	}
	in.Descricao = CleanMultiline(in.Descricao)
	if Length(in.Descricao) > MaxDescricaoEscala {
		return Invalid("descricao", fmt.Sprintf("A descrição deve ter no máximo %d caracteres", MaxDescricaoEscala))
	}
	if !horaPattern().MatchString(in.Hora) {
		return Invalid("hora", "Informe a hora do turno (HH:MM)")
	}
	if in.DuracaoMin == nil || *in.DuracaoMin < 5 || *in.DuracaoMin > 8*60 {
		return Invalid("duracaoMin", "A duração do turno vai de 5 minutos a 8 horas")
	}
	if len(in.Turnos) > MaxTurnosEscala {
		return Invalid("turnos", fmt.Sprintf("Uma escala tem no máximo %d turnos por semana", MaxTurnosEscala))
	}
	seen := map[string]bool{}
	perDay := map[int]int{}
	for i, t := range in.Turnos {
		field := fmt.Sprintf("turnos[%d]", i)
		if t.Dia == nil || *t.Dia < 0 || *t.Dia > 6 {
			return Invalid(field+".dia", "Escolha o dia da semana do turno")
		}
		if t.UserID == "" || Length(t.UserID) > 128 {
			return Invalid(field+".userId", "Escolha quem fica com o turno")
		}
		k := fmt.Sprint(*t.Dia, t.UserID)
		if seen[k] {
			return Invalid(field+".userId", "Esta pessoa já tem turno neste dia")
		}
		seen[k] = true
		if perDay[*t.Dia]++; perDay[*t.Dia] > 2 {
			return Invalid(field+".dia", "Cada dia tem no máximo duas pessoas na escala")
		}
	}
	return nil
}

// TrocaInput is the body of POST .../escalas/{escalaId}/trocas.
type TrocaInput struct {
	Data       string `json:"data"`
	ParaUserID string `json:"paraUserId"`
}

func (in *TrocaInput) Valid() error {
	if _, ok := ParseDate(in.Data); !ok {
		return Invalid("data", "Informe o dia do turno (AAAA-MM-DD)")
	}
	if in.ParaUserID == "" || Length(in.ParaUserID) > 128 {
		return Invalid("paraUserId", "Escolha quem vai assumir o turno")
	}
	return nil
}

// FeitoInput is the body of POST .../escalas/{escalaId}/feito.
type FeitoInput struct {
	Data string `json:"data"`
}

func (in *FeitoInput) Valid() error {
	if _, ok := ParseDate(in.Data); !ok {
		return Invalid("data", "Informe o dia do turno (AAAA-MM-DD)")
	}
	return nil
}

// PodeTrocar: who is on duty on day asks another member, for a day to come
// within the window, with no open swap for it.
func (e Escala) PodeTrocar(day, de, para string, trocas []Troca, now time.Time) error {
	today := FormatDate(LocalDate(now))
	last := FormatDate(LocalDate(now).AddDate(0, 0, JanelaEscalaFuturo))
	if day < today || day > last {
		return Invalid("data", fmt.Sprintf("Peça trocas para turnos de hoje até %d dias à frente", JanelaEscalaFuturo))
	}
	if !slices.ContainsFunc(e.NoDia(day, trocas), func(t Turno) bool { return t.UserID == de }) {
		return Conflict("Você não está na escala neste dia")
	}
	if para == de {
		return Invalid("paraUserId", "Escolha outra pessoa para assumir o turno")
	}
	if slices.ContainsFunc(e.NoDia(day, trocas), func(t Turno) bool { return t.UserID == para }) {
		return Conflict("Esta pessoa já está na escala neste dia")
	}
	if slices.ContainsFunc(trocas, func(t Troca) bool { return t.Data == day }) {
		return Conflict("Já existe um pedido de troca para este dia")
	}
	return nil
}

// PodeMarcarFeito: who is on duty marks their turn done, from the day itself
// up to JanelaEscalaPassado days later, once.
func (e Escala) PodeMarcarFeito(day, uid string, trocas []Troca, feitos []Feito, now time.Time) error {
	today := FormatDate(LocalDate(now))
	first := FormatDate(LocalDate(now).AddDate(0, 0, -JanelaEscalaPassado))
	if day > today {
		return Conflict("Marque o turno como feito no dia dele ou depois")
	}
	if day < first {
		return Invalid("data", fmt.Sprintf("Turnos de mais de %d dias atrás não podem mais ser marcados", JanelaEscalaPassado))
	}
	if !slices.ContainsFunc(e.NoDia(day, trocas), func(t Turno) bool { return t.UserID == uid }) {
		return Conflict("Você não está na escala neste dia")
	}
	if slices.ContainsFunc(feitos, func(f Feito) bool { return f.Data == day && f.UserID == uid }) {
		return Conflict("Este turno já foi marcado como feito")
	}
	return nil
}

// Escala errors and texts.
func ErrEscalaNotFound() *Error { return NotFound("Escala não encontrada") }
func ErrTrocaNotFound() *Error  { return NotFound("Pedido de troca não encontrado") }
func ErrEscalaChanged() *Error {
	return Conflict("A escala foi alterada por outra pessoa. Recarregue a página e tente novamente")
}
func ErrTooManyEscalas() *Error {
	return Conflict(fmt.Sprintf("Um grupo tem no máximo %d escalas", MaxEscalasGrupo))
}

// Notifications of escalas.
const (
	NotifEscalaLembrete = "escala_lembrete"  // the morning of a turn, to whoever is on duty
	NotifEscalaTroca    = "escala_troca"     // a swap asked of someone
	NotifEscalaTrocaOK  = "escala_troca_ok"  // a swap accepted (to who asked)
	NotifEscalaTrocaNao = "escala_troca_nao" // a swap refused (to who asked)
)

// DiaTexto is a yyyy-mm-dd day as "sexta, 14/03".
func DiaTexto(day string) string {
	d, ok := ParseDate(day)
	if !ok {
		return day
	}
	return DiasSemana[d.Weekday()] + ", " + d.Format("02/01")
}

func TextoEscalaLembrete(nome, hora string) string {
	return fmt.Sprintf("Hoje é a sua vez na escala de %s, às %s. Depois, marque como feito", nome, hora)
}

func TextoEscalaTroca(quem, nome, day string) string {
	return fmt.Sprintf("%s pediu que você assuma o turno de %s de %s", quem, nome, DiaTexto(day))
}

func TextoEscalaTrocaOK(quem, nome, day string) string {
	return fmt.Sprintf("%s aceitou assumir o seu turno de %s de %s", quem, nome, DiaTexto(day))
}

func TextoEscalaTrocaNao(quem, nome, day string) string {
	return fmt.Sprintf("%s não pôde assumir o seu turno de %s de %s", quem, nome, DiaTexto(day))
}

// LinkEscala is an escala's page.
func LinkEscala(gid, eid string) string { return "/grupos/" + gid + "/escalas/" + eid }
