package domain

import (
	"testing"
	"time"
)

// The report-hiding rule: only reports of verified accounts old enough
// weigh; the one that reaches DenunciasParaOcultar hides the target, unless
// an admin kept it or its author is staff; nobody reports their own.
func TestDecideDenuncia(t *testing.T) {
	now := time.Date(2025, 3, 10, 12, 0, 0, 0, time.UTC)
	r := Defaults()
	n := r.Limites.DenunciasParaOcultar
	old := Denunciante{ID: "u", Perfil: true, Verificado: true, Cadastro: now.Add(-IdadeMinimaDenuncia)}
	with := func(f func(*Denunciante)) Denunciante { d := old; f(&d); return d }
	last := DenunciaAlvo{AutorID: "autor", Denuncias: n - 1}
	alvo := func(f func(*DenunciaAlvo)) DenunciaAlvo { a := last; f(&a); return a }
	cases := []struct {
		name string
		quem Denunciante
		alvo DenunciaAlvo
		want DenunciaPeso
		err  error
	}{
		{"the last report hides", old, last, DenunciaPeso{Conta: true, Soma: true, Oculta: true}, nil},
		{"an earlier report counts", old, alvo(func(a *DenunciaAlvo) { a.Denuncias = n - 2 }), DenunciaPeso{Conta: true, Soma: true}, nil},
		{"past the threshold still hides", old, alvo(func(a *DenunciaAlvo) { a.Denuncias = n + 3 }), DenunciaPeso{Conta: true, Soma: true, Oculta: true}, nil},
		{"hidden already: weighs, adds nothing", old, alvo(func(a *DenunciaAlvo) { a.Oculto = true }), DenunciaPeso{Conta: true}, nil},
		{"kept by an admin: counts, never hides", old, alvo(func(a *DenunciaAlvo) { a.Mantido = true }), DenunciaPeso{Conta: true, Soma: true}, nil},
		{"a site admin's content: counts, never hides", old, alvo(func(a *DenunciaAlvo) { a.Staff = true }), DenunciaPeso{Conta: true, Soma: true}, nil},
		{"an account too young", with(func(d *Denunciante) { d.Cadastro = now.Add(-IdadeMinimaDenuncia + time.Second) }), last, DenunciaPeso{}, nil},
		{"no sign-up date", with(func(d *Denunciante) { d.Cadastro = time.Time{} }), last, DenunciaPeso{}, nil},
		{"an unverified e-mail", with(func(d *Denunciante) { d.Verificado = false }), last, DenunciaPeso{}, nil},
		{"no profile", with(func(d *Denunciante) { d.Perfil = false }), last, DenunciaPeso{}, nil},
		{"one's own content", with(func(d *Denunciante) { d.ID = "autor" }), last, DenunciaPeso{}, ErrDenunciaPropria()},
	}
	for _, c := range cases {
		got, err := DecideDenuncia(r, c.quem, c.alvo, now)
		if got != c.want || !sameError(err, c.err) {
			t.Errorf("%s: (%+v, %v), want (%+v, %v)", c.name, got, err, c.want, c.err)
		}
	}
}

func TestCanModerate(t *testing.T) {
	cases := []struct {
		name         string
		admin        bool
		uid, autorID string
		want         error
	}{
		{"an admin, before the read", true, "adm", "", nil},
		{"an admin on another's content", true, "adm", "autor", nil},
		{"a member", false, "u", "", Forbidden("Apenas administradores moderam denúncias")},
		{"an admin on their own content", true, "adm", "adm", Forbidden("Você não pode resolver denúncias sobre o seu próprio conteúdo")},
	}
	for _, c := range cases {
		if err := CanModerate(c.admin, c.uid, c.autorID); !sameError(err, c.want) {
			t.Errorf("%s: %v, want %v", c.name, err, c.want)
		}
	}
}
