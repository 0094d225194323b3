// Command bare is the baseline of make bench's init figures: an aws-lambda-go handler that does
// nothing, built and measured in the same run as the functions, so each function's init is
// printed as a ratio to it.
package main

import (
	"context"

	"github.com/aws/aws-lambda-go/lambda"
)

func main() {
	lambda.Start(func(ctx context.Context) (string, error) { return "ok", nil })
}
