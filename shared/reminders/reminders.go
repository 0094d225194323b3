// Package reminders is the RemindersFunction's handler: the daily reminders
// (store/reminders.go), run by an EventBridge schedule in AWS and by the local
// cloud at the same hour and on demand (make remind).
package reminders

import (
	"context"
	"log/slog"

	"github.com/verde-app/verde/shared/app"
)

// MaxPerRun bounds one run's work: the due items it reads (pages of 100).
// A day with more continues in the next run (the schedule repeats every 15
// minutes from 10:00 to 11:45 UTC), from the cursor the store keeps.
const MaxPerRun = 500

// Result is what a run did (the Lambda's answer).
type Result struct {
	Dia       string `json:"dia"`
	Lidos     int    `json:"lidos"`
	Enviados  int    `json:"enviados"`
	Concluido bool   `json:"concluido"`
	Mailed
}

// Handler runs the reminders due today (Brasília) from where the last run stopped.
func Handler(d app.Deps) func(ctx context.Context) (Result, error) {
	return func(ctx context.Context) (Result, error) {
		r, err := d.Store.RunReminders(ctx, MaxPerRun)
		res := Result{Dia: r.Dia, Lidos: r.Lidos, Enviados: r.Enviados, Concluido: r.Concluido}
		res.Mailed = mailReminders(ctx, d, r.Avisos) // what was sent before an error too
		if err != nil {
			slog.Error("reminders", "dia", r.Dia, "err", err)
			return res, err
		}
		slog.Info("reminders", "dia", r.Dia, "lidos", r.Lidos, "enviados", r.Enviados, "concluido", r.Concluido)
		return res, nil
	}
}
