// Command photosjob is the PhotosJobFunction Lambda: the photos job (shared/photojob), started
// by the API functions when an item releases a photo and every day by its schedule.
package main

import (
	"context"
	"os"

	"github.com/aws/aws-lambda-go/lambda"

	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/photojob"
	"github.com/verde-app/verde/shared/uploads/bucket"
)

func main() {
	d := app.MustDeps(context.Background(), app.ConfigFromEnv())
	bucket.Wire(&d) // released photos and unclaimed uploads are deleted from the uploads bucket
	lambda.Start(photojob.Handler(photojob.New(d, os.Getenv("DISTRIBUTION_ID"))))
}
