package mutiroes

import (
	"time"

	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
)

// Tarefa is a tarefa with its counts (schema Tarefa).
type Tarefa struct {
	ID        string `json:"id"`
	Titulo    string `json:"titulo"`
	Vagas     int    `json:"vagas"`
	Inscritos int    `json:"inscritos"`
	Espera    int    `json:"espera"`
}

// Mutirao is a mutirão in a list (schema Mutirao).
type Mutirao struct {
	ID            string               `json:"id"`
	GroupID       string               `json:"groupId"`
	Titulo        string               `json:"titulo"`
	Descricao     string               `json:"descricao"`
	Local         string               `json:"local"`
	Inicio        time.Time            `json:"inicio"`
	DuracaoMin    int                  `json:"duracaoMin"`
	Status        domain.MutiraoStatus `json:"status"`
	Tarefas       []Tarefa             `json:"tarefas"`
	Vagas         int                  `json:"vagas"`
	Inscritos     int                  `json:"inscritos"`
	Espera        int                  `json:"espera"`
	Presentes     int                  `json:"presentes"`
	Minutos       int                  `json:"minutos"`
	CriadoPor     string               `json:"criadoPor"`
	CriadoPorNome string               `json:"criadoPorNome"`
	CriadoEm      time.Time            `json:"criadoEm"`
}

func mutiraoOf(m domain.Mutirao) Mutirao {
	vagas, ins, esp := m.Vagas()
	out := Mutirao{
		ID: m.ID, GroupID: m.GroupID, Titulo: m.Titulo, Descricao: m.Descricao, Local: m.Local, Inicio: m.Inicio,
		DuracaoMin: m.DuracaoMin, Status: m.Status, Tarefas: make([]Tarefa, 0, len(m.Tarefas)),
		Vagas: vagas, Inscritos: ins, Espera: esp, Presentes: m.Presentes, Minutos: m.Minutos,
		CriadoPor: m.CriadoPor, CriadoPorNome: m.CriadoPorNome, CriadoEm: m.CriadoEm,
	}
	for _, t := range m.Tarefas {
		out.Tarefas = append(out.Tarefas, Tarefa(t))
	}
	return out
}

// Inscricao is a sign-up (schema Inscricao).
type Inscricao struct {
	UserID    string                 `json:"userId"`
	Nome      string                 `json:"nome"`
	TarefaID  string                 `json:"tarefaId"`
	Status    domain.InscricaoStatus `json:"status"`
	Posicao   int                    `json:"posicao"`
	Desde     time.Time              `json:"desde"`
	CheckinEm *time.Time             `json:"checkinEm"`
	Presente  bool                   `json:"presente"`
	Minutos   int                    `json:"minutos"`
}

func inscricaoOf(i domain.Inscricao) Inscricao {
	return Inscricao{UserID: i.UserID, Nome: i.Nome, TarefaID: i.TarefaID, Status: i.Status, Posicao: i.Posicao,
		Desde: i.Desde, CheckinEm: i.CheckinEm, Presente: i.Presente, Minutos: i.Minutos}
}

// MutiraoDetail is a mutirão's page (schema MutiraoDetail): its sign-ups
// (waiting ones in order), the caller's own, what the caller may do, and
// for coordinators the check-in code.
type MutiraoDetail struct {
	Mutirao
	Inscricoes    []Inscricao `json:"inscricoes"`
	Minha         *Inscricao  `json:"minha"`
	PodeCoordenar bool        `json:"podeCoordenar"`
	PodeInscrever bool        `json:"podeInscrever"`
	Codigo        *string     `json:"codigo"`
}

func detailOf(v store.MutiraoView, a domain.Access) MutiraoDetail {
	out := MutiraoDetail{Mutirao: mutiraoOf(v.Mutirao), Inscricoes: make([]Inscricao, 0, len(v.Inscricoes)),
		PodeCoordenar: a.Manager(), PodeInscrever: a.Member()}
	for _, i := range v.Inscricoes {
		out.Inscricoes = append(out.Inscricoes, inscricaoOf(i))
	}
	if v.Minha != nil {
		out.Minha = new(Inscricao)
		*out.Minha = inscricaoOf(*v.Minha)
	}
	if a.Manager() {
		out.Codigo = &v.Mutirao.Codigo
	}
	return out
}

// InscricaoReply answers a sign-up: the sign-up and the mutirão's counts.
type InscricaoReply struct {
	Inscricao Inscricao `json:"inscricao"`
	Mutirao   Mutirao   `json:"mutirao"`
}

// Relatorio is the report (schema Relatorio): domain.Relatorio with the group.
type Relatorio struct {
	Grupo struct {
		ID   string `json:"id"`
		Nome string `json:"nome"`
	} `json:"grupo"`
	domain.Relatorio
	PeriodoTexto string `json:"periodoTexto"`
}

// Impacto is a group's public impact of the year (schema Impacto).
type Impacto struct {
	domain.Impacto
	Publico bool `json:"publico"`
}
