// Command lotes is the LotesFunction Lambda.
package main

import (
	"github.com/verde-app/verde/shared/api/lotes"
	"github.com/verde-app/verde/shared/lambdahttp"
)

func main() {
	lambdahttp.ServeArea(lotes.NewServer)
}
