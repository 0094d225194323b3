package sim

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"

	"github.com/verde-app/verde/shared/domain"
)

// DashboardReads are the API reads the SPA's /dashboard makes on a signed-in load, exactly as it
// asks for them (the page's preload script: the shell's GET /api/me and every card's reply in
// one GET /api/dashboard, shared/api/me/dashboard.go; docs/reads.md "One request for
// /dashboard"). When the dashboard's requests change, this list is the one place to change.
var DashboardReads = []struct{ Route, Path string }{
	{"GET /api/me", "/api/me"},
	{"GET /api/dashboard", "/api/dashboard"},
}

// dashboardReply is GET /api/dashboard's sections the season reads (each its route's reply, or
// that route's error envelope: an error section fails the load as the card would show it).
type dashboardReply struct {
	Ranking struct {
		Eu *struct {
			Valor   int  `json:"valor"`
			Posicao *int `json:"posicao"`
		} `json:"eu"`
	} `json:"ranking"`
	Cultivos    page[cultivoView] `json:"cultivos"`
	PlanteAgora struct {
		Items []struct {
			ID string `json:"id"`
		} `json:"items"`
	} `json:"planteAgora"`
	Grupos page[struct {
		ID string `json:"id"`
	}] `json:"grupos"`
	Progresso struct {
		Conquistas []struct {
			Conquistada bool `json:"conquistada"`
		} `json:"conquistas"`
	} `json:"progresso"`
	Publicacoes page[postView] `json:"publicacoes"`
	NaoLidas    struct {
		Count int `json:"count"`
	} `json:"naoLidas"`
}

// dashboardSections are the sections the cards draw; one that carries an error fails the load.
var dashboardSections = []string{"banners", "ranking", "cultivos", "planteAgora", "grupos", "progresso", "publicacoes", "naoLidas", "agenda"}

// dashboard is what the cards of /dashboard showed.
type dashboard struct {
	Unread   int
	Standing struct {
		Valor   int  `json:"valor"`
		Posicao *int `json:"posicao"`
	}
	Cultivos   []cultivoView
	PlanteIDs  []string
	Groups     int
	Posts      []postView
	Conquistas int
}

type cultivoView struct {
	ID       string  `json:"id"`
	Fase     string  `json:"fase"`
	GrupoID  *string `json:"grupoId"`
	Arquivad bool    `json:"arquivado"`
}

type postView struct {
	ID      string   `json:"id"`
	Fotos   []string `json:"fotos"`
	Curtido bool     `json:"curtido"`
	AutorID string   `json:"autorId"`
	Oculto  bool     `json:"oculto"`
}

type page[T any] struct {
	Items      []T     `json:"items"`
	NextCursor *string `json:"nextCursor"`
}

// loadDashboard makes the dashboard's reads and reads what each card shows.
func (s *Sim) loadDashboard(ctx context.Context, m *member) (dashboard, error) {
	var d dashboard
	mo := s.currentMonth()
	for _, r := range DashboardReads {
		if r.Route != "GET /api/dashboard" {
			if _, err := s.api.call(ctx, m, mo, r.Route, r.Path, nil, nil); err != nil {
				return d, err
			}
			continue
		}
		var raw map[string]json.RawMessage
		if _, err := s.api.call(ctx, m, mo, r.Route, r.Path, nil, &raw); err != nil {
			return d, err
		}
		for _, name := range dashboardSections {
			var e struct {
				Error *struct {
					Code    string `json:"code"`
					Message string `json:"message"`
				} `json:"error"`
			}
			sec, ok := raw[name]
			if !ok {
				return d, fmt.Errorf("GET /api/dashboard: no section %q", name)
			}
			if json.Unmarshal(sec, &e) == nil && e.Error != nil {
				return d, fmt.Errorf("GET /api/dashboard: section %q answered %s: %s", name, e.Error.Code, e.Error.Message)
			}
		}
		body, _ := json.Marshal(raw)
		var out dashboardReply
		if err := json.Unmarshal(body, &out); err != nil {
			return d, fmt.Errorf("GET /api/dashboard: %w", err)
		}
		d.Unread = out.NaoLidas.Count
		if out.Ranking.Eu != nil {
			d.Standing.Valor, d.Standing.Posicao = out.Ranking.Eu.Valor, out.Ranking.Eu.Posicao
		}
		d.Cultivos = out.Cultivos.Items
		for _, v := range out.PlanteAgora.Items {
			d.PlanteIDs = append(d.PlanteIDs, v.ID)
		}
		d.Groups = len(out.Grupos.Items)
		d.Posts = out.Publicacoes.Items
		for _, c := range out.Progresso.Conquistas {
			if c.Conquistada {
				d.Conquistas++
			}
		}
	}
	return d, nil
}

