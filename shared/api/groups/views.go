package groups

import (
	"time"

	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
)

// Summary is what anyone who may see a group sees of it: the directory, the
// public page and the invite page. It carries no person's data.
type Summary struct {
	ID           string              `json:"id"`
	Nome         string              `json:"nome"`
	Descricao    string              `json:"descricao"`
	Cidade       string              `json:"cidade"`
	UF           string              `json:"uf"`
	FotoCapa     *string             `json:"fotoCapa"`
	Visibilidade domain.Visibilidade `json:"visibilidade"`
	Entrada      domain.Entrada      `json:"entrada"`
	MaxMembros   int                 `json:"maxMembros"`
	MemberCount  int                 `json:"memberCount"`
	Lotes        domain.LoteCounts   `json:"lotes"`
	CreatedAt    time.Time           `json:"createdAt"`
}

func summaryOf(g domain.Group) Summary {
	return Summary{
		ID: g.ID, Nome: g.Nome, Descricao: g.Descricao, Cidade: g.Cidade, UF: g.UF, FotoCapa: g.FotoCapa,
		Visibilidade: g.Visibilidade, Entrada: g.Entrada, MaxMembros: g.MaxMembros, MemberCount: g.MemberCount,
		Lotes: g.Lotes, CreatedAt: g.CreatedAt,
	}
}

// Detail is GET /api/groups/{groupId}: the group and the caller's place in it.
type Detail struct {
	domain.Group
	MeuPapel         *domain.Papel `json:"meuPapel"`
	MinhaSolicitacao bool          `json:"minhaSolicitacao"`
	MeusLotes        []string      `json:"meusLotes"`
	MeusPedidosLote  []string      `json:"meusPedidosLote"`
	PontosGanhos     *int          `json:"pontosGanhos,omitempty"`
}

func detailOf(v store.GroupView) Detail {
	d := Detail{Group: v.Group, MinhaSolicitacao: v.Requested, MeusLotes: []string{}, MeusPedidosLote: []string{}}
	if m := v.Membership; m != nil {
		p := m.Papel
		d.MeuPapel = &p
		d.MeusLotes, d.MeusPedidosLote = m.Lotes, m.LotesSolicitados
	}
	return d
}

// Public is GET /api/groups/{groupId}/public.
type Public struct {
	Summary
	NovosMembrosMes int `json:"novosMembrosMes"`
}

// MyGroup is an item of GET /api/groups/mine.
type MyGroup struct {
	Summary
	MeuPapel  domain.Papel `json:"meuPapel"`
	JoinedAt  time.Time    `json:"joinedAt"`
	MeusLotes []string     `json:"meusLotes"`
}

// Member is an item of GET /api/groups/{groupId}/members.
type Member struct {
	UserID           string       `json:"userId"`
	Nome             string       `json:"nome"`
	Papel            domain.Papel `json:"papel"`
	JoinedAt         time.Time    `json:"joinedAt"`
	Lotes            []string     `json:"lotes"`
	LotesSolicitados []string     `json:"lotesSolicitados"`
}

func memberOf(m domain.Membership) Member {
	return Member{UserID: m.UserID, Nome: m.Nome, Papel: m.Papel, JoinedAt: m.JoinedAt, Lotes: m.Lotes, LotesSolicitados: m.LotesSolicitados}
}

// Request is an item of GET /api/groups/{groupId}/requests.
type Request struct {
	UserID    string    `json:"userId"`
	Nome      string    `json:"nome"`
	CreatedAt time.Time `json:"createdAt"`
}

// JoinReply answers a join, an approval-group request or an invite acceptance.
type JoinReply struct {
	Status       store.JoinStatus `json:"status"` // membro | pendente
	PontosGanhos int              `json:"pontosGanhos"`
	Grupo        Summary          `json:"grupo"`
}

// Invite is an invite as coordinators see it, with the SPA path to share.
type Invite struct {
	domain.Invite
	Link string `json:"link"`
}

func inviteOf(i domain.Invite) Invite {
	return Invite{Invite: i, Link: "/grupos/" + i.GroupID + "/convite?c=" + i.Token}
}

// PublicInvite is GET /api/invites/{token}: the invite landing page.
type PublicInvite struct {
	Token    string              `json:"token"`
	Status   domain.InviteStatus `json:"status"`
	ExpiraEm time.Time           `json:"expiraEm"`
	Grupo    Summary             `json:"grupo"`
	JaMembro *bool               `json:"jaMembro"` // null when signed out
}

func myGroupOf(m store.MyGroup) MyGroup {
	return MyGroup{Summary: summaryOf(m.Group), MeuPapel: m.Membership.Papel, JoinedAt: m.Membership.JoinedAt, MeusLotes: m.Membership.Lotes}
}
