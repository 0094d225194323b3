package reminders

import (
	"context"
	"errors"
	"log/slog"

	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/email"
	"github.com/verde-app/verde/shared/obs"
	"github.com/verde-app/verde/shared/store"
)

// Mailed is what e-mailing a run's reminders did.
type Mailed struct {
	Enviados int `json:"emailsEnviados"`
	Falhas   int `json:"emailsFalhas"`
}

// mailReminders e-mails each reminder of the run to its member when they chose
// its kind (domain.EmailDoLembrete): one BatchGetItem per 50 members for
// their addresses and choices, then one SES call per e-mail. The
// notification is already written (once, by the store); an e-mail that SES
// refuses is counted and logged as an EmailFailed alarm, never retried into a
// second copy. Without a sender (no SES identity) nothing is sent.
func mailReminders(ctx context.Context, d app.Deps, avisos []store.Aviso) Mailed {
	var out Mailed
	if d.Mail().Sender == nil || len(avisos) == 0 {
		return out
	}
	key, err := d.Mail().Links.Get(ctx)
	if err != nil {
		obs.Alarm(ctx, obs.AlarmEmailFailed, "reminder e-mails: no link key", "err", err)
		return out
	}
	for start := 0; start < len(avisos); {
		var uids []string
		seen := map[string]bool{}
		end := start
		for end < len(avisos) && (len(uids) < 50 || seen[avisos[end].UID]) {
			if !seen[avisos[end].UID] {
				seen[avisos[end].UID] = true
				uids = append(uids, avisos[end].UID)
			}
			end++
		}
		recipients, err := d.Store.EmailRecipients(ctx, uids)
		if err != nil {
			obs.Alarm(ctx, obs.AlarmEmailFailed, "reminder e-mails: read recipients", "err", err)
			out.Falhas += end - start
			start = end
			continue
		}
		for _, a := range avisos[start:end] {
			kind := domain.EmailDoLembrete(a.Tipo)
			r, ok := recipients[a.UID]
			if kind == "" || !ok || !r.Wants(kind) || r.Email == "" {
				continue
			}
			oneClick, page := email.UnsubscribeURLs(d.Config.SiteURL, email.UnsubscribeToken(key, a.UID, kind))
			tipo, _ := domain.TipoEmailNamed(kind)
			c := email.Reminder(d.Config.SiteURL, r.Nome, a.Tipo, a.Texto, a.Link, a.Vegetal, email.Footer{
				SiteURL:     d.Config.SiteURL,
				Why:         "Você recebe este e-mail porque escolheu \"" + tipo.Rotulo + "\" em Configurações.",
				StopLabel:   "Não quero mais estes lembretes",
				StopPageURL: page,
			})
			m, err := email.New(r.Email, "lembrete-"+kind, c, oneClick)
			if err == nil {
				err = d.Mail().Sender.Send(ctx, m)
			}
			if err != nil {
				out.Falhas++
				obs.Alarm(ctx, obs.AlarmEmailFailed, "reminder e-mail not sent", "user", obs.HashUser(a.UID), "kind", kind, "refused", errors.Is(err, email.ErrRefused), "err", err)
				continue
			}
			out.Enviados++
		}
		start = end
	}
	slog.InfoContext(ctx, "reminder e-mails", "enviados", out.Enviados, "falhas", out.Falhas)
	return out
}
