package store

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/google/uuid"

	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/uploads"
)

// The admin's data exports (/admin/dados). An export is one item,
// listed newest first under GSI1 EXPORTS:
//
//	export     EXPORT#<id>   META   EXPORTS / <time>#<id>
//
// It carries the job's progress: status, rows and bytes written, the
// multipart upload and its parts, and the position the next run of the job
// reads from. Created with its audit entry in one transaction (the API);
// the job (shared/dados) updates it.
//
// ScanEntityPage is the one Scan of the code base: a bulk offline read of
// one entity's items, allowed to the export job's function only
// (DadosJobFunction in shared/areas.TableActions and template.yaml), never
// on a request path.

const (
	exportsPK     = "EXPORTS"
	prefixExport  = "EXPORT#"
	itemExport    = "export"
	maxExportList = 50
)

// ExportRecord is an export and its job's state.
type ExportRecord struct {
	PK         string            `dynamodbav:"PK"`
	SK         string            `dynamodbav:"SK"`
	Type       string            `dynamodbav:"type"`
	GSI1PK     string            `dynamodbav:"GSI1PK"`
	GSI1SK     string            `dynamodbav:"GSI1SK"`
	ID         string            `dynamodbav:"id"`
	Entidade   string            `dynamodbav:"entidade"`
	Formato    string            `dynamodbav:"formato"`
	Status     string            `dynamodbav:"status"`
	AdminID    string            `dynamodbav:"adminId"`
	CriadoEm   string            `dynamodbav:"criadoEm"`
	ConcluiuEm string            `dynamodbav:"concluiuEm,omitempty"`
	Linhas     int               `dynamodbav:"linhas"`
	Bytes      int64             `dynamodbav:"bytes"`
	Erro       string            `dynamodbav:"erro,omitempty"`
	Chave      string            `dynamodbav:"chave"`
	UploadID   string            `dynamodbav:"uploadId,omitempty"`
	Partes     []uploads.Part    `dynamodbav:"partes"`
	Cursor     map[string]string `dynamodbav:"cursor,omitempty"`
	Execucoes  int               `dynamodbav:"execucoes"`
	// AtualizadoEm is the last time the export's state was written (progress, hand-over,
	// end): an export without progress for domain.ExportParadaApos has failed.
	AtualizadoEm string `dynamodbav:"atualizadoEm,omitempty"`
	// Tentativas counts the admin's "Tentar de novo" (RetryExport).
	Tentativas int `dynamodbav:"tentativas,omitempty"`
}

// StatusAt is the export's status as the admin sees it at now (domain.ExportStatusAt).
func (r ExportRecord) StatusAt(now time.Time) string {
	at := r.AtualizadoEm
	if at == "" {
		at = r.CriadoEm
	}
	return domain.ExportStatusAt(r.Status, parseTime(at), now)
}

// ExportPK is an export's partition.
func ExportPK(id string) string { return prefixExport + id }

// One export of an entity and format runs at a time: a lock item taken in
// the export's creating transaction, released when it finishes (or after
// exportLockTTL, should its job die).
//
//	lock       EXPORTLOCK#<entidade>#<formato>   META   exportId, expiraEm (TTL)
const (
	prefixExportLock = "EXPORTLOCK#"
	itemExportLock   = "exportLock"
	exportLockTTL    = 15 * time.Minute
)

func exportLockPK(entidade, formato string) string {
	return prefixExportLock + entidade + "#" + formato
}

// CreateExport records a new export (pendente) with its audit entry: one
// transaction. While another export of the same entity and format runs,
// none is made: that one is returned, with running true (six admins
// clicking at once start one Scan, not six).
func (s *Store) CreateExport(ctx context.Context, in domain.ExportInput, actor Actor) (rec ExportRecord, running bool, err error) {
	for range 3 {
		rec, err = s.createExport(ctx, in, actor)
		c, ok := asCancelled(err)
		if !ok || !c.failed(itemExportLock) {
			return rec, false, err
		}
		lock, err := s.getItem(ctx, exportLockPK(in.Entidade, in.Formato), skMeta, "export lock")
		if err != nil {
			return ExportRecord{}, false, err
		}
		if lock == nil {
			continue // released meanwhile: try again
		}
		cur, err := s.Export(ctx, sOf(lock["exportId"]))
		if err == nil {
			return cur, true, nil
		}
		if domain.ErrorCode(err) != domain.ENotFound {
			return ExportRecord{}, false, err
		}
	}
	return ExportRecord{}, false, domain.ErrBusy()
}

