// Command viewsjob is the ViewsJobFunction Lambda: "Meus grupos" pointers
// (invoked by the feed's and the groups' functions) and the rankings'
// snapshots (an EventBridge schedule), shared/views.
package main

import (
	"context"

	"github.com/aws/aws-lambda-go/lambda"

	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/views"
)

func main() {
	lambda.Start(views.Handler(app.MustDeps(context.Background(), app.ConfigFromEnv())))
}
