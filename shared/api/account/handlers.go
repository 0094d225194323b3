package account

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	cip "github.com/aws/aws-sdk-go-v2/service/cognitoidentityprovider"
	"github.com/aws/aws-sdk-go-v2/service/cognitoidentityprovider/types"
	"github.com/aws/smithy-go"

	"github.com/verde-app/verde/shared/api"
	"github.com/verde-app/verde/shared/api/kit"
	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/auth"
	"github.com/verde-app/verde/shared/auth/cognitoadmin"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
)

// googleOnly reports an account that signs in with Google alone: Cognito
// names a federated user <Provider>_<id>; a Google sign-in linked to an
// e-mail account keeps the e-mail account's name and password.
func googleOnly(c *auth.Claims) bool {
	return strings.HasPrefix(strings.ToLower(c.Username), "google_")
}

func tipoOf(c *auth.Claims) string {
	if googleOnly(c) {
		return "google"
	}
	return "email"
}

// handleConta: the account type, the groups that block a deletion and
// whether one is under way (one GetItem, one Query).
func handleConta(d app.Deps) http.Handler {
	return kit.Read(d, http.StatusOK, func(r *http.Request, _ store.Actor) (Conta, error) {
		c := auth.FromContext(r.Context())
		owned, err := d.Store.OwnedGroups(r.Context(), c.Sub)
		if err != nil {
			return Conta{}, err
		}
		started, err := d.Store.AccountDeletionStarted(r.Context(), c.Sub)
		if err != nil {
			return Conta{}, err
		}
		out := Conta{Tipo: tipoOf(c), GruposDono: []GrupoDono{}, ExclusaoIniciada: started}
		for _, g := range owned {
			out.GruposDono = append(out.GruposDono, GrupoDono{ID: g.ID, Nome: g.Nome})
		}
		return out, nil
	})
}

// exportScope seals the export's cursors.
const exportScope = "account-export"

// exportPageSize is the records one request reads at most per page, and
// exportReads the pages it reads at most: a bounded request however large the
// account.
const (
	exportPageSize = 100
	exportReads    = 6
)

// handleExport answers the next part of the export: pages of the table's
// sections (store.AccountExport) and then of the user's photos in the
// bucket, until a page limit; nextCursor leads on.
func handleExport(d app.Deps) http.Handler {
	return kit.Read(d, http.StatusOK, func(r *http.Request, _ store.Actor) (ExportChunk, error) {
		c := auth.FromContext(r.Context())
		cursors, err := d.Cursors.Get(r.Context())
		if err != nil {
			return ExportChunk{}, err
		}
		pos, err := cursors.Open(r, exportScope)
		if err != nil {
			return ExportChunk{}, err
		}
		section := 0
		var after map[string]string
		if pos != nil {
			section, err = strconv.Atoi(pos["s"])
			if err != nil || section < 0 || section > len(store.AccountExport) {
				return ExportChunk{}, domain.ErrBadCursor()
			}
			delete(pos, "s")
			if len(pos) > 0 {
				after = pos
			}
		}
		out := ExportChunk{Itens: []ExportItem{}}
		for reads := 0; reads < exportReads && len(out.Itens) < exportPageSize; reads++ {
			var items []ExportItem
			var next map[string]string
			if section < len(store.AccountExport) {
				items, next, err = exportTable(r.Context(), d, c.Sub, section, after)
			} else {
				items, next, err = exportPhotos(r.Context(), d, c.Sub, after)
			}
			if err != nil {
				return ExportChunk{}, err
			}
			out.Itens = append(out.Itens, items...)
			if next == nil {
				section, after = section+1, nil
				if section > len(store.AccountExport) {
					break
				}
			} else {
				after = next
			}
		}
		if section <= len(store.AccountExport) {
			p := map[string]string{"s": strconv.Itoa(section)}
			for k, v := range after {
				p[k] = v
			}
			out.NextCursor = cursors.Seal(exportScope, p)
		}
		return out, nil
	})
}

func exportTable(ctx context.Context, d app.Deps, uid string, section int, after map[string]string) ([]ExportItem, map[string]string, error) {
	items, next, err := store.AccountExport[section].Page(ctx, d.Store, uid, exportPageSize, after)
	out := make([]ExportItem, 0, len(items))
	for _, it := range items {
		out = append(out, ExportItem{Secao: it.Secao, Dados: it.Dados})
	}
	return out, next, err
}

// exportPhotos lists the user's photos in the bucket with their links.
func exportPhotos(ctx context.Context, d app.Deps, uid string, after map[string]string) ([]ExportItem, map[string]string, error) {
	objs, token, err := d.Uploads.List(ctx, domain.PhotoKeyPrefix(uid), after["token"], exportPageSize)
	if err != nil {
		return nil, nil, err
	}
	out := make([]ExportItem, 0, len(objs))
	for _, o := range objs {
		out = append(out, ExportItem{Secao: "fotos", Dados: map[string]any{
			"chave": o.Key, "link": "/media/" + o.Key, "bytes": o.Size, "enviadaEm": o.At,
		}})
	}
	if token == "" {
		return out, nil, nil
	}
	return out, map[string]string{"token": token}, nil
}

// deletionBudget is the items one request erases at most (then it answers
// with its progress and the SPA calls again).
const deletionBudget = 200

