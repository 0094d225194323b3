// Command lotes is the LotesFunction Lambda.
package main

import (
	"context"

	"github.com/verde-app/verde/shared/api/lotes"
	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/lambdahttp"
)

func main() {
	lambdahttp.Start(lotes.NewServer(app.MustDeps(context.Background(), app.ConfigFromEnv())))
}
