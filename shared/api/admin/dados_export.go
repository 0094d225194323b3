package admin

import (
	"context"
	"net/http"
	"time"

	"github.com/verde-app/verde/shared/api"
	"github.com/verde-app/verde/shared/api/kit"
	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/invoke"
	"github.com/verde-app/verde/shared/store"
)

// The exports of /admin/dados: POST records an export (pendente, audited)
// and starts the export job (DadosJobFunction, an async invoke); the list
// shows the recent ones; a download is a fresh presigned GET (5 minutes) of
// the file under exports/, never served through /media/*.

// Exportacao is an export as the admin's list shows it.
type Exportacao struct {
	ID         string     `json:"id"`
	Entidade   string     `json:"entidade"`
	Formato    string     `json:"formato"`
	Status     string     `json:"status"`
	Linhas     int        `json:"linhas"`
	Bytes      int64      `json:"bytes"`
	CriadoEm   time.Time  `json:"criadoEm"`
	ConcluiuEm *time.Time `json:"concluiuEm"`
	Erro       string     `json:"erro"`
}

// ExportacaoPage is a page of the list.
type ExportacaoPage = api.Page[Exportacao]

// Download is a presigned URL of an export's file.
type Download struct {
	URL      string    `json:"url"`
	ExpiraEm time.Time `json:"expiraEm"`
}

// exportacaoAt is the view of an export at now: one that stopped without a
// word (its job crashed; its invocation is in the failure queue) shows as
// failed, with "Tentar de novo".
func exportacaoAt(now time.Time) func(store.ExportRecord) Exportacao {
	return func(r store.ExportRecord) Exportacao {
		e := exportacaoOf(r)
		if st := r.StatusAt(now); st != r.Status {
			e.Status, e.Erro = st, domain.ExportacaoParada
		}
		return e
	}
}

func exportacaoOf(r store.ExportRecord) Exportacao {
	e := Exportacao{ID: r.ID, Entidade: r.Entidade, Formato: r.Formato, Status: r.Status, Linhas: r.Linhas, Bytes: r.Bytes,
		CriadoEm: store.ExportTime(r.CriadoEm), Erro: r.Erro}
	if r.ConcluiuEm != "" {
		t := store.ExportTime(r.ConcluiuEm)
		e.ConcluiuEm = &t
	}
	return e
}

// startJob invokes the export job; a variable so that nothing else is needed in tests.
var startJob = func(ctx context.Context, id string) error {
	return invoke.Async(ctx, "DADOS_JOB_FUNCTION", map[string]string{"kind": "export", "exportId": id})
}

func handleCreateExport(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		in, err := api.Decode[domain.ExportInput](r)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		rec, running, err := d.Store.CreateExport(r.Context(), in, kit.ActorFrom(d, r))
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		if running {
			// The same export is under way: its record, and no second job.
			api.Encode(w, http.StatusOK, exportacaoOf(rec))
			return
		}
		startAndAnswer(d, w, r, rec, http.StatusCreated)
	})
}

func handleExports(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		kit.ListPage(w, r, d, store.ExportsScope, d.Store.Exports, exportacaoAt(d.Now()))
	})
}

// handleRetryExport starts a failed export again ("Tentar de novo"): the same
// export from the beginning, and its job.
func handleRetryExport(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec, err := d.Store.RetryExport(r.Context(), r.PathValue("exportId"), kit.ActorFrom(d, r))
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		startAndAnswer(d, w, r, rec, http.StatusOK)
	})
}

// startAndAnswer starts the export job of rec and answers the export; a job
// that cannot be started marks the export failed (Tentar de novo) and answers
// the error.
func startAndAnswer(d app.Deps, w http.ResponseWriter, r *http.Request, rec store.ExportRecord, status int) {
	if err := startJob(r.Context(), rec.ID); err != nil {
		rec.Status, rec.Erro = domain.ExportErro, domain.MsgExportNaoIniciada
		_ = d.Store.FinishExport(context.WithoutCancel(r.Context()), rec)
		api.WriteError(w, r, err)
		return
	}
	api.Encode(w, status, exportacaoOf(rec))
}

func handleDownloadExport(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec, err := d.Store.Export(r.Context(), r.PathValue("exportId"))
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		if rec.Status != domain.ExportPronto {
			api.WriteError(w, r, domain.ErrExportNotReady())
			return
		}
		url, err := d.Uploads.PresignGet(r.Context(), rec.Chave)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		api.Encode(w, http.StatusOK, Download{URL: url, ExpiraEm: d.Now().Add(5 * time.Minute).UTC()})
	})
}
