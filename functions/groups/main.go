// Command groups is the GroupsFunction Lambda.
package main

import (
	"context"

	"github.com/verde-app/verde/shared/api/groups"
	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/lambdahttp"
)

func main() {
	lambdahttp.Start(groups.NewServer(app.MustDeps(context.Background(), app.ConfigFromEnv())))
}
