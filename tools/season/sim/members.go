package sim

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	cip "github.com/aws/aws-sdk-go-v2/service/cognitoidentityprovider"
	"github.com/aws/aws-sdk-go-v2/service/cognitoidentityprovider/types"

	"github.com/verde-app/verde/infra/local/cloud"
)

// member is one simulated person and what the season knows of their things.
type member struct {
	n           int
	name, email string
	id          string
	perWeek     float64 // sessions a week
	joinDay     int     // the day they first join a group (0: at the start)
	uf, cidade  string
	admin       bool
	idp         *cip.Client
	clientID    string
	pass        string
	totp        string // the authenticator secret of an account with TOTP MFA (the demo admin)
	verified    bool   // typed the e-mail's code (their likes pay: docs/fair-play.md)

	mu       sync.Mutex
	access   string
	refresh  string
	issuedAt time.Time // wall clock: tokens live by real time
	groups   []*group
	pending  []*group
	cultivos []*cultivo
	seen     map[string]bool // photos in the browser's cache
	deleted  bool
	profiled bool
	authN    int // sign-ins and refreshes (Cognito operations)
}

type cultivo struct {
	id               string
	fase             string
	changed          int // the season day of its last phase change
	group            *group
	archived, closed bool
}

type group struct {
	id, name, uf, cidade string
	entrada              string
	coordinator          *member
	target               int

	mu      sync.Mutex
	members []*member
}

// Profiles: the share of members and their sessions a week. Most people who sign up to a
// community app come rarely; a few come every day.
var profiles = []struct {
	share, perWeek float64
}{{0.35, 0.25}, {0.30, 1}, {0.25, 3}, {0.10, 7}}

var ufs = []struct{ uf, cidade string }{
	{"SP", "Campinas"}, {"RJ", "Niterói"}, {"MG", "Belo Horizonte"}, {"RS", "Porto Alegre"}, {"PR", "Curitiba"},
	{"BA", "Salvador"}, {"PE", "Recife"}, {"CE", "Fortaleza"}, {"GO", "Goiânia"}, {"DF", "Brasília"},
	{"PA", "Belém"}, {"SC", "Florianópolis"}, {"AM", "Manaus"}, {"ES", "Vitória"}, {"MT", "Cuiabá"},
}

var firstNames = []string{"Ana", "Bruno", "Carla", "Diego", "Elisa", "Fábio", "Gabriela", "Heitor", "Íris", "João", "Karina",
	"Lucas", "Marta", "Nelson", "Olívia", "Paulo", "Quitéria", "Rafael", "Sônia", "Tiago", "Úrsula", "Vítor", "Wanda", "Yara", "Zeca"}
var lastNames = []string{"Silva", "Souza", "Oliveira", "Santos", "Lima", "Pereira", "Costa", "Rodrigues", "Almeida", "Nascimento",
	"Araújo", "Ferreira", "Carvalho", "Gomes", "Martins", "Rocha", "Ribeiro", "Barbosa"}

// token is the member's access token, signing in again (or refreshing) when it is near its
// end: every active member is a Cognito monthly active user.
func (m *member) token(ctx context.Context) (string, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.access != "" && time.Since(m.issuedAt) < 40*time.Minute {
		return m.access, nil
	}
	var out *cip.InitiateAuthOutput
	var err error
	if m.refresh != "" {
		out, err = m.idp.InitiateAuth(ctx, &cip.InitiateAuthInput{ClientId: aws.String(m.clientID), AuthFlow: types.AuthFlowTypeRefreshTokenAuth,
			AuthParameters: map[string]string{"REFRESH_TOKEN": m.refresh}})
	}
	if m.refresh == "" || err != nil {
		out, err = m.idp.InitiateAuth(ctx, &cip.InitiateAuthInput{ClientId: aws.String(m.clientID), AuthFlow: types.AuthFlowTypeUserPasswordAuth,
			AuthParameters: map[string]string{"USERNAME": m.email, "PASSWORD": m.pass}})
	}
	if err == nil && out.ChallengeName == types.ChallengeNameTypeSoftwareTokenMfa {
		var res *cip.RespondToAuthChallengeOutput
		res, err = m.idp.RespondToAuthChallenge(ctx, &cip.RespondToAuthChallengeInput{ClientId: aws.String(m.clientID), ChallengeName: out.ChallengeName,
			Session: out.Session, ChallengeResponses: map[string]string{"USERNAME": m.email, "SOFTWARE_TOKEN_MFA_CODE": cloud.TOTPCode(m.totp, time.Now())}})
		if err == nil {
			out = &cip.InitiateAuthOutput{AuthenticationResult: res.AuthenticationResult}
		}
	}
	if err != nil {
		return "", fmt.Errorf("sign in %s: %w", m.email, err)
	}
	if out.AuthenticationResult == nil {
		return "", errors.New("sign in " + m.email + ": no tokens (a challenge?)")
	}
	m.access = aws.ToString(out.AuthenticationResult.AccessToken)
	if r := aws.ToString(out.AuthenticationResult.RefreshToken); r != "" {
		m.refresh = r
	}
	m.issuedAt = time.Now()
	m.authN++
	if m.id == "" {
		m.id = subOf(m.access)
	}
	return m.access, nil
}

