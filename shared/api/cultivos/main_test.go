package cultivos_test

import (
	"context"
	"testing"

	"github.com/verde-app/verde/infra/local/cloud"
	"github.com/verde-app/verde/infra/local/testcloud"
	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/api/cultivos"
	"github.com/verde-app/verde/shared/domain"
)

// The catalogue is seeded (cloud.Options{}): cultivos are made of it.
func TestMain(m *testing.M) { testcloud.Run(m, cloud.Options{}) }

// The world every test here shares (made once, on the first setup): the
// cast, plain and the cultivos handler.
var env, cast, h, setup = testkit.Vars(&testkit.Area{Cast: new(testkit.Cast), Plain: &plain, Server: cultivos.NewServer})

// plain is a member of every fixture group who neither writes the cultivo nor coordinates.
var plain testkit.User

// world is a fixture group (Member holds A3) with plain as one more member
// and a cultivo of alface by Member (responsible) with Alvo (collaborator)
// on A3, in phase semeado.
type world struct {
	f       testkit.Fixture
	cultivo string
}

func newWorld(t *testing.T, o testkit.FixtureOpts) world {
	t.Helper()
	f := env.NewFixture(t, *cast, o)
	ctx := context.Background()
	if o.Private {
		// A private group takes members by invite only: plain comes in through the invite.
		if _, err := env.Deps.Store.AcceptInvite(ctx, f.Invite, testkit.Actor(plain)); err != nil {
			t.Fatal(err)
		}
	} else if _, err := env.Deps.Store.Join(ctx, f.Group.ID, testkit.Actor(plain)); err != nil {
		t.Fatal(err)
	}
	return world{f: f, cultivo: newCultivo(t, f.Group.ID, "A3", cast.Member, cast.Alvo)}
}

func qty(f float64) *float64 { return &f }

func newCultivo(t *testing.T, gid, lote string, by testkit.User, colabs ...testkit.User) string {
	t.Helper()
	in := domain.CultivoInput{VegetalID: "alface-verao", GrupoID: gid, LoteCodigo: lote, Metodo: "semente", Quantidade: qty(12),
		// Planted 60 days ago: its harvests are past the vegetable's first day (colheita_plausivel.go).
		Unidade: "sementes", DataPlantio: plantedDate(), Fase: domain.FaseSemeado}
	for _, c := range colabs {
		in.Colaboradores = append(in.Colaboradores, c.ID)
	}
	return env.NewCultivo(t, in, by)
}

// plantedDate is when the tests' cultivos were planted: 60 days ago, so the
// harvests of their seeds (alface, 50 days at the least) are past the
// vegetable's first day (domain.AvaliarColheita).
func plantedDate() string {
	return domain.FormatDate(domain.LocalDate(env.Deps.Now()).AddDate(0, 0, -60))
}
