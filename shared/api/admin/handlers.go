package admin

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"

	cipTypes "github.com/aws/aws-sdk-go-v2/service/cognitoidentityprovider/types"

	"github.com/verde-app/verde/shared/api"
	"github.com/verde-app/verde/shared/api/kit"
	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/auth"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
)

func handleRules(d app.Deps) http.Handler {
	return kit.Read(d, http.StatusOK, func(r *http.Request, _ store.Actor) (Regras, error) {
		return kit.Shown(regrasOf)(d.Store.StoredRules(r.Context()))
	})
}

func handleEditRules(d app.Deps) http.Handler {
	return kit.Act(d, http.StatusOK, func(r *http.Request, in RegrasEdit, actor store.Actor) (Regras, error) {
		return kit.Shown(regrasOf)(d.Store.EditRules(r.Context(), in.rules, actor))
	})
}

// handleSearchUsers finds members by a name word's start (por=nome) or an
// e-mail's start (por=email; the default when q has an @): one Query of the
// index and one BatchGetItem.
func handleSearchUsers(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		us, err := domain.ParseUserSearch(r.URL.Query())
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		q, por, byEmail := us.Q, us.Por, us.ByEmail
		kit.ListPage(w, r, d, store.UsersScope(por+":"+strings.ToLower(q)), func(ctx context.Context, limit int, after map[string]string) ([]store.UserHit, map[string]string, error) {
			return d.Store.SearchUsers(ctx, q, byEmail, limit, after)
		}, func(h store.UserHit) UsuarioResumo { return resumoOf(h.Profile, h.Desativado) })
	})
}

// accounts is Cognito's side of a member (the admin group, disable).
func accounts(d app.Deps) (auth.AccountAdmin, error) {
	a, ok := d.Users.(auth.AccountAdmin)
	if !ok {
		return nil, fmt.Errorf("the user directory cannot administer accounts")
	}
	return a, nil
}

// cognitoErr maps Cognito's "no such user" to the API's 404.
func cognitoErr(err error) error {
	var nf *cipTypes.UserNotFoundException
	if errors.As(err, &nf) {
		return domain.ErrMembroNotFound()
	}
	return err
}

func handleUser(d app.Deps) http.Handler {
	return kit.Read(d, http.StatusOK, func(r *http.Request, _ store.Actor) (UsuarioAdmin, error) {
		uid := r.PathValue("userId")
		m, err := d.Store.Member(r.Context(), uid)
		if err != nil {
			return UsuarioAdmin{}, err
		}
		isAdmin, err := d.Store.IsAdmin(r.Context(), uid)
		return usuarioOf(m, isAdmin), err
	})
}

func handleLedger(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		uid := r.PathValue("userId")
		kit.Ledger(w, r, d, store.LedgerScope(uid), uid)
	})
}

// memberAccount is the member of the path (a 404 without one) and Cognito's
// side of them.
func memberAccount(d app.Deps, r *http.Request) (store.MemberDetail, auth.AccountAdmin, error) {
	m, err := d.Store.Member(r.Context(), r.PathValue("userId"))
	if err != nil {
		return m, nil, err
	}
	acc, err := accounts(d)
	return m, acc, err
}

// handleSetAdmin grants or revokes the admin role: the server's record and
// its audit entry first (every container follows within store.AccessTTL),
// then Cognito's group (what the SPA's next token shows) and, for a
// revocation, a global sign-out (the member's refresh tokens stop working).
// Nobody changes their own role. A failure after the record changed is
// finished by sending the same request again.
func handleSetAdmin(d app.Deps) http.Handler {
	return kit.Act(d, http.StatusOK, func(r *http.Request, in PapelAdmin, actor store.Actor) (UsuarioAdmin, error) {
		uid := r.PathValue("userId")
		if uid == actor.ID {
			return UsuarioAdmin{}, domain.ErrPapelProprio()
		}
		m, acc, err := memberAccount(d, r)
		if err != nil {
			return UsuarioAdmin{}, err
		}
		if _, err := d.Store.SetAdmin(r.Context(), uid, *in.Admin, actor); err != nil {
			return UsuarioAdmin{}, err
		}
		if err := acc.SetAdminGroup(r.Context(), d.Config.UserPoolID, uid, *in.Admin); err != nil {
			return UsuarioAdmin{}, cognitoErr(err)
		}
		if !*in.Admin {
			if err := acc.SignOut(r.Context(), d.Config.UserPoolID, uid); err != nil {
				return UsuarioAdmin{}, cognitoErr(err)
			}
		}
		return usuarioOf(m, *in.Admin), nil
	})
}

func handleSetStatus(d app.Deps) http.Handler {
	return kit.Act(d, http.StatusOK, func(r *http.Request, in StatusUsuario, actor store.Actor) (UsuarioAdmin, error) {
		uid := r.PathValue("userId")
		if err := domain.CanSetDisabled(actor.ID, uid, *in.Desativado, false, 0); err != nil {
			return UsuarioAdmin{}, err
		}
		m, acc, err := memberAccount(d, r)
		if err != nil {
			return UsuarioAdmin{}, err
		}
		// Disable: the API's record first (refused at once here, everywhere
		// within store.AccessTTL), then Cognito (no new sign-in, refresh tokens revoked).
		// Enable: Cognito first, then the set. A failure in between is undone
		// by sending the same request again.
		if *in.Desativado {
			err = d.Store.SetDisabled(r.Context(), uid, true, actor)
			if err == nil {
				err = cognitoErr(acc.SetEnabled(r.Context(), d.Config.UserPoolID, uid, false))
			}
		} else {
			err = cognitoErr(acc.SetEnabled(r.Context(), d.Config.UserPoolID, uid, true))
			if err == nil {
				err = d.Store.SetDisabled(r.Context(), uid, false, actor)
			}
		}
		if err != nil {
			return UsuarioAdmin{}, err
		}
		isAdmin, err := d.Store.IsAdmin(r.Context(), uid)
		if err != nil {
			return UsuarioAdmin{}, err
		}
		m.Desativado = *in.Desativado
		return usuarioOf(m, isAdmin), nil
	})
}

func handleAdjustPoints(d app.Deps) http.Handler {
	return kit.Act(d, http.StatusCreated, func(r *http.Request, in AjustePontos, actor store.Actor) (AjusteFeito, error) {
		p, err := d.Store.AdjustPoints(r.Context(), r.PathValue("userId"), in.in, actor)
		return AjusteFeito{PontosTotais: p.PontosTotais, Nivel: p.Nivel}, err
	})
}
