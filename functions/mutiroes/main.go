// Command mutiroes is the MutiroesFunction Lambda.
package main

import (
	"context"

	"github.com/verde-app/verde/shared/api/mutiroes"
	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/lambdahttp"
)

func main() {
	d := app.MustDeps(context.Background(), app.ConfigFromEnv())
	// Only requests that came through CloudFront (its origin header): see template.yaml OriginSecret.
	lambdahttp.Start(d.Origin.Require(mutiroes.NewServer(d)))
}
