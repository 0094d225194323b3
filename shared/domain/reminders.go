package domain

import "fmt"

// Reminders (the scheduled job, store/reminders.go): their notification
// types and texts.
const (
	NotifLembreteJanela    = "lembrete_janela"
	NotifLembreteDiario    = "lembrete_diario"
	NotifLembreteSequencia = "lembrete_sequencia"
)

// StreakMinimo is the shortest care streak worth a reminder: the streak of a
// cultivo is the number of consecutive days (Brasília) with at least one
// diary entry on it.
const StreakMinimo = 3

func TextoLembreteJanela(vegetal string) string {
	return fmt.Sprintf("A janela de colheita de %s abre hoje", vegetal)
}

func TextoLembreteDiario(vegetal string) string {
	return fmt.Sprintf("%s está há 7 dias sem registro no diário", vegetal)
}

func TextoLembreteSequencia(vegetal string, dias int) string {
	return fmt.Sprintf("Sua sequência de %d dias cuidando de %s termina hoje: registre algo no diário", dias, vegetal)
}

// LinkCultivoPagina is a cultivo's page.
func LinkCultivoPagina(grupoID, cultivoID string) string {
	if grupoID == "" {
		return "/cultivos/" + cultivoID
	}
	return "/grupos/" + grupoID + "/cultivos/" + cultivoID
}
