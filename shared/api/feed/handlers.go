package feed

import (
	"context"
	"net/http"

	"github.com/verde-app/verde/shared/api/kit"
	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
	"github.com/verde-app/verde/shared/views"
)

func listPosts(d app.Deps, scope string, list func(ctx context.Context, actor store.Actor, limit int, after map[string]string) ([]store.FeedPost, map[string]string, error)) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		actor, now := kit.ActorFrom(d, r), d.Now()
		kit.ListPage(w, r, d, scope+":"+actor.ID, func(ctx context.Context, limit int, after map[string]string) ([]store.FeedPost, map[string]string, error) {
			return list(ctx, actor, limit, after)
		}, func(p store.FeedPost) Post { return postOf(p, actor.ID, now) })
	})
}

// handleCommunity is "Comunidade": one Query and one BatchGetItem a page.
func handleCommunity(d app.Deps) http.Handler {
	return listPosts(d, store.FeedScope("comunidade", ""), d.Store.CommunityFeed)
}

// handleMyGroups is "Meus grupos": one Query and one BatchGetItem a page.
func handleMyGroups(d app.Deps) http.Handler {
	return listPosts(d, store.FeedScope("grupos", ""), d.Store.MyGroupsFeed)
}

// handleGroupFeed is a group's Mural (members and site admins).
func handleGroupFeed(d app.Deps) http.Handler {
	return listPostsIn(d, "grupo", "groupId", d.Store.GroupFeed)
}

// listPostsIn is listPosts for the feed of what the path names under key
// (a group, a cultivo): its scope is kind and that id.
func listPostsIn(d app.Deps, kind, key string, list func(ctx context.Context, id string, a store.Actor, limit int, after map[string]string) ([]store.FeedPost, map[string]string, error)) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := r.PathValue(key)
		listPosts(d, store.FeedScope(kind, id), func(ctx context.Context, a store.Actor, limit int, after map[string]string) ([]store.FeedPost, map[string]string, error) {
			return list(ctx, id, a, limit, after)
		}).ServeHTTP(w, r)
	})
}

// handleCultivoFeed is a cultivo's posts.
func handleCultivoFeed(d app.Deps) http.Handler {
	return listPostsIn(d, "cultivo", "cultivoId", d.Store.CultivoFeed)
}

func handleCreate(d app.Deps) http.Handler {
	return kit.Act(d, http.StatusCreated, func(r *http.Request, in domain.PostInput, actor store.Actor) (PostCriado, error) {
		ctx, fotos, err := kit.Photos(r.Context(), actor.ID, "fotos", in.Fotos)
		if err != nil {
			return PostCriado{}, err
		}
		in.Fotos = fotos
		p, pts, err := d.Store.CreatePost(ctx, in, actor)
		if err != nil {
			return PostCriado{}, err
		}
		if p.GrupoID != "" {
			// The other members' "Meus grupos" (the author's pointer is in the post's transaction).
			views.After(r.Context(), views.Event{Kind: views.KindFanOut, PostID: p.ID})
		}
		return PostCriado{Post: postOf(store.FeedPost{Post: p}, actor.ID, d.Now()), Pontos: pts}, nil
	})
}

func handleGet(d app.Deps) http.Handler {
	return kit.Read(d, http.StatusOK, func(r *http.Request, actor store.Actor) (Post, error) {
		p, err := d.Store.Post(r.Context(), r.PathValue("postId"), actor)
		if err != nil {
			return Post{}, err
		}
		return postOf(p, actor.ID, d.Now()), nil
	})
}

func handleEdit(d app.Deps) http.Handler {
	return kit.Act(d, http.StatusOK, func(r *http.Request, in domain.PostEdit, actor store.Actor) (Post, error) {
		p, err := d.Store.EditPost(r.Context(), r.PathValue("postId"), in, actor)
		if err != nil {
			return Post{}, err
		}
		return postOf(p, actor.ID, d.Now()), nil
	})
}

