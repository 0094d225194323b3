// Command presignup is the Cognito PreSignUp trigger. It links no AWS client (no shared/app).
package main

import (
	"github.com/aws/aws-lambda-go/lambda"

	"github.com/verde-app/verde/shared/triggers/presignup"
)

func main() {
	lambda.Start(presignup.PreSignUp(presignup.AutoConfirmFromEnv()))
}
