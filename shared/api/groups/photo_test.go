package groups_test

import (
	"testing"

	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/domain"
)

// A group's cover photo may be an upload of the editor's, processed; another member's key is
// 403, a non-image 400, both naming fotoCapa and writing nothing.
func TestGroupCoverPhotoIsProcessed(t *testing.T) {
	w := getWorld(t)
	f := w.fixture(t, fixtureOpts{})
	path := "/api/groups/" + f.g.ID
	mine := w.env.PutPhoto(t, w.coord, testkit.JPEG(t, 80, 40), "jpg")
	text := w.env.PutPhoto(t, w.coord, []byte("texto qualquer"), "jpg")
	theirs := w.env.PutPhoto(t, w.member, testkit.JPEG(t, 80, 40), "jpg")
	for _, c := range []struct {
		name, key string
		status    int
	}{{"text", text, 400}, {"another member's", theirs, 403}} {
		res := testkit.Do(t, w.h, "PATCH", path, w.coord, map[string]any{"fotoCapa": c.key, "version": f.g.Version})
		if res.Status != c.status || res.ErrorField() != "fotoCapa" {
			t.Errorf("%s: %d field %q, want %d naming fotoCapa: %s", c.name, res.Status, res.ErrorField(), c.status, res.Body)
		}
	}
	res := testkit.Do(t, w.h, "PATCH", path, w.coord, map[string]any{"fotoCapa": mine, "version": f.g.Version})
	if res.Status != 200 {
		t.Fatalf("own photo: %d %s", res.Status, res.Body)
	}
	var g struct {
		FotoCapa *string
		Version  int
	}
	res.Decode(t, &g)
	up, _ := domain.ParseUpload(mine)
	if pf, ok := domain.ParseProcessedFoto(*g.FotoCapa); g.FotoCapa == nil || !ok || pf.Dir != up.FotoDir() || g.Version != f.g.Version+1 {
		t.Fatalf("group %+v", g)
	}
	// The owner edits something else: the coordinator's cover stays, unchecked against the owner.
	if res := testkit.Do(t, w.h, "PATCH", path, w.owner, map[string]any{"descricao": "Nova", "fotoCapa": *g.FotoCapa, "version": g.Version}); res.Status != 200 {
		t.Errorf("owner keeping the cover: %d %s", res.Status, res.Body)
	}
	// Creating a group with someone else's photo is refused.
	body := map[string]any{"nome": "Horta das Fotos", "cidade": "Campinas", "uf": "SP", "fotoCapa": theirs}
	if res := testkit.Do(t, w.h, "POST", "/api/groups", w.coord, body); res.Status != 403 || res.ErrorField() != "fotoCapa" {
		t.Errorf("create with another's photo: %d %s", res.Status, res.Body)
	}
}