// session is one visit: the dashboard, then a few things a member of this kind does.
func (s *Sim) session(ctx context.Context, m *member) error {
	s.stats.session(m.n, s.currentMonth())
	day := s.dayIndex()
	if day >= m.joinDay && len(m.pending) > 0 {
		if err := s.joinPending(ctx, m); err != nil {
			return err
		}
	}
	d, err := s.loadDashboard(ctx, m)
	if err != nil {
		return err
	}
	// Photos the dashboard's posts card shows.
	for _, p := range d.Posts {
		if err := s.seePhotos(ctx, m, p.Fotos); err != nil {
			return err
		}
	}
	acts := 1 + s.intn(3)
	if m.perWeek >= 3 {
		acts++
	}
	for i := 0; i < acts; i++ {
		var err error
		switch r := s.intn(100); {
		case r < 35 && len(m.groupsNow()) > 0:
			err = s.garden(ctx, m, d)
		case r < 60:
			err = s.feed(ctx, m)
		case r < 68 && len(m.groupsNow()) > 0:
			err = s.post(ctx, m)
		case r < 76:
			err = s.rankings(ctx, m)
		case r < 86 && d.Unread > 0:
			err = s.notifications(ctx, m)
		case r < 94 && len(m.groupsNow()) > 0:
			err = s.groupPage(ctx, m)
		case r < 97:
			err = s.directory(ctx, m)
		default:
			err = s.profile(ctx, m)
		}
		if err != nil {
			return err
		}
	}
	// Now and then: leave a group (and look for another), or leave Verde.
	if s.chance(0.003) && len(m.groupsNow()) > 0 && !m.coordinates(s.groups) {
		if err := s.leave(ctx, m); err != nil {
			return err
		}
	}
	if m.n%97 == 13 && day > s.cfg.Days/2 && s.chance(0.05) && !m.coordinates(s.groups) {
		return s.deleteAccount(ctx, m)
	}
	// The admin's moderation round: every few days, in some member's session hour.
	if m.n%11 == 0 && s.chance(0.2) {
		return s.moderate(ctx)
	}
	return nil
}

func (s *Sim) dayIndex() int {
	return int(s.now().Sub(s.cfg.Start).Hours() / 24)
}

func (m *member) groupsNow() []*group {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]*group(nil), m.groups...)
}

func (m *member) coordinates(gs []*group) bool {
	for _, g := range gs {
		if g.coordinator == m {
			return true
		}
	}
	return false
}

