package admin

import (
	"net/http"

	"github.com/verde-app/verde/shared/api/kit"
	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
)

// /admin/conquistas: the catalogue's conquistas with their rule, the bonus
// the rules pay (edited through PUT /api/admin/rules, conquistas.<code>)
// and how many members hold each (store/conquistas_count.go).

// ConquistaAdmin is one conquista as the admin sees it.
type ConquistaAdmin struct {
	Codigo    string `json:"codigo"`
	Nome      string `json:"nome"`
	Descricao string `json:"descricao"`
	Regra     string `json:"regra"`
	Meta      int    `json:"meta"`
	Bonus     int    `json:"bonus"`
	Membros   int    `json:"membros"`
}

// ConquistasAdmin is GET /api/admin/conquistas: the whole catalogue, in its
// order (a fixed, small list: not paged).
type ConquistasAdmin struct {
	Items []ConquistaAdmin `json:"items"`
}

// handleConquistas: the rules as stored (one GetItem: the bonuses a save
// just made, as GET /api/admin/rules shows them) and the counts (one
// BatchGetItem), whatever the number of members.
func handleConquistas(d app.Deps) http.Handler {
	return kit.Read(d, http.StatusOK, func(r *http.Request, _ store.Actor) (ConquistasAdmin, error) {
		rules, err := d.Store.StoredRules(r.Context())
		if err != nil {
			return ConquistasAdmin{}, err
		}
		membros, err := d.Store.ConquistaMembers(r.Context())
		if err != nil {
			return ConquistasAdmin{}, err
		}
		out := ConquistasAdmin{Items: []ConquistaAdmin{}}
		for _, c := range domain.Conquistas {
			out.Items = append(out.Items, ConquistaAdmin{Codigo: c.Codigo, Nome: c.Nome, Descricao: c.Descricao, Regra: c.Regra(),
				Meta: c.Meta, Bonus: rules.Bonus(c.Codigo), Membros: membros[c.Codigo]})
		}
		return out, nil
	})
}