func (s *Store) createExport(ctx context.Context, in domain.ExportInput, actor Actor) (ExportRecord, error) {
	now := s.now()
	id := uuid.Must(uuid.NewV7()).String()
	ext := map[string]string{domain.FormatoCSV: "csv", domain.FormatoJSONL: "jsonl"}[in.Formato]
	rec := ExportRecord{
		PK: ExportPK(id), SK: skMeta, Type: itemExport, GSI1PK: exportsPK, GSI1SK: fmtTime(now) + "#" + id,
		ID: id, Entidade: in.Entidade, Formato: in.Formato, Status: domain.ExportPendente, AdminID: actor.ID,
		CriadoEm: fmtTime(now), AtualizadoEm: fmtTime(now), Chave: uploads.ExportsPrefix + id + "/" + in.Entidade + "-" + now.UTC().Format("2006-01-02") + "." + ext,
		Partes: []uploads.Part{},
	}
	t := newTxn(s.Table)
	t.putItem(itemExport, rec, "attribute_not_exists(PK)")
	lock := newUpd()
	lock.cond("attribute_not_exists(PK) OR %s < %s", lock.n(attrExpiraEm), lock.v(num(int(now.Unix()))))
	t.putWhen(itemExportLock, map[string]any{"PK": exportLockPK(in.Entidade, in.Formato), "SK": skMeta, "type": itemExportLock,
		"exportId": id, attrExpiraEm: now.Add(exportLockTTL).Unix()}, lock)
	t.audit(domain.AuditEntry{AdminID: actor.ID, Acao: domain.AuditExportacao, Entidade: "exportacao", EntidadeID: id, Em: now,
		Depois: map[string]string{"entidade": in.Entidade, "formato": in.Formato}})
	if err := s.write(ctx, t); err != nil {
		return ExportRecord{}, err
	}
	return rec, nil
}

// Export reads one export (404 when absent).
func (s *Store) Export(ctx context.Context, id string) (ExportRecord, error) {
	return getMeta(ctx, s, ExportPK, id, "export", domain.ErrExportNotFound, unmarshalAs[ExportRecord]("export"))
}

// Exports are the recent exports, newest first: one Query.
func (s *Store) Exports(ctx context.Context, limit int, after map[string]string) ([]ExportRecord, map[string]string, error) {
	if limit <= 0 || limit > maxExportList {
		limit = maxExportList
	}
	return queryPage(ctx, s, query{Index: IndexGSI1, PK: exportsPK, Limit: limit, After: after, NewestFirst: true, What: "exports"},
		func(r record) (ExportRecord, error) { return unmarshal[ExportRecord](r, "export") })
}

// ExportsScope names the export list's cursors.
const ExportsScope = "admin-exports"

// SaveExport writes the job's state of rec (the job is the export's only writer once it runs).
func (s *Store) SaveExport(ctx context.Context, rec ExportRecord) error {
	rec.AtualizadoEm = fmtTime(s.now())
	item, err := attributevalue.MarshalMap(rec)
	if err != nil {
		return fmt.Errorf("encode export: %w", err)
	}
	if _, err := s.DB.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(s.Table), Item: item}); err != nil {
		return fmt.Errorf("save export: %w", err)
	}
	return nil
}

// FinishExport marks rec done (pronto or erro) and notifies its admin, in one transaction.
func (s *Store) FinishExport(ctx context.Context, rec ExportRecord) error {
	now := s.now()
	rec.ConcluiuEm, rec.AtualizadoEm = fmtTime(now), fmtTime(now)
	rec.Cursor = nil
	e, _ := domain.ExportEntityNamed(rec.Entidade)
	texto := domain.TextoExportPronta(e.Label, rec.Linhas)
	if rec.Status == domain.ExportErro {
		texto = domain.TextoExportFalhou(e.Label)
	}
	t := newTxn(s.Table)
	t.putItem(itemExport, rec, "")
	t.notify(NewNotification(rec.AdminID, domain.NotifExportacaoPronta, texto, "/admin/dados", now))
	if err := s.write(ctx, t); err != nil {
		return err
	}
	// The lock, if still this export's (another export may hold it after it expired).
	_, err := s.DB.DeleteItem(ctx, &dynamodb.DeleteItemInput{
		TableName: aws.String(s.Table), Key: keyOf(exportLockPK(rec.Entidade, rec.Formato), skMeta),
		ConditionExpression: aws.String("exportId = :id"), ExpressionAttributeValues: record{":id": str(rec.ID)},
	})
	if err != nil && !isConditionFailed(err) {
		return fmt.Errorf("release export lock: %w", err)
	}
	return nil
}

// ScanEntityPage reads one page of the table's items of the given types
// (a Scan filtered by type, for the export job only): the items without
// their key attributes, and the position of the next page (nil at the end).
// Filtered pages may hold fewer than limit items, or none.
func (s *Store) ScanEntityPage(ctx context.Context, tipos []string, limit int, after map[string]string) ([]map[string]any, map[string]string, error) {
	values := record{}
	var ors []string
	for i, t := range tipos {
		p := fmt.Sprintf(":t%d", i)
		values[p] = str(t)
		ors = append(ors, "#type = "+p)
	}
	in := &dynamodb.ScanInput{
		TableName: aws.String(s.Table), FilterExpression: aws.String(strings.Join(ors, " OR ")),
		ExpressionAttributeNames: map[string]string{"#type": "type"}, ExpressionAttributeValues: values,
		ExclusiveStartKey: startKey(after),
	}
	if limit > 0 {
		in.Limit = aws.Int32(int32(limit))
	}
	out, err := s.DB.Scan(ctx, in)
	if err != nil {
		return nil, nil, fmt.Errorf("scan %v: %w", tipos, err)
	}
	rows := make([]map[string]any, 0, len(out.Items))
	for _, it := range out.Items {
		for _, k := range []string{attrPK, attrSK, attrGSI1PK, attrGSI1SK, attrGSI2PK, attrGSI2SK, "type"} {
			delete(it, k)
		}
		var row map[string]any
		if err := attributevalue.UnmarshalMap(it, &row); err != nil {
			return nil, nil, fmt.Errorf("decode %v: %w", tipos, err)
		}
		rows = append(rows, row)
	}
	return rows, lastKey(out.LastEvaluatedKey), nil
}

