// Command digest is the DigestFunction Lambda: the weekly e-mail digest, on an EventBridge
// schedule (template.yaml).
package main

import (
	"context"

	"github.com/aws/aws-lambda-go/lambda"

	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/digest"
	"github.com/verde-app/verde/shared/obs"
)

func main() {
	obs.Init() // JSON log lines (template.yaml LoggingConfig)
	lambda.Start(digest.Handler(app.MustDeps(context.Background(), app.ConfigFromEnv())))
}
