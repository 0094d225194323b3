// Command reminders is the RemindersFunction Lambda: the daily reminders, on
// an EventBridge schedule (template.yaml).
package main

import (
	"context"

	"github.com/aws/aws-lambda-go/lambda"

	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/obs"
	"github.com/verde-app/verde/shared/reminders"
)

func main() {
	obs.Init() // JSON log lines (template.yaml LoggingConfig)
	lambda.Start(reminders.Handler(app.MustDeps(context.Background(), app.ConfigFromEnv())))
}