// ExportTime parses a stored time of an export.
func ExportTime(s string) time.Time { return parseTime(s) }

// exportItemTypes are the stored shapes whose attributes make an entity's
// CSV columns.
var exportItemTypes = map[string]reflect.Type{
	"profile": reflect.TypeFor[profileItem](), "group": reflect.TypeFor[groupItem](), "member": reflect.TypeFor[memberItem](),
	"lote": reflect.TypeFor[loteItem](), "cultivo": reflect.TypeFor[cultivoItem](), "diario": reflect.TypeFor[diarioItem](),
	"colheita": reflect.TypeFor[colheitaItem](), "post": reflect.TypeFor[postItem](), "comment": reflect.TypeFor[commentItem](),
	"vegetable": reflect.TypeFor[vegetalItem](), "guide": reflect.TypeFor[guideItem](), "audit": reflect.TypeFor[auditItem](),
}

// reportColumns are a report's attributes (written as a map: feed_moderation.go).
var reportColumns = []string{"postId", "alvo", "tipo", "userId", "motivo", "texto", "conta", "criadoEm"}

// ExportColumns are the CSV columns of an entity: its stored attributes but
// the keys, in the stored shape's order.
func ExportColumns(e domain.ExportEntity) []string {
	var cols []string
	seen := map[string]bool{"PK": true, "SK": true, "GSI1PK": true, "GSI1SK": true, "GSI2PK": true, "GSI2SK": true, "type": true, "-": true}
	var walk func(t reflect.Type)
	walk = func(t reflect.Type) {
		for i := range t.NumField() {
			f := t.Field(i)
			if f.Anonymous && f.Type.Kind() == reflect.Struct {
				walk(f.Type)
				continue
			}
			if !f.IsExported() {
				continue
			}
			name, _, _ := strings.Cut(f.Tag.Get("dynamodbav"), ",")
			if name == "" {
				name = f.Name
			}
			if !seen[name] {
				seen[name] = true
				cols = append(cols, name)
			}
		}
	}
	for _, tipo := range e.Tipos {
		if t, ok := exportItemTypes[tipo]; ok {
			walk(t)
		} else if tipo == "report" {
			cols = append(cols, reportColumns...)
		}
	}
	return cols
}

// RetryExport starts a failed export again from the beginning (the admin's
// "Tentar de novo"): the same export, pendente, with its progress cleared, in
// one transaction with its audit entry. Only an export that failed (or that
// stopped without a word, domain.ExportStatusAt) may be retried; the write is
// conditioned on the state read, so two clicks start one run.
func (s *Store) RetryExport(ctx context.Context, id string, actor Actor) (ExportRecord, error) {
	rec, err := s.Export(ctx, id)
	if err != nil {
		return ExportRecord{}, err
	}
	now := s.now()
	if rec.StatusAt(now) != domain.ExportErro {
		return ExportRecord{}, domain.ErrExportacaoNaoFalhou()
	}
	prevStatus, prevAt := rec.Status, rec.AtualizadoEm
	rec.Status, rec.Erro, rec.ConcluiuEm = domain.ExportPendente, "", ""
	rec.Linhas, rec.Bytes, rec.UploadID, rec.Partes, rec.Cursor, rec.Execucoes = 0, 0, "", []uploads.Part{}, nil, 0
	rec.Tentativas++
	rec.AtualizadoEm = fmtTime(now)
	t := newTxn(s.Table)
	u := newUpd()
	u.cond("%s = %s", u.n("status"), u.v(str(prevStatus)))
	if prevAt == "" {
		u.cond("attribute_not_exists(%s)", u.n("atualizadoEm"))
	} else {
		u.cond("%s = %s", u.n("atualizadoEm"), u.v(str(prevAt)))
	}
	t.putWhen(itemExport, rec, u)
	t.audit(domain.AuditEntry{AdminID: actor.ID, Acao: domain.AuditExportacao, Entidade: "exportacao", EntidadeID: id, Em: now,
		Depois: map[string]string{"entidade": rec.Entidade, "formato": rec.Formato, "tentativa": fmt.Sprint(rec.Tentativas + 1)}})
	if err := s.write(ctx, t); err != nil {
		if cc, ok := isCancelled(err); ok && cc.failed(itemExport) {
			return ExportRecord{}, domain.ErrExportacaoNaoFalhou()
		}
		return ExportRecord{}, err
	}
	return rec, nil
}
