package domain

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
	"time"
)

// A mutirão is a group's work day: a coordinator schedules it (título, data
// e hora in Brasília, duração, local, descrição) with tarefas, each with a
// number of vagas. Members sign up for one tarefa; when its vagas are taken
// they wait in order (the time they signed up), and a cancellation gives the
// vaga to the first one waiting. On the day the coordinator records who came
// and for how long (or confirms the check-ins members made with the code the
// coordinator shows); a confirmed presence pays Rules.Pontos.Mutirao once and
// counts the minutes for the member (ContaMinutosVoluntarios) and the group
// (the report, relatorio.go).

// ActParticipacao counts a member's sign-ups, check-ins, escala swaps and
// partilha reservations (Rules.Limites.ParticipacoesPorDia).
const ActParticipacao DailyAct = "participacao"

// Bounds of a mutirão. A mutirão's people (confirmed and waiting) are
// notified in one transaction when it is cancelled, and the day-before
// reminder notifies every confirmed member in one: the caps keep both inside
// DynamoDB's 100 items (store/mutiroes.go checks it at compile time).
const (
	MaxTarefasMutirao    = 10
	MaxVagasMutirao      = 30 // the vagas of all its tarefas together
	MaxEsperaMutirao     = 20 // waiting, all its tarefas together
	MaxTituloMutirao     = 80
	MaxLocalMutirao      = 120
	MaxDescricaoMutirao  = 2000
	MaxTituloTarefa      = 60
	MinDuracaoMutirao    = 30      // minutes
	MaxDuracaoMutirao    = 12 * 60 // minutes
	MaxMinutosPresenca   = 24 * 60 // minutes one member may be credited for one day
	MaxAntecedenciaDias  = 366     // how far ahead a mutirão may be scheduled
	CodigoCheckinDigitos = 6
)

// MutiraoStatus is where a mutirão stands.
type MutiraoStatus string

const (
	MutiraoAgendado  MutiraoStatus = "agendado"
	MutiraoCancelado MutiraoStatus = "cancelado"
)

// InscricaoStatus is a member's place in a tarefa.
type InscricaoStatus string

const (
	InscricaoConfirmada InscricaoStatus = "confirmado"
	InscricaoEspera     InscricaoStatus = "espera"
)

// Tarefa is one job of a mutirão and how many it takes.
type Tarefa struct {
	ID        string `json:"id"`
	Titulo    string `json:"titulo"`
	Vagas     int    `json:"vagas"`
	Inscritos int    `json:"inscritos"` // confirmed
	Espera    int    `json:"espera"`    // waiting
}

// Mutirao is a group's work day.
type Mutirao struct {
	ID            string        `json:"id"`
	GroupID       string        `json:"groupId"`
	Titulo        string        `json:"titulo"`
	Descricao     string        `json:"descricao"`
	Local         string        `json:"local"`
	Inicio        time.Time     `json:"inicio"`
	DuracaoMin    int           `json:"duracaoMin"`
	Tarefas       []Tarefa      `json:"tarefas"`
	Status        MutiraoStatus `json:"status"`
	Codigo        string        `json:"-"` // the check-in code, shown to coordinators only
	CriadoPor     string        `json:"criadoPor"`
	CriadoPorNome string        `json:"criadoPorNome"`
	Presentes     int           `json:"presentes"`
	Minutos       int           `json:"minutos"` // volunteer minutes recorded
	CriadoEm      time.Time     `json:"criadoEm"`
}

// Fim is when the mutirão ends.
func (m Mutirao) Fim() time.Time { return m.Inicio.Add(time.Duration(m.DuracaoMin) * time.Minute) }

// Dia is the mutirão's date in Brasília (yyyy-mm-dd).
func (m Mutirao) Dia() string { return FormatDate(LocalDate(m.Inicio)) }

// Vagas are the vagas of all its tarefas.
func (m Mutirao) Vagas() (vagas, inscritos, espera int) {
	for _, t := range m.Tarefas {
		vagas, inscritos, espera = vagas+t.Vagas, inscritos+t.Inscritos, espera+t.Espera
	}
	return
}

// Tarefa finds one of its tarefas.
func (m Mutirao) Tarefa(id string) (Tarefa, bool) {
	i := slices.IndexFunc(m.Tarefas, func(t Tarefa) bool { return t.ID == id })
	if i < 0 {
		return Tarefa{}, false
	}
	return m.Tarefas[i], true
}

