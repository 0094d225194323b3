// Command catalogseed is the CatalogSeedFunction Lambda: the CloudFormation custom resource
// (Custom::CatalogSeed in template.yaml) that seeds a deployed stack's catalogue on every
// create and update, with the data and code the local cloud seeds with (infra/seed,
// store.SeedCatalog).
package main

import (
	"context"

	"github.com/aws/aws-lambda-go/cfn"
	"github.com/aws/aws-lambda-go/lambda"

	"github.com/verde-app/verde/infra/seed"
	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/auth"
)

func main() {
	d := app.MustDeps(context.Background(), app.ConfigFromEnv())
	admins := func(ctx context.Context) ([]string, error) {
		return auth.CognitoDirectory{Client: d.Cognito}.AdminGroupMembers(ctx, d.Config.UserPoolID)
	}
	lambda.Start(cfn.LambdaWrap(handler(d.Store, seed.Catalog, admins)))
}
