package account_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/domain"
)

// Likes and comments on my posts can be muted: they are still listed, but the bell does not
// count them (before, curtida and comentario were not kinds a member could mute: 400).
func TestLikeAndCommentNotificationsCanBeMuted(t *testing.T) {
	setup(t)
	ctx := context.Background()
	autora := env.NewUser(t, "Paula Posta")
	fa := env.NewUser(t, "Felipe Fã")
	in := domain.PostInput{Texto: "Primeira alface!"}
	if err := in.Valid(); err != nil {
		t.Fatal(err)
	}
	p, _, err := env.Deps.Store.CreatePost(ctx, in, testkit.Actor(autora))
	if err != nil {
		t.Fatal(err)
	}
	res := testkit.Do(t, h, "PUT", "/api/me/notificacoes/preferencias", autora, map[string]any{"silenciados": []string{"curtida", "comentario"}})
	if res.Status != 200 {
		t.Fatalf("mute: %d %s", res.Status, res.Body)
	}
	if _, err := env.Deps.Store.Like(ctx, p.ID, testkit.Actor(fa)); err != nil {
		t.Fatal(err)
	}
	if _, _, err := env.Deps.Store.AddComment(ctx, p.ID, domain.ComentarioInput{Texto: "Que linda!"}, testkit.Actor(fa)); err != nil {
		t.Fatal(err)
	}
	if n, err := env.Deps.Store.UnreadCount(ctx, autora.ID); err != nil || n != 0 {
		t.Errorf("muted likes and comments counted: %d, %v", n, err)
	}
	res = testkit.Do(t, h, "GET", "/api/me/notificacoes/preferencias", autora, nil)
	for _, want := range []string{`"tipo":"curtida","rotulo":"Curtidas nas minhas publicações","ativo":false`, `"tipo":"comentario","rotulo":"Comentários nas minhas publicações","ativo":false`} {
		if !contains(res.Body, want) {
			t.Errorf("prefs lack %s: %s", want, res.Body)
		}
	}
	testkit.Do(t, h, "PUT", "/api/me/notificacoes/preferencias", autora, map[string]any{"silenciados": []string{}})
	if n, _ := env.Deps.Store.UnreadCount(ctx, autora.ID); n != 2 {
		t.Errorf("unmuted: %d, want 2", n)
	}
}

func contains(b []byte, s string) bool { return strings.Contains(string(b), s) }

// Every kind a member may mute is one the contract accepts.
func TestMutableKindsAreTheContractsEnum(t *testing.T) {
	var doc struct {
		Components struct {
			Schemas map[string]struct {
				Properties map[string]struct {
					Items struct {
						Enum []string `yaml:"enum"`
					} `yaml:"items"`
				} `yaml:"properties"`
			} `yaml:"schemas"`
		} `yaml:"components"`
	}
	testkit.ReadOpenAPI(t, &doc)
	enum := doc.Components.Schemas["NotificationPreferencesInput"].Properties["silenciados"].Items.Enum
	var kinds []string
	for _, k := range domain.TiposNotificacao {
		kinds = append(kinds, k.Tipo)
	}
	slices.Sort(enum)
	slices.Sort(kinds)
	if !slices.Equal(enum, kinds) {
		t.Errorf("contract %v, domain %v", enum, kinds)
	}
}
