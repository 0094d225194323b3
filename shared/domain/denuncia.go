package domain

import "time"

// The report-hiding rule (denúncias) and the moderation's answers.

// Denunciante is who reports: their id, whether they have a profile, whether
// their e-mail is verified, and when their account was created.
type Denunciante struct {
	ID         string
	Perfil     bool
	Verificado bool
	Cadastro   time.Time
}

// DenunciaAlvo is the post or comment reported, as read.
type DenunciaAlvo struct {
	AutorID   string
	Denuncias int  // the reports that counted toward hiding since the last review
	Oculto    bool // hidden already
	Mantido   bool // a site admin chose to keep it (AutoOcultavel)
	Staff     bool // its author is a site admin (AutoOcultavel)
}

// DenunciaPeso is what one report does.
type DenunciaPeso struct {
	// Conta: the report weighs toward hiding (an account with a profile, a
	// verified e-mail and at least IdadeMinimaDenuncia old: an account
	// costs nothing to make). The queue shows it so.
	Conta bool
	// Soma: the target's count goes up by one (a report that weighs, on a
	// target not hidden yet).
	Soma bool
	// Oculta: this report hides the target: it reaches
	// Rules.Limites.DenunciasParaOcultar and reports may hide it.
	Oculta bool
}

// DecideDenuncia is the report-hiding rule: a post or comment is hidden
// after Rules.Limites.DenunciasParaOcultar reports from verified accounts
// old enough, unless an admin kept it or its author is staff
// (AutoOcultavel). Nobody reports their own content.
func DecideDenuncia(r Rules, quem Denunciante, alvo DenunciaAlvo, now time.Time) (DenunciaPeso, error) {
	if alvo.AutorID == quem.ID {
		return DenunciaPeso{}, ErrDenunciaPropria()
	}
	p := DenunciaPeso{Conta: quem.Perfil && quem.Verificado && DenunciaConta(quem.Cadastro, now)}
	p.Soma = p.Conta && !alvo.Oculto
	p.Oculta = p.Soma && AutoOcultavel(alvo.Mantido, alvo.Staff) && alvo.Denuncias+1 >= r.Limites.DenunciasParaOcultar
	return p, nil
}

// ErrDenunciaPropria: a member reports their own post or comment.
func ErrDenunciaPropria() *Error {
	return Invalid("motivo", "Você não pode denunciar o seu próprio conteúdo")
}

// ErrDenunciaNotFound: no pending report of that item.
func ErrDenunciaNotFound() *Error { return NotFound("Denúncia não encontrada") }

// CanModerate says whether a caller may resolve the reports of content by
// autorID: site admins only, never on their own content (autorID "": not
// read yet, only the first half is checked).
func CanModerate(admin bool, uid, autorID string) error {
	if !admin {
		return Forbidden("Apenas administradores moderam denúncias")
	}
	if autorID != "" && autorID == uid {
		return Forbidden("Você não pode resolver denúncias sobre o seu próprio conteúdo")
	}
	return nil
}
