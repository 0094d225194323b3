// Command presignup is the Cognito PreSignUp trigger.
package main

import (
	"github.com/aws/aws-lambda-go/lambda"

	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/triggers"
)

func main() {
	lambda.Start(triggers.PreSignUp(app.ConfigFromEnv().AutoConfirm))
}
