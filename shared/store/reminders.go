package store

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/verde-app/verde/shared/domain"
)

// Reminders: a scheduled job sends, each morning, the reminders
// due that day. It never scans: the acts write what will be due into a
// partition per Brasília day, and the job reads only today's.
//
//	item                          PK                 SK                    (TTL expiraEm)
//	a reminder due                DUE#<yyyy-mm-dd>   <kind>#<cultivo id>   dias (streak), cultivoId
//	a reminder sent (once)        REMINDERS#<day>    SENT#<kind>#<cid>
//	the job's progress of a day   REMINDERS#<day>    STATE                 cursor, concluido
//
// Kinds:
//   - JANELA: the cultivo's harvest window opens that day (planting date +
//     the vegetable's minimum days), written when the cultivo is created.
//   - SEMDIARIO: seven days after the cultivo's creation and after each
//     diary entry; sent only if no entry came since (the cultivo's ultimoDiario).
//   - SEQ: a care streak is about to break. The streak of a cultivo is the
//     number of consecutive Brasília days, up to the last entry, with at least
//     one diary entry on it (seqDias, seqDia on the cultivo, kept by each
//     entry). Each entry makes a SEQ item due the next day; it is sent when
//     the streak is at least domain.StreakMinimo days and no entry has been
//     made yet today (seqDia is yesterday): the streak ends tonight otherwise.
//
// A run reads at most maxItems due items (pages of 100: one Query, one
// BatchGetItem of their cultivos, one transaction per reminder sent) and
// keeps its cursor in STATE, so the next run (the schedule repeats every 15
// minutes for two hours) continues where it stopped, and a finished day costs
// one GetItem. Each reminder is sent in one transaction with its SENT item
// (attribute_not_exists): a retried or overlapping run sends nothing twice.

const (
	dueJanela    = "JANELA"
	dueSemDiario = "SEMDIARIO"
	dueSeq       = "SEQ"
	// reminderPage is how many due items one Query reads.
	reminderPage = 100
)

func duePK(day string) string       { return "DUE#" + day }
func remindersPK(day string) string { return "REMINDERS#" + day }

type dueItem struct {
	PK        string `dynamodbav:"PK"`
	SK        string `dynamodbav:"SK"`
	Type      string `dynamodbav:"type"`
	CultivoID string `dynamodbav:"cultivoId"`
	Dias      int    `dynamodbav:"dias,omitempty"`
	ExpiraEm  int64  `dynamodbav:"expiraEm"`
}

func addDays(day string, n int) string {
	d, ok := domain.ParseDate(day)
	if !ok {
		return ""
	}
	return domain.FormatDate(d.AddDate(0, 0, n))
}

func putDue(t *txn, day, kind, cid string, dias int) {
	d, ok := domain.ParseDate(day)
	if !ok {
		return
	}
	t.putItem("due:"+kind, dueItem{
		PK: duePK(day), SK: kind + "#" + cid, Type: "due", CultivoID: cid, Dias: dias,
		ExpiraEm: d.AddDate(0, 0, 3).Unix(),
	}, "")
}

// dueOnCreate adds a new cultivo's reminders to its transaction: its harvest
// window's opening (when still ahead) and a diary check in seven days.
func dueOnCreate(t *txn, c domain.Cultivo, now time.Time) {
	today := domain.FormatDate(domain.LocalDate(now))
	if p, ok := domain.ParseDate(c.DataPlantio); ok && c.DiasColheitaMin > 0 {
		if abre := domain.FormatDate(p.AddDate(0, 0, c.DiasColheitaMin)); abre >= today {
			putDue(t, abre, dueJanela, c.ID, 0)
		}
	}
	putDue(t, addDays(today, 7), dueSemDiario, c.ID, 0)
}

