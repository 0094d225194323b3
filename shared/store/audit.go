package store

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/verde-app/verde/shared/domain"
)

// The audit log: every admin write puts one AUDIT item in its own
// transaction (txn.audit), so a write and its record stand or fall together.
// Keys (keys.go):
//
//	PK AUDIT#<yyyy-mm>   SK <time>#<id>      the month's entries in time order:
//	                                         newest first is a descending Query,
//	                                         a date range a BETWEEN on SK
//	GSI1 AUDITBY#<uid>   / <time>#<id>       one admin's entries
//	GSI2 AUDITACT#<acao> / <time>#<id>       one action's entries
//
// A month partition takes every admin write of that month: a handful a day,
// far below a partition's limits. Before and after are stored as JSON text
// (the entity as its view), so the log never depends on an item type.

type auditItem struct {
	PK         string `dynamodbav:"PK"`
	SK         string `dynamodbav:"SK"`
	GSI1PK     string `dynamodbav:"GSI1PK"`
	GSI1SK     string `dynamodbav:"GSI1SK"`
	GSI2PK     string `dynamodbav:"GSI2PK"`
	GSI2SK     string `dynamodbav:"GSI2SK"`
	Type       string `dynamodbav:"type"`
	ID         string `dynamodbav:"id"`
	AdminID    string `dynamodbav:"adminId"`
	Acao       string `dynamodbav:"acao"`
	Entidade   string `dynamodbav:"entidade"`
	EntidadeID string `dynamodbav:"entidadeId"`
	Em         string `dynamodbav:"em"`
	Antes      string `dynamodbav:"antes,omitempty"`
	Depois     string `dynamodbav:"depois,omitempty"`
}

// audit adds the audit item of one admin write to t.
func (t *txn) audit(e domain.AuditEntry) {
	if e.ID == "" {
		e.ID = uuid.Must(uuid.NewV7()).String()
	}
	enc := func(v any) string {
		if v == nil {
			return ""
		}
		b, err := json.Marshal(v)
		if err != nil {
			if t.err == nil {
				t.err = fmt.Errorf("encode audit: %w", err)
			}
			return ""
		}
		return string(b)
	}
	sk := AuditSK(e.Em, e.ID)
	t.putItem("audit", auditItem{
		PK: AuditPK(e.Em), SK: sk, GSI1PK: auditByAdmin(e.AdminID), GSI1SK: sk,
		GSI2PK: auditByAction(string(e.Acao)), GSI2SK: sk, Type: "audit",
		ID: e.ID, AdminID: e.AdminID, Acao: string(e.Acao), Entidade: e.Entidade, EntidadeID: e.EntidadeID,
		Em: fmtTime(e.Em), Antes: enc(e.Antes), Depois: enc(e.Depois),
	}, "attribute_not_exists(PK)")
}

// AuditRecord is one audit item as read back: before and after as the JSON
// the write stored.
type AuditRecord struct {
	ID, AdminID, Acao, Entidade, EntidadeID string
	Em                                      time.Time
	Antes, Depois                           string
}

func decodeAudit(r record) (AuditRecord, error) {
	it, err := unmarshal[auditItem](r, "audit")
	return AuditRecord{ID: it.ID, AdminID: it.AdminID, Acao: it.Acao, Entidade: it.Entidade, EntidadeID: it.EntidadeID,
		Em: parseTime(it.Em), Antes: it.Antes, Depois: it.Depois}, err
}

// AuditFilter picks the entries the admin dashboard lists: one month (when
// no admin or action is given), or one admin's, or one action's.
type AuditFilter struct {
	Mes     time.Time // any time in the month; zero: now
	AdminID string
	Acao    string
}

// AuditPage is one page of the audit log, newest first: one Query.
func (s *Store) AuditPage(ctx context.Context, f AuditFilter, limit int, after map[string]string) ([]AuditRecord, map[string]string, error) {
	q := query{PK: AuditPK(f.Mes), NewestFirst: true, Limit: limit, After: after, What: "audit"}
	if f.Mes.IsZero() {
		q.PK = AuditPK(s.now())
	}
	switch {
	case f.AdminID != "":
		q.Index, q.PK = IndexGSI1, auditByAdmin(f.AdminID)
	case f.Acao != "":
		q.Index, q.PK = IndexGSI2, auditByAction(f.Acao)
	}
	return queryPage(ctx, s, q, decodeAudit)
}
