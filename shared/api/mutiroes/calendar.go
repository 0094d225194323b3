package mutiroes

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"strings"
	"time"

	"github.com/verde-app/verde/shared/api"
	"github.com/verde-app/verde/shared/api/kit"
	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
)

// A calendar feed's address is /api/calendario/<token>: the member, the
// group ("" for the member's own feed) and the feed's nonce, signed with the
// cursor secret (a token never made here is refused before any read), and
// checked against the nonce kept in the table (a revoked or replaced address
// answers 404).

const feedSigContext = "verde-calendario|"

func signFeed(key []byte, f store.CalendarFeed) string {
	payload := f.UserID + "|" + f.GroupID + "|" + f.Nonce
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(feedSigContext + payload))
	return base64.RawURLEncoding.EncodeToString([]byte(payload)) + "." + base64.RawURLEncoding.EncodeToString(mac.Sum(nil))
}

func openFeed(key []byte, token string) (store.CalendarFeed, bool) {
	token = strings.TrimSuffix(token, ".ics")
	body, sig, ok := strings.Cut(token, ".")
	if !ok {
		return store.CalendarFeed{}, false
	}
	payload, err1 := base64.RawURLEncoding.DecodeString(body)
	got, err2 := base64.RawURLEncoding.DecodeString(sig)
	if err1 != nil || err2 != nil {
		return store.CalendarFeed{}, false
	}
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(feedSigContext + string(payload)))
	if !hmac.Equal(got, mac.Sum(nil)) {
		return store.CalendarFeed{}, false
	}
	parts := strings.Split(string(payload), "|")
	if len(parts) != 3 {
		return store.CalendarFeed{}, false
	}
	return store.CalendarFeed{UserID: parts[0], GroupID: parts[1], Nonce: parts[2]}, true
}

// CalendarioFeed is a feed's address (schema CalendarioFeed).
type CalendarioFeed struct {
	URL     *string `json:"url"`
	GroupID *string `json:"groupId"`
}

func feedURL(d app.Deps, r *http.Request, f *store.CalendarFeed, gid string) (CalendarioFeed, error) {
	out := CalendarioFeed{}
	if gid != "" {
		out.GroupID = &gid
	}
	if f == nil {
		return out, nil
	}
	c, err := d.Cursors.Get(r.Context())
	if err != nil {
		return out, err
	}
	u := siteURL(r) + "/api/calendario/" + signFeed(c.Key, *f) + ".ics"
	out.URL = &u
	return out, nil
}

// scopeOf reads ?groupId= (a group's feed) or nothing (the member's own).
func scopeOf(r *http.Request) string { return strings.TrimSpace(r.URL.Query().Get("groupId")) }

// handleMyFeed is the caller's feed address of a scope, null when none: one GetItem.
func handleMyFeed(d app.Deps) http.Handler {
	return kit.Read(d, http.StatusOK, func(r *http.Request, actor store.Actor) (CalendarioFeed, error) {
		gid := scopeOf(r)
		f, err := d.Store.CalendarFeedOf(r.Context(), actor.ID, gid)
		if err != nil {
			return CalendarioFeed{}, err
		}
		return feedURL(d, r, f, gid)
	})
}

// handleNewFeed gives the caller a new feed address (a group's: members),
// replacing the one before.
func handleNewFeed(d app.Deps) http.Handler {
	return kit.Act(d, http.StatusOK, func(r *http.Request, in domain.CalendarioInput, actor store.Actor) (CalendarioFeed, error) {
		f, err := d.Store.NewCalendarFeed(r.Context(), actor, in.GroupID)
		if err != nil {
			return CalendarioFeed{}, err
		}
		return feedURL(d, r, &f, in.GroupID)
	})
}

// handleRevokeFeed revokes the caller's feed of a scope.
func handleRevokeFeed(d app.Deps) http.Handler {
	return kit.Done(d, func(r *http.Request, actor store.Actor) error {
		return d.Store.RevokeCalendarFeed(r.Context(), actor.ID, scopeOf(r))
	})
}

// handleFeed is a calendar feed, for a phone's calendar to subscribe to (no
// sign-in: the address is the key). One BatchGetItem and one Query.
func handleFeed(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		notFound := domain.ErrCalendarioNotFound()
		c, err := d.Cursors.Get(r.Context())
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		f, ok := openFeed(c.Key, r.PathValue("token"))
		if !ok {
			api.WriteError(w, r, notFound)
			return
		}
		v, err := d.Store.ReadCalendarFeed(r.Context(), f)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		now := d.Now()
		writeCalendar(w, calendar(domain.NomeCalendario(v.Grupo), agendaEvents(v.Itens, siteURL(r), now), now), "")
	})
}

// agendaEvents are an agenda's entries as events: a mutirão once, a weekly
// turn as its coming occurrences for eight weeks.
func agendaEvents(items []domain.AgendaItem, site string, now time.Time) []icsEvent {
	var out []icsEvent
	for _, a := range items {
		switch a.Tipo {
		case domain.AgendaMutirao:
			titulo := domain.TituloEventoMutirao(a.Titulo, "", a.Espera)
			e := icsEvent{UID: "mutirao-" + a.RefID + "@verde", Inicio: a.Inicio, Fim: a.Inicio.Add(time.Duration(a.DuracaoMin) * time.Minute),
				Titulo: titulo, Local: a.Local, Descricao: a.Descricao, Cancelado: a.Cancelado}
			if site != "" {
				e.URL = site + domain.LinkMutirao(a.GroupID, a.RefID)
			}
			out = append(out, e)
		default:
			out = append(out, escalaEvents(a, items, site, now)...)
		}
	}
	return out
}