// dueOnDiary adds a diary entry's part to its transaction: the cultivo's
// last entry day and streak, the diary check seven days on and tomorrow's
// streak reminder. meta is the cultivo item as read.
func dueOnDiary(t *txn, meta record, cid string, now time.Time) {
	today := domain.FormatDate(domain.LocalDate(now))
	seq, _ := strconv.Atoi(nOf(meta["seqDias"]))
	switch sOf(meta["seqDia"]) {
	case today:
		if seq < 1 {
			seq = 1
		}
	case addDays(today, -1):
		seq++
	default:
		seq = 1
	}
	u := t.update(itemCultivo, CultivoPK(cid), skMeta)
	u.set("%s = %s", u.n("ultimoDiario"), u.v(str(today)))
	u.set("%s = %s", u.n("seqDia"), u.v(str(today)))
	u.set("%s = %s", u.n("seqDias"), u.v(num(seq)))
	putDue(t, addDays(today, 7), dueSemDiario, cid, 0)
	putDue(t, addDays(today, 1), dueSeq, cid, seq)
}

// ReminderRun is what one run of the job did.
type ReminderRun struct {
	Dia       string
	Lidos     int  // due items read
	Enviados  int  // reminders sent (each to every writer of its cultivo)
	Concluido bool // the day is done (no more due items)
	// Avisos are the notifications this run wrote, one per writer of each
	// reminder sent: the job e-mails those whose member chose it.
	Avisos []Aviso
}

// Aviso is one reminder as one member got it. Vegetal names what it is
// about: the cultivo's vegetable, or the mutirão's or the escala's name.
type Aviso struct {
	UID, Tipo, Texto, Link, Vegetal string
}

// RunReminders sends the reminders due today (Brasília) from where the last
// run stopped, reading at most maxItems due items.
func (s *Store) RunReminders(ctx context.Context, maxItems int) (ReminderRun, error) {
	now := s.now()
	day := domain.FormatDate(domain.LocalDate(now))
	run := ReminderRun{Dia: day}
	state, err := s.getItem(ctx, remindersPK(day), "STATE", "reminders state")
	if err != nil {
		return run, err
	}
	if b, ok := state["concluido"].(*types.AttributeValueMemberBOOL); ok && b.Value {
		run.Concluido = true
		return run, nil
	}
	var cursor map[string]types.AttributeValue
	if m, ok := state["cursor"].(*types.AttributeValueMemberM); ok && len(m.Value) > 0 {
		cursor = m.Value
	}
	for run.Lidos < maxItems && !nearDeadline(ctx) {
		out, err := s.DB.Query(ctx, &dynamodb.QueryInput{
			TableName:                 aws.String(s.Table),
			KeyConditionExpression:    aws.String("PK = :pk"),
			ExpressionAttributeValues: record{":pk": str(duePK(day))},
			ExclusiveStartKey:         cursor,
			Limit:                     aws.Int32(int32(min(reminderPage, maxItems-run.Lidos))),
			ConsistentRead:            aws.Bool(true),
		})
		if err != nil {
			return run, fmt.Errorf("query due reminders: %w", err)
		}
		run.Lidos += len(out.Items)
		sent, avisos, err := s.sendDue(ctx, day, now, out.Items)
		run.Enviados += sent
		run.Avisos = append(run.Avisos, avisos...)
		if err != nil {
			return run, err
		}
		cursor = out.LastEvaluatedKey
		if len(cursor) == 0 {
			run.Concluido = true
		}
		if err := s.saveReminderState(ctx, day, cursor, run.Concluido, now); err != nil {
			return run, err
		}
		if run.Concluido {
			break
		}
	}
	return run, nil
}

// reminderReserve is the time a run keeps before its context's deadline (the
// Lambda's timeout) to save its cursor and hand the rest of the day to the next run.
const reminderReserve = 20 * time.Second

// nearDeadline reports whether ctx ends within reminderReserve.
func nearDeadline(ctx context.Context) bool {
	d, ok := ctx.Deadline()
	return ok && time.Until(d) < reminderReserve
}

func (s *Store) saveReminderState(ctx context.Context, day string, cursor map[string]types.AttributeValue, done bool, now time.Time) error {
	item := record{
		attrPK: str(remindersPK(day)), attrSK: str("STATE"), "type": str("remindersState"),
		"concluido": boolean(done), "atualizadoEm": str(fmtTime(now)), "expiraEm": num(int(now.AddDate(0, 0, 3).Unix())),
	}
	if len(cursor) > 0 {
		item["cursor"] = &types.AttributeValueMemberM{Value: cursor}
	}
	_, err := s.DB.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(s.Table), Item: item})
	if err != nil {
		return fmt.Errorf("save reminders state: %w", err)
	}
	return nil
}

