// Package invoke starts a Lambda function: asynchronously for the export job's start and
// continuation, the migrations' continuation and the photos job; synchronously for the photo
// processor. It is the one package that links the Lambda SDK
// (whose operation schemas are package-level data every importer pays for at start), so only the
// functions that invoke import it. Its client is made on first use from the function's
// environment (shared/awsenv), without the SDK's config loader.
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
	_, err := invoke(ctx, env, types.InvocationTypeEvent, payload)
	return err
}

// Invoke invokes the Lambda function named by the environment variable env (PHOTOS_FUNCTION:
// the photo processor) synchronously (RequestResponse) with payload and decodes its answer
// into out. An error the function raised is an error here too.
func Invoke(ctx context.Context, env string, payload, out any) error {
	res, err := invoke(ctx, env, types.InvocationTypeRequestResponse, payload)
	if err != nil {
		return err
	}
	if res.FunctionError != nil {
		return fmt.Errorf("invoke %s: %s: %s", os.Getenv(env), aws.ToString(res.FunctionError), res.Payload)
	}
	if err := json.Unmarshal(res.Payload, out); err != nil {
		return fmt.Errorf("invoke %s: decode answer: %w", os.Getenv(env), err)
	}
	return nil
}

func invoke(ctx context.Context, env string, typ types.InvocationType, payload any) (*lambda.InvokeOutput, error) {
	name := os.Getenv(env)
	if name == "" {
		return nil, fmt.Errorf("%s is not set", env)
	}
	c := lambdaClient()
	raw, err := json.Marshal(payload)
	if err != nil {
		return nil, err
	}
	res, err := c.Invoke(ctx, &lambda.InvokeInput{FunctionName: aws.String(name), InvocationType: typ, Payload: raw})
	if err != nil {
		return nil, fmt.Errorf("invoke %s: %w", name, err)
	}
	return res, nil
}

// lambdaClient is the Lambda client, made once.
var lambdaClient = sync.OnceValue(func() *lambda.Client {
	return lambda.NewFromConfig(awsenv.For(awsenv.Config(), "LAMBDA"))
})
