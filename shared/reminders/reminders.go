// Package reminders is the RemindersFunction's handler: the daily reminders
// (store/reminders.go), run by an EventBridge schedule in AWS and by the local
// cloud at the same hour and on demand (make remind).
//
// A run sends every item due today however many there are: it pages through
// the day's DUE# partition until it is done or its time is nearly up
// (store.RunReminders keeps 20 s of the function's timeout), saves its cursor,
// and then invokes itself again (REMINDERS_FUNCTION, asynchronously), which
// goes on from that cursor; the schedule's later runs (every 15 minutes until
// 11:45 UTC) go on too if a continuation was lost. Each run writes one
// CloudWatch embedded-metric line (namespace Verde/Reminders, dimension
// none) that an alarm can watch:
//
//	RemindersRead                 due items read by the run
//	RemindersSent                 reminders sent by the run
//	RemindersPending              1 when the run stopped with items left for today, else 0
//	RemindersContinuationFailed   1 when the run could not start its continuation, else 0
//
// A day is complete when a run logs RemindersPending 0 ("concluido": true).
package reminders

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"os"
	"time"

	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/invoke"
	"github.com/verde-app/verde/shared/obs"
)

// MaxPerRun bounds one run's work: the due items it reads (pages of 100),
// beside its time (the function's timeout, less a reserve).
const MaxPerRun = 50000

// Result is what a run did (the Lambda's answer).
type Result struct {
	Dia        string `json:"dia"`
	Lidos      int    `json:"lidos"`
	Enviados   int    `json:"enviados"`
	Concluido  bool   `json:"concluido"`
	Continuado bool   `json:"continuado"` // a continuation was started (items left)
	Mailed
}

// Continue starts the next run (Lambda Invoke, InvocationType Event); a
// variable so that tests run it in process.
var Continue = func(ctx context.Context) error {
	return invoke.Async(ctx, "REMINDERS_FUNCTION", map[string]string{"continuar": "true"})
}

// Handler runs the reminders due today (Brasília) from where the last run stopped.
func Handler(d app.Deps) func(ctx context.Context) (Result, error) {
	return func(ctx context.Context) (Result, error) {
		r, err := d.Store.RunReminders(ctx, MaxPerRun)
		res := Result{Dia: r.Dia, Lidos: r.Lidos, Enviados: r.Enviados, Concluido: r.Concluido}
		res.Mailed = mailReminders(ctx, d, r.Avisos) // what was sent before an error too
		if err != nil {
			obs.Alarm(ctx, obs.AlarmRemindersIncomplete, "reminders", "dia", r.Dia, "err", err)
			metrics(res, false)
			return res, err
		}
		failed := false
		if !r.Concluido {
			if err := Continue(context.WithoutCancel(ctx)); err != nil {
				failed = true
				obs.Alarm(ctx, obs.AlarmRemindersIncomplete, "reminders continuation not started", "dia", r.Dia, "err", err)
			} else {
				res.Continuado = true
			}
		}
		slog.Info("reminders", "dia", r.Dia, "lidos", r.Lidos, "enviados", r.Enviados, "concluido", r.Concluido, "continuado", res.Continuado)
		metrics(res, failed)
		return res, nil
	}
}

// metrics writes the run's CloudWatch embedded-metric-format line to stdout
// (the function's log group), which CloudWatch turns into metrics with no
// API call.
func metrics(r Result, continuationFailed bool) {
	b := func(v bool) int {
		if v {
			return 1
		}
		return 0
	}
	line := map[string]any{
		"_aws": map[string]any{
			"Timestamp": time.Now().UnixMilli(),
			"CloudWatchMetrics": []map[string]any{{
				"Namespace":  "Verde/Reminders",
				"Dimensions": [][]string{{}},
				"Metrics": []map[string]string{
					{"Name": "RemindersRead", "Unit": "Count"}, {"Name": "RemindersSent", "Unit": "Count"},
					{"Name": "RemindersPending", "Unit": "Count"}, {"Name": "RemindersContinuationFailed", "Unit": "Count"},
				},
			}},
		},
		"dia":                         r.Dia,
		"RemindersRead":               r.Lidos,
		"RemindersSent":               r.Enviados,
		"RemindersPending":            b(!r.Concluido),
		"RemindersContinuationFailed": b(continuationFailed),
	}
	raw, err := json.Marshal(line)
	if err != nil {
		return
	}
	fmt.Fprintln(os.Stdout, string(raw))
}
