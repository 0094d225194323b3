package api

import (
	"context"
	"net/http"
	"time"
)

// RequestDeadline bounds a whole request where nothing else does (the local
// cloud, tests): every DynamoDB and AWS call of it runs under this context
// deadline, so the answer (a 503 at worst) comes however many calls the
// request makes.
const RequestDeadline = 8 * time.Second

// answerMargin is what a request leaves of its Lambda's time to answer: in
// Lambda the request's deadline is the function's own (template.yaml: 10 s
// for the API, more for the import) minus this, so a stalled dependency
// gives the 503 envelope, never a Lambda timeout.
const answerMargin = 2 * time.Second

// WithDeadline gives the request its deadline: RequestDeadline, or less
// when the Lambda's own ends sooner than answerMargin after it.
func WithDeadline(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithTimeout(r.Context(), budget(r.Context(), time.Now()))
		defer cancel()
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

// budget is how long a request may run from now.
func budget(ctx context.Context, now time.Time) time.Duration {
	if dl, ok := ctx.Deadline(); ok {
		return max(dl.Sub(now)-answerMargin, 0)
	}
	return RequestDeadline
}
