// Command account is the AccountFunction Lambda.
package main

import (
	"github.com/verde-app/verde/shared/api/account"
	"github.com/verde-app/verde/shared/auth/cognitoadmin"
	"github.com/verde-app/verde/shared/lambdahttp"
	"github.com/verde-app/verde/shared/uploads/bucket"
)

func main() {
	// cognitoadmin.Wire: the pool's administration (the SDK's Cognito client, made on first use);
	// bucket.Wire: the uploads bucket, where the member's photos are listed and erased.
	lambdahttp.ServeArea(account.NewServer, cognitoadmin.Wire, bucket.Wire)
}
