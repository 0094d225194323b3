// Command slots is the SlotsFunction Lambda.
package main

import (
	"context"

	"github.com/verde-app/verde/shared/api/slots"
	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/lambdahttp"
)

func main() {
	lambdahttp.Start(slots.NewServer(app.MustDeps(context.Background(), app.ConfigFromEnv())))
}
