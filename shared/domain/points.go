package domain

// Motivos of the points ledger (USER#uid / AWARD#<MOTIVO>#<ref>): one
// ledger item per act, written only if absent, so each is awarded once.
const (
	MotivoCriarGrupo  = "CREATE"
	MotivoEntrarGrupo = "JOIN"
	// RefPrimeiroGrupo is the one ref of MotivoCriarGrupo: paid once per member.
	RefPrimeiroGrupo = "FIRST"
)

// Award is a points change to apply to a profile in the same transaction as
// the act that earns it.
type Award struct {
	Motivo string // MotivoCriarGrupo, MotivoEntrarGrupo …
	Ref    string // what it is for (a group id)
	Pontos int
}

// AwardCriarGrupo is what creating a group earns under r.
//
// It pays once per member, for the first group they create, whatever
// happens after: the ledger key does not name the group, so a second group
// (or the same act after deleting the first) finds the award already paid.
// Taking the points back on delete was the other way; it was not chosen
// because a deletion is resumable, may be an admin's, and may come after a
// transfer: the points would have to be debited from whoever was paid,
// possibly past what they have spent, while an award no act can undo needs
// no such bookkeeping.
func AwardCriarGrupo(r Rules) Award {
	return Award{Motivo: MotivoCriarGrupo, Ref: RefPrimeiroGrupo, Pontos: r.Pontos.CriarGrupo}
}

// AwardEntrarGrupo is what joining group gid earns under r (once per group,
// even after leaving and joining again: the ledger item stays).
func AwardEntrarGrupo(r Rules, gid string) Award {
	return Award{Motivo: MotivoEntrarGrupo, Ref: gid, Pontos: r.Pontos.EntrarGrupo}
}

// Scored is a profile's total and level after an award.
type Scored struct {
	PontosTotais int
	Nivel        int
	LevelUp      bool
}

// ApplyAward is the new total and level for a profile that has total points now.
func ApplyAward(total int, a Award) Scored {
	before := LevelFor(total)
	after := total + a.Pontos
	lvl := LevelFor(after)
	return Scored{PontosTotais: after, Nivel: lvl, LevelUp: lvl > before}
}
