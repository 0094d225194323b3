// Package digest is the DigestFunction: on Monday mornings, each member who
// chose the weekly digest in /configuracoes gets an e-mail with what was
// posted in their groups during the week (shared/email). Its subscribers come
// from the EMAILS#resumo index (never a Scan), a page at a time; the run
// keeps its position and each member's digest is taken before it is sent
// (store/digest.go), so a run that stops is continued by the schedule's next
// run and nobody gets two.
package digest

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/email"
	"github.com/verde-app/verde/shared/obs"
	"github.com/verde-app/verde/shared/store"
)

const (
	// page is how many subscribers one step reads (EmailRecipients takes 50).
	page = 50
	// postsPerGroup are the posts the e-mail quotes for a group.
	postsPerGroup = 3
	// reserve is the time kept before the Lambda deadline to save the position.
	reserve = 20 * time.Second
)

// Result is what a run did.
type Result struct {
	Semana    string `json:"semana"`
	Lidos     int    `json:"lidos"`
	Enviados  int    `json:"enviados"`
	SemNovas  int    `json:"semNovidades"`
	Falhas    int    `json:"falhas"`
	Concluido bool   `json:"concluido"`
}

// Handler is the DigestFunction's handler.
func Handler(d app.Deps) func(context.Context) (Result, error) {
	return func(ctx context.Context) (Result, error) {
		res, err := Run(ctx, d)
		if err != nil {
			slog.ErrorContext(ctx, "digest", "semana", res.Semana, "err", err)
			return res, err
		}
		slog.InfoContext(ctx, "digest", "semana", res.Semana, "lidos", res.Lidos, "enviados", res.Enviados,
			"semNovidades", res.SemNovas, "falhas", res.Falhas, "concluido", res.Concluido)
		return res, nil
	}
}

// Run goes on with this week's digest from where the last run stopped.
func Run(ctx context.Context, d app.Deps) (Result, error) {
	now := d.Now()
	res := Result{Semana: store.DigestWeek(now)}
	if d.Mail().Sender == nil {
		res.Concluido = true // no SES identity: the site sends no e-mail
		return res, nil
	}
	cursor, done, err := d.Store.DigestState(ctx, res.Semana)
	if err != nil || done {
		res.Concluido = done
		return res, err
	}
	key, err := d.Mail().Links.Get(ctx)
	if err != nil {
		return res, err
	}
	since := now.AddDate(0, 0, -7)
	weeks := map[string]email.DigestGroup{} // each group read once per run
	deadline, hasDeadline := ctx.Deadline()
	for {
		if hasDeadline && time.Until(deadline) < reserve {
			return res, d.Store.SaveDigestState(ctx, res.Semana, cursor, false)
		}
		uids, next, err := d.Store.EmailSubscribers(ctx, domain.EmailResumo, page, cursor)
		if err != nil {
			return res, err
		}
		res.Lidos += len(uids)
		if err := sendPage(ctx, d, key, res.Semana, since, uids, weeks, &res); err != nil {
			return res, err
		}
		cursor = next
		if cursor == nil {
			res.Concluido = true
			return res, d.Store.SaveDigestState(ctx, res.Semana, nil, true)
		}
		if err := d.Store.SaveDigestState(ctx, res.Semana, cursor, false); err != nil {
			return res, err
		}
	}
}

func sendPage(ctx context.Context, d app.Deps, key []byte, week string, since time.Time, uids []string, weeks map[string]email.DigestGroup, res *Result) error {
	if len(uids) == 0 {
		return nil
	}
	recipients, err := d.Store.EmailRecipients(ctx, uids)
	if err != nil {
		return err
	}
	for _, uid := range uids {
		r, ok := recipients[uid]
		if !ok || !r.Wants(domain.EmailResumo) || r.Email == "" {
			continue
		}
		groups, err := memberWeek(ctx, d, uid, since, weeks)
		if err != nil {
			return err
		}
		if len(groups) == 0 {
			res.SemNovas++
			continue // nothing new in their groups: no e-mail this week
		}
		taken, err := d.Store.TakeDigest(ctx, week, uid)
		if err != nil {
			return err
		}
		if !taken {
			continue // an earlier run sent it
		}
		oneClick, pageURL := email.UnsubscribeURLs(d.Config.SiteURL, email.UnsubscribeToken(key, uid, domain.EmailResumo))
		c := email.Digest(d.Config.SiteURL, r.Nome, groups, email.Footer{
			SiteURL:     d.Config.SiteURL,
			Why:         "Você recebe este resumo porque escolheu \"Resumo semanal dos grupos\" em Configurações.",
			StopLabel:   "Não quero mais o resumo semanal",
			StopPageURL: pageURL,
		})
		m, err := email.New(r.Email, "resumo", c, oneClick)
		if err == nil {
			err = d.Mail().Sender.Send(ctx, m)
		}
		if err != nil {
			res.Falhas++
			obs.Alarm(ctx, obs.AlarmEmailFailed, "digest e-mail not sent", "user", obs.HashUser(uid), "refused", errors.Is(err, email.ErrRefused), "err", err)
			continue
		}
		res.Enviados++
	}
	return nil
}

// memberWeek is the week of each of uid's groups that had posts.
func memberWeek(ctx context.Context, d app.Deps, uid string, since time.Time, weeks map[string]email.DigestGroup) ([]email.DigestGroup, error) {
	mine, _, err := d.Store.MyGroups(ctx, uid, 100, nil)
	if err != nil {
		return nil, err
	}
	var out []email.DigestGroup
	for _, g := range mine {
		w, ok := weeks[g.Group.ID]
		if !ok {
			posts, total, err := d.Store.GroupWeek(ctx, g.Group.ID, since, postsPerGroup)
			if err != nil {
				return nil, err
			}
			w = email.DigestGroup{Nome: g.Group.Nome, Link: domain.LinkGrupo(g.Group.ID), Total: total}
			for _, p := range posts {
				w.Posts = append(w.Posts, email.DigestPost{Autor: p.AutorNome, Texto: p.Texto})
			}
			weeks[g.Group.ID] = w
		}
		if w.Total > 0 {
			out = append(out, w)
		}
	}
	return out, nil
}
