package app

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"sync"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/lambda"
	"github.com/aws/aws-sdk-go-v2/service/lambda/types"
)

// InvokeAsync invokes the Lambda function named by the environment variable
// env (DADOS_JOB_FUNCTION: the export job) with payload, asynchronously
// (InvocationType Event), as the export job's start and its continuation
// do. Locally AWS_ENDPOINT_URL_LAMBDA points at the local cloud, whose
// invoke endpoint runs the function in process. The client is made on
// first use.
func InvokeAsync(ctx context.Context, env string, payload any) error {
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

// Invoke invokes the Lambda function named by the environment variable env (PHOTOS_FUNCTION:
// the photo processor) synchronously (RequestResponse) with payload and decodes its answer
// into out. An error the function raised is an error here too.
func Invoke(ctx context.Context, env string, payload, out any) error {
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
	res, err := c.Invoke(ctx, &lambda.InvokeInput{FunctionName: aws.String(name), Payload: raw})
	if err != nil {
		return fmt.Errorf("invoke %s: %w", name, err)
	}
	if res.FunctionError != nil {
		return fmt.Errorf("invoke %s: %s: %s", name, aws.ToString(res.FunctionError), res.Payload)
	}
	if err := json.Unmarshal(res.Payload, out); err != nil {
		return fmt.Errorf("invoke %s: decode answer: %w", name, err)
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
		cfg, err := config.LoadDefaultConfig(context.WithoutCancel(ctx))
		if err != nil {
			lambdaErr = err
			return
		}
		lambdaC = lambda.NewFromConfig(cfg)
	})
	return lambdaC, lambdaErr
}
