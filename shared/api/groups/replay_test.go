package groups_test

import (
	"context"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/smithy-go/middleware"

	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/api/groups"
	"github.com/verde-app/verde/shared/app"
)

// lostAnswers makes DynamoDB's answers to a create's transaction (the one
// that takes an Idempotency-Key) go missing after DynamoDB applied it, as a
// stalled network does: the call waits past store.CallDeadline and fails.
// With readsToo, the reads of that key are lost as well, from then on: the
// request cannot learn that its act committed, as when its process ends.
type lostAnswers struct {
	readsToo bool
	armed    atomic.Bool // one transaction only
	lost     atomic.Bool // a transaction's answer was lost
}

func idemIn(in any) bool {
	switch v := in.(type) {
	case *dynamodb.TransactWriteItemsInput:
		for _, it := range v.TransactItems {
			if it.Put != nil && strings.HasPrefix(sOfAV(it.Put.Item["PK"]), "IDEM#") {
				return true
			}
		}
	case *dynamodb.GetItemInput:
		return strings.HasPrefix(sOfAV(v.Key["PK"]), "IDEM#")
	}
	return false
}

func (l *lostAnswers) option(cfg *aws.Config) {
	cfg.APIOptions = append(cfg.APIOptions, func(stack *middleware.Stack) error {
		return stack.Initialize.Add(middleware.InitializeMiddlewareFunc("lostAnswers",
			func(ctx context.Context, in middleware.InitializeInput, next middleware.InitializeHandler) (middleware.InitializeOutput, middleware.Metadata, error) {
				_, isGet := in.Parameters.(*dynamodb.GetItemInput)
				if isGet && l.readsToo && l.lost.Load() && idemIn(in.Parameters) {
					return middleware.InitializeOutput{}, middleware.Metadata{}, lose(ctx)
				}
				out, md, err := next.HandleInitialize(ctx, in)
				if err == nil && !isGet && idemIn(in.Parameters) && l.armed.CompareAndSwap(true, false) {
					l.lost.Store(true)
					return out, md, lose(ctx) // applied, but the answer never arrives
				}
				return out, md, err
			}), middleware.After)
	})
}

// lose waits as a stalled call does, then fails with a deadline.
func lose(ctx context.Context) error {
	select {
	case <-ctx.Done():
	case <-time.After(3500 * time.Millisecond):
	}
	return context.DeadlineExceeded
}

func (w *world) lossyGroups(t *testing.T, l *lostAnswers) http.Handler {
	t.Helper()
	d, err := app.NewDeps(context.Background(), app.ConfigFromEnv(), l.option)
	if err != nil {
		t.Fatal(err)
	}
	return groups.NewServer(d)
}

// TestCreateCommittedAfterATimeoutAnswersTheCreatedGroup: DynamoDB applied the
// create but its answer was lost; the request learns from the key that its
// act committed and answers 201; a retry with the same key gets that answer
// again, never 409.
func TestCreateCommittedAfterATimeoutAnswersTheCreatedGroup(t *testing.T) {
	w := getWorld(t)
	u := w.env.NewUser(t, "Tânia Timeout")
	l := &lostAnswers{}
	l.armed.Store(true)
	h := w.lossyGroups(t, l)
	body := map[string]any{"nome": "Horta do Atraso", "cidade": "Natal", "uf": "RN"}
	key := newKey()
	first := testkit.DoWithHeader(t, h, "POST", "/api/groups", u, body, idemHeader(key))
	if !l.lost.Load() {
		t.Fatal("the transaction's answer was not lost: the test tests nothing")
	}
	if first.Status != 201 {
		t.Fatalf("first, committed despite the timeout: %d %s", first.Status, first.Body)
	}
	again := testkit.DoWithHeader(t, w.h, "POST", "/api/groups", u, body, idemHeader(key))
	if again.Status != 201 || again.Header.Get("Idempotent-Replayed") != "true" || string(again.Body) != string(first.Body) {
		t.Fatalf("retry: %d %s", again.Status, again.Body)
	}
	if n := w.myGroupCount(t, u); n != 1 {
		t.Fatalf("%d groups", n)
	}
}

// TestRetryAfterACommitNobodyAnsweredGetsTheGroup: the create committed and
// its request ended without learning it (the answer and the key's reads
// lost, as when the process ends). Once that request is surely over
// (api.RequestDeadline), a retry with the same key answers 200 with the
// created group and Idempotent-Replayed, instead of 409 for a day.
func TestRetryAfterACommitNobodyAnsweredGetsTheGroup(t *testing.T) {
	w := getWorld(t)
	u := w.env.NewUser(t, "Rita Retry")
	l := &lostAnswers{readsToo: true}
	l.armed.Store(true)
	h := w.lossyGroups(t, l)
	body := map[string]any{"nome": "Horta Perdida", "cidade": "Natal", "uf": "RN"}
	key := newKey()
	first := testkit.DoWithHeader(t, h, "POST", "/api/groups", u, body, idemHeader(key))
	if !l.lost.Load() || first.Status < 500 {
		t.Fatalf("first: %d %s (answer lost: %v)", first.Status, first.Body, l.lost.Load())
	}
	deadline := time.Now().Add(20 * time.Second)
	var again testkit.Response
	for {
		again = testkit.DoWithHeader(t, w.h, "POST", "/api/groups", u, body, idemHeader(key))
		if again.Status != 409 || time.Now().After(deadline) {
			break
		}
		time.Sleep(500 * time.Millisecond) // polling a condition with a deadline
	}
	var g struct{ ID, Nome string }
	again.Decode(t, &g)
	if again.Status != 200 || again.Header.Get("Idempotent-Replayed") != "true" || g.Nome != "Horta Perdida" || again.Header.Get("Location") != "/api/groups/"+g.ID {
		t.Fatalf("retry after the first request ended: %d %v %s", again.Status, again.Header, again.Body)
	}
	if n := w.myGroupCount(t, u); n != 1 {
		t.Fatalf("%d groups", n)
	}
}

func sOfAV(av types.AttributeValue) string {
	if v, ok := av.(*types.AttributeValueMemberS); ok {
		return v.Value
	}
	return ""
}
