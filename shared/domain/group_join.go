package domain

import "time"

// JoinOutcome is how a join lets the caller in.
type JoinOutcome int

const (
	JoinAtOnce    JoinOutcome = iota + 1 // an open group: a member now
	JoinByRequest                        // a group that takes approval: a request to its coordinators
)

// DecideJoin is the join switch: whether the caller may join g, and how.
// requested: the caller already has an open request. The store turns the
// outcome into write conditions (the group still takes entrada aberta and has
// a place; or still takes approval and has room for a request).
func (a Access) DecideJoin(g Group, requested bool, r Rules) (JoinOutcome, error) {
	if err := a.CanJoin(g); err != nil {
		return 0, err
	}
	switch g.Entrada {
	case EntradaConvite:
		return 0, ErrJoinByInviteOnly()
	case EntradaAprovacao:
		if requested {
			return 0, ErrJoinAlreadyRequested()
		}
		if g.SolicitacoesPendentes >= r.Limites.PedidosEntradaPorGrupo {
			return 0, ErrTooManyJoinRequests()
		}
		return JoinByRequest, nil
	default:
		if g.Full() {
			return 0, ErrGroupFull()
		}
		return JoinAtOnce, nil
	}
}

// CanApprove says whether the caller may let a requester in: a coordinator,
// an open request, someone not yet a member, and a place left.
func (a Access) CanApprove(g Group, requested, alreadyMember bool) error {
	if err := a.CanManage(g); err != nil {
		return err
	}
	if !requested {
		return ErrJoinRequestNotFound()
	}
	if alreadyMember {
		return ErrPersonAlreadyMember()
	}
	if g.Full() {
		return ErrGroupFull()
	}
	return nil
}

// CanJoinByInvite says whether the caller may join g through inv at now: not
// a member yet, a usable invite, and a place left.
func CanJoinByInvite(g Group, inv Invite, alreadyMember bool, now time.Time) error {
	if alreadyMember {
		return ErrAlreadyMember()
	}
	if err := inv.Usable(now); err != nil {
		return err
	}
	if g.Full() {
		return ErrGroupFull()
	}
	return nil
}

// CanLeaveOrRemove is CanRemove with the caller leaving a group they are not
// in answered first: 404 for a group they may not see, else "not a member".
func (a Access) CanLeaveOrRemove(g Group, target string, targetPapel Papel) error {
	if target == a.Self && targetPapel == "" {
		if !a.Sees(g) {
			return ErrGroupNotFound()
		}
		return ErrNotAMember()
	}
	return a.CanRemove(g, target, targetPapel)
}

// CanInvite says whether the caller may make another invite link of g under r.
func (a Access) CanInvite(g Group, r Rules) error {
	if err := a.CanManage(g); err != nil {
		return err
	}
	if g.Convites >= r.Limites.ConvitesPorGrupo {
		return ErrTooManyInvites(r.Limites.ConvitesPorGrupo)
	}
	return nil
}
