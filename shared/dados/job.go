// Package dados is the export job of /admin/dados, the
// DadosJobFunction: an export the API recorded (pendente) is read from the
// table one page at a time (store.ScanEntityPage: a paged Scan filtered by
// the entity's type: offline, and one of the two functions that may Scan,
// shared/areas.ScanAllowed), written as JSON Lines
// or CSV into the uploads bucket under exports/ with a multipart upload, and
// its admin notified when it is done. A run stops after PagesPerRun pages or
// when its time runs short, saves its position and the bytes short of a part
// (exports/<id>/carry) and invokes the function again (async) to go on, so
// an export of any size survives Lambda's timeout.
package dados

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/invoke"
	"github.com/verde-app/verde/shared/store"
	"github.com/verde-app/verde/shared/uploads"
)

// PartSize is S3's smallest part but the last: 5 MiB.
const PartSize = 5 << 20

// Event is what the function is invoked with.
type Event struct {
	Kind     string `json:"kind,omitempty"` // "" or "export"
	ExportID string `json:"exportId,omitempty"`
}

// Job runs exports.
type Job struct {
	Store  *store.Store
	Bucket uploads.Bucket
	// Continue invokes the function again, asynchronously, with ev.
	Continue func(ctx context.Context, ev Event) error
	// PageSize is the Scan's page (items read, before the type filter);
	// PagesPerRun the pages a run reads before it hands over; Reserve the
	// time a run keeps before its deadline to save and hand over.
	PageSize, PagesPerRun int
	Reserve               time.Duration
	// MinPart is the size at which buffered bytes become a part (PartSize;
	// tests lower it only against an S3 that allows small parts).
	MinPart int
}

// New is the job with the production sizes.
func New(s *store.Store, b uploads.Bucket, cont func(context.Context, Event) error) *Job {
	return &Job{Store: s, Bucket: b, Continue: cont, PageSize: 1000, PagesPerRun: 200, Reserve: 20 * time.Second, MinPart: PartSize}
}

// Handle is the Lambda handler.
func (j *Job) Handle(ctx context.Context, ev Event) (map[string]any, error) {
	switch ev.Kind {
	case "", "export":
		return nil, j.Run(ctx, ev.ExportID)
	}
	return nil, fmt.Errorf("unknown event kind %q", ev.Kind)
}

func (j *Job) carryKey(rec store.ExportRecord) string { return rec.Chave + ".carry" }

// Run goes on with export id from where its last run stopped.
func (j *Job) Run(ctx context.Context, id string) error {
	rec, err := j.Store.Export(ctx, id)
	if err != nil {
		return err
	}
	if rec.Status == domain.ExportPronto || rec.Status == domain.ExportErro {
		return nil // a repeated invocation
	}
	if err := j.run(ctx, &rec); err != nil {
		slog.Error("export failed", "export", id, "err", err)
		rec.Status, rec.Erro = domain.ExportErro, domain.MsgExportFalhou
		if ferr := j.Store.FinishExport(context.WithoutCancel(ctx), rec); ferr != nil {
			return fmt.Errorf("%w (and marking it: %v)", err, ferr)
		}
		return err
	}
	return nil
}

