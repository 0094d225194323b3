package domain

import "testing"

// An admin's edit or archive writes only over the version the form was
// loaded with; archiving into the state it is in writes nothing.
func TestCatalogueAdminVersionsAndArchive(t *testing.T) {
	veg := Vegetal{ID: "alface", Version: 4}
	archived := Vegetal{ID: "alface", Version: 4, Arquivado: true}
	cases := []struct {
		name     string
		v        Vegetal
		version  int
		arquivar bool
		writes   bool
		err      error
	}{
		{"archive at the version read", veg, 4, true, true, nil},
		{"restore at the version read", archived, 4, false, true, nil},
		{"archive an archived one", archived, 4, true, false, nil},
		{"restore a live one", veg, 4, false, false, nil},
		{"an old version", veg, 3, true, false, ErrVegetalChanged()},
		{"an old version, no change asked", archived, 3, true, false, ErrVegetalChanged()},
	}
	for _, c := range cases {
		writes, err := c.v.Archive(c.version, c.arquivar)
		if writes != c.writes || !sameError(err, c.err) {
			t.Errorf("vegetal %s: (%v, %v), want (%v, %v)", c.name, writes, err, c.writes, c.err)
		}
		g := Guide{Version: c.v.Version, Arquivado: c.v.Arquivado}
		want := c.err
		if want != nil {
			want = ErrGuiaChanged()
		}
		if writes, err := g.Archive(c.version, c.arquivar); writes != c.writes || !sameError(err, want) {
			t.Errorf("guia %s: (%v, %v), want (%v, %v)", c.name, writes, err, c.writes, want)
		}
	}
	if err := veg.CanEdit(4); err != nil {
		t.Errorf("vegetal edit at its version: %v", err)
	}
	if err := (Guide{Version: 2}).CanEdit(1); !sameError(err, ErrGuiaChanged()) {
		t.Errorf("guia edit at an old version: %v", err)
	}
}

func TestCatalogueAdminBodies(t *testing.T) {
	yes := true
	cases := []struct {
		name string
		err  error
		want error
	}{
		{"vegetal edit", ValidVegetalEdit(1), nil},
		{"vegetal edit, no version", ValidVegetalEdit(0), Invalid("version", "Informe a versão do vegetal que você editou")},
		{"guia edit, no version", ValidGuiaEdit(0), Invalid("version", "Informe a versão do guia que você editou")},
		{"vegetal archive", ValidVegetalArquivo(&yes, 1), nil},
		{"vegetal archive, no switch", ValidVegetalArquivo(nil, 0), Invalid("arquivado", "Informe arquivado: true ou false")},
		{"vegetal archive, no version", ValidVegetalArquivo(&yes, 0), Invalid("version", "Informe a versão do vegetal")},
		{"guia archive, no switch", ValidGuiaArquivo(nil, 1), Invalid("arquivado", "Informe arquivado: true ou false")},
		{"guia archive, no version", ValidGuiaArquivo(&yes, 0), Invalid("version", "Informe a versão do guia")},
	}
	for _, c := range cases {
		if !sameError(c.err, c.want) {
			t.Errorf("%s: %v, want %v", c.name, c.err, c.want)
		}
	}
	if got := ErrVegetalExists("alface-verao").Message; got != "Já existe um vegetal com este nome e estação (alface-verao)" {
		t.Errorf("ErrVegetalExists: %q", got)
	}
	if got := ErrGuiaVegetalUnknown("x"); got.Field != "vegetais" || got.Message != "Vegetal não encontrado no catálogo: x" {
		t.Errorf("ErrGuiaVegetalUnknown: %+v", got)
	}
}

func TestGuideVisibleTo(t *testing.T) {
	for _, c := range []struct {
		arquivado, admin, want bool
	}{{false, false, true}, {false, true, true}, {true, true, true}, {true, false, false}} {
		if got := (Guide{Arquivado: c.arquivado}).VisibleTo(c.admin); got != c.want {
			t.Errorf("arquivado %v admin %v: %v", c.arquivado, c.admin, got)
		}
	}
}
