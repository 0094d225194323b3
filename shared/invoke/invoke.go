// Package invoke starts a Lambda function: asynchronously for the export job's start and
// continuation, the migrations' continuation and the photos job; synchronously for the photo
// processor. It sends Lambda's Invoke as one signed HTTPS request (awsenv.Send) rather than
// through the SDK's Lambda client, whose operation schemas and endpoint tables are
// package-level data that cost every function importing it about 2.3 million instructions at
// each cold start, for this one call.
package invoke

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"

	"github.com/verde-app/verde/shared/awsenv"
)

// Async invokes the Lambda function named by the environment variable
// env (DADOS_JOB_FUNCTION: the export job) with payload, asynchronously
// (InvocationType Event), as the export job's start and its continuation
// do. Locally AWS_ENDPOINT_URL_LAMBDA points at the local cloud, whose
// invoke endpoint runs the function in process.
func Async(ctx context.Context, env string, payload any) error {
	_, err := invoke(ctx, env, "Event", payload)
	return err
}

// Invoke invokes the Lambda function named by the environment variable env (PHOTOS_FUNCTION:
// the photo processor) synchronously (RequestResponse) with payload and decodes its answer
// into out. An error the function raised is an error here too.
func Invoke(ctx context.Context, env string, payload, out any) error {
	rep, err := invoke(ctx, env, "RequestResponse", payload)
	if err != nil {
		return err
	}
	if fe := rep.Header.Get("X-Amz-Function-Error"); fe != "" {
		return fmt.Errorf("invoke %s: %s: %s", os.Getenv(env), fe, rep.Body)
	}
	if err := json.Unmarshal(rep.Body, out); err != nil {
		return fmt.Errorf("invoke %s: decode answer: %w", os.Getenv(env), err)
	}
	return nil
}

// invoke sends Invoke (POST /2015-03-31/functions/{name}/invocations) and returns Lambda's
// answer when it accepted the call: 202 for Event, 200 for RequestResponse (the function's
// own error then travels in X-Amz-Function-Error, with status 200).
func invoke(ctx context.Context, env, typ string, payload any) (awsenv.Reply, error) {
	name := os.Getenv(env)
	if name == "" {
		return awsenv.Reply{}, fmt.Errorf("%s is not set", env)
	}
	raw, err := json.Marshal(payload)
	if err != nil {
		return awsenv.Reply{}, err
	}
	l := lambdaAPI()
	rep, err := awsenv.Send(ctx, l.cfg, l.http, awsenv.Call{
		Method:  http.MethodPost,
		URL:     l.endpoint + "/2015-03-31/functions/" + url.PathEscape(name) + "/invocations",
		Header:  http.Header{"X-Amz-Invocation-Type": {typ}, "Content-Type": {"application/json"}},
		Body:    raw,
		Service: "lambda",
	})
	if err != nil {
		return awsenv.Reply{}, fmt.Errorf("invoke %s: %w", name, err)
	}
	if rep.Status != http.StatusOK && rep.Status != http.StatusAccepted {
		var e struct {
			Type       string `json:"Type"`
			Message    string `json:"message"`
			MessageCap string `json:"Message"`
		}
		json.Unmarshal(rep.Body, &e)
		if t := rep.Header.Get("X-Amzn-Errortype"); t != "" {
			e.Type, _, _ = strings.Cut(t, ":")
		}
		return awsenv.Reply{}, fmt.Errorf("invoke %s: %d %s %s", name, rep.Status, e.Type, e.Message+e.MessageCap)
	}
	return rep, nil
}

type api struct {
	cfg      aws.Config
	endpoint string
	http     *http.Client
}

// lambdaAPI is where Invoke goes, read from the environment once: the local cloud's endpoint
// (AWS_ENDPOINT_URL_LAMBDA) or the region's. The client's timeout covers the photo processor's
// (template.yaml: 20 s) with room for the network.
var lambdaAPI = sync.OnceValue(func() api {
	cfg := awsenv.Config()
	endpoint := awsenv.Endpoint("LAMBDA")
	if endpoint == "" {
		endpoint = "https://lambda." + cfg.Region + ".amazonaws.com"
	}
	return api{cfg: cfg, endpoint: strings.TrimSuffix(endpoint, "/"), http: &http.Client{Timeout: 30 * time.Second}}
})
