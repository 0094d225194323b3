// Command cultivos is the CultivosFunction Lambda.
package main

import (
	"github.com/verde-app/verde/shared/api/cultivos"
	"github.com/verde-app/verde/shared/lambdahttp"
)

func main() {
	lambdahttp.ServeArea(cultivos.NewServer)
}
