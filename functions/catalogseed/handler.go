package main

import (
	"context"
	"time"

	"github.com/aws/aws-lambda-go/cfn"

	"github.com/verde-app/verde/infra/seed"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
)

// physicalID is the resource's one PhysicalResourceId. It never changes, so
// CloudFormation never reads an update as a replacement (which would be
// followed by a Delete of the "old" resource).
const physicalID = "verde-catalog"

// responseMargin is kept from the Lambda's deadline for LambdaWrap to send the
// response: a seed that runs out of time fails the stack operation at once
// rather than leaving CloudFormation waiting for an answer.
const responseMargin = 3 * time.Second

// handler seeds the catalogue on Create and Update (store.SeedCatalog writes
// only what the table lacks, so any number of runs leaves the same items) and
// does nothing on Delete: the catalogue stays in the table, which the stack
// retains. A failure is reported to CloudFormation as FAILED with its reason.
func handler(s *store.Store, catalog func() ([]domain.Vegetable, []domain.Conquista, error)) cfn.CustomResourceFunction {
	return func(ctx context.Context, ev cfn.Event) (string, map[string]any, error) {
		if ev.RequestType == cfn.RequestDelete {
			return physicalID, nil, nil
		}
		if deadline, ok := ctx.Deadline(); ok {
			var cancel context.CancelFunc
			ctx, cancel = context.WithDeadline(ctx, deadline.Add(-responseMargin))
			defer cancel()
		}
		vegetables, conquistas, err := catalog()
		if err != nil {
			return physicalID, nil, err
		}
		n, err := s.SeedCatalog(ctx, vegetables, conquistas)
		if err != nil {
			return physicalID, nil, err
		}
		// Plausible yields are ours to correct: written over on every deploy.
		yields, err := seed.Yields()
		if err != nil {
			return physicalID, nil, err
		}
		if err := s.SeedYields(ctx, yields); err != nil {
			return physicalID, nil, err
		}
		// Public groups made before the directory's word index get their words, once per table.
		words, err := s.BackfillDirectoryWords(ctx)
		if err != nil {
			return physicalID, nil, err
		}
		return physicalID, map[string]any{"Written": n, "DirectoryWords": words}, nil
	}
}
