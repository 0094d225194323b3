// Command presignup is the Cognito PreSignUp trigger. Of the AWS SDK it links only the Cognito
// client, made on the first Google sign-up (account linking); no shared/app.
package main

import (
	"github.com/aws/aws-lambda-go/lambda"

	"github.com/verde-app/verde/shared/obs"
	"github.com/verde-app/verde/shared/triggers/presignup"
	"github.com/verde-app/verde/shared/triggers/presignup/cognitoaccounts"
)

func main() {
	obs.Init() // JSON log lines (template.yaml LoggingConfig)
	lambda.Start(presignup.PreSignUp(presignup.AutoConfirmFromEnv(), cognitoaccounts.Lazy()))
}
