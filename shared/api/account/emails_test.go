package account_test

import (
	"context"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/api/account"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/email"
)

func choices(t *testing.T, u testkit.User) account.Emails {
	t.Helper()
	return testkit.Get[account.Emails](t, h, "/api/me/emails", u)
}

func active(e account.Emails) []string {
	var out []string
	for _, k := range e.Tipos {
		if k.Ativo {
			out = append(out, k.Tipo)
		}
	}
	return out
}

func TestEmailChoicesStartOffAndAreTheMembersOwn(t *testing.T) {
	setup(t)
	u := env.NewUser(t, "Quem Escolhe")
	e := choices(t, u)
	if !e.Envio || len(e.Tipos) != len(domain.TiposEmail) || len(active(e)) != 0 {
		t.Fatalf("a new member's choices: %+v", e)
	}
	res := testkit.Do(t, h, "PUT", "/api/me/emails", u, map[string]any{"ativos": []string{"janela", "resumo"}})
	if res.Status != 200 {
		t.Fatalf("put: %d %s", res.Status, res.Body)
	}
	if got := active(choices(t, u)); !slices.Equal(got, []string{"janela", "resumo"}) {
		t.Errorf("after choosing: %v", got)
	}
	// Each is one call: a GetItem to read, a PutItem to choose.
	env.Calls.Reset()
	choices(t, u)
	if ops := env.Calls.ByOperation(); env.Calls.Total() != 1 || ops["GetItem"] != 1 {
		t.Errorf("reading the choices made %v", ops)
	}
	env.Calls.Reset()
	testkit.Do(t, h, "PUT", "/api/me/emails", u, map[string]any{"ativos": []string{"janela", "resumo"}})
	if ops := env.Calls.ByOperation(); env.Calls.Total() != 1 || ops["PutItem"] != 1 {
		t.Errorf("saving the choices made %v", ops)
	}
	other := env.NewUser(t, "Outra Pessoa")
	if got := active(choices(t, other)); len(got) != 0 {
		t.Errorf("another member's choices changed: %v", got)
	}
	for _, bad := range []any{map[string]any{"ativos": []string{"spam"}}, map[string]any{"ativos": []string{"resumo", "resumo"}}, map[string]any{}} {
		if res := testkit.Do(t, h, "PUT", "/api/me/emails", u, bad); res.Status != 400 || res.ErrorField() != "ativos" {
			t.Errorf("bad %v: %d %s", bad, res.Status, res.Body)
		}
	}
	for _, m := range []string{"GET", "PUT"} {
		if res := testkit.Do(t, h, m, "/api/me/emails", testkit.User{}, map[string]any{"ativos": []string{}}); res.Status != 401 {
			t.Errorf("%s signed out: %d", m, res.Status)
		}
	}
}

func subscribed(t *testing.T, uid string) bool {
	t.Helper()
	var after map[string]string
	for {
		uids, next, err := env.Deps.Store.EmailSubscribers(context.Background(), domain.EmailResumo, 100, after)
		if err != nil {
			t.Fatal(err)
		}
		if slices.Contains(uids, uid) {
			return true
		}
		if next == nil {
			return false
		}
		after = next
	}
}

