package cloud

import (
	"context"
	"fmt"
	"slices"

	"github.com/aws/aws-sdk-go-v2/aws"
	awsmiddleware "github.com/aws/aws-sdk-go-v2/aws/middleware"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/smithy-go/middleware"
)

// tableActionsOnly makes a function's DynamoDB client refuse any call its IAM policy would
// refuse in AWS: allowed is its shared/areas.TableActions, the same list template.yaml grants.
// A call beyond it fails like an AccessDeniedException, so a handler that starts using a new
// action fails in the local cloud (and in every test and journey through it) before a deploy.
func tableActionsOnly(function string, allowed []string) func(*aws.Config) {
	return func(cfg *aws.Config) {
		cfg.APIOptions = append(cfg.APIOptions, func(stack *middleware.Stack) error {
			return stack.Initialize.Add(middleware.InitializeMiddlewareFunc("verdeLocalIAM",
				func(ctx context.Context, in middleware.InitializeInput, next middleware.InitializeHandler) (middleware.InitializeOutput, middleware.Metadata, error) {
					if awsmiddleware.GetServiceID(ctx) == "DynamoDB" {
						for _, action := range iamActions(awsmiddleware.GetOperationName(ctx), in.Parameters) {
							if !slices.Contains(allowed, action) {
								return middleware.InitializeOutput{}, middleware.Metadata{}, fmt.Errorf(
									"AccessDeniedException (local cloud): %s is not allowed dynamodb:%s; grant it in template.yaml and shared/areas.TableActions",
									function, action)
							}
						}
					}
					return next.HandleInitialize(ctx, in)
				}), middleware.Before)
		})
	}
}

// iamActions are the IAM actions one DynamoDB call needs.
func iamActions(operation string, params any) []string {
	switch in := params.(type) {
	case *dynamodb.TransactWriteItemsInput:
		var out []string
		for _, it := range in.TransactItems {
			switch {
			case it.Put != nil:
				out = append(out, "PutItem")
			case it.Update != nil:
				out = append(out, "UpdateItem")
			case it.Delete != nil:
				out = append(out, "DeleteItem")
			case it.ConditionCheck != nil:
				out = append(out, "ConditionCheckItem")
			}
		}
		return out
	case *dynamodb.TransactGetItemsInput:
		return []string{"GetItem"}
	}
	return []string{operation}
}
