// Package invoke starts another Lambda function asynchronously. Only the functions that start
// a job import it (the admin's data export, the export job's own continuation), so the others
// do not link the SDK's Lambda client.
package invoke

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"sync"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/lambda"
	"github.com/aws/aws-sdk-go-v2/service/lambda/types"

	"github.com/verde-app/verde/shared/awsenv"
)

// Async invokes the Lambda function named by the environment variable
// env (DADOS_JOB_FUNCTION: the export job) with payload, asynchronously
// (InvocationType Event), as the export job's start and its continuation
// do. Locally AWS_ENDPOINT_URL_LAMBDA points at the local cloud, whose
// invoke endpoint runs the function in process. The client is made on
// first use.
func Async(ctx context.Context, env string, payload any) error {
	name := os.Getenv(env)
	if name == "" {
		return fmt.Errorf("%s is not set", env)
	}
	c, err := lambdaClient(ctx)
	if err != nil {
		return err
	}
	raw, err := json.Marshal(payload)
	if err != nil {
		return err
	}
	_, err = c.Invoke(ctx, &lambda.InvokeInput{FunctionName: aws.String(name), InvocationType: types.InvocationTypeEvent, Payload: raw})
	if err != nil {
		return fmt.Errorf("invoke %s: %w", name, err)
	}
	return nil
}

var (
	lambdaOnce sync.Once
	lambdaC    *lambda.Client
	lambdaErr  error
)

func lambdaClient(ctx context.Context) (*lambda.Client, error) {
	lambdaOnce.Do(func() {
		lambdaC = lambda.NewFromConfig(awsenv.For(awsenv.Config(), "LAMBDA"))
	})
	return lambdaC, lambdaErr
}
