package domain

import "time"

// Access is who the caller is in one group: their role ("" when not a
// member) and whether they are a site admin. Every rule of who may do what
// in a group is a method here, so handlers ask one question each and the
// answer (404 or 403) is the same everywhere.
type Access struct {
	Papel Papel
	Admin bool
	Self  string // the caller's user id
}

// Member reports any role in the group.
func (a Access) Member() bool { return a.Papel != "" }

// Manager is a dono or a coordenador.
func (a Access) Manager() bool { return a.Papel == PapelDono || a.Papel == PapelCoordenador }

// Owner is the dono.
func (a Access) Owner() bool { return a.Papel == PapelDono }

// Sees reports whether the caller may know g exists: public groups are
// visible to everyone; private ones to members and site admins.
func (a Access) Sees(g Group) bool {
	return a.Member() || a.Admin || g.Visibilidade == Publico
}

// gate answers nil when allowed; otherwise 404 to those who may not see the
// group and 403 with msg to those who may.
func (a Access) gate(g Group, allowed bool, msg string) error {
	if allowed {
		return nil
	}
	if !a.Sees(g) {
		return ErrGroupNotFound()
	}
	return Forbidden(msg)
}

// CanView: the group's page (detail).
func (a Access) CanView(g Group) error { return a.gate(g, a.Sees(g), "") }

// CanReadInside: members list, lotes: members and site admins.
func (a Access) CanReadInside(g Group) error {
	return a.gate(g, a.Member() || a.Admin, "Apenas membros do grupo podem ver isto")
}

// CanParticipate: what members do for themselves (request a lote): members only.
func (a Access) CanParticipate(g Group) error {
	return a.gate(g, a.Member(), "Apenas membros do grupo podem fazer isto")
}

// CanReadManagement: join requests, invites, lote requests: coordinators and site admins.
func (a Access) CanReadManagement(g Group) error {
	return a.gate(g, a.Manager() || a.Admin, "Apenas coordenadores do grupo podem ver isto")
}

// CanManage: approve requests, invites, lotes: coordinators (site admins are
// not coordinators of every group; they edit, delete and remove members).
func (a Access) CanManage(g Group) error {
	return a.gate(g, a.Manager(), "Apenas coordenadores do grupo podem fazer isto")
}

// CanEdit: the group's settings: coordinators and site admins.
func (a Access) CanEdit(g Group) error {
	return a.gate(g, a.Manager() || a.Admin, ErrOnlyManagersEdit().Message)
}

// CanDelete: the dono and site admins.
func (a Access) CanDelete(g Group) error {
	return a.gate(g, a.Owner() || a.Admin, "Apenas o dono do grupo pode excluí-lo")
}

// CanOwn: promote, demote, transfer ownership: the dono.
func (a Access) CanOwn(g Group) error {
	return a.gate(g, a.Owner(), "Apenas o dono do grupo pode fazer isto")
}

// CanJoin: anyone signed in who is not yet a member and sees the group.
func (a Access) CanJoin(g Group) error {
	if !a.Sees(g) {
		return ErrGroupNotFound()
	}
	if a.Member() {
		return ErrAlreadyMember()
	}
	return nil
}

// CanRemove says whether the caller may take target (with role targetPapel)
// out of g. Removing oneself is leaving, open to everyone but the dono, who
// must transfer the group first; the dono removes anyone; coordinators remove
// membros; site admins remove anyone but the dono.
func (a Access) CanRemove(g Group, target string, targetPapel Papel) error {
	if target == a.Self && a.Member() {
		if a.Owner() {
			return Conflict("O dono não pode sair do grupo. Transfira a posse para outro membro antes")
		}
		return nil
	}
	if !a.Manager() && !a.Admin {
		return a.gate(g, false, "Apenas coordenadores do grupo podem remover membros")
	}
	if targetPapel == "" {
		return ErrMemberNotFound()
	}
	switch {
	case targetPapel == PapelDono:
		return Forbidden("O dono do grupo não pode ser removido")
	case a.Owner(), a.Admin:
		return nil
	case targetPapel == PapelMembro:
		return nil
	default:
		return Forbidden("Apenas o dono do grupo pode remover coordenadores")
	}
}

// CanSetPapel says whether the caller may give target the role papel
// (coordenador or membro; the dono changes only by transfer).
func (a Access) CanSetPapel(g Group, target string, targetPapel, papel Papel) error {
	if err := a.CanOwn(g); err != nil {
		return err
	}
	if papel != PapelCoordenador && papel != PapelMembro {
		return ErrInvalidPapel()
	}
	if targetPapel == "" {
		return ErrMemberNotFound()
	}
	if target == a.Self || targetPapel == PapelDono {
		return Conflict("Para deixar de ser dono, transfira a posse do grupo")
	}
	return nil
}

// CanTransfer says whether the caller may hand g to target.
func (a Access) CanTransfer(g Group, target string, targetPapel Papel) error {
	if err := a.CanOwn(g); err != nil {
		return err
	}
	if target == a.Self {
		return Invalid("userId", "Você já é o dono do grupo")
	}
	if targetPapel == "" {
		return ErrMemberNotFound()
	}
	return nil
}

// PapelInput is the body of PATCH /api/groups/{groupId}/members/{userId}.
type PapelInput struct {
	Papel Papel `json:"papel"`
}

func (p *PapelInput) Valid() error {
	if p.Papel != PapelCoordenador && p.Papel != PapelMembro {
		return ErrInvalidPapel()
	}
	return nil
}

// TransferInput is the body of POST /api/groups/{groupId}/transfer.
type TransferInput struct {
	UserID string `json:"userId"`
}

func (t *TransferInput) Valid() error {
	t.UserID = CleanText(t.UserID)
	if t.UserID == "" {
		return Invalid("userId", "Informe o membro (userId) que será o novo dono")
	}
	if Length(t.UserID) > 128 {
		return ErrInvalidUserID()
	}
	return nil
}

// Membership is one member of a group.
type Membership struct {
	GroupID          string    `json:"groupId"`
	UserID           string    `json:"userId"`
	Papel            Papel     `json:"papel"`
	Nome             string    `json:"nome"`
	JoinedAt         time.Time `json:"joinedAt"`
	Lotes            []string  `json:"lotes"`
	LotesSolicitados []string  `json:"lotesSolicitados"`
}

// JoinRequest is an open request to join a group that takes approval.
type JoinRequest struct {
	GroupID   string    `json:"groupId"`
	UserID    string    `json:"userId"`
	Nome      string    `json:"nome"`
	CreatedAt time.Time `json:"createdAt"`
}
