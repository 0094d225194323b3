package obs

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"

	"github.com/aws/aws-lambda-go/lambdacontext"
)

func TestLinesAreJSONWithTheInvocationAndTheLevel(t *testing.T) {
	var buf bytes.Buffer
	log := New(&buf, "warn")
	ctx := lambdacontext.NewContext(context.Background(), &lambdacontext.LambdaContext{AwsRequestID: "inv-1"})
	log.InfoContext(ctx, "hidden")
	log.WarnContext(ctx, "shown", "k", 1)
	var line map[string]any
	if err := json.Unmarshal(buf.Bytes(), &line); err != nil {
		t.Fatalf("not one JSON line: %q: %v", buf.String(), err)
	}
	if line["msg"] != "shown" || line["level"] != "WARN" || line["lambdaRequestId"] != "inv-1" || line["k"] != float64(1) {
		t.Fatalf("line %v", line)
	}
}

func TestRequestFiguresAndHashedUser(t *testing.T) {
	ctx, r := WithRequest(context.Background())
	CountDynamoCall(ctx)
	CountDynamoCall(ctx)
	CountDynamoCall(context.Background()) // no request: nothing
	SetUser(ctx, "user-1")
	if r.DynamoCalls() != 2 {
		t.Fatalf("calls %d", r.DynamoCalls())
	}
	h := r.UserHash()
	if h == "" || h == "user-1" || len(h) != 16 || h != HashUser("user-1") || h == HashUser("user-2") {
		t.Fatalf("hash %q", h)
	}
}
