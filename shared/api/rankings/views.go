package rankings

import (
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
)

// MemberLine is one member in a ranking (schema RankingMember).
type MemberLine struct {
	Posicao   int     `json:"posicao"`
	ID        string  `json:"id"`
	Nome      string  `json:"nome"`
	Foto      *string `json:"foto"`
	Nivel     int     `json:"nivel"`
	NivelNome string  `json:"nivelNome"`
	Pontos    int     `json:"pontos"`
}

// Standing is the caller's (or their group's) own place (schema RankingStanding).
type Standing struct {
	Valor int `json:"valor"`
	// Posicao is null when not ranked (no points, or no harvest in kg, yet).
	Posicao    *int `json:"posicao"`
	Aproximada bool `json:"aproximada"`
	AlemDe     bool `json:"alemDe"`
	Oculto     bool `json:"oculto"`
}

type groupRef struct {
	ID   string `json:"id"`
	Nome string `json:"nome"`
}

// MembersRanking is a members' ranking (schema MembersRanking).
type MembersRanking struct {
	Periodo string       `json:"periodo"`
	Mes     *string      `json:"mes"`
	Grupo   *groupRef    `json:"grupo,omitempty"`
	Itens   []MemberLine `json:"itens"`
	Eu      Standing     `json:"eu"`
}

// GroupLine is one group in the harvest ranking (schema RankingGroup).
type GroupLine struct {
	Posicao int `json:"posicao"`
	// ID and Nome are null for a private group the caller is not in.
	ID      *string `json:"id"`
	Nome    *string `json:"nome"`
	Publico bool    `json:"publico"`
	Meu     bool    `json:"meu"`
	Kg      float64 `json:"kg"`
}

// GroupsRanking is the groups' harvest ranking (schema GroupsRanking).
type GroupsRanking struct {
	Periodo string      `json:"periodo"`
	Mes     *string     `json:"mes"`
	Itens   []GroupLine `json:"itens"`
	Grupo   *Standing   `json:"grupo"`
}

func standingOf(s store.Standing) Standing {
	out := Standing{Valor: s.Valor, Aproximada: s.Aproximada, AlemDe: s.AlemDe, Oculto: s.Oculto}
	if s.Posicao > 0 {
		p := s.Posicao
		out.Posicao = &p
	}
	return out
}

func monthOf(m string) *string {
	if m == "" {
		return nil
	}
	return &m
}

func membersRankingOf(periodo string, r store.MemberRanking) MembersRanking {
	out := MembersRanking{Periodo: periodo, Mes: monthOf(r.Mes), Itens: make([]MemberLine, 0, len(r.Itens)), Eu: standingOf(r.Eu)}
	for _, it := range r.Itens {
		out.Itens = append(out.Itens, MemberLine{
			Posicao: it.Posicao, ID: it.ID, Nome: it.Nome, Foto: it.Foto, Nivel: it.Nivel,
			NivelNome: domain.LevelName(it.Nivel), Pontos: it.Pontos,
		})
	}
	return out
}

func groupsRankingOf(periodo string, r store.GroupRanking) GroupsRanking {
	out := GroupsRanking{Periodo: periodo, Mes: monthOf(r.Mes), Itens: make([]GroupLine, 0, len(r.Itens))}
	for _, it := range r.Itens {
		l := GroupLine{Posicao: it.Posicao, Publico: it.Publico, Meu: it.Meu, Kg: float64(it.Gramas) / 1000}
		if it.ID != "" {
			id, nome := it.ID, it.Nome
			l.ID, l.Nome = &id, &nome
		}
		out.Itens = append(out.Itens, l)
	}
	if r.Grupo != nil {
		s := standingOf(*r.Grupo)
		out.Grupo = &s
	}
	return out
}
