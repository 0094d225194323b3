package domain

import (
	"testing"
	"time"
)

// Who removes a post or comment: its author, a coordinator or the dono of
// its group, a site admin; nobody else.
func TestCanRemove(t *testing.T) {
	postRefused := Forbidden("Apenas o autor, os coordenadores do grupo ou a moderação podem remover este post")
	commentRefused := Forbidden("Apenas o autor, os coordenadores do grupo ou a moderação podem remover este comentário")
	cases := []struct {
		name       string
		autor, gid string
		uid        string
		admin      bool
		papel      Papel
		want       Remocao
		post       bool
		err        error
	}{
		{"the author", "a", "g", "a", false, "", RemocaoAutor, true, nil},
		{"the author who is also an admin", "a", "", "a", true, "", RemocaoAutor, true, nil},
		{"a coordinator of the group", "a", "g", "c", false, PapelCoordenador, RemocaoCoordenador, true, nil},
		{"the dono, admin too: as the group's", "a", "g", "d", true, PapelDono, RemocaoCoordenador, true, nil},
		{"a site admin", "a", "g", "adm", true, PapelMembro, RemocaoModeracao, true, nil},
		{"a site admin, community post", "a", "", "adm", true, "", RemocaoModeracao, true, nil},
		{"a member of the group", "a", "g", "m", false, PapelMembro, 0, true, postRefused},
		{"a 'coordinator' of a community post", "a", "", "c", false, PapelCoordenador, 0, true, postRefused},
		{"a stranger's comment", "a", "g", "x", false, "", 0, false, commentRefused},
		{"an erased author's comment, a coordinator", "", "g", "c", false, PapelCoordenador, RemocaoCoordenador, false, nil},
	}
	for _, c := range cases {
		got, err := CanRemove(c.autor, c.gid, c.uid, c.admin, c.papel, c.post)
		if got != c.want || !sameError(err, c.err) {
			t.Errorf("%s: (%v, %v), want (%v, %v)", c.name, got, err, c.want, c.err)
		}
	}
}

func TestPostCanEditAndInteract(t *testing.T) {
	now := time.Date(2025, 3, 10, 12, 0, 0, 0, time.UTC)
	fresh := Post{AutorID: "a", CriadoEm: now.Add(-EdicaoPost)}
	hidden := fresh
	hidden.Oculto = true
	cases := []struct {
		name string
		p    Post
		uid  string
		edit error
		use  error
	}{
		{"its author in time", fresh, "a", nil, nil},
		{"another member", fresh, "b", Forbidden("Apenas o autor pode editar este post"), nil},
		{"too late", Post{AutorID: "a", CriadoEm: now.Add(-EdicaoPost - time.Second)}, "a", ErrEdicaoExpirada(), nil},
		{"hidden", hidden, "a", Conflict("Este post está em revisão pela moderação e não pode ser editado"), ErrPostEmRevisao()},
	}
	for _, c := range cases {
		if err := c.p.CanEdit(c.uid, now); !sameError(err, c.edit) {
			t.Errorf("CanEdit %s: %v, want %v", c.name, err, c.edit)
		}
		if err := c.p.CanInteract(); !sameError(err, c.use) {
			t.Errorf("CanInteract %s: %v, want %v", c.name, err, c.use)
		}
	}
}

func TestCheckCultivoDoPost(t *testing.T) {
	c := Cultivo{ResponsavelID: "r", Colaboradores: []Colaborador{{UserID: "col"}}}
	for _, tc := range []struct {
		name  string
		found bool
		uid   string
		want  error
	}{
		{"the responsible member's", true, "r", nil},
		{"a collaborator's", true, "col", nil},
		{"someone else's", true, "x", ErrCultivoDoPost()},
		{"none", false, "r", ErrCultivoDoPost()},
	} {
		if err := CheckCultivoDoPost(c, tc.found, tc.uid); !sameError(err, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, err, tc.want)
		}
	}
}
