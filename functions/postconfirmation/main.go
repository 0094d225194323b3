// Command postconfirmation is the Cognito PostConfirmation trigger: it writes the user's profile.
package main

import (
	"context"

	"github.com/aws/aws-lambda-go/lambda"

	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/obs"
	"github.com/verde-app/verde/shared/triggers"
)

func main() {
	obs.Init() // JSON log lines (template.yaml LoggingConfig)
	lambda.Start(triggers.PostConfirmation(app.MustDeps(context.Background(), app.ConfigFromEnv())))
}
