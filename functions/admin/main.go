// Command admin is the AdminFunction Lambda.
package main

import (
	"github.com/verde-app/verde/shared/api/admin"
	"github.com/verde-app/verde/shared/auth/cognitoadmin"
	"github.com/verde-app/verde/shared/lambdahttp"
)

func main() {
	// cognitoadmin.Wire: the pool's administration (the SDK's Cognito client, made on first use).
	lambdahttp.ServeArea(admin.NewServer, cognitoadmin.Wire)
}