func subOf(token string) string {
	var c struct {
		Sub string `json:"sub"`
	}
	cloud.UnverifiedClaims(token, &c)
	return c.Sub
}

// groupTargets are the groups' sizes: skewed (each about 0.8 of the one before), the largest
// near the 500-member cap when there are members enough; some members are in two groups.
func groupTargets(members, groups int) []int {
	weights := make([]float64, groups)
	sum := 0.0
	for i := range weights {
		weights[i] = math.Pow(0.8, float64(i)) + 0.02
		sum += weights[i]
	}
	seats := float64(members) * 1.1
	out := make([]int, groups)
	for i, w := range weights {
		out[i] = max(3, min(480, int(seats*w/sum)))
	}
	return out
}

// cast signs everyone up, creates the groups and puts the first members in them.
func (s *Sim) cast(ctx context.Context) error {
	// The demo admin moderates.
	s.admin = &member{n: -1, name: "Admin", email: s.cloud.AdminEmail, pass: s.cloud.AdminPassword, totp: s.cloud.AdminTOTPSecret, admin: true,
		idp: s.idp, clientID: s.cloud.ClientID, seen: map[string]bool{}}
	if _, err := s.admin.token(ctx); err != nil {
		return err
	}
	for i := 0; i < s.cfg.Members; i++ {
		m := &member{n: i, seen: map[string]bool{}, pass: password}
		m.name = fmt.Sprintf("%s %s %d", firstNames[s.intn(len(firstNames))], lastNames[s.intn(len(lastNames))], i)
		m.email = fmt.Sprintf("membro-%d-%d@temporada.example.com", s.cfg.Seed%1000, i)
		r, acc := s.rngFloat(), 0.0
		for _, p := range profiles {
			acc += p.share
			if r < acc {
				m.perWeek = p.perWeek
				break
			}
		}
		if m.perWeek == 0 {
			m.perWeek = profiles[len(profiles)-1].perWeek
		}
		if s.chance(0.25) {
			m.joinDay = 1 + s.intn(max(1, s.cfg.Days-30)) // joins later in the season
		}
		s.members = append(s.members, m)
	}
	if err := s.parallel(ctx, len(s.members), func(i int) error { return s.signUp(ctx, s.members[i]) }); err != nil {
		return err
	}

	targets := groupTargets(s.cfg.Members, s.cfg.Groups)
	for i := 0; i < s.cfg.Groups; i++ {
		place := ufs[i%len(ufs)]
		g := &group{name: fmt.Sprintf("Horta Comunitária %s %d", place.cidade, i+1), uf: place.uf, cidade: place.cidade, target: targets[i], entrada: "aberta"}
		if i%4 == 3 {
			g.entrada = "aprovacao"
		}
		g.coordinator = s.members[(i*7919)%len(s.members)]
		s.groups = append(s.groups, g)
	}
	if err := s.parallel(ctx, len(s.groups), func(i int) error {
		g := s.groups[i]
		c := g.coordinator
		c.joinDay = 0
		var out struct {
			ID string `json:"id"`
		}
		if _, err := s.api.call(ctx, c, 0, "POST /api/groups", "/api/groups", map[string]any{
			"nome": g.name, "descricao": "Canteiros coletivos do bairro", "cidade": g.cidade, "uf": g.uf,
			"visibilidade": "publico", "entrada": g.entrada, "maxMembros": 500,
		}, &out); err != nil {
			return err
		}
		g.id = out.ID
		g.members = []*member{c}
		c.groups = append(c.groups, g)
		return s.setPlace(ctx, c, g)
	}); err != nil {
		return err
	}
	// Seats: each group's target of members, drawn from everyone (a member may land in two).
	for _, g := range s.groups {
		for len(g.members)+len(pendingOf(s.members, g)) < g.target {
			m := s.members[s.intn(len(s.members))]
			if m.in(g) || m.wants(g) || len(m.groups)+len(m.pending) >= 2 {
				if s.chance(0.02) {
					break
				}
				continue
			}
			m.pending = append(m.pending, g)
		}
	}
	// Members who start now join at once; the others in their first session after their day.
	var now []*member
	for _, m := range s.members {
		if m.joinDay == 0 && len(m.pending) > 0 {
			now = append(now, m)
		}
	}
	return s.parallel(ctx, len(now), func(i int) error { return s.joinPending(ctx, now[i]) })
}

