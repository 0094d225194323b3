// Command photos is the PhotosFunction Lambda: the photo processor (shared/photoproc), invoked
// synchronously by the API functions when an item names an upload. The only function that
// links the image codecs.
package main

import (
	"os"

	"github.com/aws/aws-lambda-go/lambda"

	"github.com/verde-app/verde/shared/photoproc"
)

func main() {
	lambda.Start(photoproc.Handler(photoproc.S3FromEnv(), os.Getenv("UPLOADS_BUCKET")))
}
