// Command me is the MeFunction Lambda.
package main

import (
	"github.com/verde-app/verde/shared/api/me"
	"github.com/verde-app/verde/shared/lambdahttp"
)

func main() {
	lambdahttp.ServeArea(me.NewServer)
}