func (s *Sim) rngFloat() float64 {
	s.rngMu.Lock()
	defer s.rngMu.Unlock()
	return s.rng.Float64()
}

func pendingOf(ms []*member, g *group) []*member {
	var out []*member
	for _, m := range ms {
		if m.wants(g) {
			out = append(out, m)
		}
	}
	return out
}

func (m *member) in(g *group) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return slices.Contains(m.groups, g)
}

func (m *member) wants(g *group) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return slices.Contains(m.pending, g)
}

// setPlace puts the group's UF and city on the member's profile (once): Plante agora reads it.
func (s *Sim) setPlace(ctx context.Context, m *member, g *group) error {
	if m.profiled {
		return nil
	}
	m.profiled, m.uf, m.cidade = true, g.uf, g.cidade
	_, err := s.api.call(ctx, m, s.currentMonth(), "PUT /api/me", "/api/me", map[string]any{"uf": g.uf, "cidade": g.cidade}, nil)
	return err
}

// joinPending sends the member's join requests (an open group takes them at once; the others
// wait for their coordinator's approval).
func (s *Sim) joinPending(ctx context.Context, m *member) error {
	m.mu.Lock()
	pending := append([]*group(nil), m.pending...)
	m.mu.Unlock()
	for _, g := range pending {
		var out struct {
			Status string `json:"status"`
		}
		_, err := s.api.call(ctx, m, s.currentMonth(), "POST /api/groups/{groupId}/join", "/api/groups/"+g.id+"/join", nil, &out)
		if err := tolerate(err, 409, 422, 429); err != nil {
			return err
		}
		if err != nil {
			m.drop(g)
			continue
		}
		if out.Status == "membro" {
			m.joined(g)
		}
		if err := s.setPlace(ctx, m, g); err != nil {
			return err
		}
	}
	return nil
}

func (m *member) drop(g *group) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for i, x := range m.pending {
		if x == g {
			m.pending = append(m.pending[:i], m.pending[i+1:]...)
			return
		}
	}
}

func (m *member) joined(g *group) {
	m.drop(g)
	m.mu.Lock()
	m.groups = append(m.groups, g)
	m.mu.Unlock()
	g.mu.Lock()
	g.members = append(g.members, m)
	g.mu.Unlock()
}

func (m *member) left(g *group) {
	m.mu.Lock()
	for i, x := range m.groups {
		if x == g {
			m.groups = append(m.groups[:i], m.groups[i+1:]...)
			break
		}
	}
	m.mu.Unlock()
	g.mu.Lock()
	for i, x := range g.members {
		if x == m {
			g.members = append(g.members[:i], g.members[i+1:]...)
			break
		}
	}
	g.mu.Unlock()
}

// tolerate returns nil for an API answer with one of the statuses a real member meets now and
// then (a cap reached, a conflict, a post removed meanwhile), the error otherwise.
func tolerate(err error, statuses ...int) error {
	var ae *apiError
	if errors.As(err, &ae) {
		for _, st := range statuses {
			if ae.Status == st {
				return nil
			}
		}
	}
	return err
}

// parallel runs f(0..n-1) on the configured workers and returns the first error.
func (s *Sim) parallel(ctx context.Context, n int, f func(int) error) error {
	sem := make(chan struct{}, max(1, s.cfg.Workers))
	var wg sync.WaitGroup
	var mu sync.Mutex
	var first error
	for i := 0; i < n; i++ {
		sem <- struct{}{}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			if err := f(i); err != nil {
				mu.Lock()
				if first == nil {
					first = err
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	return first
}