func (j *Job) run(ctx context.Context, rec *store.ExportRecord) error {
	e, ok := domain.ExportEntityNamed(rec.Entidade)
	if !ok {
		return fmt.Errorf("unknown entity %q", rec.Entidade)
	}
	cols := store.ExportColumns(e)
	var buf bytes.Buffer
	if rec.Status == domain.ExportPendente {
		ct := "application/x-ndjson; charset=utf-8"
		if rec.Formato == domain.FormatoCSV {
			ct = "text/csv; charset=utf-8"
		}
		name := rec.Chave[len(uploads.ExportsPrefix+rec.ID+"/"):]
		up, err := j.Bucket.StartMultipart(ctx, rec.Chave, ct, name)
		if err != nil {
			return err
		}
		rec.UploadID, rec.Status = up, domain.ExportProcessando
		if rec.Formato == domain.FormatoCSV {
			buf.WriteString("\ufeff") // Excel reads the accents right
			if err := writeCSV(&buf, cols); err != nil {
				return err
			}
		}
	} else {
		carry, err := j.Bucket.ReadSmall(ctx, j.carryKey(*rec))
		if err != nil {
			return err
		}
		buf.Write(carry)
	}
	rec.Execucoes++
	deadline, hasDeadline := ctx.Deadline()
	for pages := 0; ; pages++ {
		if pages > 0 && (pages >= j.PagesPerRun || hasDeadline && time.Until(deadline) < j.Reserve) {
			return j.handOver(ctx, rec, buf.Bytes())
		}
		rows, next, err := j.Store.ScanEntityPage(ctx, e.Tipos, j.PageSize, rec.Cursor)
		if err != nil {
			return err
		}
		for _, row := range rows {
			if err := encodeRow(&buf, rec.Formato, cols, row); err != nil {
				return err
			}
			rec.Linhas++
		}
		for buf.Len() >= j.MinPart {
			part := buf.Next(j.MinPart)
			if err := j.upload(ctx, rec, part); err != nil {
				return err
			}
		}
		rec.Cursor = next
		if next == nil {
			break
		}
	}
	if buf.Len() > 0 || len(rec.Partes) == 0 {
		if err := j.upload(ctx, rec, buf.Bytes()); err != nil {
			return err
		}
	}
	if err := j.Bucket.CompleteMultipart(ctx, rec.Chave, rec.UploadID, rec.Partes); err != nil {
		return err
	}
	if err := j.Bucket.Delete(ctx, j.carryKey(*rec)); err != nil {
		return err
	}
	rec.Status = domain.ExportPronto
	return j.Store.FinishExport(ctx, *rec)
}

func (j *Job) upload(ctx context.Context, rec *store.ExportRecord, data []byte) error {
	p, err := j.Bucket.UploadPart(ctx, rec.Chave, rec.UploadID, int32(len(rec.Partes)+1), data)
	if err != nil {
		return err
	}
	rec.Partes = append(rec.Partes, p)
	rec.Bytes += int64(len(data))
	return nil
}

// handOver saves the bytes short of a part and the position, then invokes
// the function again to go on.
func (j *Job) handOver(ctx context.Context, rec *store.ExportRecord, carry []byte) error {
	if err := j.Bucket.PutSmall(ctx, j.carryKey(*rec), carry); err != nil {
		return err
	}
	if err := j.Store.SaveExport(ctx, *rec); err != nil {
		return err
	}
	return j.Continue(ctx, Event{Kind: "export", ExportID: rec.ID})
}

func writeCSV(buf *bytes.Buffer, fields []string) error {
	w := csv.NewWriter(buf)
	if err := w.Write(fields); err != nil {
		return err
	}
	w.Flush()
	return w.Error()
}

// encodeRow writes one item: a JSON object per line, or a CSV record of
// cols (lists and maps as JSON; encoding/csv quotes commas, quotes and
// line breaks).
func encodeRow(buf *bytes.Buffer, formato string, cols []string, row map[string]any) error {
	if formato == domain.FormatoJSONL {
		raw, err := json.Marshal(row) // encoding/json sorts map keys
		if err != nil {
			return err
		}
		buf.Write(raw)
		buf.WriteByte('\n')
		return nil
	}
	rec := make([]string, len(cols))
	for i, c := range cols {
		rec[i] = cell(row[c])
	}
	return writeCSV(buf, rec)
}

// cell writes one value as a CSV cell. Text goes through neutralise; numbers
// and booleans are written by strconv and cannot start a formula.
func cell(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return neutralise(x)
	case bool:
		return strconv.FormatBool(x)
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	}
	raw, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(raw)
}

// formulaStarts are the first characters that make a spreadsheet read a
// cell as a formula (OWASP's CSV injection rule): =, +, -, @, tab and
// carriage return.
const formulaStarts = "=+-@\t\r"

// neutralise keeps a text cell a text: one that starts like a formula (a
// member named =HYPERLINK(…), a group named +SUM(1+1)) gets a leading
// apostrophe, which spreadsheets show as text and do not run. Every other
// text is written as is.
func neutralise(s string) string {
	if s != "" && strings.ContainsRune(formulaStarts, rune(s[0])) {
		return "'" + s
	}
	return s
}

// Handler is the DadosJobFunction's handler: the job with the production
// sizes, going on in a new run of the same function (DADOS_JOB_FUNCTION).
func Handler(d app.Deps) func(context.Context, Event) (map[string]any, error) {
	return New(d.Store, d.Uploads, func(ctx context.Context, ev Event) error {
		return invoke.Async(ctx, "DADOS_JOB_FUNCTION", ev)
	}).Handle
}