// TestTheUnsubscribeLinkWorksSignedOutAndRefusesForgeries: the link of an e-mail stops its
// kind without a sign-in, by the one-click POST a mail client sends (RFC 8058) or the page's
// button; a link changed by hand or signed with another key changes nothing.
func TestTheUnsubscribeLinkWorksSignedOutAndRefusesForgeries(t *testing.T) {
	setup(t)
	ctx := context.Background()
	ana, bia := env.NewUser(t, "Ana Descadastro"), env.NewUser(t, "Bia Descadastro")
	for _, u := range []testkit.User{ana, bia} {
		if res := testkit.Do(t, h, "PUT", "/api/me/emails", u, map[string]any{"ativos": []string{"janela", "resumo"}}); res.Status != 200 {
			t.Fatal(res.Status)
		}
	}
	if !subscribed(t, ana.ID) {
		t.Fatal("the digest does not list a member who chose it")
	}
	key, err := env.Deps.Mail().Links.Get(ctx)
	if err != nil {
		t.Fatal(err)
	}
	token := email.UnsubscribeToken(key, ana.ID, domain.EmailResumo)
	oneClick, page := email.UnsubscribeURLs("https://verde.example.org", token)
	if !strings.HasPrefix(oneClick, "https://verde.example.org/api/emails/descadastro?t=") || !strings.HasPrefix(page, "https://verde.example.org/emails/descadastro?t=") {
		t.Fatalf("links %s %s", oneClick, page)
	}
	path := "/api/emails/descadastro?t=" + url.QueryEscape(token)

	// The page asks what the link stops: nothing changes.
	res := testkit.Do(t, h, "GET", path, testkit.User{}, nil)
	if res.Status != 200 || !strings.Contains(string(res.Body), `"tipo":"resumo"`) || !strings.Contains(string(res.Body), `"ativo":true`) {
		t.Fatalf("info: %d %s", res.Status, res.Body)
	}
	if !subscribed(t, ana.ID) {
		t.Fatal("asking about the link unsubscribed")
	}

	// Forged links: another member's id under Ana's signature, another kind, another key, cut short.
	sig := token[strings.LastIndex(token, ".")+1:]
	for name, forged := range map[string]string{
		"another member": "resumo." + bia.ID + "." + sig,
		"another kind":   "janela." + ana.ID + "." + sig,
		"another key":    email.UnsubscribeToken([]byte("0123456789abcdef0123456789abcdef"), bia.ID, domain.EmailResumo),
		"cut short":      token[:len(token)-4],
		"none":           "",
	} {
		res := testkit.DoWithHeader(t, h, "POST", "/api/emails/descadastro?t="+url.QueryEscape(forged), testkit.User{},
			"List-Unsubscribe=One-Click", http.Header{"Content-Type": {"application/x-www-form-urlencoded"}})
		if res.Status != 400 || res.ErrorField() != "t" {
			t.Errorf("%s: %d %s", name, res.Status, res.Body)
		}
	}
	if got := active(choices(t, bia)); !slices.Equal(got, []string{"janela", "resumo"}) {
		t.Fatalf("a forged link changed Bia's choices: %v", got)
	}

	// The mail client's one-click POST, signed out.
	res = testkit.DoWithHeader(t, h, "POST", path, testkit.User{}, "List-Unsubscribe=One-Click",
		http.Header{"Content-Type": {"application/x-www-form-urlencoded"}})
	if res.Status != 200 || !strings.Contains(string(res.Body), `"ativo":false`) {
		t.Fatalf("one-click: %d %s", res.Status, res.Body)
	}
	if got := active(choices(t, ana)); !slices.Equal(got, []string{"janela"}) {
		t.Errorf("after one-click: %v", got)
	}
	if subscribed(t, ana.ID) {
		t.Error("the digest still lists Ana")
	}
	// Again (the page's button after the mail client): the same answer, nothing else changes;
	// one UpdateItem (the link's key is read once per container).
	env.Calls.Reset()
	if res := testkit.Do(t, h, "POST", path, testkit.User{}, nil); res.Status != 200 {
		t.Errorf("again: %d %s", res.Status, res.Body)
	}
	if ops := env.Calls.ByOperation(); env.Calls.Total() != 1 || ops["UpdateItem"] != 1 {
		t.Errorf("an unsubscribe made %v", ops)
	}
	env.Calls.Reset()
	if res := testkit.Do(t, h, "GET", path, testkit.User{}, nil); res.Status != 200 || env.Calls.Total() != 0 {
		t.Errorf("the page's question: %d, %v", res.Status, env.Calls.ByOperation())
	}
	// A member who never chose anything (or whose account is gone) has nothing to stop.
	nobody := email.UnsubscribeToken(key, "sem-conta", domain.EmailJanela)
	if res := testkit.Do(t, h, "POST", "/api/emails/descadastro?t="+url.QueryEscape(nobody), testkit.User{}, nil); res.Status != 200 {
		t.Errorf("no choices: %d %s", res.Status, res.Body)
	}
}
