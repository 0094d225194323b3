package domain

import "time"

// The feed's rules that the store applies around its reads and writes: who
// edits and removes a post or comment, what a hidden post refuses, which
// cultivo a post may show. Their answers are written once here.

// ErrPostEmRevisao: a hidden post (reported, waiting for the moderation)
// takes no like and no comment.
func ErrPostEmRevisao() *Error { return Conflict("Este post está em revisão pela moderação") }

// ErrCultivoDoPost: a post links a cultivo the author does not write (or none).
func ErrCultivoDoPost() *Error { return Invalid("cultivoId", "Escolha um cultivo seu") }

// CheckCultivoDoPost: a post shows only a cultivo c (found: it exists) of
// which uid is a writer.
func CheckCultivoDoPost(c Cultivo, found bool, uid string) error {
	if !found || !c.IsWriter(uid) {
		return ErrCultivoDoPost()
	}
	return nil
}

// CanInteract: a hidden post takes no like and no comment.
func (p Post) CanInteract() error {
	if p.Oculto {
		return ErrPostEmRevisao()
	}
	return nil
}

// CanEdit is the rule of an edit of p by uid at now: its author, within
// EdicaoPost, and not while the moderation reviews it.
func (p Post) CanEdit(uid string, now time.Time) error {
	if p.AutorID != uid {
		return Forbidden("Apenas o autor pode editar este post")
	}
	if !p.Editable(now) {
		return ErrEdicaoExpirada()
	}
	if p.Oculto {
		return Conflict("Este post está em revisão pela moderação e não pode ser editado")
	}
	return nil
}

// Remocao is who removes a post or comment, and so what follows: another's
// removal tells the author; a site admin's (not as the group's
// coordinator) goes to the audit log.
type Remocao int

const (
	RemocaoAutor       Remocao = iota + 1 // its author
	RemocaoCoordenador                    // a coordinator or the dono of the post's group
	RemocaoModeracao                      // a site admin
)

// CanRemove is the rule of a removal of content by autorID in group gid
// ("": the community) by uid, a site admin or not, whose role in gid is
// papel: its author, the group's coordinators and dono, the moderation.
// post says which answer a refusal gives.
func CanRemove(autorID, gid, uid string, admin bool, papel Papel, post bool) (Remocao, error) {
	switch {
	case autorID == uid:
		return RemocaoAutor, nil
	case gid != "" && (papel == PapelDono || papel == PapelCoordenador):
		return RemocaoCoordenador, nil
	case admin:
		return RemocaoModeracao, nil
	case post:
		return 0, Forbidden("Apenas o autor, os coordenadores do grupo ou a moderação podem remover este post")
	default:
		return 0, Forbidden("Apenas o autor, os coordenadores do grupo ou a moderação podem remover este comentário")
	}
}
