package domain

import (
	"fmt"
	"slices"
)

// ConquistaRegra is a conquista of the catalogue as a rule over one per-user
// counter (counters.go): unlocked when counts[Conta] reaches Meta, once,
// with the bonus points of the rules in force (Rules.Conquistas, edited in
// /admin/conquistas and /admin/configuracoes; BonusPadrao is the default).
// infra/seed/conquistas.json holds the same catalogue (codes, names,
// descriptions) for the CATALOG items; a test keeps them equal.
type ConquistaRegra struct {
	Codigo    string
	Nome      string
	Descricao string
	Conta     string // the counter (Conta…)
	Meta      int
	Singular  string // the counted thing, for progress: "colheita"
	Plural    string // "colheitas"
	// BonusPadrao is the default of the points it adds when it unlocks:
	// what pays is Rules.Bonus(Codigo).
	BonusPadrao int
}

// Conquistas is the catalogue, in the order a profile shows it.
var Conquistas = []ConquistaRegra{
	{"primeira-semente", "Primeira Semente", "Criou o seu primeiro cultivo.", ContaCultivos, 1, "cultivo", "cultivos", 10},
	{"primeira-colheita", "Primeira Colheita", "Registrou a sua primeira colheita.", ContaColheitas, 1, "colheita", "colheitas", 20},
	{"colheita-farta", "Colheita Farta", "Registrou 10 colheitas.", ContaColheitas, 10, "colheita", "colheitas", 50},
	{"mao-verde", "Mão Verde", "Colheu 5 hortaliças diferentes.", ContaHortalicasColhidas, 5, "hortaliça diferente", "hortaliças diferentes", 50},
	{"diario-em-dia", "Diário em Dia", "Escreveu 30 registros no diário de cultivo.", ContaDiario, 30, "registro", "registros", 30},
	{"fotografo-da-horta", "Fotógrafo da Horta", "Adicionou 10 fotos aos registros do diário.", ContaFotos, 10, "foto", "fotos", 30},
	{"voz-da-comunidade", "Voz da Comunidade", "Publicou 10 posts no feed.", ContaPosts, 10, "post", "posts", 30},
	{"bom-vizinho", "Bom Vizinho", "Comentou 25 vezes em posts de outras pessoas.", ContaComentarios, 25, "comentário", "comentários", 30},
	{"fundador", "Fundador", "Criou um grupo.", ContaGruposCriados, 1, "grupo criado", "grupos criados", 20},
	{"comunitario", "Comunitário", "Participa de 3 grupos.", ContaGruposParticipa, 3, "grupo", "grupos", 20},
	{"lider-de-horta", "Líder de Horta", "É dono de um grupo com 10 membros ou mais.", ContaMaiorGrupoLiderado, 10, "membro no seu grupo", "membros no seu grupo", 50},
	{"cuidado-constante", "Cuidado Constante", "Registrou cuidados no diário por 7 dias seguidos.", ContaMelhorSequencia, 7, "dia seguido", "dias seguidos", 30},
	{"mao-na-massa", "Mão na Massa", "Deu 10 horas de trabalho voluntário em mutirões e escalas.", ContaMinutosVoluntarios, 600, "minuto de trabalho voluntário", "minutos de trabalho voluntário", 50},
}

// NotifConquista is the notification of an unlocked conquista.
const NotifConquista = "conquista"

// ConquistaByCode finds a conquista of the catalogue.
func ConquistaByCode(code string) (ConquistaRegra, bool) {
	i := slices.IndexFunc(Conquistas, func(c ConquistaRegra) bool { return c.Codigo == code })
	if i < 0 {
		return ConquistaRegra{}, false
	}
	return Conquistas[i], true
}

// Unlocks lists the conquistas that counts completes and earned lacks, in
// catalogue order.
func Unlocks(counts map[string]int, earned []string) []ConquistaRegra {
	var out []ConquistaRegra
	for _, c := range Conquistas {
		if counts[c.Conta] >= c.Meta && !slices.Contains(earned, c.Codigo) {
			out = append(out, c)
		}
	}
	return out
}

// Atual is the progress towards c: the counter, at most the goal.
func (c ConquistaRegra) Atual(counts map[string]int) int { return min(max(counts[c.Conta], 0), c.Meta) }

// Progresso says it in Portuguese: "7 de 10 colheitas", "0 de 1 cultivo".
func (c ConquistaRegra) Progresso(counts map[string]int) string {
	unit := c.Plural
	if c.Meta == 1 {
		unit = c.Singular
	}
	return fmt.Sprintf("%d de %d %s", c.Atual(counts), c.Meta, unit)
}

// Regra says in Portuguese when c unlocks: "Ao chegar a 10 colheitas",
// "Ao chegar a 1 cultivo".
func (c ConquistaRegra) Regra() string {
	unit := c.Plural
	if c.Meta == 1 {
		unit = c.Singular
	}
	return fmt.Sprintf("Ao chegar a %d %s", c.Meta, unit)
}

// TextoConquista is the notification's sentence, with the bonus it paid
// (none said when the rules pay 0).
func TextoConquista(c ConquistaRegra, bonus int) string {
	if bonus == 0 {
		return fmt.Sprintf("Você desbloqueou a conquista %s!", c.Nome)
	}
	return fmt.Sprintf("Você desbloqueou a conquista %s! +%d pontos", c.Nome, bonus)
}

// LinkConquistas points at the profile's conquistas.
func LinkConquistas() string { return "/perfil#conquistas" }
