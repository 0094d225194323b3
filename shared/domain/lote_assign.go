package domain

import "time"

// Assignment is an assignment of lote Codigo to a member as its write read
// them: the caller's place in the group, the lote, the member, and the
// member's own open request for the lote. FromRequest is the approval of
// that request (it must exist); otherwise a coordinator assigns directly.
type Assignment struct {
	Access      Access
	Group       Group
	Codigo      string
	Lote        *Lote
	Member      *Membership
	Request     *LoteRequest
	FromRequest bool
}

// Check says whether the assignment may go ahead, in this order: the caller
// coordinates the group; the lote exists and is livre (its status before any
// request: an approval that lost the race is told the lote is taken); the
// request exists when approving one; the member is in the group and holds
// fewer lotes than r allows.
func (a Assignment) Check(r Rules) error {
	if err := a.Access.CanManage(a.Group); err != nil {
		return err
	}
	if a.Lote == nil {
		return ErrLoteNotFound(a.Codigo)
	}
	switch a.Lote.Status {
	case LoteOcupado:
		return ErrLoteTaken(a.Codigo)
	case LoteManutencao:
		return ErrLoteInMaintenance(a.Codigo)
	}
	if a.FromRequest && a.Request == nil {
		return ErrLoteRequestNotFound()
	}
	if a.Member == nil {
		return ErrMemberNotFound()
	}
	if len(a.Member.Lotes) >= r.Limites.LotesPorMembro {
		return ErrMemberHoldsMaxLotes(r.Limites.LotesPorMembro)
	}
	return nil
}

// ownRequests is 1 when the member's own request was read, else 0.
func (a Assignment) ownRequests() int {
	if a.Request != nil {
		return 1
	}
	return 0
}

// OthersMayHaveAsked reports whether the lote's count of open requests says
// anyone but the member asked: only then must the assignment read them all
// (a count gone wrong included; the assignment leaves it at 0 either way).
func (a Assignment) OthersMayHaveAsked() bool {
	return a.Lote.PedidosPendentes != a.ownRequests()
}

// Closing picks, from every open request for the lote, those the assignment
// closes: everyone else's. stale reports that the member's own request is
// among them although it was not read with the lote (it arrived in between):
// the write must read again.
func (a Assignment) Closing(all []LoteRequest) (others []LoteRequest, stale bool) {
	for _, r := range all {
		if r.UserID != a.Member.UserID {
			others = append(others, r)
		} else if a.Request == nil {
			return nil, true
		}
	}
	return others, false
}

// Assigned is the lote once assigned at now: ocupado, held by the member,
// with no open request left.
func (a Assignment) Assigned(now time.Time) Lote {
	l := *a.Lote
	id, nome := a.Member.UserID, a.Member.Nome
	l.Status, l.ResponsavelID, l.ResponsavelNome, l.AtribuidoEm, l.UpdatedAt = LoteOcupado, &id, &nome, &now, now
	l.PedidosPendentes = 0
	l.Version++
	return l
}

// CanRequestLote says whether the caller may ask for lote code of g: a
// member, a livre lote they have not asked for yet, room on the lote and in
// their own caps under r.
func (a Access) CanRequestLote(g Group, code string, l *Lote, me *Membership, existing *LoteRequest, r Rules) error {
	if !a.Member() {
		return a.CanParticipate(g)
	}
	if l == nil {
		return ErrLoteNotFound(code)
	}
	if l.Status != LoteLivre {
		return ErrLoteNotFree(code)
	}
	if existing != nil {
		return ErrLoteAlreadyRequested(code)
	}
	if l.PedidosPendentes >= r.Limites.PedidosPorLote {
		return ErrLoteRequestsFull(code, r.Limites.PedidosPorLote)
	}
	if len(me.LotesSolicitados) >= r.Limites.PedidosLotePorMembro {
		return ErrYourLoteRequestsFull(r.Limites.PedidosLotePorMembro)
	}
	if len(me.Lotes) >= r.Limites.LotesPorMembro {
		return ErrYouHoldMaxLotes(r.Limites.LotesPorMembro)
	}
	return nil
}

// CanFree says whether the caller may make lote l livre: its holder giving it
// up, or a coordinator; only an ocupado lote.
func (a Access) CanFree(g Group, code string, l *Lote) error {
	if err := a.CanReadInside(g); err != nil {
		return err
	}
	if l == nil {
		return ErrLoteNotFound(code)
	}
	if !l.HeldBy(a.Self) {
		if err := a.CanManage(g); err != nil {
			return err
		}
	}
	if l.Status != LoteOcupado || l.ResponsavelID == nil {
		return ErrLoteNotOccupied(code)
	}
	return nil
}

// HeldBy reports whether uid is the lote's responsible member.
func (l Lote) HeldBy(uid string) bool { return l.ResponsavelID != nil && *l.ResponsavelID == uid }

// Freed is the lote once made livre at now.
func (l Lote) Freed(now time.Time) Lote {
	l.Status, l.ResponsavelID, l.ResponsavelNome, l.AtribuidoEm, l.UpdatedAt = LoteLivre, nil, nil, nil, now
	l.Version++
	return l
}

// CanDelete says whether the lote may go: not ocupado, no open requests.
func (l Lote) CanDelete() error {
	if l.Status == LoteOcupado {
		return ErrLoteOccupiedDelete(l.Codigo)
	}
	if l.PedidosPendentes > 0 {
		return ErrLotePendingDelete(l.Codigo)
	}
	return nil
}
