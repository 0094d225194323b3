// Command mutiroes is the MutiroesFunction Lambda.
package main

import (
	"github.com/verde-app/verde/shared/api/mutiroes"
	"github.com/verde-app/verde/shared/lambdahttp"
)

func main() {
	lambdahttp.ServeArea(mutiroes.NewServer)
}
