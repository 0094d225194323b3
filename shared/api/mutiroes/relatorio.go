package mutiroes

import (
	"bytes"
	"net/http"
	"strings"

	"github.com/verde-app/verde/shared/api"
	"github.com/verde-app/verde/shared/api/kit"
	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/csvcell"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
)

// handleMutiraoICS is one mutirão as an .ics file (members and site admins).
func handleMutiraoICS(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		v, _, mv, err := mutiraoOfPath(d, r)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		body := calendar(v.Group.Nome, []icsEvent{mutiraoEvent(mv.Mutirao, v.Group.Nome, siteURL(r))}, d.Now())
		writeCalendar(w, body, "mutirao-"+mv.Mutirao.Dia()+".ics")
	})
}

func mutiraoEvent(m domain.Mutirao, grupo, site string) icsEvent {
	desc := strings.TrimSpace(m.Descricao + "\n\n" + domain.TarefasTexto(m.Tarefas))
	e := icsEvent{UID: "mutirao-" + m.ID + "@verde", Inicio: m.Inicio, Fim: m.Fim(), Titulo: domain.TituloEventoMutirao(m.Titulo, grupo, false),
		Local: m.Local, Descricao: desc, Cancelado: m.Status == domain.MutiraoCancelado}
	if site != "" {
		e.URL = site + domain.LinkMutirao(m.GroupID, m.ID)
	}
	return e
}

// handleRelatorio is the coordinator's report of a period (?de=, ?ate= as
// yyyy-mm; this year by default) as JSON, or with ?formato=csv as a CSV file
// (coordinators and site admins). One BatchGetItem and one Query.
func handleRelatorio(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		formato := q.Get("formato")
		if formato != "" && formato != "json" && formato != "csv" {
			api.WriteError(w, r, domain.ErrFormatoRelatorio())
			return
		}
		p, err := domain.ParsePeriodoRelatorio(q.Get("de"), q.Get("ate"), q.Has("de") || q.Has("ate"), d.Now())
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		v, _, err := kit.Group(d, r, domain.Access.CanReadRelatorio)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		meses, err := d.Store.Relatorio(r.Context(), v.Group.ID, p)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		rel := domain.MontaRelatorio(p, meses)
		if formato == "csv" {
			writeRelatorioCSV(w, r, v.Group, rel)
			return
		}
		out := Relatorio{Relatorio: rel, PeriodoTexto: p.Texto()}
		out.Grupo.ID, out.Grupo.Nome = v.Group.ID, v.Group.Nome
		api.Encode(w, http.StatusOK, out)
	})
}

// writeRelatorioCSV writes the report as one spreadsheet of sections (UTF-8
// with BOM, ';' between cells, decimal points), every text neutralised.
func writeRelatorioCSV(w http.ResponseWriter, r *http.Request, g domain.Group, rel domain.Relatorio) {
	var b bytes.Buffer
	cw, _ := csvcell.NewWriter(&b, ';')
	for _, row := range domain.PlanilhaRelatorio(g.Nome, rel) {
		cells := make([]csvcell.Cell, 0, len(row))
		for _, c := range row {
			if c.Numero != nil {
				cells = append(cells, csvcell.Num(*c.Numero))
			} else {
				cells = append(cells, csvcell.Text(c.Texto))
			}
		}
		if err := cw.Row(cells...); err != nil {
			api.WriteError(w, r, err)
			return
		}
	}
	if err := cw.Flush(); err != nil {
		api.WriteError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="`+domain.NomeArquivoRelatorio(rel.Periodo)+`"`)
	w.WriteHeader(http.StatusOK)
	w.Write(b.Bytes())
}

// handleImpacto is a group's impact this year on its public page: anyone
// may read it once its dono made it public; members (and site admins) see
// it anyway, with publico saying whether visitors do. One BatchGetItem.
func handleImpacto(d app.Deps) http.Handler {
	return kit.Read(d, http.StatusOK, func(r *http.Request, actor store.Actor) (Impacto, error) {
		imp, err := d.Store.Impacto(r.Context(), r.PathValue("groupId"), actor, domain.AnoLocal(d.Now()))
		if err != nil {
			return Impacto{}, err
		}
		return Impacto{Impacto: imp.Impacto, Publico: imp.Publico}, nil
	})
}

// handleSetImpacto makes the group's impact public or not (the dono).
func handleSetImpacto(d app.Deps) http.Handler {
	return kit.Act(d, http.StatusOK, func(r *http.Request, in domain.ImpactoInput, actor store.Actor) (Impacto, error) {
		imp, err := d.Store.SetImpactoPublico(r.Context(), r.PathValue("groupId"), actor, *in.Publico, domain.AnoLocal(d.Now()))
		return Impacto{Impacto: imp.Impacto, Publico: imp.Publico}, err
	})
}
