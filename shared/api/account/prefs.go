package account

import (
	"net/http"
	"slices"

	"github.com/verde-app/verde/shared/api"
	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/auth"
	"github.com/verde-app/verde/shared/domain"
)

// Preferencias are the in-app notification preferences (schema NotificationPreferences).
type Preferencias struct {
	Tipos []PreferenciaTipo `json:"tipos"`
}

// PreferenciaTipo is one kind: on (listed and counted) or muted.
type PreferenciaTipo struct {
	Tipo   string `json:"tipo"`
	Rotulo string `json:"rotulo"`
	Ativo  bool   `json:"ativo"`
}

func prefsOf(muted []string) Preferencias {
	out := Preferencias{Tipos: make([]PreferenciaTipo, 0, len(domain.TiposNotificacao))}
	for _, k := range domain.TiposNotificacao {
		out.Tipos = append(out.Tipos, PreferenciaTipo{Tipo: k.Tipo, Rotulo: k.Rotulo, Ativo: !slices.Contains(muted, k.Tipo)})
	}
	return out
}

func handleGetPrefs(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		muted, err := d.Store.MutedNotifications(r.Context(), auth.FromContext(r.Context()).Sub)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		api.Encode(w, http.StatusOK, prefsOf(muted))
	})
}

func handlePutPrefs(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		in, err := api.Decode[domain.PreferenciasInput](r)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		if err := d.Store.SetMutedNotifications(r.Context(), auth.FromContext(r.Context()).Sub, in.Silenciados); err != nil {
			api.WriteError(w, r, err)
			return
		}
		api.Encode(w, http.StatusOK, prefsOf(in.Silenciados))
	})
}
