package domain

import "fmt"

// The answers and texts of mutirões, escalas, partilha, the report and the
// calendar feeds that the store and the API give, each written once here.

func ErrCalendarioNotFound() *Error { return NotFound("Calendário não encontrado ou revogado") }
func ErrPassadosInvalido() *Error   { return Invalid("passados", "Use passados=true ou passados=false") }
func ErrFormatoRelatorio() *Error {
	return Invalid("formato", "O formato do relatório é json ou csv")
}
func ErrEscalaSemVersao() *Error {
	return Invalid("version", "Informe a versão da escala que você leu")
}
func ErrTurnosMembros() *Error         { return Invalid("turnos", "Escolha membros do grupo para os turnos") }
func ErrTrocaJaAceita() *Error         { return Conflict("Esta troca já foi aceita") }
func ErrTrocaSoQuemRecebeu() *Error    { return Forbidden("Só quem recebeu o pedido pode respondê-lo") }
func ErrTurnoJaFeito() *Error          { return Conflict("Este turno já foi marcado como feito") }
func ErrColheitaNaoEncontrada() *Error { return Invalid("colheitaId", "Colheita não encontrada") }
func ErrColheitaJaPartilhada() *Error  { return Conflict("Esta colheita já está na partilha") }
func ErrColheitaDeOutroGrupo() *Error {
	return Invalid("colheitaId", "Esta colheita não é de um cultivo deste grupo")
}
func ErrParteJaEntregue() *Error { return Conflict("Esta parte já foi entregue") }
func ErrSoDoadorEntrega() *Error { return Forbidden("Só quem partilhou marca a entrega") }
func ErrSoDoadorEncerra() *Error {
	return Forbidden("Só quem partilhou ou a coordenação encerra a partilha")
}
func ErrSoDonoImpacto() *Error { return Forbidden("Apenas o dono do grupo pode publicar o impacto") }

// ErrNaoMembro: a person named in a field is not in the group.
func ErrNaoMembro(field string) *Error { return Invalid(field, "Esta pessoa não participa do grupo") }

// Activity names of the report.
func AtividadeMutirao(titulo string) string { return "Mutirão: " + titulo }
func AtividadeEscala(nome string) string    { return "Escala: " + nome }

// Calendar texts.
func NomeCalendario(grupo string) string {
	if grupo == "" {
		return "Verde: minha agenda"
	}
	return "Verde: " + grupo
}

func TituloEventoMutirao(titulo, grupo string, espera bool) string {
	s := "Mutirão: " + titulo
	if grupo != "" {
		s += " (" + grupo + ")"
	}
	if espera {
		s += " (lista de espera)"
	}
	return s
}

func TituloEventoEscala(nome string) string    { return "Escala: " + nome }
func TituloEventoTroca(nome, de string) string { return "Escala: " + nome + " (troca com " + de + ")" }
func TarefasTexto(tarefas []Tarefa) string {
	s := ""
	for i, t := range tarefas {
		if i > 0 {
			s += ", "
		}
		s += fmt.Sprintf("%s (%d vagas)", t.Titulo, t.Vagas)
	}
	return "Tarefas: " + s
}

// CelulaRelatorio is one cell of the report's spreadsheet: a text, or a number.
type CelulaRelatorio struct {
	Texto  string
	Numero *float64
}

// PlanilhaRelatorio is the report as the rows of a spreadsheet, in sections.
func PlanilhaRelatorio(grupo string, rel Relatorio) [][]CelulaRelatorio {
	T := func(s string) CelulaRelatorio { return CelulaRelatorio{Texto: s} }
	N := func(f float64) CelulaRelatorio { return CelulaRelatorio{Numero: &f} }
	I := func(n int) CelulaRelatorio { return N(float64(n)) }
	rows := [][]CelulaRelatorio{
		{T("Relatório do grupo"), T(grupo)},
		{T("Período"), T(rel.Periodo.Texto())},
		{},
		{T("Resumo"), T("Valor")},
		{T("Kg colhidos"), N(rel.Kg)},
		{T("Colheitas registradas"), I(rel.Colheitas)},
		{T("Horas de trabalho voluntário"), N(Horas(rel.Minutos))},
		{T("Kg entregues pela partilha"), N(rel.PartilhaKg)},
		{T("Membros ativos"), I(rel.MembrosAtivos)},
		{T("Mutirões realizados"), I(len(rel.Mutiroes))},
		{},
		{T("Kg por destino"), T("Kg")},
	}
	for _, v := range rel.PorDestino {
		rows = append(rows, []CelulaRelatorio{T(v.Nome), N(v.Kg)})
	}
	rows = append(rows, nil, []CelulaRelatorio{T("Kg por hortaliça"), T("Kg")})
	for _, v := range rel.PorHortalica {
		rows = append(rows, []CelulaRelatorio{T(v.Nome), N(v.Kg)})
	}
	rows = append(rows, nil, []CelulaRelatorio{T("Kg por lote"), T("Kg")})
	for _, v := range rel.PorLote {
		rows = append(rows, []CelulaRelatorio{T(v.Nome), N(v.Kg)})
	}
	rows = append(rows, nil, []CelulaRelatorio{T("Membro"), T("Kg colhidos"), T("Colheitas"), T("Horas voluntárias"), T("Kg entregues pela partilha")})
	for _, m := range rel.PorMembro {
		rows = append(rows, []CelulaRelatorio{T(m.Nome), N(m.Kg), I(m.Colheitas), N(Horas(m.Minutos)), N(m.PartilhaKg)})
	}
	rows = append(rows, nil, []CelulaRelatorio{T("Atividade"), T("Horas voluntárias")})
	for _, a := range rel.PorAtividade {
		rows = append(rows, []CelulaRelatorio{T(a.Nome), N(Horas(a.Minutos))})
	}
	rows = append(rows, nil, []CelulaRelatorio{T("Mutirão"), T("Data"), T("Inscritos"), T("Presentes"), T("Horas voluntárias")})
	for _, m := range rel.Mutiroes {
		rows = append(rows, []CelulaRelatorio{T(m.Titulo), T(DiaLocal(m.Inicio)), I(m.Inscritos), I(m.Presentes), N(Horas(m.Minutos))})
	}
	return rows
}

// NomeArquivoRelatorio is the report's CSV file name.
func NomeArquivoRelatorio(p PeriodoRelatorio) string {
	return fmt.Sprintf("relatorio-%s-a-%s.csv", p.De, p.Ate)
}
