// Command account is the AccountFunction Lambda.
package main

import (
	"github.com/verde-app/verde/shared/api/account"
	"github.com/verde-app/verde/shared/auth/cognitoadmin"
	"github.com/verde-app/verde/shared/lambdahttp"
)

func main() {
	// cognitoadmin.Wire: the pool's administration (the SDK's Cognito client, made on first use).
	lambdahttp.ServeArea(account.NewServer, cognitoadmin.Wire)
}