// handleDelete confirms (the word; the password of an e-mail account, once)
// and runs one chunk of the deletion: the table's phases, then the photos,
// the Cognito user and the profile. Calling it again resumes.
func handleDelete(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c := auth.FromContext(r.Context())
		in, err := api.Decode[domain.ExclusaoInput](r)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		ctx := r.Context()
		started, err := d.Store.AccountDeletionStarted(ctx, c.Sub)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		if !started {
			if !googleOnly(c) {
				if in.Senha == nil || *in.Senha == "" {
					api.WriteError(w, r, domain.ErrSenhaObrigatoria())
					return
				}
				if err := checkPassword(ctx, d, c.Username, *in.Senha); err != nil {
					api.WriteError(w, r, err)
					return
				}
			}
			owned, err := d.Store.OwnedGroups(ctx, c.Sub)
			if err != nil {
				api.WriteError(w, r, err)
				return
			}
			if len(owned) > 0 {
				api.WriteError(w, r, store.ErrOwnsGroups())
				return
			}
			if err := d.Store.StartAccountDeletion(ctx, c.Sub); err != nil {
				api.WriteError(w, r, err)
				return
			}
		}
		steps := len(store.AccountErasers) + 2
		p, err := d.Store.EraseAccountStep(ctx, c.Sub, deletionBudget)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		if !p.Done {
			api.Encode(w, http.StatusOK, Exclusao{Fase: p.Fase, Etapa: p.Indice + 1, Etapas: steps, Removidos: p.Removidos})
			return
		}
		// A request of this account admitted before every container knew of the
		// deletion may still write: wait until none can, then sweep once more.
		settled, left, err := d.Store.DeletionSettled(ctx, c.Sub, deletionSettle(d))
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		if !settled {
			wait := min(left, maxDeletionWait)
			if dl, ok := ctx.Deadline(); ok && time.Until(dl) < wait+time.Second {
				wait = 0 // no time left in this request: the next call waits
			}
			if !sleep(ctx, wait) {
				api.WriteError(w, r, ctx.Err())
				return
			}
			if settled, _, err = d.Store.DeletionSettled(ctx, c.Sub, deletionSettle(d)); err != nil || !settled {
				if err != nil {
					api.WriteError(w, r, err)
					return
				}
				api.Encode(w, http.StatusOK, Exclusao{Fase: "verificacao", Etapa: steps - 1, Etapas: steps, Removidos: p.Removidos})
				return
			}
		}
		sweep, err := d.Store.EraseAccountStep(ctx, c.Sub, deletionBudget)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		p.Removidos += sweep.Removidos
		if !sweep.Done {
			api.Encode(w, http.StatusOK, Exclusao{Fase: sweep.Fase, Etapa: sweep.Indice + 1, Etapas: steps, Removidos: p.Removidos})
			return
		}
		n, more, err := kit.ErasePhotos(ctx, d, c.Sub)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		if more {
			api.Encode(w, http.StatusOK, Exclusao{Fase: "fotos", Etapa: steps - 1, Etapas: steps, Removidos: p.Removidos + n})
			return
		}
		if err := deleteCognitoUser(ctx, d, c.Username); err != nil {
			api.WriteError(w, r, err)
			return
		}
		if err := d.Store.FinishAccountDeletion(ctx, c.Sub); err != nil {
			api.WriteError(w, r, err)
			return
		}
		api.Encode(w, http.StatusOK, Exclusao{Fase: "concluida", Etapa: steps, Etapas: steps, Removidos: p.Removidos + n + 1, Concluida: true})
	})
}

// maxDeletionWait is the longest one deletion request waits for the deletion
// to settle before answering its progress (the SPA calls again).
const maxDeletionWait = 3 * time.Second

// deletionSettle is how long a request admitted before the deletion may
// still run: the API's per-request deadline (d.DeletionSettle in tests).
func deletionSettle(d app.Deps) time.Duration {
	if d.DeletionSettle > 0 {
		return d.DeletionSettle
	}
	return api.RequestDeadline
}

// sleep waits for dur or until ctx ends (false).
func sleep(ctx context.Context, dur time.Duration) bool {
	if dur <= 0 {
		return true
	}
	t := time.NewTimer(dur)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}

// checkPassword signs the user in on the server's side (ADMIN_USER_PASSWORD_AUTH):
// a wrong password is the field's error; the tokens it returns are dropped.
func checkPassword(ctx context.Context, d app.Deps, username, senha string) error {
	_, err := cognitoadmin.Client(d).AdminInitiateAuth(ctx, &cip.AdminInitiateAuthInput{
		UserPoolId: aws.String(d.Config.UserPoolID), ClientId: aws.String(d.Config.ClientID),
		AuthFlow:       types.AuthFlowTypeAdminUserPasswordAuth,
		AuthParameters: map[string]string{"USERNAME": username, "PASSWORD": senha},
	})
	var na *types.NotAuthorizedException
	var nf *types.UserNotFoundException
	var ae smithy.APIError
	var tm *types.TooManyRequestsException
	switch {
	case err == nil:
		return nil
	case errors.As(err, &na), errors.As(err, &nf):
		return domain.ErrSenhaIncorreta()
	case errors.As(err, &ae) && ae.ErrorCode() == "InvalidPasswordException": // cognito-local's answer to a wrong one
		return domain.ErrSenhaIncorreta()
	case errors.As(err, &tm):
		return domain.ErrTooManyAttempts()
	}
	return fmt.Errorf("check password: %w", err)
}

// deleteCognitoUser deletes the sign-in (already gone is fine: a resumed deletion).
func deleteCognitoUser(ctx context.Context, d app.Deps, username string) error {
	_, err := cognitoadmin.Client(d).AdminDeleteUser(ctx, &cip.AdminDeleteUserInput{UserPoolId: aws.String(d.Config.UserPoolID), Username: aws.String(username)})
	var nf *types.UserNotFoundException
	if err != nil && !errors.As(err, &nf) {
		return fmt.Errorf("delete cognito user: %w", err)
	}
	return nil
}
