package testkit

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	awsmiddleware "github.com/aws/aws-sdk-go-v2/aws/middleware"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/smithy-go/middleware"
	"github.com/google/uuid"

	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/store"
)

// CallCounter counts DynamoDB API calls by operation, so tests can assert how
// many calls a request path makes, and the read capacity units they consumed
// (it asks every read for ReturnConsumedCapacity; DynamoDB Local answers with
// the units its item sizes cost). Cognito's calls are left out: an admin
// request's TOTP check (auth.MFATTL, per container) would otherwise fall into
// whichever request comes first. So are the reads of the access list
// (store.AccessListKey), once per container every store.AccessTTL: on a busy
// machine more than that passed between a test's warm-up and its measured
// request, and the request counted one GetItem more.
type CallCounter struct {
	mu       sync.Mutex
	byOp     map[string]int
	rcu      float64
	attempts int
	calls    int
}

// Attach adds the counter to an SDK config (before clients are made from it).
func (c *CallCounter) Attach(cfg *aws.Config) {
	cfg.APIOptions = append(cfg.APIOptions, func(stack *middleware.Stack) error {
		return stack.Initialize.Add(middleware.InitializeMiddlewareFunc("verdeCallCounter",
			func(ctx context.Context, in middleware.InitializeInput, next middleware.InitializeHandler) (middleware.InitializeOutput, middleware.Metadata, error) {
				if awsmiddleware.GetServiceID(ctx) == "Cognito Identity Provider" || readsAccessList(in.Parameters) {
					return next.HandleInitialize(context.WithValue(ctx, uncounted{}, true), in)
				}
				c.add(middleware.GetOperationName(ctx))
				askCapacity(in.Parameters)
				out, md, err := next.HandleInitialize(ctx, in)
				if err == nil {
					c.addRCU(readUnits(out.Result))
				}
				return out, md, err
			}), middleware.After)
	})
	// Each HTTP attempt, after the SDK's retry middleware: a call whose attempt outlived
	// store.AttemptTimeout (DynamoDB Local on a busy machine) is sent again, and what
	// follows may take a round more (a transaction applied by the first attempt is refused
	// to the second). Retries says how many there were.
	cfg.APIOptions = append(cfg.APIOptions, func(stack *middleware.Stack) error {
		attempt := middleware.FinalizeMiddlewareFunc("verdeAttemptCounter",
			func(ctx context.Context, in middleware.FinalizeInput, next middleware.FinalizeHandler) (middleware.FinalizeOutput, middleware.Metadata, error) {
				if ctx.Value(uncounted{}) == nil {
					c.mu.Lock()
					c.attempts++
					c.mu.Unlock()
				}
				return next.HandleFinalize(ctx, in)
			})
		if _, ok := stack.Finalize.Get("Retry"); !ok {
			return nil // a presigner's stack: it sends nothing
		}
		if err := stack.Finalize.Insert(attempt, "Retry", middleware.After); err != nil {
			return fmt.Errorf("the attempt counter goes after the SDK's retries: %w", err)
		}
		return nil
	})
}

// uncounted marks the context of a call the counter leaves out.
type uncounted struct{}

// readsAccessList reports a GetItem of the access list's item.
func readsAccessList(params any) bool {
	in, ok := params.(*dynamodb.GetItemInput)
	if !ok {
		return false
	}
	pk, sk := store.AccessListKey()
	p, _ := in.Key["PK"].(*types.AttributeValueMemberS)
	s, _ := in.Key["SK"].(*types.AttributeValueMemberS)
	return p != nil && s != nil && p.Value == pk && s.Value == sk
}

// Retries is how many DynamoDB attempts since the last Reset were the SDK's
// retries of a call (a call's first attempt is not one).
func (c *CallCounter) Retries() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return max(c.attempts-c.calls, 0)
}

// askCapacity asks a read for its consumed capacity (reads only: a write's
// answer is left as the code under test asked for it).
func askCapacity(params any) {
	total := types.ReturnConsumedCapacityTotal
	switch in := params.(type) {
	case *dynamodb.GetItemInput:
		in.ReturnConsumedCapacity = total
	case *dynamodb.BatchGetItemInput:
		in.ReturnConsumedCapacity = total
	case *dynamodb.QueryInput:
		in.ReturnConsumedCapacity = total
	case *dynamodb.ScanInput:
		in.ReturnConsumedCapacity = total
	case *dynamodb.TransactGetItemsInput:
		in.ReturnConsumedCapacity = total
	}
}

