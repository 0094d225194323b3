// Command me is the MeFunction Lambda.
package main

import (
	"context"

	"github.com/verde-app/verde/shared/api/me"
	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/lambdahttp"
)

func main() {
	lambdahttp.Start(me.NewServer(app.MustDeps(context.Background(), app.ConfigFromEnv())))
}
