package account

import (
	"io"
	"net/http"
	"slices"

	"github.com/verde-app/verde/shared/api/kit"
	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/email"
	"github.com/verde-app/verde/shared/store"
)

// Emails are the member's e-mail choices (schema EmailChoices).
type Emails struct {
	// Envio says whether this site sends e-mail at all (an SES identity is configured).
	Envio bool        `json:"envio"`
	Tipos []EmailTipo `json:"tipos"`
}

// EmailTipo is one kind of e-mail and whether the member chose it.
type EmailTipo struct {
	Tipo      string `json:"tipo"`
	Rotulo    string `json:"rotulo"`
	Descricao string `json:"descricao"`
	Ativo     bool   `json:"ativo"`
}

func emailsOf(d app.Deps, ativos []string) Emails {
	out := Emails{Envio: d.Mail().Sender != nil, Tipos: make([]EmailTipo, 0, len(domain.TiposEmail))}
	for _, k := range domain.TiposEmail {
		out.Tipos = append(out.Tipos, EmailTipo{Tipo: k.Tipo, Rotulo: k.Rotulo, Descricao: k.Descricao, Ativo: slices.Contains(ativos, k.Tipo)})
	}
	return out
}

func handleGetEmails(d app.Deps) http.Handler {
	return kit.Read(d, http.StatusOK, func(r *http.Request, actor store.Actor) (Emails, error) {
		ativos, err := d.Store.EmailChoices(r.Context(), actor.ID)
		if err != nil {
			return Emails{}, err
		}
		return emailsOf(d, ativos), nil
	})
}

func handlePutEmails(d app.Deps) http.Handler {
	return kit.Act(d, http.StatusOK, func(r *http.Request, in domain.EmailsInput, actor store.Actor) (Emails, error) {
		if err := d.Store.SetEmailChoices(r.Context(), actor.ID, in.Ativos); err != nil {
			return Emails{}, err
		}
		return emailsOf(d, in.Ativos), nil
	})
}

// Descadastro is what an unsubscribe link stands for (schema Unsubscribe).
type Descadastro struct {
	Tipo   string `json:"tipo"`
	Rotulo string `json:"rotulo"`
	// Ativo is false once the link was used.
	Ativo bool `json:"ativo"`
}

// unsubscribeLink checks the ?t= token of a request: its member and kind.
func unsubscribeLink(d app.Deps, r *http.Request) (string, domain.TipoEmail, error) {
	key, err := d.Mail().Links.Get(r.Context())
	if err != nil {
		return "", domain.TipoEmail{}, err
	}
	uid, kind, ok := email.VerifyUnsubscribe(key, r.URL.Query().Get("t"))
	tipo, known := domain.TipoEmailNamed(kind)
	if !ok || !known {
		return "", domain.TipoEmail{}, domain.ErrLinkDescadastro()
	}
	return uid, tipo, nil
}

// handleUnsubscribeInfo tells the page what its link would stop (signed
// out: the link is the member's authority). It changes nothing, so a link
// scanner that follows it unsubscribes no one.
func handleUnsubscribeInfo(d app.Deps) http.Handler {
	return kit.Read(d, http.StatusOK, func(r *http.Request, _ store.Actor) (Descadastro, error) {
		_, tipo, err := unsubscribeLink(d, r)
		if err != nil {
			return Descadastro{}, err
		}
		return Descadastro{Tipo: tipo.Tipo, Rotulo: tipo.Rotulo, Ativo: true}, nil
	})
}

// handleUnsubscribe stops the link's kind of e-mail: the one-click POST of
// RFC 8058 (a mail client sends "List-Unsubscribe=One-Click" as a form, which
// is read and ignored) and the page's button alike. Repeating it is harmless.
func handleUnsubscribe(d app.Deps) http.Handler {
	return kit.Read(d, http.StatusOK, func(r *http.Request, _ store.Actor) (Descadastro, error) {
		io.Copy(io.Discard, io.LimitReader(r.Body, 4<<10))
		uid, tipo, err := unsubscribeLink(d, r)
		if err != nil {
			return Descadastro{}, err
		}
		if err := d.Store.StopEmail(r.Context(), uid, tipo.Tipo); err != nil {
			return Descadastro{}, err
		}
		return Descadastro{Tipo: tipo.Tipo, Rotulo: tipo.Rotulo, Ativo: false}, nil
	})
}
