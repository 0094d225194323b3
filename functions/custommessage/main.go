// Command custommessage is the Cognito CustomMessage trigger: every e-mail Cognito sends, in
// Portuguese (shared/triggers/custommessage). It links no AWS client.
package main

import (
	"os"

	"github.com/aws/aws-lambda-go/lambda"

	"github.com/verde-app/verde/shared/obs"
	"github.com/verde-app/verde/shared/triggers/custommessage"
)

func main() {
	obs.Init() // JSON log lines (template.yaml LoggingConfig)
	lambda.Start(custommessage.Handler(os.Getenv("SITE_URL")))
}