// sendDue sends the reminders of one page of due items: one BatchGetItem of
// their cultivos, then one transaction per reminder to send.
func (s *Store) sendDue(ctx context.Context, day string, now time.Time, items []record) (int, []Aviso, error) {
	items, grupo := splitGroupDue(items)
	sentGrupo, avisosGrupo, err := s.sendGroupDue(ctx, day, now, grupo) // reminders_grupo.go
	if err != nil || len(items) == 0 {
		return sentGrupo, avisosGrupo, err
	}
	cultivos, err := s.batchGet(ctx, keysOf(items, cultivoMetaOf)...)
	if err != nil {
		return sentGrupo, avisosGrupo, err
	}
	sent := 0
	avisos := avisosGrupo
	at := reminderTime(day)
	for _, it := range items {
		kind, cid, _ := strings.Cut(sOf(it[attrSK]), "#")
		meta := cultivos[itemKey{CultivoPK(cid), skMeta}]
		if meta == nil {
			continue // deleted since
		}
		c, err := decodeCultivo(meta)
		if err != nil {
			return sent + sentGrupo, avisos, err
		}
		if c.Arquivado || !c.Fase.Aberta() {
			continue
		}
		tipo, texto := reminderText(kind, c, meta, it, day)
		if tipo == "" {
			continue
		}
		t := newTxn(s.Table)
		t.put("sent", record{
			attrPK: str(remindersPK(day)), attrSK: str("SENT#" + kind + "#" + cid), "type": str("reminderSent"),
			"expiraEm": num(int(now.AddDate(0, 0, 3).Unix())),
		}, "attribute_not_exists(PK)")
		link := domain.LinkCultivoPagina(c.GrupoID, c.ID)
		for _, uid := range c.Writers() {
			t.notify(domain.NewNotification("lembrete-"+day+"-"+strings.ToLower(kind)+"-"+cid+"-"+uid, uid, tipo, texto, link, at))
		}
		if err := s.write(ctx, t); err != nil {
			if cc, ok := isCancelled(err); ok && cc.failed("sent") {
				continue // sent by an earlier run
			}
			return sent + sentGrupo, avisos, err
		}
		sent++
		for _, uid := range c.Writers() {
			avisos = append(avisos, Aviso{UID: uid, Tipo: tipo, Texto: texto, Link: link, Vegetal: c.VegetalNome})
		}
	}
	return sent + sentGrupo, avisos, nil
}

// reminderTime is the time a day's reminders carry: 07:00 in Brasília.
func reminderTime(day string) time.Time {
	d, _ := domain.ParseDate(day)
	return d.Add(10 * time.Hour)
}

// reminderText decides whether a due item still applies and words it.
func reminderText(kind string, c domain.Cultivo, meta, due record, day string) (string, string) {
	switch kind {
	case dueJanela:
		if p, ok := domain.ParseDate(c.DataPlantio); !ok || domain.FormatDate(p.AddDate(0, 0, c.DiasColheitaMin)) != day {
			return "", "" // the planting date changed since
		}
		return domain.NotifLembreteJanela, domain.TextoLembreteJanela(c.VegetalNome)
	case dueSemDiario:
		last := sOf(meta["ultimoDiario"])
		if last != "" && last > addDays(day, -7) {
			return "", "" // an entry came since
		}
		return domain.NotifLembreteDiario, domain.TextoLembreteDiario(c.VegetalNome)
	case dueSeq:
		dias, _ := strconv.Atoi(nOf(meta["seqDias"]))
		if sOf(meta["seqDia"]) != addDays(day, -1) || dias < domain.StreakMinimo {
			return "", "" // already cared for today, or no streak worth keeping
		}
		return domain.NotifLembreteSequencia, domain.TextoLembreteSequencia(c.VegetalNome, dias)
	}
	return "", ""
}
