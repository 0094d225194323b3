package me

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/url"
	"sync"

	"github.com/verde-app/verde/shared/api"
	"github.com/verde-app/verde/shared/api/admin"
	"github.com/verde-app/verde/shared/api/cultivos"
	"github.com/verde-app/verde/shared/api/feed"
	"github.com/verde-app/verde/shared/api/groups"
	"github.com/verde-app/verde/shared/api/mutiroes"
	"github.com/verde-app/verde/shared/api/notifications"
	"github.com/verde-app/verde/shared/api/rankings"
	"github.com/verde-app/verde/shared/app"
)

// GET /api/dashboard: everything /dashboard's cards draw, in one reply, so the
// page makes two requests (this and the shell's GET /api/me) instead of nine.
// Each section is the reply of the route the card would otherwise ask, run
// here in process with the caller's request (the same code, the same JSON,
// the same DynamoDB calls: each at most two, all sections at once), or that
// route's error envelope when it failed: a card whose section failed shows
// its own error, the others draw. The SPA puts each section in its card's
// query (app/routes/app/dashboard.tsx).

// dashboardSection is one card's route, as the SPA's card asks for it.
type dashboardSection struct {
	name, path string
	handler    func(app.Deps) http.Handler
}

var dashboardSections = []dashboardSection{
	{"banners", "/api/banners", admin.ActiveBanners},
	{"ranking", "/api/rankings/membros?periodo=mes&limit=0", rankings.Members},
	{"cultivos", "/api/cultivos?ativos=true&limit=5", cultivos.Mine},
	{"planteAgora", "/api/vegetables/plante-agora", cultivos.PlanteAgoraHandler},
	{"grupos", "/api/me/groups?limit=5", groups.Mine},
	{"progresso", "/api/me/progress", handleMyProgress},
	{"publicacoes", "/api/feed/grupos?limit=3", feed.MyGroups},
	{"naoLidas", "/api/notifications/unread-count", notifications.UnreadCount},
	{"agenda", "/api/me/agenda", mutiroes.AgendaHandler},
}

func handleDashboard(d app.Deps) http.Handler {
	handlers := make([]http.Handler, len(dashboardSections))
	for i, s := range dashboardSections {
		handlers[i] = s.handler(d)
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		out := make(map[string]json.RawMessage, len(dashboardSections))
		var mu sync.Mutex
		var wg sync.WaitGroup
		for i, s := range dashboardSections {
			wg.Add(1)
			go func() {
				defer wg.Done()
				body := errorSection
				defer func() {
					if p := recover(); p != nil {
						slog.Error("dashboard section panicked", "section", s.name, "panic", p)
					}
					mu.Lock()
					out[s.name] = body
					mu.Unlock()
				}()
				body = runSection(r, s.path, handlers[i])
			}()
		}
		wg.Wait()
		api.Encode(w, http.StatusOK, out)
	})
}

// errorSection is a section whose route gave no reply (the API's 500 envelope).
var errorSection = json.RawMessage(`{"error":{"code":"internal","message":"Erro interno"}}`)

// runSection runs h as a GET of path with r's context (the caller's claims)
// and returns its JSON body: the route's reply, or its error envelope.
func runSection(r *http.Request, path string, h http.Handler) json.RawMessage {
	u, err := url.Parse(path)
	if err != nil {
		panic(err) // the sections' paths are constants
	}
	sub := r.Clone(r.Context())
	sub.Method, sub.URL, sub.RequestURI, sub.Body = http.MethodGet, u, path, http.NoBody
	sub.Header = http.Header{"Accept": {"application/json"}}
	rec := api.NewRecorder(http.Header{})
	h.ServeHTTP(rec, sub)
	body := bytes.TrimSpace(rec.Body.Bytes())
	if !json.Valid(body) || len(body) == 0 {
		return errorSection
	}
	return body
}
