// Command uploads is the UploadsFunction Lambda.
package main

import (
	"github.com/verde-app/verde/shared/api/uploads"
	"github.com/verde-app/verde/shared/lambdahttp"
)

func main() {
	lambdahttp.ServeArea(uploads.NewServer)
}
