package admin_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/api/admin"
	"github.com/verde-app/verde/shared/dados"
	"github.com/verde-app/verde/shared/domain"
)

func listed(t *testing.T, u testkit.User, id string) admin.Exportacao {
	t.Helper()
	res := testkit.Do(t, h, "GET", "/api/admin/dados/exports", u, nil)
	var page admin.ExportacaoPage
	res.Decode(t, &page)
	for _, e := range page.Items {
		if e.ID == id {
			return e
		}
	}
	t.Fatalf("export %s not listed: %s", id, res.Body)
	return admin.Exportacao{}
}

// TestAFailedExportIsMarkedFailedAndRetries: an export whose job reported a failure, and one
// whose job died without a word (no progress for longer than a run and a queued continuation
// can take), both show as failed; "Tentar de novo" runs the same export again to the end, once.
func TestAFailedExportIsMarkedFailedAndRetries(t *testing.T) {
	setup(t)
	ctx := context.Background()
	adm := env.NewAdmin(t, "Fernanda Falha")
	s := env.Deps.Store

	// The job reports its failure: a hand-over that cannot start the next run.
	failing, _, err := s.CreateExport(ctx, domain.ExportInput{Entidade: "vegetais", Formato: "jsonl"}, testkit.Actor(adm))
	if err != nil {
		t.Fatal(err)
	}
	job := &dados.Job{Store: s, Bucket: env.Deps.Uploads, PageSize: 3, PagesPerRun: 1, MinPart: 200, Reserve: time.Second,
		Continue: func(context.Context, dados.Event) error { return errors.New("lambda unavailable") }}
	if err := job.Run(ctx, failing.ID); err == nil {
		t.Fatal("the run did not fail")
	}
	if e := listed(t, adm, failing.ID); e.Status != domain.ExportErro || e.Erro == "" {
		t.Fatalf("a reported failure: %+v", e)
	}

	// The job died: processando, and nothing written for longer than domain.ExportParadaApos.
	s.Now = func() time.Time { return time.Now().Add(-domain.ExportParadaApos - time.Minute) }
	dead, _, err := s.CreateExport(ctx, domain.ExportInput{Entidade: "grupos", Formato: "csv"}, testkit.Actor(adm))
	if err == nil {
		dead.Status = domain.ExportProcessando
		err = s.SaveExport(ctx, dead)
	}
	s.Now = nil
	if err != nil {
		t.Fatal(err)
	}
	if e := listed(t, adm, dead.ID); e.Status != domain.ExportErro || e.Erro != domain.ExportacaoParada {
		t.Fatalf("a silent death: %+v", e)
	}
	// One still in its time is not failed, and cannot be retried.
	fresh, _, _ := s.CreateExport(ctx, domain.ExportInput{Entidade: "grupos", Formato: "jsonl"}, testkit.Actor(adm))
	if e := listed(t, adm, fresh.ID); e.Status != domain.ExportPendente {
		t.Fatalf("a fresh export: %+v", e)
	}
	if res := testkit.Do(t, h, "POST", "/api/admin/dados/exports/"+fresh.ID+"/repetir", adm, nil); res.Status != 409 {
		t.Fatalf("retry of a running export: %d %s", res.Status, res.Body)
	}

	for _, id := range []string{failing.ID, dead.ID} {
		member := env.NewUser(t, "Mário Membro")
		if res := testkit.Do(t, h, "POST", "/api/admin/dados/exports/"+id+"/repetir", member, nil); res.Status != 403 {
			t.Fatalf("a member's retry: %d", res.Status)
		}
		res := testkit.Do(t, h, "POST", "/api/admin/dados/exports/"+id+"/repetir", adm, nil)
		var e admin.Exportacao
		res.Decode(t, &e)
		if res.Status != 200 || e.Status != domain.ExportPendente || e.Erro != "" {
			t.Fatalf("retry: %d %s", res.Status, res.Body)
		}
		// A second click while it runs again is refused; the job (the local cloud's async invoke) finishes it.
		if res := testkit.Do(t, h, "POST", "/api/admin/dados/exports/"+id+"/repetir", adm, nil); res.Status != 409 {
			t.Errorf("second click: %d %s", res.Status, res.Body)
		}
		rec := waitExport(t, id)
		if rec.Status != domain.ExportPronto || rec.Tentativas != 1 || rec.Linhas == 0 {
			t.Fatalf("after the retry: %+v", rec)
		}
		download(t, adm, id)
	}
}