// Inscricao is one member's sign-up for a tarefa of a mutirão.
type Inscricao struct {
	GroupID   string          `json:"groupId"`
	MutiraoID string          `json:"mutiraoId"`
	UserID    string          `json:"userId"`
	Nome      string          `json:"nome"`
	TarefaID  string          `json:"tarefaId"`
	Status    InscricaoStatus `json:"status"`
	Desde     time.Time       `json:"desde"` // when they signed up: the waiting list's order
	CheckinEm *time.Time      `json:"checkinEm"`
	Presente  bool            `json:"presente"`
	Minutos   int             `json:"minutos"`
	Posicao   int             `json:"posicao"` // place in the tarefa's waiting list (0 when confirmed)
	Cancelado bool            `json:"-"`       // the mutirão's cancellation reached this sign-up (its member was told)
}

// OrdemEspera sorts a tarefa's waiting sign-ups in the order they wait (the
// time they signed up, then the member id) and numbers them from 1.
func OrdemEspera(ins []Inscricao) {
	sort.SliceStable(ins, func(i, j int) bool {
		a, b := ins[i], ins[j]
		if a.TarefaID != b.TarefaID {
			return a.TarefaID < b.TarefaID
		}
		if a.Status != b.Status {
			return a.Status == InscricaoConfirmada
		}
		if !a.Desde.Equal(b.Desde) {
			return a.Desde.Before(b.Desde)
		}
		return a.UserID < b.UserID
	})
	pos := map[string]int{}
	for i := range ins {
		if ins[i].Status == InscricaoEspera {
			pos[ins[i].TarefaID]++
			ins[i].Posicao = pos[ins[i].TarefaID]
		} else {
			ins[i].Posicao = 0
		}
	}
}

// PrimeiroDaFila is the first member waiting for tarefa, if any.
func PrimeiroDaFila(ins []Inscricao, tarefa string) (Inscricao, bool) {
	var fila []Inscricao
	for _, i := range ins {
		if i.TarefaID == tarefa && i.Status == InscricaoEspera {
			fila = append(fila, i)
		}
	}
	if len(fila) == 0 {
		return Inscricao{}, false
	}
	OrdemEspera(fila)
	return fila[0], true
}

// TarefaInput is one tarefa of a new mutirão.
type TarefaInput struct {
	Titulo string `json:"titulo"`
	Vagas  *int   `json:"vagas"`
}

// MutiraoInput is the body of POST /api/groups/{groupId}/mutiroes.
type MutiraoInput struct {
	Titulo     string        `json:"titulo"`
	Data       string        `json:"data"` // yyyy-mm-dd, Brasília
	Hora       string        `json:"hora"` // HH:MM, Brasília
	DuracaoMin *int          `json:"duracaoMin"`
	Local      string        `json:"local"`
	Descricao  string        `json:"descricao"`
	Tarefas    []TarefaInput `json:"tarefas"`
}

var horaPattern = LazyRegexp(`^([01][0-9]|2[0-3]):([0-5][0-9])$`)

