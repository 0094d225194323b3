package account_test

import (
	"context"
	"testing"

	"github.com/google/uuid"

	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/domain"
)

// A deleted member's lote is freed and holds none of their cultivos: it was shown "livre" and
// "1 cultivo" at once. The cultivo stays the group's record, without a lote.
func TestDeletedMembersLoteIsFreeAndEmpty(t *testing.T) {
	setup(t)
	ctx := context.Background()
	s := env.Deps.Store
	gid, u := loteHolder(t, "Lia Lote "+uuid.NewString()[:6], "A4")
	q := 4.0
	in := domain.CultivoInput{VegetalID: "tomate", GrupoID: gid, LoteCodigo: "A4", Metodo: "semente", Quantidade: &q, Unidade: "sementes",
		DataPlantio: domain.FormatDate(domain.LocalDate(env.Deps.Now())), Fase: domain.FaseSemeado}
	c := env.CreateCultivo(t, in, u)
	deleteAll(t, u, testkit.Password)

	lotes, _, err := s.LotesPage(ctx, gid, 100, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range lotes {
		if l.Codigo == "A4" && (l.Status != domain.LoteLivre || l.CultivosAtivos != 0) {
			t.Errorf("lote A4 after the deletion: status %s, %d cultivos", l.Status, l.CultivosAtivos)
		}
	}
	after, err := s.Cultivo(ctx, c.ID, testkit.Actor(cast.Owner))
	if err != nil {
		t.Fatal(err)
	}
	if after.LoteCodigo != "" || after.ResponsavelID != "" {
		t.Errorf("cultivo after the deletion: lote %q, responsável %q", after.LoteCodigo, after.ResponsavelID)
	}
}