func readUnits(result any) float64 {
	sum := func(cs []types.ConsumedCapacity) float64 {
		n := 0.0
		for _, c := range cs {
			n += aws.ToFloat64(c.CapacityUnits)
		}
		return n
	}
	one := func(c *types.ConsumedCapacity) float64 {
		if c == nil {
			return 0
		}
		return aws.ToFloat64(c.CapacityUnits)
	}
	switch out := result.(type) {
	case *dynamodb.GetItemOutput:
		return one(out.ConsumedCapacity)
	case *dynamodb.BatchGetItemOutput:
		return sum(out.ConsumedCapacity)
	case *dynamodb.QueryOutput:
		return one(out.ConsumedCapacity)
	case *dynamodb.ScanOutput:
		return one(out.ConsumedCapacity)
	case *dynamodb.TransactGetItemsOutput:
		return sum(out.ConsumedCapacity)
	}
	return 0
}

func (c *CallCounter) addRCU(n float64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.rcu += n
}

// ReadUnits is the read capacity units the reads since the last Reset consumed.
func (c *CallCounter) ReadUnits() float64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.rcu
}

func (c *CallCounter) add(op string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.byOp == nil {
		c.byOp = map[string]int{}
	}
	c.byOp[op]++
	c.calls++
}

// Reset forgets every call counted so far.
func (c *CallCounter) Reset() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.byOp = map[string]int{}
	c.rcu = 0
	c.attempts, c.calls = 0, 0
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

// NewStoreOwn is NewStore on a new table of its own, named prefix and a
// random suffix.
func NewStoreOwn(t testing.TB, prefix string) (*store.Store, *CallCounter) {
	t.Helper()
	return NewStore(t, prefix+"-"+uuid.NewString()[:8])
}

// NewStore is a store with its DynamoDB calls counted (the count starts at
// zero): on table, created if it does not exist yet, or on the local cloud's
// own table when table is "".
func NewStore(t testing.TB, table string) (*store.Store, *CallCounter) {
	t.Helper()
	calls := &CallCounter{}
	cfg := app.ConfigFromEnv()
	if table != "" {
		cfg.TableName = table
	}
	d, err := app.NewDeps(context.Background(), cfg, calls.Attach)
	if err != nil {
		t.Fatal(err)
	}
	if table != "" {
		if err := store.CreateTable(context.Background(), d.Store.DB, table); err != nil {
			t.Fatal(err)
		}
	}
	calls.Reset()
	return d.Store, calls
}

// Calls are a request's DynamoDB calls by operation.
type Calls map[string]int

// Measure is one request of u to h with its own DynamoDB calls counted: it
// fails t unless the answer has the status, and returns the calls with the
// response.
func (e *Env) Measure(t testing.TB, h http.Handler, method, path string, u User, body any, status int) (Calls, Response) {
	t.Helper()
	e.Calls.Reset()
	res := Do(t, h, method, path, u, body)
	if res.Status != status {
		t.Fatalf("%s %s: %d, want %d: %s", method, path, res.Status, status, res.Body)
	}
	return Calls(e.Calls.ByOperation()), res
}

// CallCase is one row of a table of requests and the DynamoDB calls each
// makes: User sends Method Path with Body, which must answer Status and make
// exactly the calls Want. A test package names a type of its own on it
// (type callCase testkit.CallCase) so that its rows may go unkeyed.
type CallCase struct {
	Name, Method, Path string
	User               User
	Body               any
	Status             int
	Want               Calls
}

// CallRow is CallCase or a test package's own type on it.
type CallRow interface {
	~struct {
		Name, Method, Path string
		User               User
		Body               any
		Status             int
		Want               Calls
	}
}

// MeasureAll measures each row in turn (Env.Measure) and reports, by its
// Name, every one whose calls are not its Want.
func MeasureAll[R CallRow](t testing.TB, e *Env, h http.Handler, rows []R) {
	t.Helper()
	for _, r := range rows {
		c := CallCase(r)
		if got, _ := e.Measure(t, h, c.Method, c.Path, c.User, c.Body, c.Status); fmt.Sprint(got) != fmt.Sprint(c.Want) {
			t.Errorf("%s: %v, want %v", c.Name, got, c.Want)
		}
	}
}

// AtOnce runs f(0) to f(n-1) each in a goroutine of its own, all at once,
// and returns their results in that order when all have returned: racing
// requests or acts.
func AtOnce[T any](n int, f func(i int) T) []T {
	out := make([]T, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			out[i] = f(i)
		}()
	}
	wg.Wait()
	return out
}