func (in *MutiraoInput) Valid() error {
	var err error
	if in.Titulo, err = CleanName("titulo", "O título", in.Titulo); err != nil {
		return err
	}
	if n := Length(in.Titulo); n < 3 || n > MaxTituloMutirao {
		return Invalid("titulo", fmt.Sprintf("O título deve ter de 3 a %d caracteres", MaxTituloMutirao))
	}
	if _, ok := ParseDate(in.Data); !ok {
		return Invalid("data", "Informe a data do mutirão (AAAA-MM-DD)")
	}
	if !horaPattern().MatchString(in.Hora) {
		return Invalid("hora", "Informe a hora de início (HH:MM)")
	}
	if in.DuracaoMin == nil {
		return Invalid("duracaoMin", "Informe a duração do mutirão")
	}
	if d := *in.DuracaoMin; d < MinDuracaoMutirao || d > MaxDuracaoMutirao {
		return Invalid("duracaoMin", fmt.Sprintf("A duração deve ser de %d minutos a %d horas", MinDuracaoMutirao, MaxDuracaoMutirao/60))
	}
	if in.Local, err = CleanName("local", "O local", in.Local); err != nil {
		return err
	}
	if in.Local == "" {
		return Invalid("local", "Informe o local do mutirão")
	}
	if Length(in.Local) > MaxLocalMutirao {
		return Invalid("local", fmt.Sprintf("O local deve ter no máximo %d caracteres", MaxLocalMutirao))
	}
	in.Descricao = CleanMultiline(in.Descricao)
	if Length(in.Descricao) > MaxDescricaoMutirao {
		return Invalid("descricao", fmt.Sprintf("A descrição deve ter no máximo %d caracteres", MaxDescricaoMutirao))
	}
	if len(in.Tarefas) == 0 {
		return Invalid("tarefas", "Inclua ao menos uma tarefa, com o número de vagas")
	}
	if len(in.Tarefas) > MaxTarefasMutirao {
		return Invalid("tarefas", fmt.Sprintf("Um mutirão tem no máximo %d tarefas", MaxTarefasMutirao))
	}
	total := 0
	seen := map[string]bool{}
	for i := range in.Tarefas {
		t := &in.Tarefas[i]
		field := fmt.Sprintf("tarefas[%d]", i)
		if t.Titulo, err = CleanName(field+".titulo", "O nome da tarefa", t.Titulo); err != nil {
			return err
		}
		if t.Titulo == "" || Length(t.Titulo) > MaxTituloTarefa {
			return Invalid(field+".titulo", fmt.Sprintf("O nome da tarefa deve ter de 1 a %d caracteres", MaxTituloTarefa))
		}
		if k := SearchKey(t.Titulo); seen[k] {
			return Invalid(field+".titulo", "Duas tarefas têm o mesmo nome")
		} else {
			seen[k] = true
		}
		if t.Vagas == nil || *t.Vagas < 1 || *t.Vagas > MaxVagasMutirao {
			return Invalid(field+".vagas", fmt.Sprintf("As vagas de uma tarefa vão de 1 a %d", MaxVagasMutirao))
		}
		total += *t.Vagas
	}
	if total > MaxVagasMutirao {
		return Invalid("tarefas", fmt.Sprintf("Um mutirão tem no máximo %d vagas somando todas as tarefas", MaxVagasMutirao))
	}
	return nil
}

// Inicio is the start the input names (Brasília time).
func (in MutiraoInput) Inicio() time.Time {
	d, _ := ParseDate(in.Data)
	var h, m int
	fmt.Sscanf(in.Hora, "%d:%d", &h, &m)
	return time.Date(d.Year(), d.Month(), d.Day(), h, m, 0, 0, Brasilia).UTC()
}

// NewMutirao is the mutirão the input describes, scheduled by creator at
// now: a start in the past or more than a year ahead is refused.
func (in MutiraoInput) NewMutirao(id, gid, codigo string, creator, creatorNome string, now time.Time) (Mutirao, error) {
	inicio := in.Inicio()
	if !inicio.After(now) {
		return Mutirao{}, Invalid("data", "O mutirão deve começar no futuro")
	}
	if inicio.After(now.AddDate(0, 0, MaxAntecedenciaDias)) {
		return Mutirao{}, Invalid("data", "Agende o mutirão para no máximo um ano à frente")
	}
	m := Mutirao{
		ID: id, GroupID: gid, Titulo: in.Titulo, Descricao: in.Descricao, Local: in.Local,
		Inicio: inicio, DuracaoMin: *in.DuracaoMin, Status: MutiraoAgendado, Codigo: codigo,
		CriadoPor: creator, CriadoPorNome: creatorNome, CriadoEm: now.UTC(),
	}
	for i, t := range in.Tarefas {
		m.Tarefas = append(m.Tarefas, Tarefa{ID: fmt.Sprintf("t%d", i+1), Titulo: t.Titulo, Vagas: *t.Vagas})
	}
	return m, nil
}

// InscricaoInput is the body of PUT .../mutiroes/{mutiraoId}/inscricao.
type InscricaoInput struct {
	TarefaID string `json:"tarefaId"`
}

func (in *InscricaoInput) Valid() error {
	in.TarefaID = strings.TrimSpace(in.TarefaID)
	if in.TarefaID == "" || len(in.TarefaID) > 8 {
		return Invalid("tarefaId", "Escolha a tarefa em que vai ajudar")
	}
	return nil
}

