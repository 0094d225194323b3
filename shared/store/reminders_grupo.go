package store

import (
	"context"
	"strings"
	"time"

	"github.com/verde-app/verde/shared/domain"
)

// A group's reminders ride the daily reminders job (reminders.go): the acts
// write DUE#<day> / GRUPO#<kind>#<gid>#<ref> items, and the job sends each
// once (its SENT# marker in the same transaction as the notifications).
//
//   - MUTIRAO: the day before a mutirão, to every member with a confirmed
//     vaga (written when the mutirão is scheduled; a cancelled one sends none).
//   - ESCALA: an escala turn's day, to whoever is on duty that day (after
//     any swap); sending it makes the escala's next turn due, so a weekly
//     rota keeps reminding without anyone scheduling it again.

const (
	prefixDueGrupo = "GRUPO#"
	dueMutirao     = "MUTIRAO"
	dueEscala      = "ESCALA"
)

type dueGrupoItem struct {
	PK       string `dynamodbav:"PK"`
	SK       string `dynamodbav:"SK"`
	Type     string `dynamodbav:"type"`
	GroupID  string `dynamodbav:"groupId"`
	Ref      string `dynamodbav:"ref"`
	ExpiraEm int64  `dynamodbav:"expiraEm"`
}

// putGroupDue makes kind's reminder of ref (in group gid) due on day (a
// yyyy-mm-dd that is not past; a mutirão scheduled for tomorrow has no
// reminder the day before).
func putGroupDue(t *txn, day, kind, gid, ref string, now time.Time) {
	d, ok := domain.ParseDate(day)
	if !ok || day < domain.FormatDate(domain.LocalDate(now)) {
		return
	}
	t.putItem("due:"+kind, dueGrupoItem{
		PK: duePK(day), SK: prefixDueGrupo + kind + "#" + gid + "#" + ref, Type: "dueGrupo", GroupID: gid, Ref: ref,
		ExpiraEm: d.AddDate(0, 0, 3).Unix(),
	}, "")
}

// splitGroupDue separates a page of due items into the cultivos' and the groups'.
func splitGroupDue(items []record) (cultivos, grupos []record) {
	for _, it := range items {
		if strings.HasPrefix(sOf(it[attrSK]), prefixDueGrupo) {
			grupos = append(grupos, it)
		} else {
			cultivos = append(cultivos, it)
		}
	}
	return cultivos, grupos
}

// sendGroupDue sends a page's group reminders: for each, one read of what it
// is about and one transaction.
func (s *Store) sendGroupDue(ctx context.Context, day string, now time.Time, items []record) (int, []Aviso, error) {
	sent := 0
	var avisos []Aviso
	at := reminderTime(day)
	for _, it := range items {
		rest := strings.TrimPrefix(sOf(it[attrSK]), prefixDueGrupo)
		kind, _, _ := strings.Cut(rest, "#")
		gid, ref := sOf(it["groupId"]), sOf(it["ref"])
		t := newTxn(s.Table)
		t.put("sent", record{
			attrPK: str(remindersPK(day)), attrSK: str("SENT#" + prefixDueGrupo + rest), "type": str("reminderSent"),
			"expiraEm": num(int(now.AddDate(0, 0, 3).Unix())),
		}, "attribute_not_exists(PK)")
		var ok bool
		var err error
		var these []Aviso
		switch kind {
		case dueMutirao:
			ok, these, err = s.mutiraoReminder(ctx, t, gid, ref, day, at)
		case dueEscala:
			ok, these, err = s.escalaReminder(ctx, t, gid, ref, day, at, now)
		}
		if err != nil {
			return sent, avisos, err
		}
		if !ok {
			continue
		}
		if err := s.write(ctx, t); err != nil {
			if cc, isC := isCancelled(err); isC && cc.failed("sent") {
				continue // sent by an earlier run
			}
			return sent, avisos, err
		}
		sent++
		avisos = append(avisos, these...)
	}
	return sent, avisos, nil
}

// mutiraoReminder adds to t the day-before reminder of a mutirão to its
// confirmed members; false when there is nothing to send.
func (s *Store) mutiraoReminder(ctx context.Context, t *txn, gid, mid, day string, at time.Time) (bool, []Aviso, error) {
	mv, err := s.readMutirao(ctx, gid, mid, "")
	if domain.ErrorCode(err) == domain.ENotFound {
		return false, nil, nil
	}
	if err != nil {
		return false, nil, err
	}
	m := mv.Mutirao
	if m.Status != domain.MutiraoAgendado || m.Dia() != addDays(day, 1) {
		return false, nil, nil
	}
	texto := domain.TextoMutiraoLembrete(m.Titulo, domain.HoraLocal(m.Inicio), m.Local)
	link := domain.LinkMutirao(gid, mid)
	var avisos []Aviso
	for _, in := range mv.Inscricoes {
		if in.Status == domain.InscricaoConfirmada {
			t.notify(domain.NewNotification("lembrete-"+day+"-mutirao-"+mid+"-"+in.UserID, in.UserID, domain.NotifMutiraoLembrete, texto, link, at))
			avisos = append(avisos, Aviso{UID: in.UserID, Tipo: domain.NotifMutiraoLembrete, Texto: texto, Link: link, Vegetal: m.Titulo})
		}
	}
	return len(avisos) > 0, avisos, nil
}
