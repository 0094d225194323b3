// Command migrations is the MigrationsFunction Lambda: the CloudFormation custom resource
// (Custom::Migrations in template.yaml) that runs the data migrations of shared/migrations on
// every create and update of a deployed stack, with the code and data the local cloud runs at
// start (the catalogue seed of infra/seed among them). A run that needs longer than
// CloudFormation waits goes on in an asynchronous run of the same function.
package main

import (
	"context"

	"github.com/aws/aws-lambda-go/cfn"
	"github.com/aws/aws-lambda-go/lambda"

	"github.com/verde-app/verde/infra/seed"
	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/auth/cognitoadmin"
	"github.com/verde-app/verde/shared/invoke"
	"github.com/verde-app/verde/shared/migrations"
	"github.com/verde-app/verde/shared/obs"
)

func main() {
	obs.Init() // JSON log lines (template.yaml LoggingConfig)
	d := app.MustDeps(context.Background(), app.ConfigFromEnv())
	cognitoadmin.Wire(&d) // the admin group's members (the SDK's Cognito client, made on first use)
	admins := func(ctx context.Context) ([]string, error) {
		return d.Users.(cognitoadmin.CognitoDirectory).AdminGroupMembers(ctx, d.Config.UserPoolID)
	}
	list := func() ([]migrations.Migration, error) { return migrations.List(seed.Catalog, seed.Yields, admins) }
	cont := func(ctx context.Context) error {
		return invoke.Async(ctx, "MIGRATIONS_FUNCTION", Continue{Continuar: true})
	}
	lambda.Start(dispatch(cfn.LambdaWrap(handler(d.Store, list, cont, cfnBudget)), continueRun(d.Store, list, cont)))
}
