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
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rules, err := d.Store.StoredRules(r.Context())
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		api.Encode(w, http.StatusOK, regrasOf(rules))
	})
}

func handleEditRules(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		in, err := api.Decode[RegrasEdit](r)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		rules, err := d.Store.EditRules(r.Context(), in.rules, kit.ActorFrom(d, r))
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		api.Encode(w, http.StatusOK, regrasOf(rules))
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
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		uid := r.PathValue("userId")
		m, err := d.Store.Member(r.Context(), uid)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		isAdmin, err := d.Store.IsAdmin(r.Context(), uid)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		api.Encode(w, http.StatusOK, usuarioOf(m, isAdmin))
	})
}

func handleLedger(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		uid := r.PathValue("userId")
		kit.ListPage(w, r, d, store.LedgerScope(uid), func(ctx context.Context, limit int, after map[string]string) ([]store.LedgerEntry, map[string]string, error) {
			return d.Store.LedgerPage(ctx, uid, limit, after)
		}, lancamentoOf)
	})
}

// member is the member of the path, or a 404.
func member(d app.Deps, r *http.Request) (store.MemberDetail, error) {
	return d.Store.Member(r.Context(), r.PathValue("userId"))
}

// handleSetAdmin grants or revokes the admin role: the server's record and
// its audit entry first (every container follows within store.AccessTTL),
// then Cognito's group (what the SPA's next token shows) and, for a
// revocation, a global sign-out (the member's refresh tokens stop working).
// Nobody changes their own role. A failure after the record changed is
// finished by sending the same request again.
func handleSetAdmin(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		in, err := api.Decode[PapelAdmin](r)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		actor := kit.ActorFrom(d, r)
		uid := r.PathValue("userId")
		if uid == actor.ID {
			api.WriteError(w, r, domain.ErrPapelProprio())
			return
		}
		m, err := member(d, r)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		acc, err := accounts(d)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		if _, err := d.Store.SetAdmin(r.Context(), uid, *in.Admin, actor); err != nil {
			api.WriteError(w, r, err)
			return
		}
		if err := acc.SetAdminGroup(r.Context(), d.Config.UserPoolID, uid, *in.Admin); err != nil {
			api.WriteError(w, r, cognitoErr(err))
			return
		}
		if !*in.Admin {
			if err := acc.SignOut(r.Context(), d.Config.UserPoolID, uid); err != nil {
				api.WriteError(w, r, cognitoErr(err))
				return
			}
		}
		api.Encode(w, http.StatusOK, usuarioOf(m, *in.Admin))
	})
}

func handleSetStatus(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		in, err := api.Decode[StatusUsuario](r)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		actor := kit.ActorFrom(d, r)
		uid := r.PathValue("userId")
		if err := domain.CanSetDisabled(actor.ID, uid, *in.Desativado, false, 0); err != nil {
			api.WriteError(w, r, err)
			return
		}
		m, err := member(d, r)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		acc, err := accounts(d)
		if err != nil {
			api.WriteError(w, r, err)
			return
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
			api.WriteError(w, r, err)
			return
		}
		isAdmin, err := d.Store.IsAdmin(r.Context(), uid)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		m.Desativado = *in.Desativado
		api.Encode(w, http.StatusOK, usuarioOf(m, isAdmin))
	})
}

func handleAdjustPoints(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		in, err := api.Decode[AjustePontos](r)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		p, err := d.Store.AdjustPoints(r.Context(), r.PathValue("userId"), in.in, kit.ActorFrom(d, r))
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		api.Encode(w, http.StatusCreated, AjusteFeito{PontosTotais: p.PontosTotais, Nivel: p.Nivel})
	})
}
