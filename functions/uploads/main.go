// Command uploads is the UploadsFunction Lambda.
package main

import (
	"github.com/verde-app/verde/shared/api/uploads"
	"github.com/verde-app/verde/shared/lambdahttp"
	"github.com/verde-app/verde/shared/uploads/bucket"
)

func main() {
	// bucket.Wire: the uploads bucket, whose PUTs it presigns.
	lambdahttp.ServeArea(uploads.NewServer, bucket.Wire)
}
