package cloud

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"reflect"
	"strings"
	"time"

	"github.com/aws/aws-lambda-go/lambda"
	"github.com/aws/aws-lambda-go/lambdacontext"
)

// LambdaInvoker serves the Lambda Invoke API (POST /2015-03-31/functions/{name}/invocations)
// for the functions it knows, by LogicalId: cognito-local calls its triggers this way.
type LambdaInvoker struct {
	functions map[string]lambda.Handler
	logger    *slog.Logger
}

// InvokePathPrefix is where the Lambda Invoke API lives.
const InvokePathPrefix = "/2015-03-31/functions/"

// NewLambdaInvoker wraps each handler function (any signature aws-lambda-go's lambda.Start
// accepts) so that payloads unmarshal into its event type, as in AWS.
func NewLambdaInvoker(handlers map[string]any, logger *slog.Logger) *LambdaInvoker {
	li := &LambdaInvoker{functions: map[string]lambda.Handler{}, logger: logger}
	for id, h := range handlers {
		li.functions[id] = lambda.NewHandler(h)
	}
	return li
}

func (li *LambdaInvoker) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	rest := strings.TrimPrefix(r.URL.EscapedPath(), InvokePathPrefix)
	name, ok := strings.CutSuffix(rest, "/invocations")
	if !ok || r.Method != http.MethodPost {
		lambdaError(w, http.StatusNotFound, "ResourceNotFoundException", "unknown Lambda API path")
		return
	}
	name, _ = url.PathUnescape(name)
	id := functionName(name)
	fn := li.functions[id]
	if fn == nil {
		lambdaError(w, http.StatusNotFound, "ResourceNotFoundException", "Function not found: "+functionARN(id))
		return
	}
	payload, err := io.ReadAll(io.LimitReader(r.Body, maxPayload))
	if err != nil {
		lambdaError(w, http.StatusBadRequest, "InvalidRequestContentException", err.Error())
		return
	}
	switch r.Header.Get("X-Amz-Invocation-Type") {
	case "DryRun":
		w.WriteHeader(http.StatusNoContent)
		return
	case "Event":
		go li.invoke(context.Background(), id, fn, payload)
		w.WriteHeader(http.StatusAccepted)
		return
	}
	out, err := li.invoke(r.Context(), id, fn, payload)
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("X-Amz-Executed-Version", "$LATEST")
	if err != nil {
		// Lambda reports a function's error with status 200 and this header; a 5xx would make
		// the caller's SDK retry, running the trigger again.
		w.Header().Set("X-Amz-Function-Error", "Unhandled")
		json.NewEncoder(w).Encode(map[string]string{"errorMessage": err.Error(), "errorType": errorType(err)})
		return
	}
	w.Write(out)
}

func (li *LambdaInvoker) invoke(ctx context.Context, id string, fn lambda.Handler, payload []byte) (out []byte, err error) {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	requestID := randomString(12)
	ctx = lambdacontext.NewContext(ctx, &lambdacontext.LambdaContext{AwsRequestID: requestID, InvokedFunctionArn: functionARN(id)})
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic: %v", p)
		}
		if err != nil {
			li.logger.Error("function failed", "function", id, "requestId", requestID, "err", err)
		}
	}()
	return fn.Invoke(ctx, payload)
}

// functionName accepts a name, a LogicalId or an ARN (…:function:Name[:qualifier]).
func functionName(s string) string {
	if i := strings.Index(s, ":function:"); i >= 0 {
		s = s[i+len(":function:"):]
	}
	if i := strings.Index(s, ":"); i >= 0 {
		s = s[:i]
	}
	return s
}

func errorType(err error) string {
	t := reflect.TypeOf(err)
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t.Name()
}

func lambdaError(w http.ResponseWriter, status int, typ, message string) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("X-Amzn-Errortype", typ)
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]string{"Type": "User", "Message": message})
}
