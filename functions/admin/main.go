// Command admin is the AdminFunction Lambda.
package main

import (
	"context"

	"github.com/verde-app/verde/shared/api/admin"
	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/auth/cognitoadmin"
	"github.com/verde-app/verde/shared/lambdahttp"
	"github.com/verde-app/verde/shared/obs"
)

func main() {
	obs.Init() // JSON log lines (template.yaml LoggingConfig)
	d := app.MustDeps(context.Background(), app.ConfigFromEnv())
	cognitoadmin.Wire(&d) // the pool's administration (the SDK's Cognito client, made on first use)
	// Only requests that came through CloudFront (its origin header): see template.yaml OriginSecret.
	lambdahttp.Start(d.Origin.Require(admin.NewServer(d)))
}
