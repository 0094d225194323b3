package awsenv_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"

	"github.com/verde-app/verde/shared/awsenv"
)

var testCfg = aws.Config{Region: "sa-east-1", Credentials: credentials.NewStaticCredentialsProvider("AKID", "SECRET", "TOKEN")}

// statuses answers each attempt with the next status of its list (the last one from then on).
func statuses(t *testing.T, codes ...int) (*httptest.Server, *atomic.Int32, *http.Request) {
	t.Helper()
	var n atomic.Int32
	last := &http.Request{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		i := int(n.Add(1)) - 1
		*last = *r.Clone(context.Background())
		w.WriteHeader(codes[min(i, len(codes)-1)])
		w.Write([]byte(`{"message":"m"}`))
	}))
	t.Cleanup(srv.Close)
	return srv, &n, last
}

func TestSendSignsTheCall(t *testing.T) {
	srv, n, last := statuses(t, 200)
	rep, err := awsenv.Send(t.Context(), testCfg, srv.Client(), awsenv.Call{Method: "POST", URL: srv.URL + "/x", Body: []byte("{}"), Service: "lambda",
		Header: http.Header{"X-Amz-Invocation-Type": {"Event"}}})
	if err != nil || rep.Status != 200 || n.Load() != 1 {
		t.Fatalf("%v %d after %d attempts", err, rep.Status, n.Load())
	}
	auth := last.Header.Get("Authorization")
	if !strings.HasPrefix(auth, "AWS4-HMAC-SHA256 Credential=AKID/") || !strings.Contains(auth, "/sa-east-1/lambda/aws4_request") ||
		last.Header.Get("X-Amz-Security-Token") != "TOKEN" || last.Header.Get("X-Amz-Invocation-Type") != "Event" {
		t.Errorf("Authorization %q, headers %v", auth, last.Header)
	}
	if last.Header.Get("X-Amz-Content-Sha256") != "" {
		t.Errorf("a Lambda call sent X-Amz-Content-Sha256")
	}
}

// S3 refuses a SigV4 request without the payload's hash as a header.
func TestSendGivesS3ThePayloadHash(t *testing.T) {
	srv, _, last := statuses(t, 200)
	if _, err := awsenv.Send(t.Context(), testCfg, srv.Client(), awsenv.Call{Method: "GET", URL: srv.URL + "/b/index.html", Service: "s3"}); err != nil {
		t.Fatal(err)
	}
	const emptySHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
	if got := last.Header.Get("X-Amz-Content-Sha256"); got != emptySHA256 {
		t.Errorf("X-Amz-Content-Sha256 %q", got)
	}
}

func TestSendTriesAThrottledOrFailedCallAgain(t *testing.T) {
	for _, c := range []struct {
		name     string
		codes    []int
		attempts int32
		status   int
	}{
		{"throttled, then accepted", []int{429, 202}, 2, 202},
		{"two 5xx, then answered", []int{500, 503, 200}, 3, 200},
		{"5xx every time: the last answer", []int{502}, 3, 502},
		{"a 4xx is the caller's", []int{404, 200}, 1, 404},
	} {
		t.Run(c.name, func(t *testing.T) {
			srv, n, _ := statuses(t, c.codes...)
			rep, err := awsenv.Send(t.Context(), testCfg, srv.Client(), awsenv.Call{Method: "POST", URL: srv.URL, Service: "lambda"})
			if err != nil || rep.Status != c.status || n.Load() != c.attempts {
				t.Errorf("%v, status %d after %d attempts; want %d after %d", err, rep.Status, n.Load(), c.status, c.attempts)
			}
		})
	}
}

func TestSendWithoutCredentialsSendsNothing(t *testing.T) {
	srv, n, _ := statuses(t, 200)
	if _, err := awsenv.Send(t.Context(), aws.Config{Region: "sa-east-1"}, srv.Client(), awsenv.Call{Method: "GET", URL: srv.URL, Service: "s3"}); err == nil || n.Load() != 0 {
		t.Errorf("%v after %d attempts", err, n.Load())
	}
}

func TestSendWithAnonymousCredentialsSendsUnsigned(t *testing.T) {
	srv, n, last := statuses(t, 200)
	cfg := aws.Config{Region: "sa-east-1", Credentials: aws.AnonymousCredentials{}}
	if _, err := awsenv.Send(t.Context(), cfg, srv.Client(), awsenv.Call{Method: "GET", URL: srv.URL, Service: "s3"}); err != nil || n.Load() != 1 {
		t.Fatalf("%v after %d attempts", err, n.Load())
	}
	if last.Header.Get("Authorization") != "" {
		t.Errorf("signed: %q", last.Header.Get("Authorization"))
	}
}