// garden: plant something in season, keep a diary, move phases, harvest, archive.
func (s *Sim) garden(ctx context.Context, m *member, d dashboard) error {
	mo := s.currentMonth()
	m.mu.Lock()
	open := 0
	for _, c := range m.cultivos {
		if !c.closed {
			open++
		}
	}
	m.mu.Unlock()
	if (open < 2 || (open < 5 && s.chance(0.15))) && len(d.PlanteIDs) > 0 {
		gs := m.groupsNow()
		g := gs[s.intn(len(gs))]
		veg := d.PlanteIDs[s.intn(len(d.PlanteIDs))]
		body := map[string]any{"vegetalId": veg, "grupoId": g.id, "metodo": []string{"semente", "muda"}[s.intn(2)],
			"quantidade": 1 + s.intn(20), "unidade": "mudas", "dataPlantio": s.dateBR(), "fase": "semeado",
			"notas": "Plantado no canteiro " + fmt.Sprint(1+s.intn(30))}
		var out struct {
			Cultivo cultivoView `json:"cultivo"`
		}
		_, err := s.api.call(ctx, m, mo, "POST /api/cultivos", "/api/cultivos", body, &out)
		if err := tolerate(err, 429, 403, 404); err != nil {
			return err
		}
		if err == nil && out.Cultivo.ID != "" {
			m.mu.Lock()
			m.cultivos = append(m.cultivos, &cultivo{id: out.Cultivo.ID, fase: out.Cultivo.Fase, changed: s.dayIndex(), group: g})
			m.mu.Unlock()
		}
	}
	m.mu.Lock()
	var mine []*cultivo
	for _, c := range m.cultivos {
		if !c.archived {
			mine = append(mine, c)
		}
	}
	m.mu.Unlock()
	if len(mine) == 0 {
		return nil
	}
	c := mine[s.intn(len(mine))]
	path := "/api/cultivos/" + c.id
	var cv cultivoView
	if _, err := s.api.call(ctx, m, mo, "GET /api/cultivos/{cultivoId}", path, nil, &cv); err != nil {
		if tolerate(err, 404) == nil {
			c.archived, c.closed = true, true
			return nil
		}
		return err
	}
	var diary page[struct {
		Fotos []string `json:"fotos"`
	}]
	if _, err := s.api.call(ctx, m, mo, "GET /api/cultivos/{cultivoId}/diario", path+"/diario?limit=20", nil, &diary); err != nil {
		return err
	}
	for _, e := range diary.Items {
		if err := s.seePhotos(ctx, m, e.Fotos); err != nil {
			return err
		}
	}
	if s.chance(0.3) {
		if _, err := s.api.call(ctx, m, mo, "GET /api/cultivos/{cultivoId}/colheitas", path+"/colheitas?limit=20", nil, nil); err != nil {
			return err
		}
	}
	c.fase = cv.Fase
	if cv.Fase == "colhido" || cv.Fase == "perdido" {
		c.closed = true
		if s.chance(0.5) {
			_, err := s.api.call(ctx, m, mo, "POST /api/cultivos/{cultivoId}/arquivo", path+"/arquivo", map[string]any{"arquivado": true}, nil)
			if err := tolerate(err, 403, 409); err != nil {
				return err
			}
			c.archived = true
		}
		return nil
	}
	// A diary entry, often with a photo.
	if s.chance(0.7) {
		entry := map[string]any{"tipo": []string{"rega", "adubacao", "observacao", "poda", "praga"}[s.intn(5)], "texto": s.sentence()}
		if s.chance(0.35) {
			key, err := s.upload(ctx, m, "diario")
			if err != nil {
				return err
			}
			if key != "" {
				entry["tipo"], entry["fotos"] = "foto", []string{key}
			}
		}
		_, err := s.api.call(ctx, m, mo, "POST /api/cultivos/{cultivoId}/diario", path+"/diario", entry, nil)
		if err := tolerate(err, 429, 403, 409); err != nil {
			return err
		}
	}
	// Phases move about every ten days; a ready one is harvested.
	next := map[string]string{"planejado": "semeado", "semeado": "germinando", "germinando": "crescendo", "crescendo": "florescendo", "florescendo": "pronto"}
	if n, ok := next[cv.Fase]; ok && s.dayIndex()-c.changed >= 10 {
		fase := n
		body := map[string]any{"fase": fase}
		if s.chance(0.04) {
			body = map[string]any{"fase": "perdido", "motivo": "Pragas acabaram com as folhas"}
		}
		_, err := s.api.call(ctx, m, mo, "POST /api/cultivos/{cultivoId}/fase", path+"/fase", body, nil)
		if err := tolerate(err, 403, 409, 422, 429); err != nil {
			return err
		}
		c.changed = s.dayIndex()
	}
	if cv.Fase == "pronto" {
		h := map[string]any{"quantidade": float64(1+s.intn(30)) / 10, "unidade": "kg", "data": s.dateBR(),
			"destino": []string{"consumo", "compartilhado", "doado"}[s.intn(3)], "encerrar": s.chance(0.4)}
		if s.chance(0.3) {
			key, err := s.upload(ctx, m, "colheita")
			if err != nil {
				return err
			}
			if key != "" {
				h["foto"] = key
			}
		}
		_, err := s.api.call(ctx, m, mo, "POST /api/cultivos/{cultivoId}/colheitas", path+"/colheitas", h, nil)
		if err := tolerate(err, 403, 409, 422, 429); err != nil {
			return err
		}
	}
	return nil
}

