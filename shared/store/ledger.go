package store

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/verde-app/verde/shared/domain"
)

// The points ledger as a history. Every row that moves a member's total is
// an item of USER#<uid> with the same GSI1 keys, so one Query of
// LEDGER#<uid> lists them all in time order:
//
//	row                         PK / SK                              GSI1PK / GSI1SK
//	award, reversal, adjustment USER#<uid> / AWARD#<motivo>#<ref>    LEDGER#<uid> / <time>#<motivo>#<ref>
//	conquista bonus             USER#<uid> / CONQ#<code>             LEDGER#<uid> / <time>#CONQ#<code>
//
// A like's row is deleted when the like is taken back (feed_acts.go), so the
// rows always add up to pontosTotais. Rows written before this index have no
// GSI1 keys; BackfillLedger gives a member's rows theirs.
//
// The daily ceiling (domain.Rules' tetoDiario) is kept on the profile:
// pontosDia, the points earned on Brasília day diaPontos, moved with the
// total under the profile's condition on it (applyProfile), or by a like
// under a condition of its own.

const (
	attrPontosDia       = "pontosDia"
	attrDiaPontos       = "diaPontos"
	attrEmailVerificado = "emailVerificado"
	ledgerPrefix        = "LEDGER#"
)

func ledgerPK(uid string) string { return ledgerPrefix + uid }

func ledgerSK(now time.Time, motivo, ref string) string {
	return fmtTime(now) + "#" + motivo + "#" + ref
}

// ledgerRow is the ledger item of award a.
func ledgerRow(uid string, a domain.Award, now time.Time) pointsItem {
	return pointsItem{
		PK: UserPK(uid), SK: AwardSK(a.Motivo, a.Ref), Type: "points", UserID: uid,
		Motivo: a.Motivo, Ref: a.Ref, Pontos: a.Pontos, CriadoEm: fmtTime(now),
		GSI1PK: ledgerPK(uid), GSI1SK: ledgerSK(now, a.Motivo, a.Ref),
	}
}

// pointsDay is the profile's count for the daily ceiling.
type pointsDay struct {
	pontos int
	dia    string
}

func pointsDayOf(item record) pointsDay {
	n, _ := strconv.Atoi(nOf(item[attrPontosDia]))
	return pointsDay{pontos: n, dia: sOf(item[attrDiaPontos])}
}

// dayPoints decides what award a pays on the profile read as ps (the
// ceiling cuts a gain; a reversal takes back at most the total) and writes
// the day's count to u; nota is the row's note when the ceiling cut it.
func (s *Store) dayPoints(u *upd, ps profileState, a domain.Award, refundDay string, rules domain.Rules, now time.Time) (domain.Award, string) {
	day := domain.BrasiliaDay(now)
	hoje := domain.PontosHoje(ps.day.pontos, ps.day.dia, day)
	nota := ""
	switch {
	case a.Pontos > 0:
		tt := domain.ApplyTeto(rules, a, hoje)
		a = tt.Award
		if tt.Capped {
			nota = domain.TextoTeto(rules)
		}
		hoje += a.Pontos
	case a.Pontos < 0:
		a.Pontos = -min(-a.Pontos, max(ps.profile.PontosTotais, 0))
		if refundDay == day {
			hoje = max(hoje+a.Pontos, 0)
		}
	}
	u.set("%s = %s", u.n(attrPontosDia), u.v(num(hoje)))
	u.set("%s = %s", u.n(attrDiaPontos), u.v(str(day)))
	return a, nota
}

