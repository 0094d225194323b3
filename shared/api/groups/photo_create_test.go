package groups_test

import (
	"testing"

	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/domain"
)

// A new group's cover is an upload of its creator's, processed before the group is written.
func TestCreateGroupWithACoverPhoto(t *testing.T) {
	w := getWorld(t)
	cover := w.env.PutPhoto(t, w.coord, testkit.JPEG(t, 1600, 600), "jpg")
	body := map[string]any{"nome": "Horta com Capa", "cidade": "Campinas", "uf": "SP", "fotoCapa": cover}
	res := testkit.Do(t, w.h, "POST", "/api/groups", w.coord, body)
	if res.Status != 201 {
		t.Fatalf("create: %d %s", res.Status, res.Body)
	}
	var g struct{ FotoCapa *string }
	res.Decode(t, &g)
	up, _ := domain.ParseUpload(cover)
	if p, ok := domain.ParseProcessedFoto(*g.FotoCapa); !ok || p.Dir != up.FotoDir() || p.Largest != (domain.FotoSize{W: 1280, H: 480}) {
		t.Errorf("cover %v", *g.FotoCapa)
	}
}