func handleDelete(d app.Deps) http.Handler {
	return kit.Done(d, func(r *http.Request, actor store.Actor) error {
		return kit.Released(r.Context(), d.Store.DeletePost(r.Context(), r.PathValue("postId"), actor)) // the post's photos, released with it
	})
}

func handleLike(d app.Deps) http.Handler {
	return kit.Read(d, http.StatusOK, func(r *http.Request, actor store.Actor) (Curtida, error) {
		c, err := d.Store.Like(r.Context(), r.PathValue("postId"), actor)
		return Curtida{Curtido: c.Curtido, Curtidas: c.Curtidas}, err
	})
}

func handleUnlike(d app.Deps) http.Handler {
	return kit.Read(d, http.StatusOK, func(r *http.Request, actor store.Actor) (Curtida, error) {
		c, err := d.Store.Unlike(r.Context(), r.PathValue("postId"), actor)
		return Curtida{Curtido: c.Curtido, Curtidas: c.Curtidas}, err
	})
}

func handleComments(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		pid, actor := r.PathValue("postId"), kit.ActorFrom(d, r)
		kit.ListPage(w, r, d, store.FeedScope("comentarios", pid), func(ctx context.Context, limit int, after map[string]string) ([]domain.Comentario, map[string]string, error) {
			return d.Store.Comments(ctx, pid, actor, limit, after)
		}, comentarioOf)
	})
}

func handleAddComment(d app.Deps) http.Handler {
	return kit.Act(d, http.StatusCreated, func(r *http.Request, in domain.ComentarioInput, actor store.Actor) (ComentarioCriado, error) {
		c, pts, err := d.Store.AddComment(r.Context(), r.PathValue("postId"), in, actor)
		return ComentarioCriado{Comentario: comentarioOf(c), Pontos: pts}, err
	})
}

func handleDeleteComment(d app.Deps) http.Handler {
	return kit.Done(d, func(r *http.Request, actor store.Actor) error {
		return d.Store.DeleteComment(r.Context(), r.PathValue("postId"), r.PathValue("comentarioId"), actor)
	})
}

func handleDenuncia(d app.Deps, comment bool) http.Handler {
	return kit.Act(d, http.StatusCreated, func(r *http.Request, in domain.DenunciaInput, actor store.Actor) (DenunciaRegistrada, error) {
		cid := ""
		if comment {
			cid = r.PathValue("comentarioId")
		}
		_, err := d.Store.Denunciar(r.Context(), r.PathValue("postId"), cid, in, actor)
		return DenunciaRegistrada{Registrada: err == nil}, err
	})
}

func handleQueue(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		kit.ListPage(w, r, d, store.ModerationScope, d.Store.ModerationQueue, itemOf)
	})
}

// ModeracaoBody is the body of POST /api/admin/moderacao/{postId}.
type ModeracaoBody struct {
	Acao         string `json:"acao"`
	ComentarioID string `json:"comentarioId,omitempty"`
}

func (in *ModeracaoBody) Valid() error {
	m := domain.ModeracaoInput{Acao: in.Acao}
	if err := m.Valid(); err != nil {
		return err
	}
	if len(in.ComentarioID) > 128 {
		return domain.ErrComentarioInvalido()
	}
	return nil
}

func handleModerate(d app.Deps) http.Handler {
	return kit.ActDone(d, func(r *http.Request, in ModeracaoBody, actor store.Actor) error {
		err := d.Store.Moderate(r.Context(), r.PathValue("postId"), in.ComentarioID, domain.ModeracaoInput{Acao: in.Acao}, actor)
		if err == nil && in.ComentarioID == "" && in.Acao != domain.AcaoManter {
			kit.StartPhotosJob(r.Context()) // a removed post's photos
		}
		return err
	})
}

// MyGroups is GET /api/feed/grupos's handler (without its sign-in check), for
// the dashboard's one reply (shared/api/me/dashboard.go).
func MyGroups(d app.Deps) http.Handler { return handleMyGroups(d) }
