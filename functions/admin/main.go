// Command admin is the AdminFunction Lambda.
package main

import (
	"github.com/verde-app/verde/shared/api/admin"
	"github.com/verde-app/verde/shared/auth/cognitoadmin"
	"github.com/verde-app/verde/shared/lambdahttp"
	"github.com/verde-app/verde/shared/uploads/bucket"
)

func main() {
	// cognitoadmin.Wire: the pool's administration (the SDK's Cognito client, made on first use);
	// bucket.Wire: the uploads bucket, where the exports of /admin/dados are downloaded from.
	lambdahttp.ServeArea(admin.NewServer, cognitoadmin.Wire, bucket.Wire)
}
