package mutiroes

import (
	"net/http"
	"time"

	"github.com/verde-app/verde/shared/api/kit"
	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
)

// Turno is one weekday's volunteer (schema Turno): the domain's, field for field.
type Turno domain.Turno

// Escala is an escala (schema Escala): the domain's escala, field for field.
type Escala domain.Escala

// escalaOf is e with its turnos as a JSON array, never null.
func escalaOf(e domain.Escala) Escala {
	out := Escala(e)
	out.Turnos = append(make([]domain.Turno, 0, len(e.Turnos)), e.Turnos...)
	return out
}

// Troca is a swap (schema Troca).
type Troca struct {
	Data     string `json:"data"`
	De       string `json:"de"`
	DeNome   string `json:"deNome"`
	Para     string `json:"para"`
	ParaNome string `json:"paraNome"`
	Aceita   bool   `json:"aceita"`
}

// Feito is a turn done (schema Feito).
type Feito struct {
	Data    string `json:"data"`
	UserID  string `json:"userId"`
	Nome    string `json:"nome"`
	Minutos int    `json:"minutos"`
}

// DiaEscala is one day of the escala's window (schema DiaEscala).
type DiaEscala struct {
	Data    string  `json:"data"`
	Turnos  []Turno `json:"turnos"`
	Trocas  []Troca `json:"trocas"`
	Feitos  []Feito `json:"feitos"`
	Passado bool    `json:"passado"`
	Hoje    bool    `json:"hoje"`
}

// EscalaDetail is an escala's page (schema EscalaDetail).
type EscalaDetail struct {
	Escala
	Dias          []DiaEscala `json:"dias"`
	PodeCoordenar bool        `json:"podeCoordenar"`
	PodeTrocar    bool        `json:"podeTrocar"`
}

func detailOfEscala(v store.EscalaView, a domain.Access, now time.Time) EscalaDetail {
	out := EscalaDetail{Escala: escalaOf(v.Escala), Dias: []DiaEscala{}, PodeCoordenar: a.Manager(), PodeTrocar: a.Member()}
	for _, d := range v.Escala.Janela(now, v.Trocas, v.Feitos) {
		dv := DiaEscala{Data: d.Data, Passado: d.Passado, Hoje: d.Hoje, Turnos: []Turno{}, Trocas: []Troca{}, Feitos: []Feito{}}
		for _, t := range d.Turnos {
			dv.Turnos = append(dv.Turnos, Turno(t))
		}
		for _, t := range d.Trocas {
			dv.Trocas = append(dv.Trocas, trocaOf(t))
		}
		for _, f := range d.Feitos {
			dv.Feitos = append(dv.Feitos, Feito{Data: f.Data, UserID: f.UserID, Nome: f.Nome, Minutos: f.Minutos})
		}
		out.Dias = append(out.Dias, dv)
	}
	return out
}

// handleEscalas lists a group's escalas (members and site admins): one
// BatchGetItem and one Query.
func handleEscalas(d app.Deps) http.Handler {
	return kit.GroupList(d, domain.Access.CanReadInside, store.EscalasScope, d.Store.Escalas, escalaOf)
}

// handleCreateEscala makes an escala (coordinators).
func handleCreateEscala(d app.Deps) http.Handler {
	return kit.Act(d, http.StatusCreated, func(r *http.Request, in domain.EscalaInput, actor store.Actor) (Escala, error) {
		e, err := d.Store.SaveEscala(r.Context(), r.PathValue("groupId"), "", actor, in)
		return escalaOf(e), err
	})
}

// handleUpdateEscala replaces an escala's rota at the version read (coordinators).
func handleUpdateEscala(d app.Deps) http.Handler {
	return kit.Act(d, http.StatusOK, func(r *http.Request, in domain.EscalaInput, actor store.Actor) (Escala, error) {
		if in.Version == nil {
			return Escala{}, domain.ErrEscalaSemVersao()
		}
		e, err := d.Store.SaveEscala(r.Context(), r.PathValue("groupId"), r.PathValue("escalaId"), actor, in)
		return escalaOf(e), err
	})
}

func handleDeleteEscala(d app.Deps) http.Handler {
	return kit.Done(d, func(r *http.Request, actor store.Actor) error {
		return d.Store.DeleteEscala(r.Context(), r.PathValue("groupId"), r.PathValue("escalaId"), actor)
	})
}