// Inscrever decides a sign-up for tarefa at now: confirmado while vagas
// remain, espera while the waiting list has room; the write holds the
// decision under the counts it read.
func (m Mutirao) Inscrever(tarefa string, now time.Time) (InscricaoStatus, error) {
	if err := m.aberto(now); err != nil {
		return "", err
	}
	t, ok := m.Tarefa(tarefa)
	if !ok {
		return "", ErrTarefaNotFound()
	}
	if t.Inscritos < t.Vagas {
		return InscricaoConfirmada, nil
	}
	if _, _, espera := m.Vagas(); espera >= MaxEsperaMutirao {
		return "", ErrEsperaCheia()
	}
	return InscricaoEspera, nil
}

// aberto: sign-ups and cancellations are open until the mutirão starts.
func (m Mutirao) aberto(now time.Time) error {
	if m.Status == MutiraoCancelado {
		return ErrMutiraoCancelado()
	}
	if !now.Before(m.Inicio) {
		return ErrMutiraoComecou()
	}
	return nil
}

// PodeDesistir: a member leaves a tarefa until the mutirão starts.
func (m Mutirao) PodeDesistir(now time.Time) error { return m.aberto(now) }

// PodeCancelar: the coordinators cancel a mutirão that has not ended (a
// cancelled one again: that finishes telling its people).
func (m Mutirao) PodeCancelar(now time.Time) error {
	if !now.Before(m.Fim()) {
		return Conflict("Este mutirão já terminou e não pode ser cancelado")
	}
	return nil
}

// NoDia reports whether now is the mutirão's day (Brasília) or later: when
// presence may be recorded.
func (m Mutirao) NoDia(now time.Time) bool { return FormatDate(LocalDate(now)) >= m.Dia() }

// CheckinInput is the body of POST .../mutiroes/{mutiraoId}/checkin.
type CheckinInput struct {
	Codigo string `json:"codigo"`
}

func (in *CheckinInput) Valid() error {
	in.Codigo = strings.TrimSpace(in.Codigo)
	if len(in.Codigo) != CodigoCheckinDigitos || strings.Trim(in.Codigo, "0123456789") != "" {
		return Invalid("codigo", fmt.Sprintf("O código de presença tem %d dígitos", CodigoCheckinDigitos))
	}
	return nil
}

// PodeCheckin: a confirmed member checks in on the mutirão's day with its code.
func (m Mutirao) PodeCheckin(ins *Inscricao, codigo string, now time.Time) error {
	if m.Status == MutiraoCancelado {
		return ErrMutiraoCancelado()
	}
	if ins == nil || ins.Status != InscricaoConfirmada {
		return Conflict("Só quem tem vaga confirmada neste mutirão pode registrar presença")
	}
	if FormatDate(LocalDate(now)) != m.Dia() {
		return Conflict("A presença é registrada no dia do mutirão")
	}
	if codigo != m.Codigo {
		return Invalid("codigo", "Código de presença incorreto. Confira com quem coordena o mutirão")
	}
	return nil
}

// PresencaInput is the body of PUT .../mutiroes/{mutiraoId}/presencas/{userId}:
// whether the member came and for how many minutes.
type PresencaInput struct {
	Presente *bool `json:"presente"`
	Minutos  *int  `json:"minutos"`
}

func (in *PresencaInput) Valid() error {
	if in.Presente == nil {
		return Invalid("presente", "Diga se a pessoa esteve presente")
	}
	if !*in.Presente {
		in.Minutos = new(int)
		return nil
	}
	if in.Minutos == nil || *in.Minutos < 1 || *in.Minutos > MaxMinutosPresenca {
		return Invalid("minutos", "Informe as horas trabalhadas: de 1 minuto a 24 horas")
	}
	return nil
}

// PodeRegistrarPresenca: coordinators record presence from the mutirão's day
// on, for members with a confirmed vaga.
func (m Mutirao) PodeRegistrarPresenca(ins *Inscricao, now time.Time) error {
	if m.Status == MutiraoCancelado {
		return ErrMutiraoCancelado()
	}
	if !m.NoDia(now) {
		return Conflict("A presença é registrada a partir do dia do mutirão")
	}
	if ins == nil {
		return NotFound("Esta pessoa não se inscreveu neste mutirão")
	}
	if ins.Status != InscricaoConfirmada {
		return Conflict("Esta pessoa está na lista de espera, sem vaga confirmada")
	}
	return nil
}