// likeDayPoints adds a like's points (pts > 0: paid; pts < 0: taken back,
// of a like paid on paidDay) to the day's count of the author's profile,
// read as author, under a condition on that count, so concurrent likes never
// pass the ceiling. ok is false when the ceiling leaves no room: the like
// pays nothing.
func likeDayPoints(t *txn, author profileState, pts int, paidDay string, rules domain.Rules, now time.Time) bool {
	day := domain.BrasiliaDay(now)
	u := t.update(itemAuthor, UserPK(author.uid), skProfile)
	n, d := u.n(attrPontosDia), u.n(attrDiaPontos)
	if pts < 0 {
		if paidDay != day || author.day.dia != day {
			return true
		}
		u.cond("%s = %s AND %s >= %s", d, u.v(str(day)), n, u.v(num(-pts)))
		u.add("%s %s", n, u.v(num(pts)))
		return true
	}
	hoje := domain.PontosHoje(author.day.pontos, author.day.dia, day)
	if hoje+pts > rules.Pontos.TetoDiario {
		return false
	}
	if author.day.dia == day {
		u.cond("%s = %s AND %s <= %s", d, u.v(str(day)), n, u.v(num(rules.Pontos.TetoDiario-pts)))
		u.add("%s %s", n, u.v(num(pts)))
	} else {
		u.cond("attribute_not_exists(%s) OR %s <> %s", d, d, u.v(str(day))) // cond adds the parentheses (DynamoDB refuses redundant ones)
		u.set("%s = %s", d, u.v(str(day)))
		u.set("%s = %s", n, u.v(num(pts)))
	}
	return true
}

// LedgerEntry is one row of a member's points history.
type LedgerEntry struct {
	Motivo, Ref, Descricao string
	Pontos                 int
	CriadoEm               time.Time
}

// Rotulo is the row's label in Portuguese.
func (e LedgerEntry) Rotulo() string { return domain.RotuloMotivo(e.Motivo, e.Ref) }

type ledgerItem struct {
	pointsItem
	Descricao string `dynamodbav:"descricao,omitempty"`
	AdminID   string `dynamodbav:"adminId,omitempty"`
	// A conquista's bonus row (conquistas.go) names it by codigo.
	Codigo string `dynamodbav:"codigo,omitempty"`
}

func decodeLedger(r record) (LedgerEntry, error) {
	it, err := unmarshal[ledgerItem](r, "ledger")
	if err != nil {
		return LedgerEntry{}, err
	}
	e := LedgerEntry{Motivo: it.Motivo, Ref: it.Ref, Descricao: it.Descricao, Pontos: it.Pontos, CriadoEm: parseTime(it.CriadoEm)}
	if strings.HasPrefix(it.SK, prefixEarned) {
		e.Motivo, e.Ref = domain.MotivoConquista, it.Codigo
	}
	if e.Descricao == "" {
		e.Descricao = it.Nota
	}
	return e, nil
}

// LedgerPage is one page of a member's points history, newest first: one
// Query of GSI1 LEDGER#<uid>.
func (s *Store) LedgerPage(ctx context.Context, uid string, limit int, after map[string]string) ([]LedgerEntry, map[string]string, error) {
	return queryPage(ctx, s, query{Index: IndexGSI1, PK: ledgerPK(uid), NewestFirst: true, Limit: limit, After: after, What: "ledger"}, decodeLedger)
}

// LedgerScope names a ledger's cursors.
func LedgerScope(uid string) string { return "admin-ledger:" + uid }

// MyLedgerScope names the member's own history's cursors.
func MyLedgerScope(uid string) string { return "ledger:" + uid }

// MarkEmailVerified records that the member's e-mail is verified (one UpdateItem).
func (s *Store) MarkEmailVerified(ctx context.Context, uid string) error {
	_, err := s.DB.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: aws.String(s.Table), Key: keyOf(UserPK(uid), skProfile),
		ConditionExpression:       aws.String("attribute_exists(PK)"),
		UpdateExpression:          aws.String("SET #v = :t"),
		ExpressionAttributeNames:  map[string]string{"#v": attrEmailVerificado},
		ExpressionAttributeValues: record{":t": boolean(true)},
	})
	if err != nil && !isConditionFailed(err) {
		return fmt.Errorf("mark email verified: %w", err)
	}
	return nil
}
