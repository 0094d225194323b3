package domain

// Motivos of the cultivo acts in the points ledger.
const (
	MotivoCultivo  = "CULTIVO"
	MotivoDiario   = "DIARIO"
	MotivoColheita = "COLHEITA"
)

// AwardCultivo is what creating cultivo cid earns under r.
func AwardCultivo(r Rules, cid string) Award {
	return Award{Motivo: MotivoCultivo, Ref: cid, Pontos: r.Pontos.Cultivo}
}

// AwardDiario is what a diary entry earns under r: Diario, plus DiarioFoto
// with a photo, while the author's entries today (countedToday, before this
// one) are fewer than DiariosPorDia; nil past the cap.
func AwardDiario(r Rules, entryID string, withPhoto bool, countedToday int) *Award {
	if countedToday >= r.Pontos.DiariosPorDia {
		return nil
	}
	p := r.Pontos.Diario
	if withPhoto {
		p += r.Pontos.DiarioFoto
	}
	return &Award{Motivo: MotivoDiario, Ref: entryID, Pontos: p}
}

// AwardColheita is what harvest hid earns under r.
func AwardColheita(r Rules, hid string) Award {
	return Award{Motivo: MotivoColheita, Ref: hid, Pontos: r.Pontos.Colheita}
}