// HorasTexto says minutes as hours in Portuguese: "2 h", "1 h 30 min", "45 min".
func HorasTexto(min int) string {
	h, m := min/60, min%60
	switch {
	case h == 0:
		return fmt.Sprintf("%d min", m)
	case m == 0:
		return fmt.Sprintf("%d h", h)
	}
	return fmt.Sprintf("%d h %d min", h, m)
}

// Horas is minutes as hours with two decimals (reports).
func Horas(min int) float64 { return math.Round(float64(min)/60*100) / 100 }

// Notifications of mutirões.
const (
	NotifMutiraoInscricao = "mutirao_inscricao"   // to its coordinator: someone signed up
	NotifMutiraoVaga      = "mutirao_vaga"        // to a member: they moved up from the waiting list
	NotifMutiraoLembrete  = "mutirao_lembrete"    // the day before, to every confirmed member
	NotifMutiraoCancelado = "mutirao_cancelado"   // to its people: the mutirão was cancelled
	NotifMutiraoDesistiu  = "mutirao_desistencia" // to its coordinator: someone left a tarefa
	NotifMutiraoPresenca  = "mutirao_presenca"    // to a member: presence and hours confirmed
)

func TextoMutiraoTarefaCompleta(tarefa, titulo string) string {
	return fmt.Sprintf("Todas as vagas de %s no mutirão %s foram preenchidas", tarefa, titulo)
}

func TextoMutiraoVaga(tarefa, titulo string) string {
	return fmt.Sprintf("Abriu uma vaga: você está confirmado em %s no mutirão %s", tarefa, titulo)
}

func TextoMutiraoLembrete(titulo, hora, local string) string {
	return fmt.Sprintf("Amanhã tem mutirão: %s, às %s, em %s", titulo, hora, local)
}

func TextoMutiraoCancelado(titulo, dia string) string {
	return fmt.Sprintf("O mutirão %s de %s foi cancelado", titulo, dia)
}

func TextoMutiraoDesistiu(nome, tarefa, titulo string) string {
	return fmt.Sprintf("%s desistiu de %s no mutirão %s", nome, tarefa, titulo)
}

func TextoMutiraoPresenca(titulo string, minutos int) string {
	return fmt.Sprintf("Sua presença no mutirão %s foi confirmada: %s de trabalho voluntário", titulo, HorasTexto(minutos))
}

// LinkMutirao is a mutirão's page.
func LinkMutirao(gid, mid string) string { return "/grupos/" + gid + "/mutiroes/" + mid }

// HoraLocal is t's time of day in Brasília (HH:MM).
func HoraLocal(t time.Time) string { return t.In(Brasilia).Format("15:04") }

// DiaLocal is t's date in Brasília as dd/mm/aaaa.
func DiaLocal(t time.Time) string { return t.In(Brasilia).Format("02/01/2006") }

// Mutirão errors.
func ErrMutiraoNotFound() *Error  { return NotFound("Mutirão não encontrado") }
func ErrTarefaNotFound() *Error   { return Invalid("tarefaId", "Esta tarefa não existe neste mutirão") }
func ErrMutiraoCancelado() *Error { return Conflict("Este mutirão foi cancelado") }
func ErrMutiraoComecou() *Error {
	return Conflict("Este mutirão já começou: as inscrições estão encerradas")
}
func ErrEsperaCheia() *Error {
	return Conflict("As vagas desta tarefa acabaram e a lista de espera do mutirão está cheia")
}
func ErrInscricaoNotFound() *Error { return NotFound("Você não está inscrito neste mutirão") }
func ErrJaInscrito() *Error {
	return Conflict("Você já está inscrito em outra tarefa deste mutirão. Desista dela antes de trocar")
}

// MotivoMutirao is a confirmed presence in a mutirão (ref: the mutirão).
const MotivoMutirao = "MUTIRAO"

// AwardMutirao is what a confirmed presence in mutirão mid earns under r:
// once per member and mutirão, however often the presence is corrected.
func AwardMutirao(r Rules, mid string) Award {
	return Award{Motivo: MotivoMutirao, Ref: mid, Pontos: r.Pontos.Mutirao}
}

func fmtSscan(hora string, h, m *int) (int, error) { return fmt.Sscanf(hora, "%d:%d", h, m) }