// upload sends one photo as the SPA does: a presigned PUT from POST /api/uploads, then the bytes
// to the bucket. "" when the member's daily photo cap is reached.
func (s *Sim) upload(ctx context.Context, m *member, purpose string) (string, error) {
	ph := s.photos[s.intn(len(s.photos))]
	photo := ph.data
	var up struct {
		Key     string            `json:"key"`
		URL     string            `json:"url"`
		Method  string            `json:"method"`
		Headers map[string]string `json:"headers"`
	}
	mo := s.currentMonth()
	_, err := s.api.call(ctx, m, mo, "POST /api/uploads", "/api/uploads", map[string]any{"contentType": "image/jpeg", "size": len(photo), "width": ph.w, "height": ph.h, "purpose": purpose}, &up)
	if tolerate(err, 429) == nil && err != nil {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	if _, _, err := s.api.fetch(ctx, m, mo, "PUT s3 (presigned upload)", up.Method, up.URL, photo, up.Headers); err != nil {
		return "", err
	}
	// The upload waits in quarantine until the item that names it has it processed (PhotosFunction:
	// WebP variants, the key the item stores and the screens show); the SPA shows the photo it
	// just sent from memory.
	s.stats.photoStored(len(photo))
	return up.Key, nil
}

// seePhotos loads the photos a screen shows that this member's browser has not cached yet
// (photos are immutable: cached for a year).
func (s *Sim) seePhotos(ctx context.Context, m *member, keys []string) error {
	for _, k := range keys {
		m.mu.Lock()
		seen := m.seen[k]
		m.seen[k] = true
		m.mu.Unlock()
		if seen {
			continue
		}
		_, _, err := s.api.fetch(ctx, m, s.currentMonth(), "GET /media/{key} (CloudFront)", "GET", "/media/"+variantFor(k, phoneSlot), nil, nil)
		if err := tolerate(err, 404, 403); err != nil {
			return err
		}
	}
	return nil
}

// phoneSlot is the CSS width a photo takes on a phone's screen (360 px): the SPA's srcset
// makes a 2x phone download the narrowest variant at least twice as wide.
const phoneSlot = 360

// variantFor is the key of the variant of a processed photo a 2x screen downloads for a slot of
// slot CSS pixels (spa/src/lib/media.ts photoSources); any other key as is.
func variantFor(key string, slot int) string {
	p, ok := domain.ParseProcessedFoto(key)
	if !ok {
		return key
	}
	for _, v := range domain.FotoVariants(p.Largest) {
		if v.W >= slot*2 {
			return domain.FotoVariantKey(p.Dir, v)
		}
	}
	return key
}

// feed: read a feed page, like, open comments, comment, sometimes report.
func (s *Sim) feed(ctx context.Context, m *member) error {
	mo := s.currentMonth()
	route, path := "GET /api/feed/grupos", "/api/feed/grupos?limit=20"
	if s.chance(0.3) || len(m.groupsNow()) == 0 {
		route, path = "GET /api/feed/comunidade", "/api/feed/comunidade?limit=20"
	}
	var p page[postView]
	if _, err := s.api.call(ctx, m, mo, route, path, nil, &p); err != nil {
		return err
	}
	for i, post := range p.Items {
		if i >= 8 {
			break // the first screens
		}
		if err := s.seePhotos(ctx, m, post.Fotos); err != nil {
			return err
		}
	}
	for _, post := range p.Items {
		if post.AutorID == m.id || post.Oculto {
			continue
		}
		pp := "/api/posts/" + url.PathEscape(post.ID)
		if !post.Curtido && s.chance(0.25) {
			_, err := s.api.call(ctx, m, mo, "PUT /api/posts/{postId}/curtida", pp+"/curtida", nil, nil)
			if err := tolerate(err, 404, 429); err != nil {
				return err
			}
		}
		if s.chance(0.08) {
			if _, err := s.api.call(ctx, m, mo, "GET /api/posts/{postId}/comentarios", pp+"/comentarios?limit=20", nil, nil); tolerate(err, 404) != nil {
				return err
			}
			if s.chance(0.5) {
				_, err := s.api.call(ctx, m, mo, "POST /api/posts/{postId}/comentarios", pp+"/comentarios", map[string]any{"texto": s.sentence()}, nil)
				if err := tolerate(err, 404, 409, 429); err != nil {
					return err
				}
			}
		}
		if s.chance(0.004) {
			_, err := s.api.call(ctx, m, mo, "POST /api/posts/{postId}/denuncias", pp+"/denuncias", map[string]any{"motivo": "spam", "texto": "Parece propaganda"}, nil)
			if err := tolerate(err, 404, 409, 429); err != nil {
				return err
			}
		}
	}
	return nil
}

func (s *Sim) post(ctx context.Context, m *member) error {
	gs := m.groupsNow()
	g := gs[s.intn(len(gs))]
	body := map[string]any{"texto": s.sentence(), "grupoId": g.id}
	if s.chance(0.5) {
		key, err := s.upload(ctx, m, "post")
		if err != nil {
			return err
		}
		if key != "" {
			body["fotos"] = []string{key}
		}
	}
	_, err := s.api.call(ctx, m, s.currentMonth(), "POST /api/posts", "/api/posts", body, nil)
	return tolerate(err, 403, 404, 409, 429)
}

func (s *Sim) rankings(ctx context.Context, m *member) error {
	mo := s.currentMonth()
	periodo := "mes"
	if s.chance(0.3) {
		periodo = "geral"
	}
	if _, err := s.api.call(ctx, m, mo, "GET /api/rankings/membros", "/api/rankings/membros?periodo="+periodo, nil, nil); err != nil {
		return err
	}
	if _, err := s.api.call(ctx, m, mo, "GET /api/rankings/grupos", "/api/rankings/grupos?periodo="+periodo, nil, nil); err != nil {
		return err
	}
	if gs := m.groupsNow(); len(gs) > 0 {
		g := gs[s.intn(len(gs))]
		_, err := s.api.call(ctx, m, mo, "GET /api/rankings/grupos/{groupId}/membros", "/api/rankings/grupos/"+g.id+"/membros?periodo="+periodo, nil, nil)
		return tolerate(err, 404, 403)
	}
	return nil
}

func (s *Sim) notifications(ctx context.Context, m *member) error {
	mo := s.currentMonth()
	var p page[struct {
		ID   string `json:"id"`
		Read bool   `json:"read"`
	}]
	if _, err := s.api.call(ctx, m, mo, "GET /api/notifications", "/api/notifications?limit=20", nil, &p); err != nil {
		return err
	}
	if s.chance(0.5) {
		_, err := s.api.call(ctx, m, mo, "POST /api/notifications/read-all", "/api/notifications/read-all", nil, nil)
		return err
	}
	for _, n := range p.Items {
		if !n.Read {
			_, err := s.api.call(ctx, m, mo, "POST /api/notifications/{id}/read", "/api/notifications/"+url.PathEscape(n.ID)+"/read", nil, nil)
			return tolerate(err, 404)
		}
	}
	return nil
}

// groupPage: the group, its members (the SPA's first page) and its cultivos; a coordinator also
// answers the join requests.
func (s *Sim) groupPage(ctx context.Context, m *member) error {
	mo := s.currentMonth()
	gs := m.groupsNow()
	g := gs[s.intn(len(gs))]
	base := "/api/groups/" + g.id
	if _, err := s.api.call(ctx, m, mo, "GET /api/groups/{groupId}", base, nil, nil); err != nil {
		return tolerate(err, 404, 403)
	}
	if _, err := s.api.call(ctx, m, mo, "GET /api/groups/{groupId}/members", base+"/members?limit=50", nil, nil); err != nil {
		return tolerate(err, 404, 403)
	}
	if s.chance(0.5) {
		if _, err := s.api.call(ctx, m, mo, "GET /api/groups/{groupId}/cultivos", base+"/cultivos?limit=20", nil, nil); err != nil {
			return tolerate(err, 404, 403)
		}
	}
	if s.chance(0.3) {
		if _, err := s.api.call(ctx, m, mo, "GET /api/groups/{groupId}/posts", base+"/posts?limit=20", nil, nil); err != nil {
			return tolerate(err, 404, 403)
		}
	}
	// Harvests "a confirmar" (recorded before the vegetable's first harvest day, or more than
	// what was planted gives: docs/fair-play.md) count nowhere until a coordinator confirms them.
	if g.coordinator == m && s.chance(0.7) {
		var pending page[struct {
			ID        string `json:"id"`
			CultivoID string `json:"cultivoId"`
			AutorID   string `json:"autorId"`
		}]
		if _, err := s.api.call(ctx, m, mo, "GET /api/groups/{groupId}/colheitas-a-confirmar", base+"/colheitas-a-confirmar?limit=20", nil, &pending); err != nil {
			return tolerate(err, 404, 403)
		}
		for _, h := range pending.Items {
			if h.AutorID == m.id {
				continue // never one's own
			}
			_, err := s.api.call(ctx, m, mo, "POST /api/cultivos/{cultivoId}/colheitas/{colheitaId}/confirmacao",
				"/api/cultivos/"+url.PathEscape(h.CultivoID)+"/colheitas/"+url.PathEscape(h.ID)+"/confirmacao", nil, nil)
			if err := tolerate(err, 403, 404, 409, 422, 429); err != nil {
				return err
			}
		}
	}
	if g.coordinator == m && g.entrada == "aprovacao" {
		var reqs page[struct {
			UserID string `json:"userId"`
		}]
		if _, err := s.api.call(ctx, m, mo, "GET /api/groups/{groupId}/requests", base+"/requests?limit=50", nil, &reqs); err != nil {
			return err
		}
		for _, r := range reqs.Items {
			_, err := s.api.call(ctx, m, mo, "POST /api/groups/{groupId}/requests/{userId}/approve", base+"/requests/"+r.UserID+"/approve", nil, nil)
			if err := tolerate(err, 404, 409, 422, 429); err != nil {
				return err
			}
			if err == nil {
				for _, x := range s.members {
					if x.id == r.UserID {
						x.joined(g)
					}
				}
			}
		}
	}
	return nil
}

func (s *Sim) directory(ctx context.Context, m *member) error {
	q := []string{"horta", "comunitaria", strings.ToLower(s.groups[s.intn(len(s.groups))].cidade)}[s.intn(3)]
	_, err := s.api.call(ctx, m, s.currentMonth(), "GET /api/groups", "/api/groups?q="+url.QueryEscape(q)+"&limit=20", nil, nil)
	return err
}

func (s *Sim) profile(ctx context.Context, m *member) error {
	mo := s.currentMonth()
	if _, err := s.api.call(ctx, m, mo, "GET /api/me/progress", "/api/me/progress", nil, nil); err != nil {
		return err
	}
	if s.chance(0.2) {
		_, err := s.api.call(ctx, m, mo, "PUT /api/me", "/api/me", map[string]any{"bio": "Cultivo hortaliças com a família"}, nil)
		return err
	}
	return nil
}

func (s *Sim) leave(ctx context.Context, m *member) error {
	gs := m.groupsNow()
	g := gs[s.intn(len(gs))]
	_, err := s.api.call(ctx, m, s.currentMonth(), "DELETE /api/groups/{groupId}/members/{userId}", "/api/groups/"+g.id+"/members/"+m.id, nil, nil)
	if err := tolerate(err, 403, 404, 409); err != nil {
		return err
	}
	if err == nil {
		m.left(g)
		// Most look for another group.
		if s.chance(0.6) {
			other := s.groups[s.intn(len(s.groups))]
			if !m.in(other) {
				m.mu.Lock()
				m.pending = append(m.pending, other)
				m.mu.Unlock()
				return s.joinPending(ctx, m)
			}
		}
	}
	return nil
}

// deleteAccount: /configuracoes' deletion, called until it says it is done.
func (s *Sim) deleteAccount(ctx context.Context, m *member) error {
	mo := s.currentMonth()
	for range 50 {
		var out struct {
			Concluida bool `json:"concluida"`
		}
		_, err := s.api.call(ctx, m, mo, "POST /api/me/exclusao", "/api/me/exclusao", map[string]any{"confirmacao": "EXCLUIR", "senha": m.pass}, &out)
		if err != nil {
			return err
		}
		if out.Concluida {
			break
		}
	}
	m.mu.Lock()
	m.deleted = true
	gs := append([]*group(nil), m.groups...)
	m.mu.Unlock()
	for _, g := range gs {
		m.left(g)
	}
	s.stats.deletedAccounts++
	return nil
}

// moderate: the admin's queue, each item decided.
func (s *Sim) moderate(ctx context.Context) error {
	mo := s.currentMonth()
	var q page[struct {
		PostID       string  `json:"postId"`
		ComentarioID *string `json:"comentarioId"`
	}]
	if _, err := s.api.call(ctx, s.admin, mo, "GET /api/admin/moderacao", "/api/admin/moderacao?limit=20", nil, &q); err != nil {
		return err
	}
	for _, it := range q.Items {
		body := map[string]any{"acao": []string{"manter", "remover"}[s.intn(2)]}
		if it.ComentarioID != nil {
			body["comentarioId"] = *it.ComentarioID
		}
		_, err := s.api.call(ctx, s.admin, mo, "POST /api/admin/moderacao/{postId}", "/api/admin/moderacao/"+url.PathEscape(it.PostID), body, nil)
		if err := tolerate(err, 404, 409); err != nil {
			return err
		}
	}
	return nil
}

var (
	subjects = []string{"O tomate", "A alface", "A couve", "O manjericão", "A cebolinha", "O pimentão", "A rúcula", "O feijão", "A abóbora", "O coentro"}
	verbs    = []string{"cresceu bem", "pegou sol demais", "precisou de rega extra", "ganhou folhas novas", "floresceu", "sofreu com pulgões", "está quase pronta para colher", "adorou o adubo de minhoca"}
	endings  = []string{"nesta semana.", "depois da chuva.", "no canteiro do fundo.", "com a ajuda do grupo.", "— alguém tem dicas?", "e estou muito feliz!", "apesar do calor.", "desde domingo."}
)

// sentence is a short, varied text (the feed refuses the same text twice in a minute).
func (s *Sim) sentence() string {
	return subjects[s.intn(len(subjects))] + " " + verbs[s.intn(len(verbs))] + " " + endings[s.intn(len(endings))] + fmt.Sprintf(" (%d)", s.intn(1000))
}
