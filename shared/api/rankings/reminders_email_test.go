package rankings_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/reminders"
)

// TestRemindersAreEmailedToWhoChoseThem: the day a window opens, the member who chose
// "Janela de colheita" gets the reminder by e-mail (both parts, one-click unsubscribe), the
// collaborator who did not gets only the notification; a rerun mails nobody twice.
func TestRemindersAreEmailedToWhoChoseThem(t *testing.T) {
	g, grower, helper := growers(t, "Gina Jardineira", "Heitor Sem Email")
	s := env.Deps.Store
	ctx := context.Background()
	if err := s.SetEmailChoices(ctx, grower.ID, []string{domain.EmailJanela}); err != nil {
		t.Fatal(err)
	}
	// A planting day of its own, far from the other tests' days in this shared table.
	base := time.Now().UTC().Truncate(24*time.Hour).AddDate(0, 0, -400).Add(15 * time.Hour)
	s.Now = func() time.Time { return base }
	in := domain.CultivoInput{VegetalID: "alface-verao", GrupoID: g.Group.ID, Metodo: "muda", Quantidade: qty(6),
		Unidade: "mudas", DataPlantio: domain.FormatDate(domain.LocalDate(base)), Fase: domain.FaseSemeado, Colaboradores: []string{helper.ID}}
	c := env.CreateCultivo(t, in, grower)
	s.Now = func() time.Time { return base.AddDate(0, 0, c.DiasColheitaMin).Add(-5 * time.Hour) } // 07:00 in Brasília
	res, err := reminders.Handler(env.Deps)(ctx)
	if err != nil || res.Mailed.Enviados < 1 || res.Mailed.Falhas != 0 {
		t.Fatalf("run: %+v %v", res, err)
	}
	gp, _, _ := s.Profile(ctx, grower.ID)
	hp, _, _ := s.Profile(ctx, helper.ID)
	mails := testkit.MailsTo(t, env.Cloud.URL, gp.Email)
	if len(mails) != 1 {
		t.Fatalf("%d e-mails to the grower: %+v", len(mails), mails)
	}
	m := mails[0]
	if m.Via != "SES" || !strings.HasPrefix(m.Subject, "Hora de colher: ") || !strings.Contains(m.Text, "Olá, Gina!") ||
		!strings.Contains(m.HTML, "Ver o cultivo") || !strings.Contains(m.Text, "/grupos/"+g.Group.ID) {
		t.Errorf("the e-mail: %+v", m)
	}
	if !strings.Contains(m.ListUnsubscribe, "/api/emails/descadastro?t=janela.") || m.ListUnsubscribePost != "List-Unsubscribe=One-Click" ||
		!strings.Contains(m.Text, "/emails/descadastro?t=janela.") {
		t.Errorf("unsubscribe headers %q %q, text %q", m.ListUnsubscribe, m.ListUnsubscribePost, m.Text)
	}
	if got := testkit.MailsTo(t, env.Cloud.URL, hp.Email); len(got) != 0 {
		t.Errorf("the collaborator who chose nothing got %d e-mails", len(got))
	}
	if got := notifs(t, helper.ID, domain.NotifLembreteJanela); len(got) == 0 {
		t.Error("the collaborator lost the notification")
	}
	// The schedule's next run that day sends nothing again.
	if res, err := reminders.Handler(env.Deps)(ctx); err != nil || res.Mailed.Enviados != 0 {
		t.Fatalf("second run: %+v %v", res, err)
	}
	if got := testkit.MailsTo(t, env.Cloud.URL, gp.Email); len(got) != 1 {
		t.Errorf("after the second run: %d e-mails", len(got))
	}
}
