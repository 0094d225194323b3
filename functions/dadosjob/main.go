// Command dadosjob is the DadosJobFunction Lambda: the export job of
// /admin/dados and the member-search backfill (shared/dados), invoked
// asynchronously.
package main

import (
	"context"

	"github.com/aws/aws-lambda-go/lambda"

	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/dados"
	"github.com/verde-app/verde/shared/obs"
	"github.com/verde-app/verde/shared/uploads/bucket"
)

func main() {
	obs.Init() // JSON log lines (template.yaml LoggingConfig)
	d := app.MustDeps(context.Background(), app.ConfigFromEnv())
	bucket.Wire(&d) // the exports are written to the uploads bucket
	lambda.Start(dados.Handler(d))
}
