package account

import (
	"net/http"
	"slices"

	"github.com/verde-app/verde/shared/api/kit"
	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
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
	return kit.Read(d, http.StatusOK, func(r *http.Request, actor store.Actor) (Preferencias, error) {
		muted, err := d.Store.MutedNotifications(r.Context(), actor.ID)
		return prefsOf(muted), err
	})
}

func handlePutPrefs(d app.Deps) http.Handler {
	return kit.Act(d, http.StatusOK, func(r *http.Request, in domain.PreferenciasInput, actor store.Actor) (Preferencias, error) {
		return prefsOf(in.Silenciados), d.Store.SetMutedNotifications(r.Context(), actor.ID, in.Silenciados)
	})
}
