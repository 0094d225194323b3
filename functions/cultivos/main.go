// Command cultivos is the CultivosFunction Lambda.
package main

import (
	"context"

	"github.com/verde-app/verde/shared/api/cultivos"
	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/lambdahttp"
)

func main() {
	lambdahttp.Start(cultivos.NewServer(app.MustDeps(context.Background(), app.ConfigFromEnv())))
}
