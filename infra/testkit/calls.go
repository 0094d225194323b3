package testkit

import (
	"context"
	"sync"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/smithy-go/middleware"
)

// CallCounter counts DynamoDB API calls by operation, so tests can assert how
// many calls a request path makes.
type CallCounter struct {
	mu   sync.Mutex
	byOp map[string]int
}

// Attach adds the counter to an SDK config (before clients are made from it).
func (c *CallCounter) Attach(cfg *aws.Config) {
	cfg.APIOptions = append(cfg.APIOptions, func(stack *middleware.Stack) error {
		return stack.Initialize.Add(middleware.InitializeMiddlewareFunc("verdeCallCounter",
			func(ctx context.Context, in middleware.InitializeInput, next middleware.InitializeHandler) (middleware.InitializeOutput, middleware.Metadata, error) {
				c.add(middleware.GetOperationName(ctx))
				return next.HandleInitialize(ctx, in)
			}), middleware.After)
	})
}

func (c *CallCounter) add(op string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.byOp == nil {
		c.byOp = map[string]int{}
	}
	c.byOp[op]++
}

// Reset forgets every call counted so far.
func (c *CallCounter) Reset() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.byOp = map[string]int{}
}

// Total is the number of calls since the last Reset.
func (c *CallCounter) Total() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := 0
	for _, v := range c.byOp {
		n += v
	}
	return n
}

// ByOperation copies the counts per operation name (GetItem, Query, …).
func (c *CallCounter) ByOperation() map[string]int {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := make(map[string]int, len(c.byOp))
	for k, v := range c.byOp {
		out[k] = v
	}
	return out
}