// handleEscala is an escala's page: its rota and its days from a week ago to
// four weeks ahead (members and site admins). One BatchGetItem, one Query.
func handleEscala(d app.Deps) http.Handler {
	return kit.Read(d, http.StatusOK, func(r *http.Request, actor store.Actor) (EscalaDetail, error) {
		v, a, err := d.Store.Escala(r.Context(), r.PathValue("groupId"), r.PathValue("escalaId"), actor)
		if err != nil {
			return EscalaDetail{}, err
		}
		return detailOfEscala(v, a, d.Now()), nil
	})
}

func trocaOf(t domain.Troca) Troca {
	return Troca{Data: t.Data, De: t.De, DeNome: t.DeNome, Para: t.Para, ParaNome: t.ParaNome, Aceita: t.Aceita}
}

// handlePedirTroca: whoever is on duty asks another member to take a day.
func handlePedirTroca(d app.Deps) http.Handler {
	return kit.Act(d, http.StatusOK, func(r *http.Request, in domain.TrocaInput, actor store.Actor) (Troca, error) {
		t, err := d.Store.PedirTroca(r.Context(), r.PathValue("groupId"), r.PathValue("escalaId"), actor, in)
		return trocaOf(t), err
	})
}

// handleAceitarTroca: the member asked takes the day.
func handleAceitarTroca(d app.Deps) http.Handler {
	return kit.Read(d, http.StatusOK, func(r *http.Request, actor store.Actor) (Troca, error) {
		t, err := d.Store.ResponderTroca(r.Context(), r.PathValue("groupId"), r.PathValue("escalaId"), r.PathValue("data"), actor, true)
		return trocaOf(t), err
	})
}

// handleRecusarTroca: the member asked refuses, or the asker withdraws.
func handleRecusarTroca(d app.Deps) http.Handler {
	return kit.Done(d, func(r *http.Request, actor store.Actor) error {
		_, err := d.Store.ResponderTroca(r.Context(), r.PathValue("groupId"), r.PathValue("escalaId"), r.PathValue("data"), actor, false)
		return err
	})
}

// handleFeito: whoever is on duty marks the day's turn done.
func handleFeito(d app.Deps) http.Handler {
	return kit.Act(d, http.StatusOK, func(r *http.Request, in domain.FeitoInput, actor store.Actor) (Feito, error) {
		f, err := d.Store.MarcarFeito(r.Context(), r.PathValue("groupId"), r.PathValue("escalaId"), actor, in)
		return Feito{Data: f.Data, UserID: f.UserID, Nome: f.Nome, Minutos: f.Minutos}, err
	})
}

// AgendaItem is one entry of "Minha escala" (schema AgendaItem).
type AgendaItem struct {
	Tipo       string     `json:"tipo"`
	GroupID    string     `json:"groupId"`
	RefID      string     `json:"refId"`
	Titulo     string     `json:"titulo"`
	Local      string     `json:"local"`
	Inicio     *time.Time `json:"inicio"`
	DuracaoMin int        `json:"duracaoMin"`
	Cancelado  bool       `json:"cancelado"`
	Espera     bool       `json:"espera"`
	Dias       []int      `json:"dias"`
	Hora       string     `json:"hora"`
	Data       string     `json:"data"`
	De         string     `json:"de"`
}

// Agenda is the caller's agenda (schema Agenda).
type Agenda struct {
	Items []AgendaItem `json:"items"`
}

// AgendaHandler is GET /api/me/agenda's handler, which /api/dashboard also
// runs for its "Minha escala" card.
func AgendaHandler(d app.Deps) http.Handler { return handleAgenda(d) }

// handleAgenda is "Minha escala": the caller's coming mutirões, weekly turns
// and swaps, from today. One Query.
func handleAgenda(d app.Deps) http.Handler {
	return kit.Read(d, http.StatusOK, func(r *http.Request, actor store.Actor) (Agenda, error) {
		items, err := d.Store.Agenda(r.Context(), actor.ID)
		if err != nil {
			return Agenda{}, err
		}
		out := Agenda{Items: make([]AgendaItem, 0, len(items))}
		for _, a := range items {
			v := AgendaItem{Tipo: a.Tipo, GroupID: a.GroupID, RefID: a.RefID, Titulo: a.Titulo, Local: a.Local, DuracaoMin: a.DuracaoMin,
				Cancelado: a.Cancelado, Espera: a.Espera, Dias: a.Dias, Hora: a.Hora, Data: a.Data, De: a.De}
			if v.Dias == nil {
				v.Dias = []int{}
			}
			if !a.Inicio.IsZero() {
				t := a.Inicio
				v.Inicio = &t
			}
			out.Items = append(out.Items, v)
		}
		return out, nil
	})
}
